import { TAXONOMY as CATEGORIES } from "../../shared/catalogue.ts";
import { bestSellers, filterCollection, latestProducts, novos, relatedProducts } from "../../storefront/features/catalogue/selections.ts";
import { catalogue, product } from "./harness.tsx";

describe("catalogue selections", () => {
  const list = catalogue(40, (n) => ({ bestseller: n % 3 === 0 }));

  it("latest products are the first 12 of the reversed list, newest first", () => {
    expect(latestProducts(list).map((p) => p._id)).toEqual(Array.from({ length: 12 }, (_, i) => `p${40 - i}`));
  });

  it("best sellers are the first 12 flagged products", () => {
    const picked = bestSellers(list);
    expect(picked).toHaveLength(12);
    expect(picked.every((p) => p.bestseller)).toBe(true);
    expect(picked[0]?._id).toBe("p3");
  });

  it("/novos shows the first 34 products", () => {
    expect(novos(list).map((p) => p._id)).toEqual(list.slice(0, 34).map((p) => p._id));
  });

  it("related products share category and sub-category, exclude the product itself, and stop at 5", () => {
    const items = [
      product(1),
      ...catalogue(8).map((p, i) => ({ ...p, _id: `same${i}` })),
      product(50, { subCategory: "Calçados" }),
      product(51, { category: "Mobília", subCategory: "Quarto" }),
    ];
    const related = relatedProducts(items, items[0]!);
    expect(related).toHaveLength(5);
    expect(related.every((p) => p.category === "Moda" && p.subCategory === "Moda Masculina" && p._id !== "p1")).toBe(true);
  });

  it("search is a case-insensitive substring match on the name", () => {
    const items = [product(1, { name: "Telefone Samsung" }), product(2, { name: "Sofá" }), product(3, { name: "CAPA de telefone" })];
    const found = filterCollection(items, { search: "TELEfone", categories: [], subCategories: [], sort: "relevant" });
    expect(found.map((p) => p._id)).toEqual(["p1", "p3"]);
  });

  it("filters by categories and sub-categories, then sorts by price either way", () => {
    const items = [
      product(1, { price: 300, category: "Moda", subCategory: "Calçados" }),
      product(2, { price: 100, category: "Moda", subCategory: "Moda Feminina" }),
      product(3, { price: 200, category: "Eletronico", subCategory: "Gaming" }),
    ];
    const f = { search: "", categories: ["Moda"], subCategories: [] as string[] };
    expect(filterCollection(items, { ...f, sort: "relevant" }).map((p) => p._id)).toEqual(["p1", "p2"]);
    expect(filterCollection(items, { ...f, sort: "low-high" }).map((p) => p._id)).toEqual(["p2", "p1"]);
    expect(filterCollection(items, { ...f, categories: [], sort: "high-low" }).map((p) => p._id)).toEqual(["p1", "p3", "p2"]);
    expect(filterCollection(items, { ...f, subCategories: ["Calçados"], sort: "relevant" }).map((p) => p._id)).toEqual(["p1"]);
  });

  it("holds the fixed taxonomy of four categories", () => {
    expect(Object.keys(CATEGORIES)).toEqual(["Moda", "Eletronico", "Mobília", "Máquinas"]);
    expect(CATEGORIES["Máquinas"]).toHaveLength(8);
    expect(CATEGORIES["Eletronico"]).toContain("Câmeras & Drones");
  });
});
