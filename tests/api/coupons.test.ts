// Discount codes (docs/product/coupons.md): staff write them (admins; support reads), shoppers preview one, placement
// applies it on the server's figures, and a cancelled or expired order gives its use back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, DELIVERY_FEE, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { expireOverdueOrders } from "../../server/domain/payments/deadlines.ts";
import type { AdminCoupon } from "../../server/schemas/coupons.ts";
import type { ShopOrder } from "../../server/schemas/orders.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { paymentReminderMail, type MailContext, type MailFacts } from "../../server/notifications/mail/templates.ts";
import { composeMail } from "../../server/notifications/mail/facts.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;
let product: CatalogueProduct;

const staffApi = (who: { auth: Record<string, string> }, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function coupon(body: Record<string, unknown>): Promise<AdminCoupon> {
  const res = await staffApi(admin, "POST", "/coupons", { kind: "percent", value: 10, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminCoupon;
}

const preview = async (who: Customer, body: Record<string, unknown>) => {
  const res = await post(t, "/api/cart/coupon", body, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: boolean; discount: number; message: string };
};

/** One unit of the cheapest product with the coupon; `total` as the storefront computes it. */
const place = (who: Customer, couponCode: string | undefined, total: number, address = ADDRESS) =>
  post(
    t,
    "/api/order/place",
    orderBody([{ product, quantity: 1 }], { address, totalAmount: total, ...(couponCode ? { couponCode } : {}) }),
    who.auth,
  );

const placed = async (who: Customer, couponCode: string, total: number, address = ADDRESS): Promise<string> => {
  const res = await place(who, couponCode, total, address);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orderId: string }).orderId;
};

const userOrder = async (who: Customer, id: string): Promise<ShopOrder> => {
  const res = await post(t, "/api/order/userorders", {}, who.auth);
  return (res.json() as { orders: ShopOrder[] }).orders.find((o) => o._id === id)!;
};

const staffCoupon = async (id: string) => (await staffApi(support, "GET", `/coupons/${id}`)).json() as AdminCoupon;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
  product = (await liveProducts(t)).find((p) => p.price >= 1000)!;
});
afterAll(() => t.close());

describe("/admin/api/coupons", () => {
  it("stores the code trimmed and upper-cased, unique whatever its case", async () => {
    const c = await coupon({ code: "  natal10 ", kind: "percent", value: 10, minSubtotal: 20000, maxUses: 50, maxUsesPerCustomer: 1 });
    expect(c).toMatchObject({
      code: "NATAL10",
      kind: "percent",
      value: 10,
      minSubtotal: 20000,
      maxUses: 50,
      maxUsesPerCustomer: 1,
      active: true,
      uses: 0,
      given: 0,
    });
    expectError(
      await staffApi(admin, "POST", "/coupons", { code: "Natal10", kind: "fixed", value: 100 }),
      409,
      "Já existe um cupão com este código",
    );
    const other = await coupon({ code: "OUTRO" });
    expectError(await staffApi(admin, "PUT", `/coupons/${other.id}`, { code: "natal10", kind: "percent", value: 5 }), 409);
    // Saving a coupon under its own code is no clash.
    const same = await staffApi(admin, "PUT", `/coupons/${c.id}`, { code: "natal10", kind: "percent", value: 15 });
    expect(same.statusCode, same.body).toBe(200);
    expect((same.json() as AdminCoupon).value).toBe(15);
  });

  it("refuses a value its kind cannot have, dates in the wrong order and odd codes", async () => {
    for (const [body, message] of [
      [{ code: "P0", kind: "percent", value: 0 }, "A percentagem vai de 1 a 100"],
      [{ code: "P101", kind: "percent", value: 101 }, "A percentagem vai de 1 a 100"],
      [{ code: "F0", kind: "fixed", value: 0 }, "Indique o valor do desconto em kwanza"],
      [{ code: "   ", kind: "fixed", value: 10 }, "Indique o código do cupão"],
      [{ code: "NATAL 10", kind: "fixed", value: 10 }, /só pode ter letras/],
      [{ code: "D1", kind: "fixed", value: 10, startsAt: "2026-12-10T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" }, /depois do início/],
    ] as const)
      expectError(await staffApi(admin, "POST", "/coupons", body), 400, message);
    expectError(await staffApi(admin, "POST", "/coupons", { code: "X", kind: "half" }), 400);
    expectError(await staffApi(admin, "POST", "/coupons", { code: "X", kind: "fixed", value: 10.5 }), 400);
    const free = await coupon({ code: "ENVIOGRATIS", kind: "free_delivery", value: 999 });
    expect(free.value).toBe(0);
  });

  it("lets support read but not write, and customers neither", async () => {
    const list = await staffApi(support, "GET", "/coupons?sort=%5B%22code%22%2C%22ASC%22%5D&range=%5B0%2C49%5D");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["content-range"]).toMatch(/^coupons 0-\d+\/\d+$/);
    const codes = (list.json() as AdminCoupon[]).map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expectError(await staffApi(support, "POST", "/coupons", { code: "SUP", kind: "fixed", value: 10 }), 403);
    const id = (list.json() as AdminCoupon[])[0]!.id;
    expectError(await staffApi(support, "PUT", `/coupons/${id}`, { code: "SUP", kind: "fixed", value: 10 }), 403);
    expectError(await staffApi(support, "DELETE", `/coupons/${id}`), 403);
    const shopper = await registerCustomer(t.app);
    expectError(await staffApi(shopper, "GET", "/coupons"), 403);
    expectError(await staffApi(admin, "GET", "/coupons/nao-existe"), 404, "Cupão não encontrado");
  });
});

describe("POST /api/cart/coupon (preview)", () => {
  let shopper: Customer;
  beforeAll(async () => {
    shopper = await registerCustomer(t.app);
    const hour = 3_600_000;
    await coupon({ code: "DEZ", kind: "percent", value: 10 });
    await coupon({ code: "MIL", kind: "fixed", value: 1000 });
    await coupon({ code: "GRANDE", kind: "fixed", value: 1_000_000 });
    await coupon({ code: "PORTES", kind: "free_delivery" });
    await coupon({ code: "FUTURO", startsAt: new Date(Date.now() + 48 * hour).toISOString() });
    await coupon({ code: "PASSADO", endsAt: new Date(Date.now() - hour).toISOString() });
    await coupon({ code: "DESLIGADO", active: false });
    await coupon({ code: "MINIMO", minSubtotal: 50000 });
  });

  it("answers the discount of each kind, codes typed in any case", async () => {
    expect(await preview(shopper, { code: " dez ", subtotal: 12345, deliveryFee: 5000 })).toEqual({
      success: true,
      discount: 1235,
      message: "Código aplicado: desconto de 1\u00a0235,00 kz",
    });
    expect(await preview(shopper, { code: "mil", subtotal: 12000 })).toMatchObject({ success: true, discount: 1000 });
    // A fixed amount never takes the order below 0: at most items plus delivery.
    expect(await preview(shopper, { code: "GRANDE", subtotal: 12000, deliveryFee: 5000 })).toMatchObject({
      success: true,
      discount: 17000,
    });
    expect(await preview(shopper, { code: "PORTES", subtotal: 12000, deliveryFee: 8000 })).toMatchObject({ success: true, discount: 8000 });
    // The cart does not know the delivery yet: the code is accepted, its discount comes at checkout.
    expect(await preview(shopper, { code: "PORTES", subtotal: 12000 })).toEqual({
      success: true,
      discount: 0,
      message: "Código aplicado: a entrega será grátis",
    });
  });

  it("refuses with the reason: not valid (unknown, switched off, not yet valid), expired, below the minimum, nothing to take off", async () => {
    const refused = async (code: string, message: string | RegExp, extra: Record<string, unknown> = {}) => {
      const r = await preview(shopper, { code, subtotal: 12000, ...extra });
      expect(r.success, code).toBe(false);
      expect(r.discount).toBe(0);
      if (typeof message === "string") expect(r.message).toBe(message);
      else expect(r.message).toMatch(message);
    };
    await refused("NAOEXISTE", "Este código de desconto não é válido");
    await refused("", "Escreva o código de desconto");
    await refused("x".repeat(80), "Este código de desconto não é válido");
    await refused("DESLIGADO", "Este código de desconto não é válido");
    await refused("FUTURO", "Este código de desconto não é válido");
    await refused("PASSADO", /^Este código de desconto expirou em \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    await refused("MINIMO", "Este código de desconto só é válido para compras a partir de 50\u00a0000,00 kz (sem a entrega)");
    await refused("PORTES", "A entrega deste pedido já é grátis: este código não dá desconto", { deliveryFee: 0 });
  });

  it("needs a signed-in shopper and a well-formed body", async () => {
    expectError(await post(t, "/api/cart/coupon", { code: "DEZ", subtotal: 100 }), 401);
    expectError(await post(t, "/api/cart/coupon", { code: "DEZ", subtotal: -1 }, shopper.auth), 400);
    expectError(await post(t, "/api/cart/coupon", { code: "DEZ", subtotal: 1, discount: 99 }, shopper.auth), 400);
  });
});

describe("placing an order with a coupon", () => {
  it("charges items + delivery − discount, refuses the total without it, and keeps the coupon on the order", async () => {
    const c = await coupon({ code: "QUINZE", kind: "percent", value: 15 });
    const shopper = await registerCustomer(t.app);
    const discount = Math.round((product.price * 15) / 100);
    const total = product.price + DELIVERY_FEE - discount;
    // The client's own discount is never trusted: the total without the coupon's is refused with the right one.
    const stale = await place(shopper, "quinze", product.price + DELIVERY_FEE);
    expectError(stale, 409);
    expect((stale.json() as { totalAmount: number }).totalAmount).toBe(total);
    const id = await placed(shopper, " quinze", total);
    const mine = await userOrder(shopper, id);
    expect(mine).toMatchObject({
      subtotal: product.price,
      deliveryFee: DELIVERY_FEE,
      totalAmount: total,
      coupon: { code: "QUINZE", discount },
    });
    const staff = (await staffApi(support, "GET", `/orders/${id}`)).json() as AdminOrder;
    expect(staff.coupon).toEqual({ code: "QUINZE", discount });
    expect(await staffCoupon(c.id)).toMatchObject({ uses: 1, given: discount });
    // Without a coupon the order says so.
    const plain = await placed(shopper, "", product.price + DELIVERY_FEE);
    expect((await userOrder(shopper, plain)).coupon).toBeNull();
  });

  it("never takes the total below 0, and applies free delivery to the fee priced", async () => {
    await coupon({ code: "TUDO", kind: "fixed", value: 10_000_000 });
    await coupon({ code: "SEMPORTES", kind: "free_delivery" });
    const shopper = await registerCustomer(t.app);
    const zero = await placed(shopper, "TUDO", 0);
    expect(await userOrder(shopper, zero)).toMatchObject({
      totalAmount: 0,
      paymentDeadline: expect.any(String),
      coupon: { code: "TUDO", discount: product.price + DELIVERY_FEE },
    });
    // Nothing to pay, but a deadline all the same: staff confirm it before then, or it is cancelled (it would hold
    // its units and its code's use for ever otherwise).
    expect(await expireOverdueOrders(t.prisma, new Date(Date.now() + 365 * 86_400_000))).toContain(zero);
    await t.settled();
    const free = await placed(shopper, "semportes", product.price);
    expect(await userOrder(shopper, free)).toMatchObject({
      totalAmount: product.price,
      coupon: { code: "SEMPORTES", discount: DELIVERY_FEE },
    });
  });

  it("refuses the order with the coupon's reason (409), writing nothing", async () => {
    await coupon({ code: "CARO", minSubtotal: 10_000_000 });
    const shopper = await registerCustomer(t.app);
    expectError(await place(shopper, "NADA", product.price + DELIVERY_FEE), 409, "Este código de desconto não é válido");
    expectError(await place(shopper, "CARO", product.price + DELIVERY_FEE), 409, /só é válido para compras a partir de/);
    expect(await t.prisma.order.count({ where: { userId: shopper.userId } })).toBe(0);
  });

  it("limits each customer's uses and the overall uses; a cancelled or expired order gives its use back", async () => {
    const c = await coupon({ code: "UMAVEZ", kind: "fixed", value: 500, maxUses: 2, maxUsesPerCustomer: 1 });
    const [ana, bia, caio] = [await registerCustomer(t.app), await registerCustomer(t.app), await registerCustomer(t.app)];
    // Three people: each with their own e-mail and phone ("per customer" counts those too).
    const [anaAt, biaAt, caioAt] = [1, 2, 3].map((n) => ({ ...ADDRESS, email: `pessoa${n}@exemplo.ao`, phone: `+244 923 100 00${n}` }));
    const total = product.price + DELIVERY_FEE - 500;
    const first = await placed(ana, "UMAVEZ", total, anaAt);
    expectError(await place(ana, "UMAVEZ", total, anaAt), 409, "Já usou este código de desconto num pedido");
    expect(await preview(ana, { code: "UMAVEZ", subtotal: product.price })).toMatchObject({
      success: false,
      message: "Já usou este código de desconto num pedido",
    });
    const second = await placed(bia, "UMAVEZ", total, biaAt);
    expectError(await place(caio, "UMAVEZ", total, caioAt), 409, "Este código de desconto já foi usado o número máximo de vezes");
    expect(await staffCoupon(c.id)).toMatchObject({ uses: 2, given: 1000 });

    // Staff cancel Ana's order: her use comes back (to her and to the overall count).
    expect((await staffApi(admin, "PUT", `/orders/${first}`, { status: "Cancelado", note: "Cliente desistiu" })).statusCode).toBe(200);
    expect(await staffCoupon(c.id)).toMatchObject({ uses: 1, given: 500 });
    expect(await preview(ana, { code: "UMAVEZ", subtotal: product.price })).toMatchObject({ success: true, discount: 500 });
    const third = await placed(caio, "UMAVEZ", total, caioAt);

    // Bia's order expires unpaid: its use comes back too.
    await t.prisma.order.update({ where: { id: second }, data: { paymentDeadline: new Date(Date.now() - 1000) } });
    expect(await expireOverdueOrders(t.prisma, new Date())).toContain(second);
    await t.settled();
    expect(await staffCoupon(c.id)).toMatchObject({ uses: 1, given: 500 });
    await placed(ana, "UMAVEZ", total, anaAt);
    expect(await staffCoupon(c.id)).toMatchObject({ uses: 2, given: 1000 });
    // The cancelled order still shows the coupon it was placed with.
    expect((await userOrder(ana, first)).coupon).toEqual({ code: "UMAVEZ", discount: 500 });
    expect(third).toBeTruthy();
  });

  it("keeps the code and discount on the order when the coupon is deleted", async () => {
    const c = await coupon({ code: "APAGAR", kind: "fixed", value: 300 });
    const shopper = await registerCustomer(t.app);
    const id = await placed(shopper, "APAGAR", product.price + DELIVERY_FEE - 300);
    expect((await staffApi(admin, "DELETE", `/coupons/${c.id}`)).statusCode).toBe(200);
    expect((await userOrder(shopper, id)).coupon).toEqual({ code: "APAGAR", discount: 300 });
    expectError(await place(shopper, "APAGAR", product.price + DELIVERY_FEE - 300), 409, "Este código de desconto não é válido");
  });

  it("puts the discount line in the confirmation e-mail (once) and in the payment reminder", async () => {
    await coupon({ code: "CORREIO", kind: "fixed", value: 1000 });
    const shopper = await registerCustomer(t.app);
    const id = await placed(shopper, "CORREIO", product.price + DELIVERY_FEE - 1000);
    await t.settled();
    const row = await t.prisma.outboxMail.findFirst({ where: { kind: "order-placed", dedupeKey: `order-placed:${id}` } });
    expect(row?.facts).toMatchObject({ coupon: { code: "CORREIO", discount: 1000 } });
    const ctx: MailContext = {
      baseUrl: "https://loja.exemplo.ao/",
      shop: { name: null, phones: [], emails: [], bankName: "BAI", accountHolder: "Loja", accountNumber: "1", iban: "AO06" },
    };
    const mail = composeMail(row!, ctx);
    expect(mail.text.match(/Desconto \(CORREIO\): −1\u00a0000,00 kz/g)).toHaveLength(1);
    expect(mail.html).toContain("Desconto (CORREIO)");
    const reminder = paymentReminderMail(ctx, {
      orderId: id,
      customerName: "Ana",
      amountDue: product.price + DELIVERY_FEE - 1000,
      coupon: { code: "CORREIO", discount: 1000 },
    } as MailFacts<"payment-reminder">);
    expect(reminder.text).toContain("Desconto (CORREIO): −1\u00a0000,00 kz");
  });
});
