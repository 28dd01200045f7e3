// Pages that arrive whole. A product link previews in WhatsApp and Facebook (whose crawlers run no
// JavaScript), an unknown product is a 404, search engines get a sitemap.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { HERO_TEXTS } from "../../shared/home-page.ts";

let t: TestApp;
let withImage: { _id: string; name: string; price: number; image: string[]; thumbnail: string[]; middle: string[] };
let tricky: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: "http://loja.example.ao" } });
  const list = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json().products as (typeof withImage)[];
  withImage = list.find((p) => p.image.length > 0)!;
  const row = await t.prisma.product.create({
    data: {
      name: `Cadeira "Kizomba" <Pro> & Co`,
      description: `Diz "olá" </script><script>alert(1)</script>`,
      price: 29_990,
      sizes: ["Único"],
      category: "Mobília",
      subCategory: "Escritório",
    },
  });
  tricky = row.id;
});
afterAll(() => t.close());

// Every request names another host: links must come from PUBLIC_URL alone.
const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: "evil.example", "x-forwarded-host": "evil.example" } });
const meta = (html: string, property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)" />`))?.[1];

describe("a product's page", () => {
  it("carries its title, description, Open Graph, price, JSON-LD, canonical link and visible markup", async () => {
    const res = await get(`/product/${withImage._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    const url = `http://loja.example.ao/product/${withImage._id}`;
    expect(html).toContain(`<title>${withImage.name} — Loja</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
    expect(meta(html, "og:title")).toContain(withImage.name);
    expect(meta(html, "og:url")).toBe(url);
    expect(meta(html, "og:image")).toBe(`http://loja.example.ao/og/product/${withImage._id}.jpg`);
    expect(meta(html, "product:price:amount")).toBe(withImage.price.toFixed(2));
    expect(meta(html, "product:price:currency")).toBe("AOA");
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      "@type": "Product",
      name: withImage.name,
      offers: { "@type": "Offer", price: withImage.price.toFixed(2), priceCurrency: "AOA" },
    });
    // Visible before any script: name, price, main picture; and the data the app takes over with.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`<h1>${withImage.name}</h1>`);
    // The same src, srcset and sizes as the app's ProductImage: the browser picks one file for both, the 800 px
    // rendition on a phone at 1.75–2×.
    expect(withImage.middle[0]).not.toBe(withImage.image[0]);
    expect(root).toContain(
      `<img src="${withImage.thumbnail[0]}" srcset="${withImage.thumbnail[0]} 400w, ${withImage.middle[0]} 800w, ${withImage.image[0]} 1000w" sizes="(min-width: 768px) 45vw, 100vw"`,
    );
    const initial = JSON.parse(html.match(/<script id="loja-initial" type="application\/json">([\s\S]*?)<\/script>/)![1]!);
    expect(initial.product._id).toBe(withImage._id);
    expect(Array.isArray(initial.related)).toBe(true);
  });

  it("escapes a name with quotes and < and a description that tries to close the script", async () => {
    const html = (await get(`/product/${tricky}`)).body;
    expect(html).toContain("<title>Cadeira &quot;Kizomba&quot; &lt;Pro&gt; &amp; Co — Loja</title>");
    expect(meta(html, "og:title")).toBe("Cadeira &quot;Kizomba&quot; &lt;Pro&gt; &amp; Co — 29\u00a0990,00 kz");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<Pro>");
    // Every script element in the page is one the shell wrote.
    expect(html.match(/<script/g)!.length).toBe(2);
    const initial = JSON.parse(html.match(/<script id="loja-initial" type="application\/json">([\s\S]*?)<\/script>/)![1]!);
    expect(initial.product.description).toBe(`Diz "olá" </script><script>alert(1)</script>`);
  });

  it("answers an unknown or deleted product with 404 and 'Produto não encontrado'", async () => {
    const unknown = await get("/product/nao-existe");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain("Produto não encontrado");
    expect(unknown.body).toContain('<meta name="robots" content="noindex" />');
    await t.prisma.product.update({ where: { id: tricky }, data: { deletedAt: new Date() } });
    expect((await get(`/product/${tricky}`)).statusCode).toBe(404);
    await t.prisma.product.update({ where: { id: tricky }, data: { deletedAt: null } });
  });

  it("previews with a 1200×630 JPEG under 300 KB", async () => {
    const res = await get(`/og/product/${withImage._id}.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.rawPayload.byteLength).toBeLessThan(300 * 1024);
    const info = await sharp(res.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(["jpeg", 1200, 630]);
    expect((await get("/og/product/nao-existe.jpg")).statusCode).toBe(404);
  });
});

describe("the other pages, the sitemap and robots.txt", () => {
  it("gives the collection and /novos their own titles", async () => {
    expect((await get("/collection?q=tenis")).body).toContain("<title>Coleção — Loja</title>");
    expect((await get("/novos")).body).toContain("<title>Últimas novidades — Loja</title>");
  });

  it("lists every page and a newly created product in the sitemap, which robots.txt names", async () => {
    const row = await t.prisma.product.create({
      data: {
        name: "Berbequim Novo",
        description: "Ferramenta",
        price: 45_000,
        sizes: ["Único"],
        category: "Máquinas",
        subCategory: "Ferramentas Elétricas",
      },
    });
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toContain(`<loc>http://loja.example.ao/product/${row.id}</loc>`);
    expect(res.body).toContain("<loc>http://loja.example.ao/collection</loc>");
    const robots = await get("/robots.txt");
    expect(robots.body).toContain("Sitemap: http://loja.example.ao/sitemap.xml");
    expect(robots.body).toContain("Disallow: /admin/");
    for (const body of [res.body, robots.body, (await get(`/product/${row.id}`)).body]) expect(body).not.toContain("evil.example");
  });
});

/** The page's data for the app (`loja-initial`) and the address it is for. */
const initialOf = (html: string) => {
  const m = html.match(/<script id="loja-initial" type="application\/json"(?: data-path="([^"]*)")?>([\s\S]*?)<\/script>/);
  return m ? { path: m[1], data: JSON.parse(m[2]!) } : undefined;
};
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));
const cardLinks = (markup: string) => [...markup.matchAll(/<a class="card" href="([^"]+)"/g)].map((m) => m[1]);
const skeletons = (markup: string) => markup.match(/class="skeleton-item"/g)?.length ?? 0;
interface Listed {
  _id: string;
  name: string;
}

describe("the first screens of / and /collection, drawn by the server", () => {
  it("/: its 8 skeletons, the hero and the newest products newest first, from the home lists the app is handed", async () => {
    const newest = await t.prisma.product.create({
      data: {
        name: "Mesa Acabada de Chegar",
        description: "Nova",
        price: 12_000,
        sizes: ["Único"],
        category: "Mobília",
        subCategory: "Escritório",
      },
    });
    const html = (await get("/")).body;
    const api = (await get("/api/catalogue/home")).json() as { latest: Listed[]; bestsellers: Listed[] };
    const initial = initialOf(html)!;
    expect(initial.path).toBe("/");
    expect(initial.data.home).toEqual({ latest: api.latest, bestsellers: api.bestsellers });
    const root = rootOf(html);
    expect(skeletons(root)).toBe(8);
    // The first slide is the one the app is told to show first.
    expect(root.match(/<h1 class="hero-title">([^<]*)<\/h1>/)![1]).toBe(HERO_TEXTS[initial.data.heroFirst as number]!.title);
    expect(root.match(/class="hero-slide"/g)).toHaveLength(4);
    const [latest, ...others] = root.split('<section class="section">').slice(1);
    expect(others).toEqual([]);
    expect(latest).toContain('<span class="muted">ÚLTIMAS</span> NOVIDADES');
    expect(api.latest.length).toBeGreaterThan(1);
    expect(cardLinks(latest!)[0]).toBe(`/product/${newest.id}`);
    expect(cardLinks(latest!)).toEqual(api.latest.map((p) => `/product/${p._id}`));
    // The newest product is among the latest: its name escaped in the card, never as markup.
    expect(api.latest.map((p) => p._id)).toContain(tricky);
    expect(latest).toContain('<p class="card-name">Cadeira &quot;Kizomba&quot; &lt;Pro&gt; &amp; Co</p>');
    expect(latest).toContain('alt="Cadeira &quot;Kizomba&quot; &lt;Pro&gt; &amp; Co"');
    expect(html).not.toContain("<Pro>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("/collection: its 12 skeletons, the title, the count and the first page of products in the app's order, from the page the app is handed", async () => {
    const html = (await get("/collection")).body;
    const api = (await get("/api/catalogue/products?page=1&pageSize=24")).json() as {
      products: Listed[];
      total: number;
      page: number;
      pageSize: number;
    };
    const initial = initialOf(html)!;
    expect(initial.path).toBe("/collection");
    expect(initial.data.collection).toEqual({ products: api.products, total: api.total, page: 1, pageSize: 24 });
    const root = rootOf(html);
    expect(skeletons(root)).toBe(12);
    expect(root).toContain('<h1 class="title"><span><span class="muted">TODAS AS</span> COLEÇÕES</span>');
    expect(root).toContain(`<p class="muted">${api.total} produtos</p>`);
    expect(api.products.length).toBeGreaterThan(1);
    expect(api.products.length).toBe(24);
    expect(cardLinks(root)).toEqual(api.products.slice(0, 12).map((p) => `/product/${p._id}`));
    expect(html).toContain("<title>Coleção — Loja</title>");
  });

  it("leaves a filtered, sorted, searched or later page of the collection to the app", async () => {
    for (const query of ["q=tenis", "category=Moda", "subCategory=Calçados", "sort=price_asc", "page=2"]) {
      const html = (await get(`/collection?${query}`)).body;
      expect(initialOf(html), query).toBeUndefined();
      expect(html, query).not.toContain("first-screen");
      expect(html, query).toContain("<title>Coleção — Loja</title>");
    }
  });
});
