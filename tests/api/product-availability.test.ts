// Staff may hide a product from the shop or mark it sold out. A hidden product leaves every shop read
// (list, catalogue pages, product page, sitemap, cart) without being deleted; a sold-out one stays on show,
// marked, and the cart and checkout refuse it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, liveProducts, orderBody, post, type CatalogueProduct } from "./commerce-fixtures.ts";
import { SOLD_OUT, soldOutInOrder } from "../../shared/catalogue.ts";

let t: TestApp;
let hidden: CatalogueProduct;
let soldOut: CatalogueProduct;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  [hidden, soldOut] = (await liveProducts(t)).slice(0, 2) as [CatalogueProduct, CatalogueProduct];
});
afterAll(() => t.close());

/** Marks a product through the staff API the console uses. */
async function mark(p: CatalogueProduct, flags: { hidden?: boolean; soldOut?: boolean }) {
  const current = (await t.app.inject({ method: "GET", url: `/admin/api/products/${p.id}`, headers: admin.auth })).json();
  const body = {
    name: current.name,
    description: current.description,
    price: current.price,
    sizes: current.sizes,
    category: current.category,
    subCategory: current.subCategory,
    bestseller: current.bestseller,
    images: current.images.map((i: { mediaId: string; thumbId: string | null }) => ({ mediaId: i.mediaId, thumbId: i.thumbId })),
    ...flags,
  };
  const res = await t.app.inject({ method: "PUT", url: `/admin/api/products/${p.id}`, headers: admin.auth, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject(flags);
}

const get = (url: string) => t.app.inject({ method: "GET", url });
const listIds = async () => ((await get("/api/product/list")).json().products as { _id: string }[]).map((p) => p._id);

describe("a hidden product", () => {
  it("leaves the list, the catalogue pages, the product page, the sitemap and carts, and comes back when shown", async () => {
    const c = await registerCustomer(t.app);
    expect((await post(t, "/api/cart/add", { itemId: hidden.id, size: hidden.sizes[0] }, c.auth)).statusCode).toBe(200);
    await mark(hidden, { hidden: true });
    expect(await listIds()).not.toContain(hidden.id);
    expect((await get(`/api/catalogue/products?ids=${hidden.id}`)).json().products).toEqual([]);
    expect(
      (await get(`/api/catalogue/products?q=${encodeURIComponent(hidden.name)}&pageSize=100`))
        .json()
        .products.map((p: { _id: string }) => p._id),
    ).not.toContain(hidden.id);
    expect((await get(`/api/catalogue/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`/product/${hidden.id}`)).statusCode).toBe(404);
    expect((await get("/sitemap.xml")).body).not.toContain(hidden.id);
    const cart = (await post(t, "/api/cart/get", {}, c.auth)).json() as { cartData: Record<string, unknown> };
    expect(cart.cartData[hidden.id]).toBeUndefined();
    expectError(await post(t, "/api/cart/add", { itemId: hidden.id, size: hidden.sizes[0] }, c.auth), 404);
    expectError(await post(t, "/api/order/place", orderBody([{ product: hidden, quantity: 1 }]), c.auth), 409, /já não está disponível/);
    // Staff still see and edit it.
    const staffList = (
      await t.app.inject({
        method: "GET",
        url: `/admin/api/products?filter=${encodeURIComponent(JSON.stringify({ id: [hidden.id] }))}`,
        headers: admin.auth,
      })
    ).json();
    expect(staffList[0]).toMatchObject({ id: hidden.id, hidden: true });
    await mark(hidden, { hidden: false });
    expect(await listIds()).toContain(hidden.id);
  });
});

describe("a sold-out product", () => {
  it("stays on show marked soldOut, and the cart and checkout refuse it", async () => {
    const c = await registerCustomer(t.app);
    await mark(soldOut, { soldOut: true });
    const listed = ((await get("/api/product/list")).json().products as { _id: string; soldOut: boolean }[]).find(
      (p) => p._id === soldOut.id,
    );
    expect(listed?.soldOut).toBe(true);
    expect((await get(`/api/catalogue/products/${soldOut.id}`)).json().product.soldOut).toBe(true);
    expectError(await post(t, "/api/cart/add", { itemId: soldOut.id, size: soldOut.sizes[0] }, c.auth), 409, SOLD_OUT);
    expectError(
      await post(t, "/api/order/place", orderBody([{ product: soldOut, quantity: 1 }]), c.auth),
      409,
      soldOutInOrder(soldOut.name),
    );
    await mark(soldOut, { soldOut: false });
    expect((await post(t, "/api/cart/add", { itemId: soldOut.id, size: soldOut.sizes[0] }, c.auth)).statusCode).toBe(200);
  });
});
