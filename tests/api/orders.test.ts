// /api/order/place and /api/order/userorders (docs/product/shopper-api.md#orders, docs/product/checkout.md), and staff
// status changes with history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { changeOrderStatus } from "../../server/domain/orders/service.ts";
import { formatKz } from "../../shared/money.ts";
import { ordersRepository } from "../../server/domain/orders/repository.ts";
import { Prisma } from "../../server/db/client.ts";
import {
  ADDRESS,
  DELIVERY_FEE,
  expectError,
  expiredToken,
  forgedToken,
  liveProducts,
  orderBody,
  post,
  type CatalogueProduct,
} from "./commerce-fixtures.ts";

let t: TestApp;
let products: CatalogueProduct[];
beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
});
afterAll(() => t.close());

const place = (c: Customer, body: unknown, headers: Record<string, string> = {}) =>
  post(t, "/api/order/place", body, { ...c.auth, ...headers });
const ordersOf = async (c: Customer) => {
  const res = await post(t, "/api/order/userorders", {}, c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { orders: Array<Record<string, unknown> & { _id: string; items: Array<Record<string, unknown>> }> }).orders;
};

describe("POST /api/order/place", () => {
  it("places a bank-transfer order priced by the server, with line snapshots, first status and history", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[0]!, products[1]!];
    const body = orderBody([
      { product: a, quantity: 2 },
      { product: b, quantity: 1 },
    ]);
    const res = await place(c, body);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as { success: boolean; message: string; orderId: string };
    expect(reply).toEqual({ success: true, message: "Pedido realizado com sucesso!", orderId: expect.any(String) });

    const order = await t.prisma.order.findUniqueOrThrow({
      where: { id: reply.orderId },
      include: { lines: { orderBy: { position: "asc" } }, statusHistory: true },
    });
    expect(order.userId).toBe(c.userId);
    expect(order.status).toBe("Aguardando Pagamento");
    expect(order.paymentMethod).toBe("bank_transfer");
    expect(order.paid).toBe(false);
    expect(order.deliveryFee.toNumber()).toBe(DELIVERY_FEE);
    expect(order.subtotal.toNumber()).toBe(a.price * 2 + b.price);
    expect(order.totalAmount.toNumber()).toBe(a.price * 2 + b.price + DELIVERY_FEE);
    expect(order.address).toEqual(body.address);
    expect(order.lines.map((l) => [l.productId, l.name, l.price.toNumber(), l.size, l.quantity])).toEqual([
      [a.id, a.name, a.price, a.sizes[0], 2],
      [b.id, b.name, b.price, b.sizes[0], 1],
    ]);
    expect(order.lines[0]!.image).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/);
    expect(order.statusHistory.map((h) => [h.status, h.changedById])).toEqual([["Aguardando Pagamento", null]]);
  });

  it("takes the ordered lines out of the cart in the same step and leaves the others", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[2]!, products[3]!];
    await post(t, "/api/cart/update", { itemId: a.id, size: a.sizes[0], quantity: 2 }, c.auth);
    await post(t, "/api/cart/add", { itemId: b.id, size: b.sizes[0] }, c.auth);
    expect((await place(c, orderBody([{ product: a, quantity: 2 }]))).statusCode).toBe(200);
    expect((await post(t, "/api/cart/get", {}, c.auth)).json()).toEqual({ success: true, cartData: { [b.id]: { [b.sizes[0]!]: 1 } } });
  });

  it("writes all of an order or none of it: a line the database refuses leaves no order, history or cart change", async () => {
    const c = await registerCustomer(t.app);
    const a = products[4]!;
    await post(t, "/api/cart/add", { itemId: a.id, size: a.sizes[0] }, c.auth);
    const priced = { productId: a.id, name: a.name, image: "", price: new Prisma.Decimal(a.price), size: a.sizes[0]!, quantity: 1 };
    const order = {
      id: `atomic-${Date.now()}`,
      userId: c.userId,
      status: "Aguardando Pagamento",
      paymentMethod: "bank_transfer",
      address: { ...ADDRESS },
      subtotal: new Prisma.Decimal(a.price * 2),
      deliveryFee: new Prisma.Decimal(DELIVERY_FEE),
      totalAmount: new Prisma.Decimal(a.price * 2 + DELIVERY_FEE),
      idempotencyKey: null,
      requestHash: null,
      stripeSessionId: null,
      paymentReference: null,
      paymentDeadline: null,
      // The second line names a product that does not exist: its foreign key fails after the order row went in.
      lines: [priced, { ...priced, productId: "produto-inexistente" }],
    };
    await expect(ordersRepository(t.prisma).insertOrder(order, { clearCart: true })).rejects.toThrow(/foreign key/);
    expect(await t.prisma.order.count({ where: { id: order.id } })).toBe(0);
    expect(await t.prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(0);
    expect((await post(t, "/api/cart/get", {}, c.auth)).json()).toEqual({ success: true, cartData: { [a.id]: { [a.sizes[0]!]: 1 } } });
  });

  it("answers 401 when the token's account no longer exists, and writes nothing", async () => {
    const ghost = {
      authorization: `Bearer ${await t.deps.tokens.sign({ userId: "conta-apagada-ha-pouco", role: "customer", sessionVersion: 0 })}`,
    };
    const before = await t.prisma.order.count();
    expectError(
      await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), ghost),
      401,
      "Sessão expirada. Por favor, faça login novamente.",
    );
    expect(await t.prisma.order.count()).toBe(before);
  });

  it("ignores the prices, names and images the client sends and stores the catalogue's", async () => {
    const c = await registerCustomer(t.app);
    const p = products[4]!;
    const body = orderBody([{ product: p, quantity: 1 }]);
    body.items[0] = { ...body.items[0]!, price: 1, name: "Grátis", image: ["/media/falso"] };
    const res = await place(c, body);
    expect(res.statusCode, res.body).toBe(200);
    const line = await t.prisma.orderLine.findFirstOrThrow({ where: { orderId: (res.json() as { orderId: string }).orderId } });
    expect([line.name, line.price.toNumber()]).toEqual([p.name, p.price]);
    expect(line.image).not.toBe("/media/falso");
  });

  it("accepts the product as _id as well as itemId, and adds up repeated product+size lines", async () => {
    const c = await registerCustomer(t.app);
    const p = products[5]!;
    const items = [
      { _id: p.id, size: p.sizes[0], quantity: 1 },
      { itemId: p.id, size: p.sizes[0], quantity: 2 },
    ];
    const res = await place(c, { address: ADDRESS, items, totalAmount: p.price * 3 + DELIVERY_FEE, paymentMethod: "cod" });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await t.prisma.orderLine.findMany({ where: { orderId: (res.json() as { orderId: string }).orderId } });
    expect(lines.map((l) => l.quantity)).toEqual([3]);
  });

  it("refuses a client total that differs from the server's with 409, the current total and no order", async () => {
    const c = await registerCustomer(t.app);
    const p = products[6]!;
    const body = orderBody([{ product: p, quantity: 1 }], { totalAmount: 1 });
    const res = await place(c, body);
    const total = p.price + DELIVERY_FEE;
    expectError(res, 409, `O total do pedido mudou: o total atual é ${formatKz(new Prisma.Decimal(total))}`);
    expect((res.json() as { totalAmount: number }).totalAmount).toBe(total);
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  it("formats kwanza totals the way the storefront shows them", () => {
    expect(formatKz(new Prisma.Decimal(12500))).toBe("12\u00a0500,00 kz");
    expect(formatKz(new Prisma.Decimal("1234567.5"))).toBe("1\u00a0234\u00a0567,50 kz");
    expect(formatKz(new Prisma.Decimal(5000))).toBe("5\u00a0000,00 kz");
    expect(formatKz(new Prisma.Decimal(999))).toBe("999,00 kz");
  });

  it("refuses a deleted product with 409 naming it, an unknown one with 404, a size it does not offer with 400", async () => {
    const c = await registerCustomer(t.app);
    const p = products[7]!;
    await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: new Date() } });
    try {
      expectError(
        await place(c, orderBody([{ product: p, quantity: 1 }])),
        409,
        new RegExp(`"${p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`),
      );
    } finally {
      await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: null } });
    }
    expectError(await place(c, orderBody([{ product: { ...p, id: "nao-existe" }, quantity: 1 }])), 404, "Produto não encontrado");
    expectError(await place(c, orderBody([{ product: p, size: "Tamanho-X", quantity: 1 }])), 400, /^Tamanho "Tamanho-X" não disponível/);
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });

  const required: [string, string][] = [
    ["firstName", "Primeiro nome é necessário"],
    ["lastName", "Sobrenome é necessário"],
    ["email", "Email é necessário"],
    ["country", "País é necessário"],
    ["phone", "Número de telefone é necessário"],
  ];
  it.each(required)("refuses an empty or missing %s with its fixed message", async (field, message) => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    expectError(await place(c, { ...body, address: { ...ADDRESS, [field]: "  " } }), 400, message);
    const { [field]: _dropped, ...without } = ADDRESS as Record<string, string>;
    expectError(await place(c, { ...body, address: without }), 400, message);
  });

  it.each(["street", "city", "zipcode"])(
    "refuses an order without %s with 'Preencha todos os campos obrigatórios do endereço'",
    async (field) => {
      const c = await registerCustomer(t.app);
      const body = orderBody([{ product: products[0]!, quantity: 1 }]);
      expectError(
        await place(c, { ...body, address: { ...ADDRESS, [field]: "" } }),
        400,
        "Preencha todos os campos obrigatórios do endereço",
      );
    },
  );

  it("refuses a postal code and a phone number that are not numeric, a malformed e-mail and control characters", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    expectError(await place(c, { ...body, address: { ...ADDRESS, zipcode: "10A0" } }), 400, "Código Postal é necessário");
    expectError(await place(c, { ...body, address: { ...ADDRESS, phone: "nove dois três" } }), 400, "Número de telefone é necessário");
    // Digits, but no phone anywhere: said plainly.
    expectError(await place(c, { ...body, address: { ...ADDRESS, phone: "923 45" } }), 400, /^Número de telefone inválido/);
    expectError(await place(c, { ...body, address: { ...ADDRESS, email: "ana-sem-arroba" } }), 400, "Por favor, insira um email válido");
    expectError(await place(c, { ...body, address: { ...ADDRESS, city: "Lu\u0000anda" } }), 400, "O endereço contém caracteres inválidos");
    // The province is required to deliver to the door (docs/product/checkout.md#checkout-rules).
    expectError(await place(c, { ...body, address: { ...ADDRESS, state: "" } }), 400, "Província é necessária para a entrega ao domicílio");
  });

  it("refuses an empty cart with 'Seu carrinho está vazio', also when every line has quantity 0", async () => {
    const c = await registerCustomer(t.app);
    expectError(await place(c, { address: ADDRESS, items: [], totalAmount: 0, paymentMethod: "cod" }), 400, "Seu carrinho está vazio");
    const p = products[0]!;
    expectError(
      await place(c, {
        address: ADDRESS,
        items: [{ itemId: p.id, size: p.sizes[0], quantity: 0 }],
        totalAmount: DELIVERY_FEE,
        paymentMethod: "cod",
      }),
      400,
      "Seu carrinho está vazio",
    );
  });

  it.each(["paypal", "", "COD"])("refuses payment method %j with 'Método de pagamento inválido'", async (paymentMethod) => {
    const c = await registerCustomer(t.app);
    expectError(
      await place(c, orderBody([{ product: products[0]!, quantity: 1 }], { paymentMethod })),
      400,
      "Método de pagamento inválido",
    );
  });

  it.each([
    ["an extra top-level field", { status: "Entregue" }, "Campo não permitido: status"],
    ["a negative total", { totalAmount: -1 }, "Valor inválido no campo totalAmount"],
    ["a total as text", { totalAmount: "10000" }, "Tipo inválido no campo totalAmount"],
    [
      "101 items",
      { items: Array.from({ length: 101 }, () => ({ itemId: "abc", size: "M", quantity: 1 })) },
      "O campo items é demasiado longo",
    ],
    ["an address field over 255 characters", { address: { ...ADDRESS, city: "x".repeat(256) } }, "O campo address.city é demasiado longo"],
    ["an unknown address field", { address: { ...ADDRESS, userId: "x" } }, "Campo não permitido: userId"],
  ])("refuses %s with 400", async (_label, overrides, message) => {
    const c = await registerCustomer(t.app);
    expectError(await place(c, orderBody([{ product: products[0]!, quantity: 1 }], overrides)), 400, message);
  });

  it.each([
    [{ quantity: 1000 }, "Valor inválido no campo items.0.quantity"],
    [{ quantity: -1 }, "Valor inválido no campo items.0.quantity"],
    [{ quantity: 1.5 }, "Tipo inválido no campo items.0.quantity"],
    [{ paid: true }, "Campo não permitido: paid"],
    [{ itemId: undefined }, "Cada artigo do pedido precisa do identificador do produto"],
  ])("refuses an item with %j", async (change, message) => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    expectError(await place(c, { ...body, items: [{ ...body.items[0], ...change }] }), 400, message);
  });
});

describe("placement rate limit", () => {
  it("allows 30 placement attempts a minute per customer, then answers 429 in Portuguese; other customers are unaffected", async () => {
    const [busy, other] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const empty = { address: ADDRESS, items: [], totalAmount: 0, paymentMethod: "cod" };
    for (let i = 0; i < 30; i++) expect((await place(busy, empty)).statusCode).toBe(400);
    expectError(await place(busy, empty), 429, /^Demasiados pedidos\. Tente novamente dentro de \d+ segundos\.$/);
    expect((await place(other, orderBody([{ product: products[0]!, quantity: 1 }]))).statusCode).toBe(200);
  });
});

describe("placement rate limit and forged tokens", () => {
  it("does not let forged tokens naming a customer spend that customer's allowance", async () => {
    const victim = await registerCustomer(t.app);
    // From an address of its own: refused tokens count against the sender's address, not against the victim.
    const forged = { authorization: `Bearer ${await forgedToken(victim.userId)}` };
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), forged, "10.9.9.9")).statusCode,
      );
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    expect((await place(victim, orderBody([{ product: products[0]!, quantity: 1 }]))).statusCode).toBe(200);
  });
});

describe("Idempotency-Key on POST /api/order/place", () => {
  it("returns the first order for a retry with the same key and body, and makes no second one", async () => {
    const c = await registerCustomer(t.app);
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    const first = await place(c, body, { "idempotency-key": "checkout-1" });
    const again = await place(c, body, { "idempotency-key": "checkout-1" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(1);
  });

  it("refuses the same key with another body with 409", async () => {
    const c = await registerCustomer(t.app);
    await place(c, orderBody([{ product: products[0]!, quantity: 1 }]), { "idempotency-key": "checkout-2" });
    expectError(
      await place(c, orderBody([{ product: products[0]!, quantity: 2 }]), { "idempotency-key": "checkout-2" }),
      409,
      "Esta chave de idempotência já foi usada para um pedido diferente",
    );
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(1);
  });

  it("keeps keys per customer: two customers may use the same key", async () => {
    const [a, b] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    const body = orderBody([{ product: products[0]!, quantity: 1 }]);
    const ra = await place(a, body, { "idempotency-key": "same" });
    const rb = await place(b, body, { "idempotency-key": "same" });
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect((ra.json() as { orderId: string }).orderId).not.toBe((rb.json() as { orderId: string }).orderId);
  });

  it("refuses a key longer than 100 characters", async () => {
    const c = await registerCustomer(t.app);
    expectError(await place(c, orderBody([{ product: products[0]!, quantity: 1 }]), { "idempotency-key": "k".repeat(101) }), 400);
  });
});

describe("POST /api/order/userorders", () => {
  it("lists the caller's orders newest first in the shopper contract's shape", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[8]!, products[9]!];
    const first = (await place(c, orderBody([{ product: a, quantity: 1 }]))).json() as { orderId: string };
    const second = (await place(c, orderBody([{ product: b, quantity: 3 }]))).json() as { orderId: string };
    const orders = await ordersOf(c);
    expect(orders.map((o) => o._id)).toEqual([second.orderId, first.orderId]);
    const newest = orders[0]!;
    expect(newest).toMatchObject({
      status: "Aguardando Pagamento",
      paymentMethod: "bank_transfer",
      payment: false,
      address: { ...ADDRESS, phone: expect.stringMatching(/^\+244 923 \d{6}$/) },
      totalAmount: b.price * 3 + DELIVERY_FEE,
    });
    expect(new Date(newest.createdAt as string).toISOString()).toBe(newest.createdAt);
    expect(newest.items).toEqual([
      { itemId: b.id, name: b.name, image: [expect.stringMatching(/^\/media\//)], price: b.price, size: b.sizes[0], quantity: 3 },
    ]);
    expect(Object.keys(newest)).not.toContain("idempotencyKey");
    expect(Object.keys(newest)).not.toContain("userId");
  });

  it("shows nobody else's orders", async () => {
    const [a, b] = [await registerCustomer(t.app), await registerCustomer(t.app)];
    await place(a, orderBody([{ product: products[0]!, quantity: 1 }]));
    expect(await ordersOf(b)).toEqual([]);
  });

  it("keeps showing an order's lines after its product is deleted", async () => {
    const c = await registerCustomer(t.app);
    const p = products[10]!;
    await place(c, orderBody([{ product: p, quantity: 1 }]));
    await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: new Date() } });
    try {
      expect((await ordersOf(c))[0]!.items[0]).toMatchObject({ name: p.name, price: p.price });
    } finally {
      await t.prisma.product.update({ where: { id: p.id }, data: { deletedAt: null } });
    }
  });
});

describe("order authentication", () => {
  const expired = "Sessão expirada. Por favor, faça login novamente.";
  it.each(["/api/order/place", "/api/order/userorders", "/api/order/stripe", "/api/order/verifyStripe"])(
    "%s answers 401 without a token, with a forged one and with an expired one",
    async (url) => {
      const c = await registerCustomer(t.app);
      const body = url.endsWith("userorders")
        ? {}
        : url.endsWith("verifyStripe")
          ? { success: "true", orderId: "abc" }
          : orderBody([{ product: products[0]!, quantity: 1 }]);
      expectError(await post(t, url, body), 401, expired);
      expectError(await post(t, url, body, { authorization: `Bearer ${await forgedToken(c.userId)}` }), 401, expired);
      expectError(await post(t, url, body, { authorization: `Bearer ${await expiredToken(c.userId)}` }), 401, expired);
      expectError(await post(t, url, body, { token: await expiredToken(c.userId) }), 401, expired);
      expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
    },
  );
});

describe("changeOrderStatus (staff)", () => {
  it("moves an order through the statuses, recording who and when, and marks it paid once payment is confirmed", async () => {
    const c = await registerCustomer(t.app);
    const staff = await createStaff(t, "support");
    const { orderId } = (await place(c, orderBody([{ product: products[0]!, quantity: 1 }]))).json() as { orderId: string };
    const placed = await t.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    await t.prisma.order.update({ where: { id: orderId }, data: { amountPaid: placed.totalAmount } });
    expect(
      await changeOrderStatus(t.prisma, { orderId, status: "Pagamento Confirmado", staffUserId: staff.userId, role: "support" }),
    ).toEqual({ id: orderId, status: "Pagamento Confirmado", paid: true });
    // Every step in turn, so each one is in the history (a paid order may also skip ahead).
    await changeOrderStatus(t.prisma, { orderId, status: "Em Preparação", staffUserId: staff.userId, role: "support" });
    await changeOrderStatus(t.prisma, { orderId, status: "Enviado", staffUserId: staff.userId, role: "support", note: "  DHL 123  " });
    const history = await t.prisma.orderStatusChange.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
    expect(history.map((h) => [h.status, h.changedById, h.note])).toEqual([
      ["Aguardando Pagamento", null, null],
      ["Pagamento Confirmado", staff.userId, null],
      ["Em Preparação", staff.userId, null],
      ["Enviado", staff.userId, "DHL 123"],
    ]);
    expect((await ordersOf(c))[0]).toMatchObject({ status: "Enviado", payment: true });
  });

  it("refuses an unknown status, the current status and an unknown order", async () => {
    const c = await registerCustomer(t.app);
    const staff = await createStaff(t, "admin");
    const { orderId } = (await place(c, orderBody([{ product: products[0]!, quantity: 1 }]))).json() as { orderId: string };
    await expect(
      changeOrderStatus(t.prisma, { orderId, status: "Perdido", staffUserId: staff.userId, role: "admin" }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      changeOrderStatus(t.prisma, { orderId, status: "Aguardando Pagamento", staffUserId: staff.userId, role: "admin" }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      changeOrderStatus(t.prisma, { orderId: "nao-existe", status: "Entregue", staffUserId: staff.userId, role: "admin" }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await t.prisma.orderStatusChange.count({ where: { orderId } })).toBe(1);
  });

  it("lets exactly one of two simultaneous changes of one order win", async () => {
    const c = await registerCustomer(t.app);
    const staff = await createStaff(t, "admin");
    const { orderId } = (await place(c, orderBody([{ product: products[0]!, quantity: 1 }]))).json() as { orderId: string };
    const results = await Promise.allSettled([
      changeOrderStatus(t.prisma, { orderId, status: "Cancelado", staffUserId: staff.userId, role: "admin" }),
      changeOrderStatus(t.prisma, { orderId, status: "Cancelado", staffUserId: staff.userId, role: "admin" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await t.prisma.orderStatusChange.count({ where: { orderId } })).toBe(2);
  });
});
