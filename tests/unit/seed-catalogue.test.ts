// The demo catalogue the server seeds on first start: enough variety for every screen
// (categories, sub-categories, bestsellers, galleries), consistent with the fixed taxonomy,
// and every image it names present as a small JPEG.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { demoProducts, taxonomy, type Category } from "../../server/demo/catalogue.ts";
import { TAXONOMY } from "../../shared/catalogue.ts";

const imagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "server", "demo", "images");
const categories = Object.keys(taxonomy) as Category[];

describe("demo catalogue", () => {
  it("has enough products across all four categories", () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demoProducts.map((p) => p.category))).toEqual(new Set(["Moda", "Eletronico", "Mobília", "Máquinas"]));
  });

  it("uses only the fixed sub-categories, each under its own category, and many of them", () => {
    for (const p of demoProducts) {
      expect(taxonomy[p.category], `${p.name}: ${p.subCategory}`).toContain(p.subCategory);
    }
    const used = new Set(demoProducts.map((p) => `${p.category}/${p.subCategory}`));
    expect(used.size).toBeGreaterThanOrEqual(20);
    for (const c of categories) {
      expect(demoProducts.filter((p) => p.category === c).length, c).toBeGreaterThanOrEqual(5);
    }
  });

  it("keeps the taxonomy exactly as the product lists it (and as the server validates it)", () => {
    expect(taxonomy).toEqual(TAXONOMY);
    expect(taxonomy.Moda).toHaveLength(9);
    expect(taxonomy.Eletronico).toHaveLength(9);
    expect(taxonomy["Mobília"]).toHaveLength(9);
    expect(taxonomy["Máquinas"]).toHaveLength(8);
    expect(taxonomy.Moda).toContain("Moda Sustentável/Ecológica");
    expect(taxonomy.Eletronico).toContain("Eletrônicos para Casa");
    expect(taxonomy["Mobília"]).toContain("Móveis Modulados/Planejados");
    expect(taxonomy["Máquinas"]).toContain("Robôs Industriais & Automação");
  });

  it("has unique names, positive whole prices, sizes and sensible dates", () => {
    const names = demoProducts.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of demoProducts) {
      expect(Number.isInteger(p.price) && p.price > 0, p.name).toBe(true);
      expect(p.sizes.length, p.name).toBeGreaterThan(0);
      expect(
        p.sizes.every((s) => s.trim().length > 0),
        p.name,
      ).toBe(true);
      expect(p.description.length, p.name).toBeGreaterThan(60);
      expect(p.daysAgo >= 0 && p.daysAgo <= 120, p.name).toBe(true);
      // Composed accents only, so "Mobília" typed on a keyboard matches the stored text.
      for (const text of [p.name, p.category, p.subCategory, ...p.sizes]) expect(text, p.name).toBe(text.normalize("NFC"));
    }
  });

  it("marks some bestsellers in every category, but not most products", () => {
    const best = demoProducts.filter((p) => p.bestseller);
    expect(best.length).toBeGreaterThanOrEqual(8);
    expect(best.length).toBeLessThan(demoProducts.length / 2);
    for (const c of categories)
      expect(
        best.some((p) => p.category === c),
        c,
      ).toBe(true);
  });

  it("names 1–4 images per product, all present as JPEGs of at most 150 kB", () => {
    for (const p of demoProducts) {
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.name).toBeLessThanOrEqual(4);
      for (const file of p.images) {
        const path = join(imagesDir, file);
        const { size } = statSync(path);
        expect(size, file).toBeLessThanOrEqual(150 * 1024);
        const head = readFileSync(path).subarray(0, 3);
        expect([...head], file).toEqual([0xff, 0xd8, 0xff]);
      }
    }
    expect(demoProducts.some((p) => p.images.length >= 3)).toBe(true);
  });
});
