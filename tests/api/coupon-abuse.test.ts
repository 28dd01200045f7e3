// Coupons that give nothing away (docs/product/coupons.md#refusals, #guessing, #one-per-customer), written from the
// audit's proofs: the preview told "não existe", "já não está ativo" and "só é válido a partir de 28/12/2026" apart
// (an oracle for the dictionary words staff pick); five fresh accounts made 150 guesses in a second; and one person
// used a "1 por cliente" code three times as dora@, dora+2@ and DORA.3@ with the same phone.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, DELIVERY_FEE, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { COUPON_GUESS_LIMITS } from "../../server/domain/coupons/guesses.ts";

const PER_ADDRESS = COUPON_GUESS_LIMITS.perAddress.max;
const SHOP_WIDE = COUPON_GUESS_LIMITS.shopWide.max;
const NOT_VALID = "Este código de desconto não é válido";
const TOO_MANY = /^Demasiados pedidos\. Tente novamente dentro de \d+ segundos\.$/;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let product: CatalogueProduct;
let shoppers: Customer[];

let addressCounter = 0;
const freshAddress = () => `10.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}.${9 + (process.pid % 200)}`;

async function coupon(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: "POST",
    url: "/admin/api/coupons",
    headers: admin.auth,
    payload: { kind: "fixed", value: 500, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const preview = (app: TestApp, who: Customer, code: string, address: string) =>
  post(app, "/api/cart/coupon", { code, subtotal: product.price, deliveryFee: DELIVERY_FEE }, who.auth, address);

const place = (who: Customer, code: string, address: string, delivery: Partial<typeof ADDRESS> = {}) =>
  post(
    t,
    "/api/order/place",
    orderBody([{ product, quantity: 1 }], {
      couponCode: code,
      totalAmount: product.price + DELIVERY_FEE - 500,
      address: { ...ADDRESS, ...delivery },
    }),
    who.auth,
    address,
  );

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  product = (await liveProducts(t)).find((p) => p.price >= 1000)!;
  const hour = 3_600_000;
  await coupon({ code: "VALE" });
  await coupon({ code: "DESLIGADO", active: false });
  await coupon({ code: "NATAL", startsAt: new Date(Date.now() + 30 * 24 * hour).toISOString() });
  shoppers = [];
  for (let i = 0; i < 5; i++) shoppers.push(await registerCustomer(t.app));
});
afterAll(() => t.close());
// Each test starts with no guesses counted (they are counted per address and for the whole shop).
beforeEach(() => t.prisma.attemptCounter.deleteMany({ where: { key: { startsWith: "coupon-guess:" } } }));

describe("a code that is not valid", () => {
  it("gets one answer, same status and message, whether unknown, switched off or not yet valid: in the preview and at placement", async () => {
    const address = freshAddress();
    const previews = [];
    for (const code of ["NAOEXISTE", "DESLIGADO", "NATAL"]) previews.push(await preview(t, shoppers[0]!, code, address));
    for (const res of previews) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, discount: 0, message: NOT_VALID });
    }
    for (const code of ["NAOEXISTE", "DESLIGADO", "NATAL"]) expectError(await place(shoppers[0]!, code, address), 409, NOT_VALID);
    expect(await t.prisma.order.count({ where: { userId: shoppers[0]!.userId } })).toBe(0);
  });
});

describe("guessing codes", () => {
  it("is limited per client address, whatever the account: past the limit even a live code is refused, so a hit cannot be told", async () => {
    const address = freshAddress();
    // Five fresh accounts from one address: their misses add up.
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await preview(t, shoppers[i % shoppers.length]!, `PALPITE${i}`, address);
      expect(res.json(), `guess ${i}`).toMatchObject({ success: false, message: NOT_VALID });
    }
    expectError(await preview(t, shoppers[0]!, "PALPITE-A-MAIS", address), 429, TOO_MANY);
    expectError(await preview(t, shoppers[1]!, "VALE", address), 429, TOO_MANY);
    // Placing orders is no way around it, and another address is still answered.
    expectError(await place(shoppers[2]!, "OUTRO-PALPITE", address), 429, TOO_MANY);
    const elsewhere = await preview(t, shoppers[0]!, "VALE", freshAddress());
    expect(elsewhere.json()).toMatchObject({ success: true, discount: 500 });
  });

  it("counts misses only: a shopper retyping a live code is never limited", async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS * 2; i++)
      expect((await preview(t, shoppers[0]!, "vale", address)).json()).toMatchObject({ success: true });
  });

  it("counts misses at placement like those of the preview", async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expectError(await place(shoppers[i % shoppers.length]!, `PEDIDO${i}`, address), 409, NOT_VALID);
    expectError(await preview(t, shoppers[0]!, "OUTRO", address), 429, TOO_MANY);
  });

  it("is limited for the whole shop: misses from many addresses add up", async () => {
    // As many accounts as it takes to stay under each account's own request limit (30 a minute).
    const many: Customer[] = [];
    for (let i = 0; i < SHOP_WIDE / 10; i++) many.push(await registerCustomer(t.app));
    let guesses = 0;
    while (guesses < SHOP_WIDE) {
      const address = freshAddress();
      for (let i = 0; i < PER_ADDRESS && guesses < SHOP_WIDE; i++, guesses++)
        expect((await preview(t, many[guesses % many.length]!, `LOTE${guesses}`, address)).json(), `guess ${guesses}`).toMatchObject({
          message: NOT_VALID,
        });
    }
    expectError(await preview(t, many[0]!, "MAIS-UM", freshAddress()), 429, TOO_MANY);
    expectError(await preview(t, many[1]!, "VALE", freshAddress()), 429, TOO_MANY);
  });
});

// Each project registers only the suite for its database, so nothing shows as skipped.
if (inject("dbKind") === "postgres")
  describe("two instances on one PostgreSQL database", () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await buildOtherInstance(t);
    });
    afterAll(async () => {
      await b?.close();
    });

    it("share the count of one address's misses", async () => {
      const address = freshAddress();
      const who = await registerCustomer(t.app);
      for (let i = 0; i < PER_ADDRESS; i++)
        expect((await preview(i % 2 ? b : t, who, `DUAS${i}`, address)).json(), `guess ${i}`).toMatchObject({ message: NOT_VALID });
      expectError(await preview(t, who, "DUAS-A", address), 429, TOO_MANY);
      expectError(await preview(b, who, "VALE", address), 429, TOO_MANY);
    });
  });

describe('"1 por cliente"', () => {
  const domain = `dora-${process.pid}-${Date.now()}.ao`;
  const phone = "+244 923 456 789";

  it("is one use for dora@, dora+2@ and DORA.3@ with the same phone, whatever the account", async () => {
    await coupon({ code: "UMA-DORA", maxUsesPerCustomer: 1 });
    const accounts = [];
    for (const email of [`dora@${domain}`, `dora+2@${domain}`, `DORA.3@${domain}`])
      accounts.push({ email, who: await registerCustomer(t.app, { email: email.toLowerCase() }) });
    const replies = [];
    for (const { email, who } of accounts) replies.push(await place(who, "UMA-DORA", freshAddress(), { email, phone }));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 409, 409]);
    for (const r of replies.slice(1)) expectError(r, 409, "Já usou este código de desconto num pedido");
    // The second account's own e-mail is dora+2@: its preview knows too.
    expect((await preview(t, accounts[1]!.who, "UMA-DORA", freshAddress())).json()).toMatchObject({
      success: false,
      message: "Já usou este código de desconto num pedido",
    });
  });

  it("counts the e-mail without dots or +tag at any domain, and the phone in any format, each on its own", async () => {
    await coupon({ code: "UMA-SO", maxUsesPerCustomer: 1 });
    const first = await registerCustomer(t.app);
    expect((await place(first, "UMA-SO", freshAddress(), { email: `ana.maria+loja@${domain}`, phone: "923 111 222" })).statusCode).toBe(
      200,
    );
    const sameEmail = await registerCustomer(t.app);
    expectError(
      await place(sameEmail, "UMA-SO", freshAddress(), { email: `AnaMaria@${domain.toUpperCase()}`, phone: "923 999 888" }),
      409,
      "Já usou este código de desconto num pedido",
    );
    const samePhone = await registerCustomer(t.app);
    expectError(
      await place(samePhone, "UMA-SO", freshAddress(), { email: `outra@${domain}`, phone: "00244 923 111 222" }),
      409,
      "Já usou este código de desconto num pedido",
    );
    // The same account under another e-mail and phone is still the same customer.
    expectError(await place(first, "UMA-SO", freshAddress(), { email: `nova@${domain}`, phone: "923 777 666" }), 409);
    // Someone else entirely gets it.
    const other = await registerCustomer(t.app);
    expect((await place(other, "UMA-SO", freshAddress(), { email: `bruno@${domain}`, phone: "923 555 444" })).statusCode).toBe(200);
  });
});
