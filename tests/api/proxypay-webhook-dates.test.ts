// A signed ProxyPay notification with an impossible payment date (2099, or before Multicaixa existed) is refused
// and records nothing; a payment dated now, or a few hours ahead (clocks, time zones), is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCustomer, type TestApp } from "../helpers/app.ts";
import { appWithProxyPay, type ProxyPayStandin } from "../helpers/proxypay-standin.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

let t: TestApp;
let proxypay: ProxyPayStandin;
let close: (() => Promise<void>) | undefined;
let products: CatalogueProduct[];
beforeAll(async () => {
  ({ t, proxypay, close } = await appWithProxyPay());
  products = await liveProducts(t);
});
afterAll(() => close?.());

async function orderPaidAt(datetime: string) {
  const c = await registerCustomer(t.app);
  const { orderId } = (await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth)).json() as {
    orderId: string;
  };
  const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  const payment = { ...proxypay.pay(order.multicaixaReference!, order.totalAmount.toNumber()), datetime };
  const { body, headers } = proxypay.webhookFor(payment);
  const res = await t.app.inject({ method: "POST", url: "/api/payments/proxypay", headers, payload: body });
  return { res, orderId };
}

describe("ProxyPay webhook payment dates", () => {
  it.each(["2099-01-01T10:00:00.000Z", new Date(Date.now() + 3 * 24 * 3600_000).toISOString(), "1999-12-31T23:00:00.000Z"])(
    "refuses a payment dated %s and records nothing",
    async (datetime) => {
      const { res, orderId } = await orderPaidAt(datetime);
      expectError(res, 400, "Notificação inválida: data de pagamento impossível");
      expect(await t.prisma.payment.count({ where: { orderId } })).toBe(0);
    },
  );

  it("records payments dated now or a few hours ahead", async () => {
    for (const datetime of [new Date().toISOString(), new Date(Date.now() + 3 * 3600_000).toISOString()]) {
      const { res, orderId } = await orderPaidAt(datetime);
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.prisma.payment.count({ where: { orderId } })).toBe(1);
    }
  });
});
