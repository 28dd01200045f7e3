// /api/order/stripe and /api/order/verifyStripe against a local server that answers like Stripe's Checkout
// Sessions API (create, retrieve, expire), checking the form body Loja sends.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { DELIVERY_FEE, expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

const SECRET = "sk_test_loja123";
const PUBLIC_URL = "https://loja.exemplo.ao";

interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/** Stripe's two (three) endpoints, in memory. `down` makes every call fail like an outage. */
class FakeStripe {
  sessions = new Map<string, FakeSession>();
  requests: {
    method: string;
    path: string;
    auth: string | undefined;
    contentType: string | undefined;
    idempotencyKey: string | undefined;
    form: URLSearchParams;
  }[] = [];
  down = false;
  private server: Server = createServer(
    (req, res) =>
      void this.handle(req).then(([status, body]) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)),
      ),
  );
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  pay(id: string) {
    Object.assign(this.sessions.get(id)!, { status: "complete", payment_status: "paid", url: null });
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? "";
    const form = new URLSearchParams(raw);
    this.requests.push({
      method: req.method!,
      path,
      auth: req.headers.authorization,
      contentType: req.headers["content-type"],
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      form,
    });
    if (this.down) return [500, { error: { message: "outage" } }];
    if (req.headers.authorization !== `Bearer ${SECRET}`) return [401, { error: { message: "Invalid API Key" } }];
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${this.sessions.size + 1}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: form.get("client_reference_id"),
        metadata: { orderId: form.get("metadata[orderId]") ?? "" },
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = m ? this.sessions.get(decodeURIComponent(m[1]!)) : undefined;
    if (!session) return [404, { error: { message: "No such checkout.session" } }];
    if (req.method === "GET" && !m![2]) return [200, session];
    if (req.method === "POST" && m![2]) {
      if (session.status !== "open") return [400, { error: { message: "Only Checkout Sessions with a status of open can be expired." } }];
      Object.assign(session, { status: "expired", url: null });
      return [200, session];
    }
    return [404, { error: { message: "Unrecognized request URL" } }];
  }
}

let stripe: FakeStripe;
let t: TestApp;
let bare: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  stripe = new FakeStripe();
  await stripe.start();
  t = await buildTestApp({ env: { STRIPE_SECRET_KEY: SECRET, STRIPE_API_BASE: stripe.url, PUBLIC_URL } });
  bare = await buildTestApp();
  products = await liveProducts(t);
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await stripe.stop();
});

type StripeReply = { success: true; session_url: string; orderId: string };
const checkout = (c: Customer, body: unknown, headers: Record<string, string> = {}) =>
  post(t, "/api/order/stripe", body, { ...c.auth, ...headers });
const verify = (c: Customer, orderId: string, success: unknown = "true") =>
  post(t, "/api/order/verifyStripe", { success, orderId }, { token: c.token });
const sessionIdOf = async (orderId: string) => (await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).stripeSessionId!;

describe("POST /api/order/stripe", () => {
  it("creates the order and a Checkout Session with the server's lines in AOA cents, and answers its URL", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[0]!, products[1]!];
    const res = await checkout(
      c,
      orderBody(
        [
          { product: a, quantity: 2 },
          { product: b, quantity: 1 },
        ],
        { paymentMethod: "stripe" },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as StripeReply;
    expect(reply.success).toBe(true);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: reply.orderId }, include: { statusHistory: true } });
    expect([order.userId, order.paymentMethod, order.status, order.paid]).toEqual([c.userId, "stripe", "Aguardando Pagamento", false]);
    expect(order.totalAmount.toNumber()).toBe(a.price * 2 + b.price + DELIVERY_FEE);
    expect(order.statusHistory).toHaveLength(1);
    expect(reply.session_url).toBe(`https://checkout.stripe.com/c/pay/${order.stripeSessionId}`);

    const sent = stripe.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!;
    expect(sent.auth).toBe(`Bearer ${SECRET}`);
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.idempotencyKey).toBe(`loja-order-${reply.orderId}`);
    const f = Object.fromEntries(sent.form);
    expect(f).toMatchObject({
      mode: "payment",
      success_url: `${PUBLIC_URL}/verify?success=true&orderId=${reply.orderId}`,
      cancel_url: `${PUBLIC_URL}/verify?success=false&orderId=${reply.orderId}`,
      client_reference_id: reply.orderId,
      "metadata[orderId]": reply.orderId,
      "line_items[0][price_data][currency]": "aoa",
      "line_items[0][price_data][unit_amount]": String(Math.round(a.price * 100)),
      "line_items[0][price_data][product_data][name]": `${a.name} (${a.sizes[0]})`,
      "line_items[0][quantity]": "2",
      "line_items[1][price_data][unit_amount]": String(Math.round(b.price * 100)),
      "line_items[1][quantity]": "1",
      "line_items[2][price_data][product_data][name]": "Taxa de envio",
      "line_items[2][price_data][unit_amount]": String(DELIVERY_FEE * 100),
      "line_items[2][quantity]": "1",
    });
  });

  it("charges the discounted total with a coupon: one line priced at the order's total (docs/design/money.md#coupons)", async () => {
    const admin = await createStaff(t, "admin");
    for (const body of [
      { code: "CARTAO", kind: "fixed", value: 700 },
      { code: "CARTAOTUDO", kind: "fixed", value: 100_000_000 },
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/admin/api/coupons", headers: admin.auth, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    }
    const c = await registerCustomer(t.app);
    const p = products[4]!;
    const total = p.price * 2 + DELIVERY_FEE - 700;
    const res = await checkout(
      c,
      orderBody([{ product: p, quantity: 2 }], { paymentMethod: "stripe", couponCode: "cartao", totalAmount: total }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json() as StripeReply;
    const f = Object.fromEntries(stripe.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!.form);
    expect(f).toMatchObject({
      "line_items[0][price_data][unit_amount]": String(total * 100),
      "line_items[0][quantity]": "1",
    });
    expect(f["line_items[0][price_data][product_data][name]"]).toMatch(
      /^Pedido [0-9A-Z]{6}: 2 artigo\(s\), envio e desconto de 700,00 kz$/,
    );
    expect(f["line_items[1][quantity]"]).toBeUndefined();
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).totalAmount.toNumber()).toBe(total);
    // Nothing left to pay by card: refused, nothing written.
    const before = await t.prisma.order.count();
    expectError(
      await checkout(c, orderBody([{ product: p, quantity: 1 }], { paymentMethod: "stripe", couponCode: "CARTAOTUDO", totalAmount: 0 })),
      409,
      "Com este desconto não há nada a pagar por cartão: escolha a transferência bancária",
    );
    expect(await t.prisma.order.count()).toBe(before);
  });

  it("keeps the cart until the payment is confirmed", async () => {
    const c = await registerCustomer(t.app);
    const p = products[2]!;
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    expect((await checkout(c, orderBody([{ product: p, quantity: 1 }], { paymentMethod: "stripe" }))).statusCode).toBe(200);
    expect((await post(t, "/api/cart/get", {}, c.auth)).json()).toEqual({ success: true, cartData: { [p.id]: { [p.sizes[0]!]: 1 } } });
  });

  it("applies the same checks as a bank-transfer order", async () => {
    const c = await registerCustomer(t.app);
    const p = products[3]!;
    expectError(
      await checkout(c, orderBody([{ product: p, quantity: 1 }], { paymentMethod: "visa" })),
      400,
      "Método de pagamento inválido",
    );
    expectError(
      await checkout(c, orderBody([{ product: p, quantity: 1 }], { totalAmount: 10 })),
      409,
      /^O total do pedido mudou: o total atual é /,
    );
    expectError(await checkout(c, { ...orderBody([]), paymentMethod: "stripe" }), 400, "Seu carrinho está vazio");
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  it("returns the same session for a retried request with the same Idempotency-Key, and makes one order", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[4]!, quantity: 1 }], { paymentMethod: "stripe" });
    const replies = await Promise.all(Array.from({ length: 5 }, () => checkout(c, body, { "idempotency-key": "cartao-1" })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(replies.map((r) => (r.json() as StripeReply).session_url)).size).toBe(1);
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(1);
    expectError(await checkout(c, { ...body, totalAmount: body.totalAmount + 1 }, { "idempotency-key": "cartao-1" }), 409);
  });

  it("answers 502 and makes no order when Stripe cannot be reached", async () => {
    const c = await registerCustomer(t.app);
    stripe.down = true;
    try {
      expectError(
        await checkout(c, orderBody([{ product: products[5]!, quantity: 1 }], { paymentMethod: "stripe" })),
        502,
        /pagamento por cartão/,
      );
    } finally {
      stripe.down = false;
    }
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  it("answers 400 'Pagamento por cartão não está disponível' when no Stripe key is configured", async () => {
    const c = await registerCustomer(bare.app);
    const res = await post(
      bare,
      "/api/order/stripe",
      orderBody([{ product: products[0]!, quantity: 1 }], { paymentMethod: "stripe" }),
      c.auth,
    );
    expectError(res, 400, "Pagamento por cartão não está disponível");
    expectError(
      await post(bare, "/api/order/verifyStripe", { success: "true", orderId: "abc" }, { token: c.token }),
      400,
      "Pagamento por cartão não está disponível",
    );
  });
});

describe("POST /api/order/verifyStripe", () => {
  async function startCheckout(c: Customer, p = products[6]!) {
    await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[0] }, c.auth);
    const res = await checkout(c, orderBody([{ product: p, quantity: 1 }], { paymentMethod: "stripe" }));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StripeReply).orderId;
  }

  it("marks the order paid with history and clears the cart only when Stripe says the session is paid", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await startCheckout(c);
    stripe.pay(await sessionIdOf(orderId));
    expect((await verify(c, orderId)).json()).toEqual({ success: true });
    const order = await t.prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { statusHistory: { orderBy: { createdAt: "asc" } } },
    });
    expect([order.status, order.paid]).toEqual(["Pagamento Confirmado", true]);
    expect(order.statusHistory.map((h) => h.status)).toEqual(["Aguardando Pagamento", "Pagamento Confirmado"]);
    expect((await post(t, "/api/cart/get", {}, c.auth)).json()).toEqual({ success: true, cartData: {} });
    // a second return (reload) changes nothing
    expect((await verify(c, orderId)).json()).toEqual({ success: true });
    expect(await t.prisma.orderStatusChange.count({ where: { orderId } })).toBe(2);
  });

  it("never trusts the success field: success=true on an unpaid session fails and cancels the order", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await startCheckout(c);
    expect((await verify(c, orderId, "true")).json()).toEqual({ success: false });
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect([order.status, order.paid]).toEqual(["Cancelado", false]);
    expect(stripe.sessions.get(order.stripeSessionId!)!.status).toBe("expired");
    // the shopper goes back to a cart that still holds what they wanted
    expect(Object.keys(((await post(t, "/api/cart/get", {}, c.auth)).json() as { cartData: object }).cartData)).toHaveLength(1);
  });

  it("confirms a paid session even when the browser says success=false", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await startCheckout(c);
    stripe.pay(await sessionIdOf(orderId));
    expect((await verify(c, orderId, false)).json()).toEqual({ success: true });
  });

  it("records one payment however many verifications run at once", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await startCheckout(c);
    stripe.pay(await sessionIdOf(orderId));
    const replies = await Promise.all(Array.from({ length: 5 }, () => verify(c, orderId)));
    expect(replies.map((r) => (r.json() as { success: boolean }).success)).toEqual(Array(5).fill(true));
    expect(await t.prisma.orderStatusChange.count({ where: { orderId, status: "Pagamento Confirmado" } })).toBe(1);
  });

  it("answers 404 for another customer's order and for an unknown one, changing nothing", async () => {
    const [owner, other] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const orderId = await startCheckout(owner);
    stripe.pay(await sessionIdOf(orderId));
    expectError(await verify(other, orderId), 404, "Pedido não encontrado");
    expectError(await verify(other, "nao-existe"), 404, "Pedido não encontrado");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).paid).toBe(false);
  });

  it("answers success false for a bank-transfer order", async () => {
    const c = await registerCustomer(t.app);
    const res = await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), c.auth);
    expect((await verify(c, (res.json() as { orderId: string }).orderId)).json()).toEqual({ success: false });
  });

  it("refuses a malformed body with 400", async () => {
    const c = await registerCustomer(t.app);
    expectError(
      await post(t, "/api/order/verifyStripe", { success: "true" }, { token: c.token }),
      400,
      "Campo obrigatório em falta: orderId",
    );
    expectError(
      await post(t, "/api/order/verifyStripe", { success: "true", orderId: "x", paid: true }, { token: c.token }),
      400,
      "Campo não permitido: paid",
    );
    expectError(await post(t, "/api/order/verifyStripe", { success: 1, orderId: "x" }, { token: c.token }), 400);
  });
});

describe("cancelling a card order", () => {
  const cancel = async (orderId: string) => {
    const staff = await createStaff(t, "support");
    return t.app.inject({ method: "PUT", url: `/admin/api/orders/${orderId}`, headers: staff.auth, payload: { status: "Cancelado" } });
  };
  const place = async (c: Customer) => {
    const res = await checkout(c, orderBody([{ product: products[7]!, quantity: 1 }], { paymentMethod: "stripe" }));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as StripeReply).orderId;
  };

  it("expires the order's Checkout Session, so a later verify cannot confirm it", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    expect((await cancel(orderId)).statusCode).toBe(200);
    const sessionId = await sessionIdOf(orderId);
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    expect(stripe.requests.some((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect((await verify(c, orderId)).json()).toEqual({ success: false });
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "Cancelado", paid: false });
  });

  it("never turns a cancelled order paid, even when its session was paid before the cancel", async () => {
    const c = await registerCustomer(t.app);
    const orderId = await place(c);
    stripe.pay(await sessionIdOf(orderId));
    expect((await cancel(orderId)).statusCode).toBe(200);
    expect((await verify(c, orderId)).json()).toEqual({ success: false });
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({ status: "Cancelado", paid: false });
    expect(await t.prisma.orderStatusChange.count({ where: { orderId, status: "Pagamento Confirmado" } })).toBe(0);
  });
});
