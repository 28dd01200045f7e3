// What the server says about each storefront page before any script runs
// (docs/design/catalogue.md#pages-the-server-fills-in): titles, descriptions, Open Graph for WhatsApp and Facebook
// previews, JSON-LD for search engines, and a product's own markup.
import { formatKz } from "../../shared/money.ts";
import { FIXED_PAGES, PRODUCT_NOT_FOUND_META, productPageMeta, SHOP_NAME } from "../../shared/pages.ts";
import { FULL_WIDTH, PRODUCT_MAIN_SIZES, productSrcset } from "../../shared/product-images.ts";
import type { ShopProduct } from "../schemas/products.ts";
import { collectionFirstScreen, homeFirstScreen, type CollectionFirstPage, type HomeLists } from "./first-screens.ts";
import { escapeHtml, type PageContent } from "./shell.ts";

export function fixedPage(path: string, origin: string, ogImage: string | undefined): PageContent {
  const page = FIXED_PAGES[path]!;
  return {
    head: {
      title: page.title,
      description: page.description,
      canonical: `${origin}${path}`,
      properties: [
        ["og:type", "website"],
        ["og:site_name", SHOP_NAME],
        ["og:locale", "pt_AO"],
        ["og:title", page.title],
        ["og:description", page.description],
        ["og:url", `${origin}${path}`],
        ...(ogImage ? ([["og:image", ogImage]] as [string, string][]) : []),
      ],
    },
  };
}

/** `/` with its first screen and the home lists the app takes over with; `heroFirst` is the first slide (0-3). */
export function homePage(home: HomeLists, hero: readonly string[], heroFirst: number, origin: string): PageContent {
  return { ...fixedPage("/", origin, undefined), root: homeFirstScreen(home, hero, heroFirst), initial: { home, heroFirst }, path: "/" };
}

/** `/collection` without filters, with its first page of products (the app's first page, same size and order). */
export function collectionPage(page: CollectionFirstPage, origin: string): PageContent {
  return {
    ...fixedPage("/collection", origin, undefined),
    root: collectionFirstScreen(page),
    initial: { collection: page },
    path: "/collection",
  };
}

/**
 * The main picture as the app's ProductImage writes it (same src, srcset and sizes): the browser picks the same
 * file for both, so the app taking over the page does not fetch a second one, and a small screen gets the thumbnail.
 */
function pictureAttributes(full: string, thumb: string | undefined, middle: string | undefined): string {
  if (!thumb) return `src="${escapeHtml(full)}"`;
  return `src="${escapeHtml(thumb)}" srcset="${escapeHtml(productSrcset(thumb, full, middle))}" sizes="${escapeHtml(PRODUCT_MAIN_SIZES)}"`;
}

/** The product's own page: head for crawlers and the product's markup for a phone that has no script yet. */
export function productPage(product: ShopProduct, related: ShopProduct[], origin: string): PageContent {
  const url = `${origin}/product/${product._id}`;
  const { title, description } = productPageMeta(product);
  const ogImage = `${origin}/og/product/${product._id}.jpg`;
  const main = product.image[0];
  const price = product.price.toFixed(2);
  return {
    head: {
      title,
      description,
      canonical: url,
      properties: [
        ["og:type", "product"],
        ["og:site_name", SHOP_NAME],
        ["og:locale", "pt_AO"],
        ["og:title", `${product.name} — ${formatKz(product.price)}`],
        ["og:description", description],
        ["og:url", url],
        ["og:image", ogImage],
        ["og:image:type", "image/jpeg"],
        ["og:image:width", "1200"],
        ["og:image:height", "630"],
        ["og:image:alt", product.name],
        ["product:price:amount", price],
        ["product:price:currency", "AOA"],
      ],
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: product.image.map((i) => `${origin}${i}`),
        sku: product._id,
        category: `${product.category} > ${product.subCategory}`,
        url,
        offers: { "@type": "Offer", price, priceCurrency: "AOA", availability: "https://schema.org/InStock", url },
      },
    },
    root: `<main class="page"><div class="product"><div class="product-top"><div class="gallery"><div class="gallery-main">${
      main
        ? `<img ${pictureAttributes(main, product.thumbnail[0], product.middle[0])} alt="${escapeHtml(product.name)}" width="${FULL_WIDTH}" height="${FULL_WIDTH}" fetchpriority="high" />`
        : ""
    }</div></div><div class="product-info"><h1>${escapeHtml(product.name)}</h1><p class="product-price">${escapeHtml(formatKz(product.price))}</p><p class="muted pre-line">${escapeHtml(
      product.description,
    )}</p></div></div></div></main>`,
    initial: { product, related },
  };
}

export function productNotFoundPage(id: string, origin: string): PageContent {
  return {
    head: { ...PRODUCT_NOT_FOUND_META, canonical: `${origin}/product/${id}`, noindex: true },
    root: `<main class="page"><h1>Produto não encontrado</h1><p class="muted">Este produto já não está à venda. <a href="/collection">Ver a coleção</a></p></main>`,
    initial: { product: null, related: [] },
  };
}

/** sitemaps.org: every page with a fixed subject and every live product. */
export function sitemapXml(origin: string, products: { id: string; updatedAt: Date }[]): string {
  const entry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.keys(FIXED_PAGES).map((path) => entry(`${origin}${path}`)),
    ...products.map((p) => entry(`${origin}/product/${p.id}`, p.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

export const robotsTxt = (origin: string) =>
  [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /api/",
    "Disallow: /orders",
    "Disallow: /cart",
    "Disallow: /place-order",
    "Disallow: /message/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
