// Stock per product and size (docs/product/orders.md#stock): staff set it, the shop shows sold-out sizes, placement
// takes units atomically (refusing beyond what is left, nothing taken), cancellation and expiry give them back,
// delivery consumes them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { expireOverdueOrders } from "../../server/domain/payments/deadlines.ts";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let products: CatalogueProduct[];

const staffApi = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });

/** Sets a product's stock through the staff API (the whole product body, as the console sends it). */
async function setStock(productId: string, stock: Record<string, number> | undefined): Promise<AdminProduct> {
  const p = (await staffApi("GET", `/products/${productId}`)).json() as AdminProduct;
  const body = {
    name: p.name,
    description: p.description,
    price: p.price,
    sizes: p.sizes,
    category: p.category,
    subCategory: p.subCategory,
    bestseller: p.bestseller,
    images: p.images.map((i) => ({ mediaId: i.mediaId, thumbId: i.thumbId })),
    ...(stock ? { stock } : {}),
  };
  const res = await staffApi("PUT", `/products/${productId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminProduct;
}

const units = async (productId: string, size: string) =>
  (await t.prisma.productStock.findUnique({ where: { productId_size: { productId, size } } }))?.quantity ?? null;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  products = (await liveProducts(t)).filter((p) => p.sizes.length >= 2);
});
afterAll(() => t.close());

describe("staff stock", () => {
  it("takes units per size, refuses a size the product lacks, and lists low stock", async () => {
    const p = products[0]!;
    const [a, b] = p.sizes as [string, string];
    const saved = await setStock(p.id, { [a]: 2, [b]: 40 });
    expect(saved.stock).toEqual({ [a]: 2, [b]: 40 });
    const low = await staffApi("GET", `/products?filter=${encodeURIComponent(JSON.stringify({ lowStock: true }))}`);
    expect((low.json() as AdminProduct[]).map((r) => r.id)).toContain(p.id);
    const res = await staffApi("GET", `/products/${p.id}`);
    const bad = { ...(res.json() as AdminProduct) };
    const body = {
      name: bad.name,
      description: bad.description,
      price: bad.price,
      sizes: bad.sizes,
      category: bad.category,
      subCategory: bad.subCategory,
      bestseller: bad.bestseller,
      images: bad.images.map((i) => ({ mediaId: i.mediaId, thumbId: i.thumbId })),
    };
    expectError(await staffApi("PUT", `/products/${p.id}`, { ...body, stock: { XXL9: 1 } }), 400, /XXL9/);
    expectError(await staffApi("PUT", `/products/${p.id}`, { ...body, stock: { [a]: -1 } }), 400);
    // Leaving stock out keeps it as it was.
    expect((await setStock(p.id, undefined)).stock).toEqual({ [a]: 2, [b]: 40 });
    expect((await setStock(p.id, {})).stock).toEqual({});
  });
});

describe("the shop and sold-out sizes", () => {
  it("shows a size at 0 as sold out, refuses to add it, and the product sold out once every size is", async () => {
    const p = products[1]!;
    const [a] = p.sizes as [string];
    await setStock(p.id, { [a]: 0 });
    const list = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json() as {
      products: { _id: string; soldOut: boolean; soldOutSizes?: string[] }[];
    };
    const shown = list.products.find((x) => x._id === p.id)!;
    expect(shown).toMatchObject({ soldOut: false, soldOutSizes: [a] });
    const c = await registerCustomer(t.app);
    expectError(await post(t, "/api/cart/add", { itemId: p.id, size: a }, c.auth), 409, "Este tamanho está esgotado");
    expect((await post(t, "/api/cart/add", { itemId: p.id, size: p.sizes[1] }, c.auth)).statusCode).toBe(200);
    await setStock(p.id, Object.fromEntries(p.sizes.map((s) => [s, 0])));
    const again = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json() as typeof list;
    expect(again.products.find((x) => x._id === p.id)!.soldOut).toBe(true);
    await setStock(p.id, {});
  });
});

describe("placement takes units", () => {
  it("takes what an order asks for, and refuses beyond what is left naming product and size, taking nothing", async () => {
    const p = products[2]!;
    const q = products[3]!;
    const [a] = p.sizes as [string];
    const [qa] = q.sizes as [string];
    await setStock(p.id, { [a]: 3 });
    await setStock(q.id, { [qa]: 1 });
    const c = await registerCustomer(t.app);
    const first = await post(t, "/api/order/place", orderBody([{ product: p, size: a, quantity: 2 }]), c.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(await units(p.id, a)).toBe(1);
    // Two lines, the second short: refused, and the first line's unit is not taken either.
    const both = orderBody([
      { product: p, size: a, quantity: 1 },
      { product: q, size: qa, quantity: 2 },
    ]);
    expectError(
      await post(t, "/api/order/place", both, c.auth),
      409,
      `Já não há unidades suficientes de "${q.name}" no tamanho ${qa}. Ajuste a quantidade ou escolha outro tamanho.`,
    );
    expect(await units(p.id, a)).toBe(1);
    expect(await units(q.id, qa)).toBe(1);
    // An untracked size is sold as before.
    const free = await post(t, "/api/order/place", orderBody([{ product: p, size: p.sizes[1], quantity: 5 }]), c.auth);
    expect(free.statusCode, free.body).toBe(200);
  });

  it("gives units back when staff cancel, once; a delivered order keeps them taken", async () => {
    const p = products[4]!;
    const [a] = p.sizes as [string];
    await setStock(p.id, { [a]: 5 });
    const c = await registerCustomer(t.app);
    const place = async (quantity: number) => {
      const res = await post(t, "/api/order/place", orderBody([{ product: p, size: a, quantity }]), c.auth);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { orderId: string }).orderId;
    };
    const cancelled = await place(2);
    const delivered = await place(3);
    expect(await units(p.id, a)).toBe(0);
    expect((await staffApi("PUT", `/orders/${cancelled}`, { status: "Cancelado", note: "Cliente desistiu" })).statusCode).toBe(200);
    expect(await units(p.id, a)).toBe(2);
    // Moving it again (an admin's exception and back) never gives the units twice.
    await staffApi("PUT", `/orders/${cancelled}`, { status: "Cancelado", note: "de novo" });
    expect(await units(p.id, a)).toBe(2);

    await t.prisma.order.update({
      where: { id: delivered },
      data: { amountPaid: (await t.prisma.order.findUniqueOrThrow({ where: { id: delivered } })).totalAmount },
    });
    for (const status of ["Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue"]) {
      const res = await staffApi("PUT", `/orders/${delivered}`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await units(p.id, a)).toBe(2);
    expect(await t.prisma.orderLine.count({ where: { orderId: delivered, reserved: true } })).toBe(0);
  });

  it("gives units back when the payment deadline expires", async () => {
    const p = products[5]!;
    const [a] = p.sizes as [string];
    await setStock(p.id, { [a]: 1 });
    const c = await registerCustomer(t.app);
    const res = await post(t, "/api/order/place", orderBody([{ product: p, size: a, quantity: 1 }]), c.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json() as { orderId: string };
    expect(await units(p.id, a)).toBe(0);
    await t.prisma.order.update({ where: { id: orderId }, data: { paymentDeadline: new Date(Date.now() - 1000) } });
    expect(await expireOverdueOrders(t.prisma, new Date())).toContain(orderId);
    await t.settled();
    expect(await units(p.id, a)).toBe(1);
  });
});
