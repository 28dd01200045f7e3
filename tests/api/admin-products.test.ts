import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart, pdfBytes, pngBytes } from "./admin-fixtures.ts";
import type { AdminProduct, AdminProductImage } from "../../server/schemas/admin-products.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });

async function upload(bytes: Buffer, filename = "foto.png", type = "image/png") {
  const body = multipart([{ name: "file", file: { bytes, filename, type } }]);
  return t.app.inject({ method: "POST", url: "/admin/api/uploads", headers: { ...admin.auth, ...body.headers }, payload: body.payload });
}

async function uploaded(color = { r: 10, g: 120, b: 200 }): Promise<AdminProductImage> {
  const res = await upload(await pngBytes(1600, 1200, color));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().image;
}

const body = (images: AdminProductImage[], over: Record<string, unknown> = {}) => ({
  name: "Camisa de Linho Azul",
  description: "Linho 100%",
  price: 15000.5,
  sizes: ["S", "M", "L"],
  category: "Moda",
  subCategory: "Moda Masculina",
  bestseller: true,
  images: images.map((i) => ({ mediaId: i.mediaId, thumbId: i.thumbId })),
  ...over,
});

describe("POST /admin/api/uploads", () => {
  it("stores a photo as a WebP full image, an 800 px middle rendition and a 400 px thumbnail, made at upload", async () => {
    const image = await uploaded();
    const fullRow = await t.prisma.media.findUniqueOrThrow({ where: { id: image.mediaId }, include: { middle: true } });
    const thumbRow = await t.prisma.media.findUniqueOrThrow({ where: { id: image.thumbId! } });
    expect([fullRow.width, fullRow.middle?.width, thumbRow.width]).toEqual([1000, 800, 400]);
    expect([fullRow.kind, fullRow.middle?.kind, thumbRow.kind]).toEqual(["product", "middle", "thumbnail"]);
    // All three from the same store, with the same public, immutable caching.
    for (const url of [image.url, `/media/${fullRow.middle!.publicId}`, image.thumbnailUrl]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(res.rawPayload).metadata()).width).toBe(url === image.url ? 1000 : url === image.thumbnailUrl ? 400 : 800);
    }
  });

  it("refuses files that are not images by their bytes, whatever their name says", async () => {
    expectError(await upload(pdfBytes(), "foto.png", "image/png"), 415);
    expectError(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), "logo.svg", "image/svg+xml"), 415);
    expectError(await upload(Buffer.alloc(0), "vazio.png"), 400);
  });

  it("refuses a request without a file, with extra fields, or that is not multipart", async () => {
    const none = multipart([]);
    expectError(
      await t.app.inject({ method: "POST", url: "/admin/api/uploads", headers: { ...admin.auth, ...none.headers }, payload: none.payload }),
      400,
    );
    const extra = multipart([{ name: "hack", value: "1" }]);
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/admin/api/uploads",
        headers: { ...admin.auth, ...extra.headers },
        payload: extra.payload,
      }),
      400,
    );
    expectError(await t.app.inject({ method: "POST", url: "/admin/api/uploads", headers: admin.auth, payload: { file: "x" } }), 415);
  });
});

describe("products CRUD", () => {
  it("creates a product with two images that the shopper list then shows, images in order", async () => {
    const [a, b] = [await uploaded({ r: 1, g: 2, b: 3 }), await uploaded({ r: 200, g: 2, b: 3 })];
    const res = await api("POST", "/products", body([a!, b!]));
    expect(res.statusCode, res.body).toBe(200);
    const created: AdminProduct = res.json();
    expect(created.images.map((i) => i.mediaId)).toEqual([a!.mediaId, b!.mediaId]);
    expect(created.price).toBe(15000.5);
    const list = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json();
    const shop = list.products.find((p: { _id: string }) => p._id === created.id);
    expect(shop).toMatchObject({
      name: "Camisa de Linho Azul",
      price: 15000.5,
      category: "Moda",
      subCategory: "Moda Masculina",
      bestseller: true,
      sizes: ["S", "M", "L"],
    });
    expect(shop.image).toEqual([a!.url, b!.url]);
    expect(shop.thumbnail).toEqual([a!.thumbnailUrl, b!.thumbnailUrl]);
    const middles = await t.prisma.media.findMany({
      where: { middleOf: { id: { in: [a!.mediaId, b!.mediaId] } } },
      include: { middleOf: true },
    });
    const middleOf = (id: string) => `/media/${middles.find((m) => m.middleOf!.id === id)!.publicId}`;
    expect(shop.middle).toEqual([middleOf(a!.mediaId), middleOf(b!.mediaId)]);
    expect(list.products.at(-1)._id).toBe(created.id);
  });

  it("reorders and removes images on update, and the shopper list follows", async () => {
    const [a, b, c] = [await uploaded(), await uploaded({ r: 9, g: 9, b: 9 }), await uploaded({ r: 90, g: 9, b: 9 })];
    const created: AdminProduct = (await api("POST", "/products", body([a!, b!, c!]))).json();
    const res = await api("PUT", `/products/${created.id}`, body([c!, a!], { name: "Camisa Nova", bestseller: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images.map((i: AdminProductImage) => i.mediaId)).toEqual([c!.mediaId, a!.mediaId]);
    const shop = (await t.app.inject({ method: "GET", url: "/api/product/list" }))
      .json()
      .products.find((p: { _id: string }) => p._id === created.id);
    expect(shop.image).toEqual([c!.url, a!.url]);
    expect(shop.name).toBe("Camisa Nova");
    expect(shop.bestseller).toBe(false);
  });

  it("deletes softly: the product leaves the catalogue but past orders keep their lines", async () => {
    const created: AdminProduct = (await api("POST", "/products", body([await uploaded()]))).json();
    const customer = await registerCustomer(t.app);
    const order = await makeOrder(t, customer.userId);
    await t.prisma.orderLine.updateMany({ where: { orderId: order.id }, data: { productId: created.id, name: created.name } });
    const del = await api("DELETE", `/products/${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().id).toBe(created.id);
    expectError(await api("GET", `/products/${created.id}`), 404);
    const shop = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json().products;
    expect(shop.some((p: { _id: string }) => p._id === created.id)).toBe(false);
    const detail = (await api("GET", `/orders/${order.id}`)).json();
    expect(detail.lines[0]).toMatchObject({ productId: created.id, name: created.name });
    expectError(await api("DELETE", `/products/${created.id}`), 404);
  });

  it("refuses bad input with a Portuguese 400 and never a 500", async () => {
    const img = await uploaded();
    expectError(
      await api("POST", "/products", body([img], { category: "Moda", subCategory: "Gaming" })),
      400,
      "Categoria ou subcategoria inválida",
    );
    expectError(await api("POST", "/products", body([img], { category: "Comida" })), 400);
    expectError(await api("POST", "/products", body([img], { price: -1 })), 400);
    expectError(await api("POST", "/products", body([img], { price: "10" })), 400);
    expectError(await api("POST", "/products", body([img], { name: "   " })), 400);
    expectError(await api("POST", "/products", body([img], { sizes: [] })), 400);
    expectError(await api("POST", "/products", body([img], { extra: 1 })), 400, "Campo não permitido: extra");
    expectError(await api("POST", "/products", body([])), 400);
    expectError(await api("POST", "/products", body([img, img])), 400);
    expectError(await api("POST", "/products", { ...body([]), images: [{ mediaId: "naoexiste", thumbId: null }] }), 400);
    // A thumbnail or a chat attachment cannot pose as a product image.
    expectError(await api("POST", "/products", { ...body([]), images: [{ mediaId: img.thumbId, thumbId: null }] }), 400);
    expectError(await api("PUT", "/products/naoexiste", body([img])), 404);
    expectError(await api("GET", "/products/bad%20id"), 400);
    expectError(
      await t.app.inject({
        method: "POST",
        url: "/admin/api/products",
        headers: { ...admin.auth, "content-type": "application/json" },
        payload: "{not json",
      }),
      400,
    );
  });
});

describe("GET /admin/api/products list conventions", () => {
  it("pages with range and reports the total in an exposed Content-Range", async () => {
    const total = await t.prisma.product.count({ where: { deletedAt: null } });
    const res = await api("GET", `/products?range=${encodeURIComponent("[0,4]")}&sort=${encodeURIComponent('["name","ASC"]')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(5);
    expect(res.headers["content-range"]).toBe(`products 0-4/${total}`);
    expect(String(res.headers["access-control-expose-headers"])).toContain("Content-Range");
    const names = res.json().map((p: AdminProduct) => p.name);
    const expected = await t.prisma.product.findMany({
      where: { deletedAt: null },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: 5,
      select: { name: true },
    });
    expect(names).toEqual(expected.map((p) => p.name));
    const page2 = await api("GET", `/products?range=${encodeURIComponent("[5,9]")}&sort=${encodeURIComponent('["name","ASC"]')}`);
    expect(page2.headers["content-range"]).toBe(`products 5-9/${total}`);
    expect(page2.json()).toHaveLength(5);
    expect(page2.json().map((p: AdminProduct) => p.id)).not.toContain(res.json()[0].id);
  });

  it("sorts by price both ways", async () => {
    const asc = (await api("GET", `/products?sort=${encodeURIComponent('["price","ASC"]')}&range=[0,99]`))
      .json()
      .map((p: AdminProduct) => p.price);
    const desc = (await api("GET", `/products?sort=${encodeURIComponent('["price","DESC"]')}&range=[0,99]`))
      .json()
      .map((p: AdminProduct) => p.price);
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
  });

  it("filters by search text, category, sub-category, bestseller and ids", async () => {
    const seeded = await t.prisma.product.findFirstOrThrow({ where: { deletedAt: null, bestseller: true } });
    const q = (f: object) => api("GET", `/products?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(f))}`);
    const byName = (await q({ q: seeded.name.slice(0, 6).toUpperCase() })).json();
    expect(byName.some((p: AdminProduct) => p.id === seeded.id)).toBe(true);
    const byCat = (await q({ category: seeded.category, subCategory: seeded.subCategory })).json();
    expect(byCat.length).toBeGreaterThan(0);
    expect(byCat.every((p: AdminProduct) => p.category === seeded.category && p.subCategory === seeded.subCategory)).toBe(true);
    expect((await q({ bestseller: true })).json().every((p: AdminProduct) => p.bestseller)).toBe(true);
    expect((await q({ bestseller: false })).json().every((p: AdminProduct) => !p.bestseller)).toBe(true);
    const many = await q({ id: [seeded.id] });
    expect(many.json().map((p: AdminProduct) => p.id)).toEqual([seeded.id]);
    expect((await q({ q: "zzz-nada-assim" })).headers["content-range"]).toBe("products */0");
  });

  it("refuses malformed list parameters with 400", async () => {
    const bad = [
      "filter=%7Bnot-json",
      `filter=${encodeURIComponent("[1,2]")}`,
      `filter=${encodeURIComponent('{"hack":1}')}`,
      `filter=${encodeURIComponent('{"bestseller":"talvez"}')}`,
      `filter=${encodeURIComponent('{"id":["a b"]}')}`,
      "range=[5,1]",
      "range=[0,5000]",
      "range=[-1,3]",
      "range=oops",
      `sort=${encodeURIComponent('["passwordHash","ASC"]')}`,
      `sort=${encodeURIComponent('["name","UP"]')}`,
      "unknown=1",
    ];
    for (const qs of bad) expectError(await api("GET", `/products?${qs}`), 400);
  });

  it("serves the fixed taxonomy for the dependent selects", async () => {
    const res = (await api("GET", "/taxonomy")).json();
    expect(res.categories.map((c: { name: string }) => c.name)).toEqual(["Moda", "Eletronico", "Mobília", "Máquinas"]);
    expect(res.categories[3].subCategories).toContain("Robôs Industriais & Automação");
  });
});
