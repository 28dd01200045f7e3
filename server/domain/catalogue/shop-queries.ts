// What the storefront asks of the catalogue (docs/design/catalogue.md#reads): one page of a filtered, sorted search; one product with
// its related products; the home page's two lists. Each answer carries only what the screen shows, so a
// catalogue of 10,000 products costs a phone the same as one of 50.
import type { Db, PrismaClient } from "../../db/client.ts";
import type { ShopProduct } from "../../schemas/products.ts";
import { AppError } from "../errors.ts";
import { toShopProduct } from "./product-view.ts";
import { catalogueRepository, searchLive, type ListedProduct } from "./repository.ts";
import { expandWithSynonyms, type CatalogueSort } from "./search.ts";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
/** The home page lists 12 latest and 12 best sellers; a product page 5 related (docs/product/storefront.md#home). */
const HOME_LIST_SIZE = 12;
const RELATED_COUNT = 5;
export const PRODUCT_NOT_FOUND = "Produto não encontrado";

interface CatalogueQuery {
  page: number;
  pageSize: number;
  categories: string[];
  subCategories: string[];
  sort: CatalogueSort;
  q: string;
  bestseller?: boolean;
  /** Specific products (cart, orders): answered in this order, unknown or deleted ids left out. */
  ids?: string[];
}

interface ProductPage {
  products: ShopProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Synonym groups change rarely (staff edit them in the console) and every search needs them: kept for a minute,
 * dropped at once when this instance edits them.
 */
const SYNONYMS_TTL_MS = 60_000;
let synonyms: { at: number; groups: Promise<string[][]> } | undefined;
export const forgetSynonyms = () => {
  synonyms = undefined;
};
function synonymGroups(db: Db): Promise<string[][]> {
  if (!synonyms || Date.now() - synonyms.at > SYNONYMS_TTL_MS) {
    const groups = catalogueRepository(db).synonymGroups();
    synonyms = { at: Date.now(), groups };
    groups.catch(forgetSynonyms);
  }
  return synonyms.groups;
}

function inOrder(rows: ListedProduct[], ids: string[]): ShopProduct[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toShopProduct(row)] : [];
  });
}

export async function pageProducts(db: PrismaClient, query: CatalogueQuery): Promise<ProductPage> {
  const repo = catalogueRepository(db);
  if (query.ids) {
    const ids = [...new Set(query.ids)];
    const products = inOrder(await repo.listLiveByIds(ids), ids);
    return { products, total: products.length, page: 1, pageSize: query.pageSize };
  }
  const words = query.q.trim() ? expandWithSynonyms(query.q, await synonymGroups(db)) : [];
  const skip = (query.page - 1) * query.pageSize;
  const filter = { words, categories: query.categories, subCategories: query.subCategories, bestseller: query.bestseller };
  const { total, ids } = await searchLive(db, filter, query.sort, skip, query.pageSize);
  const products = ids.length ? inOrder(await repo.listLiveByIds(ids), ids) : [];
  return { products, total, page: query.page, pageSize: query.pageSize };
}

async function rowOnShow(db: Db, id: string) {
  const row = await catalogueRepository(db).findLiveWithImages(id);
  if (!row) throw new AppError(404, PRODUCT_NOT_FOUND);
  return row;
}

/** One product on show, as the shop shows it (without its related products); 404 otherwise. */
export const liveProduct = async (db: Db, id: string): Promise<ShopProduct> => toShopProduct(await rowOnShow(db, id));

export async function productWithRelated(db: Db, id: string): Promise<{ product: ShopProduct; related: ShopProduct[] }> {
  const row = await rowOnShow(db, id);
  const related = await catalogueRepository(db).listRelated(row, RELATED_COUNT);
  return { product: toShopProduct(row), related: related.map(toShopProduct) };
}

export async function homeLists(db: Db): Promise<{ latest: ShopProduct[]; bestsellers: ShopProduct[] }> {
  const repo = catalogueRepository(db);
  const [latest, bestsellers] = await Promise.all([repo.listNewest(HOME_LIST_SIZE), repo.listBestsellers(HOME_LIST_SIZE)]);
  return { latest: latest.map(toShopProduct), bestsellers: bestsellers.map(toShopProduct) };
}

/** Every live product's id and last change, for /sitemap.xml. */
export const sitemapEntries = (db: Db) => catalogueRepository(db).listLiveForSitemap();
