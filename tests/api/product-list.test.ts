import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { TAXONOMY } from "../../shared/catalogue.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/api/product/list", headers });

describe("GET /api/product/list", () => {
  it("lists the seeded demo catalogue with the shopper contract's product fields", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(body.products.map((p: { category: string }) => p.category));
    expect([...categories].sort()).toEqual(Object.keys(TAXONOMY).sort());
    expect(new Set(body.products.map((p: { subCategory: string }) => p.subCategory)).size).toBeGreaterThanOrEqual(20);
    for (const p of body.products) {
      expect(typeof p._id).toBe("string");
      expect(typeof p.price).toBe("number");
      expect(p.image.length).toBeGreaterThanOrEqual(1);
      expect(p.image.length).toBeLessThanOrEqual(4);
      expect(p.thumbnail).toHaveLength(p.image.length);
      expect(p.sizes.length).toBeGreaterThan(0);
      expect((TAXONOMY as Record<string, readonly string[]>)[p.category]).toContain(p.subCategory);
      expect(typeof p.bestseller).toBe("boolean");
    }
    expect(body.products.some((p: { bestseller: boolean }) => p.bestseller)).toBe(true);
  });

  it("lists products oldest first, so the storefront's reversed list is newest first", async () => {
    const { products } = (await list()).json() as { products: { date: number }[] };
    const dates = products.map((p) => p.date);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it("serves every image URL it lists as a WebP the browser may not sniff", async () => {
    const { products } = (await list()).json() as { products: { image: string[]; thumbnail: string[] }[] };
    const p = products[0]!;
    for (const url of [p.image[0]!, p.thumbnail[0]!]) {
      expect(url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/);
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
  });

  it("answers 304 to a matching ETag and sends brotli or gzip when asked", async () => {
    const plain = await list();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await list({ "if-none-match": etag })).statusCode).toBe(304);
    const br = await list({ "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await list({ "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("leaves out soft-deleted products and shows catalogue changes once the cache is invalidated", async () => {
    const before = (await list()).json().products as { _id: string }[];
    const victim = before[0]!._id;
    await t.prisma.product.update({ where: { id: victim }, data: { deletedAt: new Date() } });
    t.deps.productListCache.invalidate();
    const after = (await list()).json().products as { _id: string }[];
    expect(after.map((p) => p._id)).not.toContain(victim);
    expect(after).toHaveLength(before.length - 1);
  });

  it("answers an unknown media id with 404 in the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/media/AAAAAAAAAAAAAAAAAAAAAA" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Ficheiro não encontrado" });
  });
});

describe("GET /api/settings", () => {
  it("gives the storefront the shop's phones, e-mails and bank details, marked as demo values", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(settings.phones).toHaveLength(3);
    expect(settings.emails.length).toBeGreaterThanOrEqual(2);
    expect(settings.bank.iban).toMatch(/^AO06/);
    expect(settings.isDemo).toBe(true);
    expect(settings.phoneLogin).toBeNull();
  });
});

describe("GET /api/openapi.json", () => {
  it("documents the routes with their request and response schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths["/api/user/register"].post;
    expect(register.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(["200", "400", "409", "429"]));
    expect(doc.paths["/api/product/list"].get.responses["200"]).toBeDefined();
    expect(doc.paths["/admin/api/auth/login"].post).toBeDefined();
  });

  it("answers unknown API routes with 404 in the one error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nada" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});
