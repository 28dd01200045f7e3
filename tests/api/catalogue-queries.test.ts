// The storefront's catalogue queries. Search forgives case, accents, a wrong letter and other words for
// the same thing; filters, sort and pages agree with the server's totals; one product comes with its related ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, type TestApp } from "../helpers/app.ts";
import { foldText } from "../../shared/search.ts";

let t: TestApp;
const made: Record<string, string> = {};

interface Product {
  _id: string;
  name: string;
  price: number;
  category: string;
  subCategory: string;
  description: string;
  bestseller: boolean;
  date: number;
}
interface Page {
  success: true;
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
}

async function product(
  key: string,
  data: { name: string; description?: string; price?: number; category: string; subCategory: string; bestseller?: boolean; at?: Date },
) {
  const row = await t.prisma.product.create({
    data: {
      name: data.name,
      description: data.description ?? "Produto importado, original.",
      price: data.price ?? 10_000,
      sizes: ["Único"],
      category: data.category,
      subCategory: data.subCategory,
      bestseller: data.bestseller ?? false,
      ...(data.at ? { createdAt: data.at } : {}),
    },
  });
  made[key] = row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  await product("tenis", { name: "Ténis Kalunga Corrida", category: "Moda", subCategory: "Calçados", price: 35_000 });
  await product("phone", {
    name: "Samsung Galaxy Kwatu A15 Smartphone",
    category: "Eletronico",
    subCategory: "Smartphones & Tablets",
    price: 150_000,
  });
  await product("sofa", {
    name: "Sofá Muxima 3 lugares",
    description: "Sofá de tecido, entrega em Luanda",
    category: "Mobília",
    subCategory: "Sala de Estar",
  });
  await product("gone", { name: "Ténis Kalunga Antigo", category: "Moda", subCategory: "Calçados" });
  await product("drillPro", { name: "Berbequim Lobito Pro 800W", category: "Máquinas", subCategory: "Ferramentas Elétricas" });
  await product("tv", { name: "Smart TV Huambo 43 polegadas", category: "Eletronico", subCategory: "TVs & Monitores" });
  await product("monitor", { name: "Monitor Cuanza 24", category: "Eletronico", subCategory: "TVs & Monitores" });
  await t.prisma.product.update({ where: { id: made.gone! }, data: { deletedAt: new Date() } });
});
afterAll(() => t.close());

const get = async (url: string) => t.app.inject({ method: "GET", url });
const page = async (query: string): Promise<Page> => {
  const res = await get(`/api/catalogue/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const ids = (p: Page) => p.products.map((x) => x._id);
const everything = async (): Promise<Product[]> => (await get("/api/product/list")).json().products;

describe("search that forgives", () => {
  it('"tenis", "TENIS" and "ténis" find the same products', async () => {
    const [a, b, c] = await Promise.all([page("q=tenis"), page("q=TENIS"), page(`q=${encodeURIComponent("ténis")}`)]);
    expect(ids(a)).toContain(made.tenis);
    expect(ids(b)).toEqual(ids(a));
    expect(ids(c)).toEqual(ids(a));
    expect(a.total).toBe(b.total);
    expect(ids(a)).not.toContain(made.gone);
  });

  it("finds a product with one wrong letter", async () => {
    expect(ids(await page("q=kalumga"))).toContain(made.tenis);
    expect(ids(await page("q=muxina"))).toContain(made.sofa);
  });

  it("finds a product by another word for the same thing", async () => {
    for (const word of ["telemóvel", "celular", "telefone", "iphone"])
      expect(ids(await page(`q=${encodeURIComponent(word)}`)), word).toContain(made.phone);
  });

  it("looks at the name first, then the category, sub-category and description", async () => {
    const byDescription = await page("q=luanda");
    expect(ids(byDescription)).toContain(made.sofa);
    const bySubCategory = await page(`q=${encodeURIComponent("calçados")}`);
    expect(ids(bySubCategory)).toContain(made.tenis);
    // Every word must match: the name's word and the sub-category's.
    expect(ids(await page("q=kalunga%20calcados"))).toEqual([made.tenis]);
    // A name match ranks above a match in the description alone.
    const sofas = await page(`q=${encodeURIComponent("sofá")}`);
    expect(ids(sofas)[0]).toBeDefined();
    expect(sofas.products[0]!.name.toLowerCase()).toContain("sof");
  });

  it("reads words, not patterns: punctuation and LIKE's wildcards are ignored", async () => {
    expect(ids(await page("q=kalunga%21%25_"))).toEqual(ids(await page("q=kalunga")));
    const all = await everything();
    expect((await page("q=%25")).total).toBe(all.length);
  });
});

describe("filters, sort and pages", () => {
  it("filters by category and sub-category with totals that agree with the full list", async () => {
    const all = await everything();
    const moda = await page("category=Moda&pageSize=100");
    expect(moda.total).toBe(all.filter((p) => p.category === "Moda").length);
    const two = await page(
      `category=Moda,Mobília&subCategory=${encodeURIComponent("Calçados")}&subCategory=${encodeURIComponent("Sala de Estar")}&pageSize=100`,
    );
    expect(two.total).toBe(
      all.filter((p) => ["Moda", "Mobília"].includes(p.category) && ["Calçados", "Sala de Estar"].includes(p.subCategory)).length,
    );
    expect(two.products.every((p) => ["Calçados", "Sala de Estar"].includes(p.subCategory))).toBe(true);
    const best = await page("bestseller=true&pageSize=100");
    expect(best.total).toBe(all.filter((p) => p.bestseller).length);
  });

  it("sorts by price both ways and by newest, and without a query keeps the list's order", async () => {
    const all = await everything();
    const up = await page("sort=price_asc&pageSize=100");
    expect(up.products.map((p) => p.price)).toEqual([...up.products.map((p) => p.price)].sort((a, b) => a - b));
    const down = await page("sort=price_desc&pageSize=100");
    expect(down.products.map((p) => p.price)).toEqual([...down.products.map((p) => p.price)].sort((a, b) => b - a));
    const newest = await page("sort=newest&pageSize=34");
    expect(ids(newest)).toEqual(
      [...all]
        .reverse()
        .slice(0, 34)
        .map((p) => p._id),
    );
    const plain = await page("pageSize=100");
    expect(ids(plain)).toEqual(all.slice(0, 100).map((p) => p._id));
  });

  it("pages through everything once, with the same total on every page, and an empty page past the end", async () => {
    const all = await everything();
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      const p = await page(`sort=price_desc&pageSize=7&page=${n}`);
      expect(p.total).toBe(all.length);
      if (!p.products.length) break;
      seen.push(...ids(p));
    }
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(all.length);
  });

  it("answers specific products in the order asked, leaving out unknown and deleted ones", async () => {
    const p = await page(`ids=${made.sofa},nope123,${made.tenis},${made.gone}`);
    expect(ids(p)).toEqual([made.sofa, made.tenis]);
  });

  it("refuses pages over 100 and unknown sorts with 400", async () => {
    expect((await get("/api/catalogue/products?pageSize=101")).statusCode).toBe(400);
    expect((await get("/api/catalogue/products?sort=cheapest")).statusCode).toBe(400);
    expect((await get("/api/catalogue/products?page=0")).statusCode).toBe(400);
  });
});

describe("one product, and the home page", () => {
  it("answers a product with up to 5 related of the same category and sub-category", async () => {
    const res = await get(`/api/catalogue/products/${made.tenis}`);
    expect(res.statusCode).toBe(200);
    const { product, related } = res.json() as { product: Product; related: Product[] };
    expect(product.name).toBe("Ténis Kalunga Corrida");
    expect(related.length).toBeLessThanOrEqual(5);
    for (const r of related) {
      expect([r.category, r.subCategory]).toEqual(["Moda", "Calçados"]);
      expect(r._id).not.toBe(made.tenis);
      expect(r._id).not.toBe(made.gone);
    }
  });

  it("answers 404 'Produto não encontrado' for an unknown or deleted product", async () => {
    for (const id of ["unknown-id", made.gone!]) {
      const res = await get(`/api/catalogue/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Produto não encontrado" });
    }
  });

  it("gives the home page the 12 newest (newest first) and the first 12 best sellers", async () => {
    const all = await everything();
    const { latest, bestsellers } = (await get("/api/catalogue/home")).json() as { latest: Product[]; bestsellers: Product[] };
    expect(latest.map((p) => p._id)).toEqual(
      [...all]
        .reverse()
        .slice(0, 12)
        .map((p) => p._id),
    );
    expect(bestsellers.map((p) => p._id)).toEqual(
      all
        .filter((p) => p.bestseller)
        .slice(0, 12)
        .map((p) => p._id),
    );
  });
});

describe("the synonym list staff edit", () => {
  it("lets an admin add a group that the search uses at once, and keeps support out", async () => {
    await product("drill", { name: "Berbequim Kambala 800W", category: "Máquinas", subCategory: "Ferramentas Elétricas" });
    expect(ids(await page("q=furadeira"))).not.toContain(made.drill);
    const admin = await createStaff(t, "admin");
    const support = await createStaff(t, "support");
    const body = { words: ["Berbequim", " furadeira ", "FURADEIRA", "perfuradora"] };
    expect((await t.app.inject({ method: "POST", url: "/admin/api/synonyms", headers: support.auth, payload: body })).statusCode).toBe(403);
    const created = await t.app.inject({ method: "POST", url: "/admin/api/synonyms", headers: admin.auth, payload: body });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().words).toEqual(["berbequim", "furadeira", "perfuradora"]);
    expect(ids(await page("q=furadeira"))).toContain(made.drill);

    const list = await t.app.inject({ method: "GET", url: "/admin/api/synonyms", headers: admin.auth });
    expect(list.json().some((g: { words: string[] }) => g.words.includes("telemóvel"))).toBe(true);
    expect(list.headers["content-range"]).toMatch(/^synonyms \d+-\d+\/\d+$/);

    const one = await t.app.inject({
      method: "PUT",
      url: `/admin/api/synonyms/${created.json().id}`,
      headers: admin.auth,
      payload: { words: ["furadeira"] },
    });
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({ success: false, message: "Indique pelo menos duas palavras diferentes" });
    const removed = await t.app.inject({ method: "DELETE", url: `/admin/api/synonyms/${created.json().id}`, headers: admin.auth });
    expect(removed.statusCode).toBe(200);
    expect(ids(await page("q=furadeira"))).not.toContain(made.drill);
  });
});

describe("short words and words in thousands of products", () => {
  const startsAWord = (text: string, start: string) =>
    foldText(text)
      .split(/[^\p{L}\p{N}]+/u)
      .some((w) => w.startsWith(start));

  it('finds a word of three letters at a word start of the name, category or sub-category, not inside the text ("pro" is in every "produto")', async () => {
    const all = await everything();
    const pro = await page("q=pro&pageSize=100");
    expect(ids(pro)).toContain(made.drillPro);
    expect(pro.total).toBe(all.filter((p) => [p.name, p.category, p.subCategory].some((t) => startsAWord(t, "pro"))).length);
    expect(pro.total).toBeLessThan(all.filter((p) => foldText(`${p.name} ${p.description}`).includes("pro")).length);
    expect(ids(await page("q=berbequim%20PRO"))).toEqual([made.drillPro]);
    // "tv" is in the TV's name and in the monitor's sub-category "TVs & Monitores": names match first.
    const tv = await page("q=tv&pageSize=100");
    expect(ids(tv)).toContain(made.tv);
    expect(ids(tv)).toContain(made.monitor);
    const inName = tv.products.map((p) => startsAWord(p.name, "tv"));
    expect(inName).toEqual([...inName].sort((a, b) => Number(b) - Number(a)));
    expect(ids(await page(`q=${encodeURIComponent("televisão")}`))).toContain(made.tv);
  });

  it("counts, filters and pages a word found in 1,500 products, ranking a match in the text alone after every name", async () => {
    const categories = [
      ["Mobília", "Decoração"],
      ["Moda", "Acessórios"],
    ] as const;
    await t.prisma.product.createMany({
      data: Array.from({ length: 1500 }, (_, i) => ({
        name: `Candeeiro Lobito ${i}`,
        description: `Candeeiro de mesa número ${i}, luz quente.`,
        price: 5_000 + ((i * 7919) % 100_000),
        sizes: ["Único"],
        category: categories[i % 2]![0],
        subCategory: categories[i % 2]![1],
        hidden: i % 50 === 0,
        deletedAt: i % 75 === 1 ? new Date() : null,
      })),
    });
    await product("lampTable", {
      name: "Mesa de Apoio Kwanza",
      description: "Mesa com candeeiro incluído",
      category: "Mobília",
      subCategory: "Decoração",
    });
    t.deps.productListCache.invalidate();
    const all = await everything();
    const lamps = all.filter((p) => foldText(`${p.name} ${p.description}`).includes("candeeiro"));
    expect(lamps.length).toBeGreaterThan(1400);

    const first = await page("q=candeeiro&pageSize=100");
    expect(first.total).toBe(lamps.length);
    expect((await page(`q=candeeiro&category=${encodeURIComponent("Mobília")}`)).total).toBe(
      lamps.filter((p) => p.category === "Mobília").length,
    );

    const walk = async (query: string) => {
      const seen: Page["products"] = [];
      for (let n = 1; ; n++) {
        const p = await page(`${query}&pageSize=100&page=${n}`);
        expect(p.total).toBe(lamps.length);
        if (!p.products.length) return seen;
        seen.push(...p.products);
      }
    };
    const byPrice = await walk("q=candeeiro&sort=price_asc");
    expect(new Set(byPrice.map((p) => p._id))).toEqual(new Set(lamps.map((p) => p._id)));
    expect(byPrice.map((p) => p.price)).toEqual([...byPrice.map((p) => p.price)].sort((a, b) => a - b));
    const byRelevance = await walk("q=candeeiro");
    expect(byRelevance).toHaveLength(lamps.length);
    expect(byRelevance.at(-1)!._id).toBe(made.lampTable);
  });
});
