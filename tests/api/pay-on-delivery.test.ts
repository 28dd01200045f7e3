// Pay on delivery, fenced (docs/product/pay-on-delivery.md): offered only where a zone or pickup point allows it and up
// to its limit; the order starts "Por confirmar" holding its units, is confirmed by staff or cancelled after the
// owner's hours; "Pago na entrega" goes through the ledger before Entregue; refused deliveries count per phone until
// the option is withdrawn. And the bank transfer still placed as "cod", now stored under its own name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, expectError, freshPhone, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { runPaymentDeadlines } from "../../server/domain/payments/deadlines.ts";
import type { DeliveryOption } from "../../shared/delivery.ts";

let t: TestApp;
let products: CatalogueProduct[];
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let pickupId: string;
const LIMIT = 60_000;
const FEE = 3000;

const staffApi = (who: { auth: Record<string, string> }, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  const zone = { name: "Luanda", provinces: ["Luanda"], price: FEE, eta: "24 h" };
  const res = await staffApi(admin, "POST", "/delivery-zones", { ...zone, payOnDelivery: true, payOnDeliveryLimit: LIMIT });
  expect(res.json()).toMatchObject({ payOnDelivery: true, payOnDeliveryLimit: LIMIT });
  // Off by default: Benguela's zone and the pickup point never offer it.
  expect(
    (await staffApi(admin, "POST", "/delivery-zones", { name: "Benguela", provinces: ["Benguela"], price: 8000 })).json(),
  ).toMatchObject({
    payOnDelivery: false,
    payOnDeliveryLimit: null,
  });
  const point = await staffApi(admin, "POST", "/pickup-points", { name: "Loja Maianga", address: "Rua 1", province: "Luanda" });
  pickupId = (point.json() as { id: string }).id;
});
afterAll(() => t.close());

const cheap = () => products[0]!;
const podBody = (lines: Parameters<typeof orderBody>[0], overrides: Record<string, unknown> = {}) => {
  const body = orderBody(lines, { paymentMethod: "pay_on_delivery", ...overrides });
  return { ...body, totalAmount: body.totalAmount - 5000 + FEE };
};
const place = (c: Customer, body: object) => post(t, "/api/order/place", body, c.auth);
async function placed(c: Customer, body: object) {
  const res = await place(c, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
}
const orderRow = (id: string) =>
  t.prisma.order.findUniqueOrThrow({ where: { id }, include: { statusHistory: { orderBy: { createdAt: "asc" } } } });
const options = async (query: string) =>
  ((await t.app.inject({ method: "GET", url: `/api/delivery/options?${query}` })).json() as { options: DeliveryOption[] }).options;
async function withStock(product: CatalogueProduct, units: number) {
  const size = product.sizes[0]!;
  await t.prisma.productStock.upsert({
    where: { productId_size: { productId: product.id, size } },
    create: { productId: product.id, size, quantity: units },
    update: { quantity: units },
  });
  return async () =>
    (await t.prisma.productStock.findUniqueOrThrow({ where: { productId_size: { productId: product.id, size } } })).quantity;
}
const setStatus = (id: string, status: string) => staffApi(support, "PUT", `/orders/${id}`, { status });

describe("the fence", () => {
  it("offers pay on delivery with the zone that allows it, up to its limit, never with the pickup point or elsewhere", async () => {
    const luanda = await options("state=Luanda&city=Luanda&subtotal=10000");
    expect(luanda.find((o) => o.kind === "delivery")!.payOnDelivery).toBe(true);
    expect(luanda.find((o) => o.kind === "pickup")!.payOnDelivery).toBeUndefined();
    expect((await options(`state=Luanda&city=Luanda&subtotal=${LIMIT}`)).find((o) => o.kind === "delivery")!.payOnDelivery).toBeUndefined();
    expect((await options("state=Benguela&city=Lobito&subtotal=10000"))[0]!.payOnDelivery).toBeUndefined();
  });

  it("refuses pay on delivery outside its zones, at the pickup point and above the limit (409); cod still places a bank transfer", async () => {
    const c = await registerCustomer(t.app);
    const benguela = { ...ADDRESS, state: "Benguela", city: "Lobito", phone: freshPhone() };
    const outside = orderBody([{ product: cheap(), quantity: 1 }], { paymentMethod: "pay_on_delivery", address: benguela });
    expectError(await place(c, { ...outside, totalAmount: outside.totalAmount - 5000 + 8000 }), 409, /não está disponível para esta opção/);
    const atPickup = orderBody([{ product: cheap(), quantity: 1 }], { paymentMethod: "pay_on_delivery", deliveryOptionId: pickupId });
    expectError(await place(c, { ...atPickup, totalAmount: atPickup.totalAmount - 5000 }), 409, /não está disponível para esta opção/);
    const n = Math.ceil(LIMIT / cheap().price);
    expectError(await place(c, podBody([{ product: cheap(), quantity: n }])), 409, /só está disponível para pedidos até 60\s000,00\skz/);

    const transfer = orderBody([{ product: cheap(), quantity: 1 }], { paymentMethod: "cod" });
    const id = await placed(c, { ...transfer, totalAmount: transfer.totalAmount - 5000 + FEE });
    expect(await orderRow(id)).toMatchObject({ paymentMethod: "bank_transfer", status: "Aguardando Pagamento" });
  });
});

describe("an order paid on delivery", () => {
  it("starts Por confirmar holding its units, and is cancelled with its units back when nobody confirms it in time", async () => {
    const c = await registerCustomer(t.app);
    const left = await withStock(cheap(), 5);
    const id = await placed(c, podBody([{ product: cheap(), quantity: 2 }]));
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: "Por confirmar", paymentMethod: "pay_on_delivery", paymentReference: null, paid: false });
    expect(order.paymentDeadline!.getTime() - order.createdAt.getTime()).toBeCloseTo(24 * 3_600_000, -4);
    expect(await left()).toBe(3);
    const mine = (await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: { _id: string; status: string }[] };
    expect(mine.orders.find((o) => o._id === id)!.status).toBe("Por confirmar");

    // Still held before the hours are up (the stock hold of unpaid orders does not apply), cancelled after.
    await t.settled(); // the round skips an order its reactions still lock
    await runPaymentDeadlines(t.prisma, new Date(order.createdAt.getTime() + 23 * 3_600_000));
    expect((await orderRow(id)).status).toBe("Por confirmar");
    expect(await left()).toBe(3);
    await runPaymentDeadlines(t.prisma, new Date(order.paymentDeadline!.getTime() + 1000));
    const cancelled = await orderRow(id);
    expect(cancelled.status).toBe("Cancelado");
    expect(cancelled.statusHistory.at(-1)!.note).toBe("pedido não confirmado a tempo");
    expect(await left()).toBe(5);
  });

  it("is confirmed by support (who, how, when), prepared and sent unpaid, and delivered only after Pago na entrega", async () => {
    const c = await registerCustomer(t.app);
    const left = await withStock(cheap(), 4);
    const id = await placed(c, podBody([{ product: cheap(), quantity: 1 }]));
    const total = (await orderRow(id)).totalAmount.toNumber();
    // Not a pay-on-delivery order, or not "Por confirmar": nothing to confirm.
    expectError(await staffApi(support, "POST", `/orders/${id}/paid-on-delivery`, { method: "cash", amount: total }), 409);
    expectError(await staffApi(support, "POST", `/orders/${id}/confirm`, { via: "fax" }), 400);
    const confirmed = await staffApi(support, "POST", `/orders/${id}/confirm`, { via: "whatsapp" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "Em Preparação", paid: false });
    const step = (await orderRow(id)).statusHistory.at(-1)!;
    expect(step).toMatchObject({
      status: "Em Preparação",
      changedById: support.userId,
      note: "Pagamento na entrega confirmado por WhatsApp",
    });
    expectError(await staffApi(support, "POST", `/orders/${id}/confirm`, { via: "phone" }), 409, "Este pedido já não está por confirmar");

    expect((await setStatus(id, "Enviado")).statusCode).toBe(200);
    expectError(await setStatus(id, "Entregue"), 409, /Pago na entrega/);
    expectError(await staffApi(support, "POST", `/orders/${id}/paid-on-delivery`, { method: "cash", amount: total + 1 }), 409, /excede/);
    const paid = await staffApi(support, "POST", `/orders/${id}/paid-on-delivery`, { method: "tpa", amount: total, reference: "TPA 0042" });
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = (paid.json() as { paid: boolean; payments: { amount: number; bankReference: string; confirmation: string }[] })
      .payments;
    expect(paid.json()).toMatchObject({ paid: true, status: "Enviado" });
    expect(payment).toEqual([
      expect.objectContaining({ amount: total, bankReference: "Pago na entrega · TPA · TPA 0042", confirmation: "recorded" }),
    ]);
    expect((await setStatus(id, "Entregue")).statusCode).toBe(200);
    expect(await left()).toBe(3);
    await t.settled();
    const lines = await t.prisma.message.findMany({ where: { orderId: id, sender: "shop" }, select: { text: true } });
    expect(lines.map((l) => l.text).join("\n")).toMatch(/Recebemos/);

    const cash = (await staffApi(admin, "GET", "/door-cash")).json() as { tpa: number; byStaff: { name: string; tpa: number }[] };
    expect(cash.tpa).toBeGreaterThanOrEqual(total);
    expect(cash.byStaff.find((p) => p.name === "Suporte Teste")!.tpa).toBeGreaterThanOrEqual(total);
  });

  it("counts refused deliveries per phone and withdraws the option after the owner's limit (2), giving the units back", async () => {
    const c = await registerCustomer(t.app);
    const phone = freshPhone();
    const address = { ...ADDRESS, phone };
    const left = await withStock(cheap(), 10);
    for (let i = 0; i < 2; i++) {
      const id = await placed(c, podBody([{ product: cheap(), quantity: 1 }], { address }));
      await staffApi(support, "POST", `/orders/${id}/confirm`, { via: "phone" });
      expect((await setStatus(id, "Enviado")).statusCode).toBe(200);
      const refused = await staffApi(support, "POST", `/orders/${id}/delivery-refused`, { note: "Não atendeu" });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toMatchObject({ status: "Cancelado" });
      expect((await orderRow(id)).deliveryRefusedAt).not.toBeNull();
    }
    expect(await left()).toBe(10);
    // The same digits written another way are the same phone.
    const other = `+244${phone.replace(/\D/g, "").slice(3)}`;
    expectError(
      await place(c, podBody([{ product: cheap(), quantity: 1 }], { address: { ...address, phone: other } })),
      409,
      /já não está disponível/,
    );
    const offered = await options(`state=Luanda&city=Luanda&subtotal=1000&phone=${encodeURIComponent(phone)}`);
    expect(offered.some((o) => o.payOnDelivery)).toBe(false);
    // The bank transfer is still there for that phone.
    const transfer = orderBody([{ product: cheap(), quantity: 1 }], { address });
    expect((await place(c, { ...transfer, totalAmount: transfer.totalAmount - 5000 + FEE })).statusCode).toBe(200);
  });

  it("does not count an unpaid pay-on-delivery order in the month's revenue until its money is taken", async () => {
    const c = await registerCustomer(t.app);
    const revenue = async () =>
      ((await staffApi(admin, "GET", "/dashboard")).json() as { stats: { revenueMonth: number } }).stats.revenueMonth;
    const before = await revenue();
    const id = await placed(c, podBody([{ product: cheap(), quantity: 1 }]));
    await staffApi(support, "POST", `/orders/${id}/confirm`, { via: "phone" });
    expect(await revenue()).toBe(before);
    const total = (await orderRow(id)).totalAmount.toNumber();
    expect((await staffApi(support, "POST", `/orders/${id}/paid-on-delivery`, { method: "cash", amount: total })).statusCode).toBe(200);
    expect(await revenue()).toBe(before + total);
  });
});
