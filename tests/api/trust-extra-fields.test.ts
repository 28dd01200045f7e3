// Trust: the fields a client must never set (price, total, status, paid, userId, role) are sent to every write
// route, on top of an otherwise valid body, and none takes effect: each is refused, and the database is the same
// afterwards. Prices and names inside order lines are accepted (the storefront sends its copy) and ignored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, uniqueEmail, type Customer, type TestApp } from "../helpers/app.ts";
import { ADDRESS, DELIVERY_FEE, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";

const EXTRAS: Record<string, unknown> = { price: 1, total: 1, status: "Entregue", paid: true, userId: "outro-utilizador", role: "admin" };

let t: TestApp;
let products: CatalogueProduct[];
let customer: Customer;
let admin: { userId: string; token: string; auth: { authorization: string } };
let orderId: string;
beforeAll(async () => {
  t = await buildTestApp();
  products = await liveProducts(t);
  customer = await registerCustomer(t.app);
  admin = await createStaff(t, "admin");
  await post(t, "/api/cart/add", { itemId: products[0]!.id, size: products[0]!.sizes[0] }, customer.auth);
  orderId = (
    (await post(t, "/api/order/place", orderBody([{ product: products[1]!, quantity: 1 }]), customer.auth)).json() as { orderId: string }
  ).orderId;
});
afterAll(() => t.close());

/** Everything a smuggled field could change. */
async function snapshot() {
  const [users, orders, lines, history, cart, catalogue, settings] = await Promise.all([
    t.prisma.user.findMany({ orderBy: { id: "asc" }, select: { id: true, role: true, active: true, email: true } }),
    t.prisma.order.findMany({ orderBy: { id: "asc" }, select: { id: true, userId: true, status: true, paid: true, totalAmount: true } }),
    t.prisma.orderLine.findMany({ orderBy: { id: "asc" }, select: { id: true, price: true, quantity: true } }),
    t.prisma.orderStatusChange.count(),
    t.prisma.cartLine.findMany({
      orderBy: [{ userId: "asc" }, { productId: "asc" }, { size: "asc" }],
      select: { userId: true, productId: true, size: true, quantity: true },
    }),
    t.prisma.product.findMany({ orderBy: { id: "asc" }, select: { id: true, price: true, name: true, deletedAt: true } }),
    t.prisma.shopSettings.findMany(),
  ]);
  return JSON.stringify({ users, orders, lines, history, cart, catalogue, settings });
}

interface WriteRoute {
  method: "POST" | "PUT";
  url: () => string;
  body: () => Record<string, unknown>;
  auth: () => Record<string, string>;
}

const p = () => products[2]!;
const shopper = () => customer.auth;
const staff = () => admin.auth;
const ROUTES: WriteRoute[] = [
  {
    method: "POST",
    url: () => "/api/user/register",
    body: () => ({ name: "Novo", email: uniqueEmail(), password: "uma-senha-boa" }),
    auth: () => ({}),
  },
  { method: "POST", url: () => "/api/user/login", body: () => ({ email: customer.email, password: customer.password }), auth: () => ({}) },
  { method: "POST", url: () => "/api/user/firebase-login", body: () => ({ idToken: "x.y.z" }), auth: () => ({}) },
  { method: "POST", url: () => "/api/cart/add", body: () => ({ itemId: p().id, size: p().sizes[0] }), auth: shopper },
  { method: "POST", url: () => "/api/cart/update", body: () => ({ itemId: p().id, size: p().sizes[0], quantity: 2 }), auth: shopper },
  { method: "POST", url: () => "/api/cart/get", body: () => ({}), auth: shopper },
  { method: "POST", url: () => "/api/cart/merge", body: () => ({ cartData: { [p().id]: { [p().sizes[0]!]: 1 } } }), auth: shopper },
  { method: "POST", url: () => "/api/order/place", body: () => orderBody([{ product: p(), quantity: 1 }]), auth: shopper },
  {
    method: "POST",
    url: () => "/api/order/stripe",
    body: () => orderBody([{ product: p(), quantity: 1 }], { paymentMethod: "stripe" }),
    auth: shopper,
  },
  { method: "POST", url: () => "/api/order/verifyStripe", body: () => ({ success: "true", orderId }), auth: shopper },
  { method: "POST", url: () => "/api/order/userorders", body: () => ({}), auth: shopper },
  // Staff routes: the console must not be a way around the rules either.
  { method: "POST", url: () => "/admin/api/auth/login", body: () => ({ email: "x@y.ao", password: "senha-qualquer" }), auth: () => ({}) },
  { method: "PUT", url: () => `/admin/api/orders/${orderId}`, body: () => ({ status: "Em Preparação" }), auth: staff },
  { method: "PUT", url: () => `/admin/api/products/${p().id}`, body: () => ({ name: "Renomeado" }), auth: staff },
  { method: "PUT", url: () => `/admin/api/staff/${admin.userId}`, body: () => ({ name: "Admin" }), auth: staff },
  { method: "PUT", url: () => "/admin/api/settings/1", body: () => ({ phones: ["+244 900 000 000"] }), auth: staff },
];

describe("extra fields on every write route", () => {
  it("refuses each of price, total, status, paid, userId and role on every write route, and nothing changes", async () => {
    // A field the route itself declares (a staff member sets an order's status, a product's price) is no extra.
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>>;
    };
    const declared = (route: WriteRoute) => {
      const path = route.url().replace(/\/(?:[a-z0-9]{20,}|1)$/, "/{id}");
      const schema = doc.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content["application/json"]?.schema;
      return schema ? Object.keys(schema.properties ?? {}) : undefined;
    };
    const before = await snapshot();
    const outcomes: { route: string; field: string; status: number }[] = [];
    for (const route of ROUTES) {
      const own = declared(route);
      expect(own, `${route.method} ${route.url()} has a JSON body schema`).toBeDefined();
      for (const [field, value] of Object.entries(EXTRAS)) {
        if (own!.includes(field)) continue;
        const res = await t.app.inject({
          method: route.method,
          url: route.url(),
          payload: JSON.stringify({ ...route.body(), [field]: value }),
          headers: { "content-type": "application/json", ...route.auth() },
        });
        outcomes.push({ route: `${route.method} ${route.url()}`, field, status: res.statusCode });
        expect(res.statusCode, `${route.method} ${route.url()} + ${field}: ${res.body}`).toBe(400);
        // Staff bodies here are partial: the refusal may name a missing field first; the snapshot shows no effect.
        if (route.url().startsWith("/api/")) expect((res.json() as { message: string }).message).toBe(`Campo não permitido: ${field}`);
      }
    }
    const after = await snapshot();
    const tookEffect = outcomes.filter((o) => o.status < 400).length + (before === after ? 0 : 1);
    console.log(
      `extra fields: ${ROUTES.length} write routes × up to ${Object.keys(EXTRAS).length} fields = ${outcomes.length} attempts, refused ${outcomes.filter((o) => o.status === 400).length}, took effect ${tookEffect}`,
    );
    expect(after).toBe(before);
  });

  it("refuses extra fields inside the address and a forged status inside an order line", async () => {
    const body = orderBody([{ product: p(), quantity: 1 }]);
    for (const [field, value] of Object.entries(EXTRAS)) {
      const inAddress = await post(t, "/api/order/place", { ...body, address: { ...ADDRESS, [field]: value } }, shopper());
      expect(inAddress.statusCode).toBe(400);
    }
    for (const field of ["total", "status", "paid", "userId", "role"]) {
      const inLine = await post(t, "/api/order/place", { ...body, items: [{ ...body.items[0], [field]: EXTRAS[field] }] }, shopper());
      expect(inLine.statusCode, field).toBe(400);
    }
  });

  it("stores the catalogue's price, name and the server's total whatever price, name and image a line carries", async () => {
    const c = await registerCustomer(t.app);
    const [a, b] = [products[3]!, products[4]!];
    const body = orderBody([
      { product: a, quantity: 2 },
      { product: b, quantity: 1 },
    ]);
    body.items = body.items.map((i) => ({ ...i, price: 0.01, name: "Oferta", image: ["/media/outra"] }));
    const res = await post(t, "/api/order/place", body, c.auth);
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.prisma.order.findUniqueOrThrow({
      where: { id: (res.json() as { orderId: string }).orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    expect(order.lines.map((l) => [l.name, l.price.toNumber()])).toEqual([
      [a.name, a.price],
      [b.name, b.price],
    ]);
    expect(order.totalAmount.toNumber()).toBe(a.price * 2 + b.price + DELIVERY_FEE);
    expect([order.userId, order.status, order.paid]).toEqual([c.userId, "Aguardando Pagamento", false]);
  });

  it("never lets a client total below the server's through", async () => {
    const c = await registerCustomer(t.app);
    const a = products[5]!;
    for (const totalAmount of [0, 1, a.price, a.price + DELIVERY_FEE - 0.01, a.price + DELIVERY_FEE + 0.01]) {
      expect((await post(t, "/api/order/place", orderBody([{ product: a, quantity: 1 }], { totalAmount }), c.auth)).statusCode).toBe(409);
    }
    expect(await t.prisma.order.count({ where: { userId: c.userId } })).toBe(0);
  });
});
