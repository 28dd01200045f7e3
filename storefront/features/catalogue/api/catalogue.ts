import type { ShopProduct } from "../../../../server/schemas/products.ts";
import { COLLECTION_PAGE_SIZE } from "../../../../shared/collection-page.ts";

// The catalogue endpoints' addresses and answers (docs/product/shopper-api.md#catalogue): each screen asks only for what it shows. Plain
// strings and no runtime imports but shared/, so index.html's boot script (paint-first.ts) can start the same requests.

export type Product = ShopProduct;

export type { HomeReply, ProductDetailReply, ProductPageReply } from "../../../../server/schemas/catalogue.ts";

/** 12 newest and 12 best sellers. */
export const HOME_URL = "/api/catalogue/home";

/** ÚLTIMAS NOVIDADES shows the 34 newest products (docs/product/storefront.md#novos). */
export const NOVOS_URL = "/api/catalogue/products?sort=newest&pageSize=34";

/** A product and its related products (≤ 5 of the same category and sub-category). */
export const productUrl = (id: string) => `/api/catalogue/products/${encodeURIComponent(id)}`;

/** The server takes at most 100 ids at once: more distinct products than that in one cart is not a real case. */
const MAX_IDS = 100;

/** The products a cart names, in one request; the same set of ids gives the same address whatever their order. */
export const productsByIdsUrl = (ids: readonly string[]): string | null => {
  const unique = [...new Set(ids)].sort().slice(0, MAX_IDS);
  return unique.length ? `/api/catalogue/products?ids=${unique.map(encodeURIComponent).join(",")}&pageSize=${MAX_IDS}` : null;
};

/** Cards per page of /collection. */
export const PAGE_SIZE = COLLECTION_PAGE_SIZE;

/** The sort select's options (relevant, low-high, high-low) by the server's names. */
export type CollectionSort = "relevance" | "price_asc" | "price_desc";
const SORTS: readonly CollectionSort[] = ["relevance", "price_asc", "price_desc"];

/** What /collection shows, as its address says: `?q=&category=&subCategory=&sort=&page=` (page: how many are loaded). */
export interface CollectionQuery {
  q: string;
  categories: readonly string[];
  subCategories: readonly string[];
  sort: CollectionSort;
}

export const readCollectionQuery = (params: URLSearchParams): CollectionQuery & { pages: number } => {
  const sort = params.get("sort") as CollectionSort | null;
  const pages = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    categories: params.getAll("category"),
    subCategories: params.getAll("subCategory"),
    sort: sort && SORTS.includes(sort) ? sort : "relevance",
    pages: Number.isInteger(pages) && pages > 1 ? pages : 1,
  };
};

/** The address bar's query for `query` with `pages` pages loaded; defaults are left out. */
export const collectionSearch = (query: CollectionQuery, pages: number): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set("q", query.q.trim());
  for (const c of query.categories) params.append("category", c);
  for (const s of query.subCategories) params.append("subCategory", s);
  if (query.sort !== "relevance") params.set("sort", query.sort);
  if (pages > 1) params.set("page", String(pages));
  return params;
};

/** One page of the collection from the server. */
export const collectionPageUrl = (query: CollectionQuery, page: number): string => {
  const params = collectionSearch(query, 1);
  params.set("page", String(page));
  params.set("pageSize", String(PAGE_SIZE));
  return `/api/catalogue/products?${params}`;
};

export const EMPTY_COLLECTION_QUERY: CollectionQuery = { q: "", categories: [], subCategories: [], sort: "relevance" };
