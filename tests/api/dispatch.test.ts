// Dispatch (docs/product/orders.md#dispatch): Enviado takes an optional shipment (carrier, tracking, driver, expected
// date); a pickup order becomes "pronto para levantar" with its address and until when. The shopper's /orders has
// them with a timeline, the chat and the e-mail say them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { DEMO_DELIVERY } from "../../server/demo/seed.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let product: CatalogueProduct;
let pickupId: string;

const staffApi = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });

interface ShopOrder {
  _id: string;
  status: string;
  shipment: Record<string, unknown> | null;
  timeline: { step: string; label: string; at: string | null; done: boolean }[];
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  product = (await liveProducts(t))[0]!;
  for (const zone of DEMO_DELIVERY.zones) await staffApi("POST", "/delivery-zones", { ...zone });
  pickupId = ((await staffApi("POST", "/pickup-points", DEMO_DELIVERY.pickupPoints[0]!)).json() as { id: string }).id;
});
afterAll(() => t.close());

/** A paid order of `c` (delivery or pickup) moved to Em Preparação. */
async function preparedOrder(c: Customer, pickup: boolean): Promise<string> {
  const body = orderBody([{ product, quantity: 1 }], pickup ? { deliveryOptionId: pickupId } : {});
  const res = await post(t, "/api/order/place", pickup ? { ...body, totalAmount: body.totalAmount - 5000 } : body, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  const { orderId } = res.json() as { orderId: string };
  const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  await t.prisma.order.update({ where: { id: orderId }, data: { amountPaid: order.totalAmount } });
  for (const status of ["Pagamento Confirmado", "Em Preparação"])
    expect((await staffApi("PUT", `/orders/${orderId}`, { status })).statusCode).toBe(200);
  return orderId;
}

/** The shopper's "order-shipped" e-mail of the order, as written to the outbox. */
const shippedMail = async (orderId: string) =>
  (await t.prisma.outboxMail.findMany({ where: { kind: "order-shipped" } })).find(
    (m) => (m.facts as { orderId?: string } | null)?.orderId === orderId,
  );

const mine = async (c: Customer, id: string) =>
  ((await post(t, "/api/order/userorders", {}, c.auth)).json() as { orders: ShopOrder[] }).orders.find((o) => o._id === id)!;

describe("Enviado with a shipment", () => {
  it("keeps carrier, tracking, driver and expected date, and shows them to the shopper, in the chat and the e-mail", async () => {
    const c = await registerCustomer(t.app);
    const id = await preparedOrder(c, false);
    const shipment = {
      carrier: "Moto Express Luanda",
      trackingCode: "ME-123",
      trackingUrl: "https://seguir.exemplo.ao/ME-123",
      driverPhone: "+244 923 111 222",
      expectedAt: "2026-12-01T10:00:00.000Z",
    };
    const res = await staffApi("PUT", `/orders/${id}`, { status: "Enviado", shipment });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { shipment: unknown }).shipment).toMatchObject(shipment);

    const order = await mine(c, id);
    expect(order.shipment).toMatchObject(shipment);
    expect(order.timeline.map((s) => [s.step, s.label, s.done])).toEqual([
      ["placed", "Pedido feito", true],
      ["paid", "Pagamento Confirmado", true],
      ["preparing", "Em Preparação", true],
      ["dispatched", "Enviado", true],
      ["delivered", "Entregue", false],
    ]);
    expect(order.timeline[3]!.at).not.toBeNull();

    await t.settled();
    const chat = await t.prisma.message.findMany({ where: { orderId: id, sender: "shop" }, orderBy: { createdAt: "asc" } });
    const text = chat.at(-1)!.text!;
    expect(text).toContain("O estado do pedido mudou para: Enviado");
    expect(text).toContain("Transportadora: Moto Express Luanda");
    expect(text).toContain("Código de seguimento: ME-123");
    expect(text).toContain("Telefone do motorista: +244 923 111 222");
    expect(text).toContain("Entrega prevista: 01/12/2026");
    const mail = await shippedMail(id);
    expect(JSON.stringify(mail?.facts)).toContain("Transportadora: Moto Express Luanda");
  });

  it("says 'pronto para levantar' with the point's address and until when for a pickup order", async () => {
    const c = await registerCustomer(t.app);
    const id = await preparedOrder(c, true);
    expect((await staffApi("PUT", `/orders/${id}`, { status: "Enviado" })).statusCode).toBe(200);
    const order = await mine(c, id);
    expect(order.shipment).toMatchObject({
      pickup: { address: "Rua Rainha Ginga 100, Ingombota, Luanda", name: "Loja Luanda (levantamento)" },
    });
    const until = new Date((order.shipment!.pickup as { until: string }).until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(order.timeline[3]).toMatchObject({ step: "dispatched", label: "Pronto para levantar", done: true });
    await t.settled();
    const chat = await t.prisma.message.findMany({ where: { orderId: id, sender: "shop" }, orderBy: { createdAt: "asc" } });
    expect(chat.at(-1)!.text).toContain("Pronto para levantar em Loja Luanda (levantamento): Rua Rainha Ginga 100, Ingombota, Luanda");
    expect(chat.at(-1)!.text).toMatch(/Levante até \d\d\/\d\d\/\d{4}/);
    const mail = await shippedMail(id);
    expect(mail?.subject).toContain("pronto para levantar");
  });

  it("refuses a shipment with another status, and bad shipment fields (400)", async () => {
    const c = await registerCustomer(t.app);
    const id = await preparedOrder(c, false);
    expectError(
      await staffApi("PUT", `/orders/${id}`, { status: "Entregue", shipment: { carrier: "X" } }),
      400,
      "Os dados de envio só acompanham a passagem a Enviado",
    );
    expectError(await staffApi("PUT", `/orders/${id}`, { status: "Enviado", shipment: { trackingUrl: "javascript:alert(1)" } }), 400);
    expectError(await staffApi("PUT", `/orders/${id}`, { status: "Enviado", shipment: { expectedAt: "amanhã" } }), 400);
    expectError(await staffApi("PUT", `/orders/${id}`, { status: "Enviado", shipment: { carrier: "X", extra: 1 } }), 400);
    expect((await mine(c, id)).status).toBe("Em Preparação");
  });
});
