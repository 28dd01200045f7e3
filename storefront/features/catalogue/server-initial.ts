import { ApiError } from "../../lib/api-client.ts";
import { seed } from "../../lib/cached-api.ts";
import {
  collectionPageUrl,
  EMPTY_COLLECTION_QUERY,
  HOME_URL,
  productUrl,
  type HomeReply,
  type Product,
  type ProductPageReply,
} from "./api/catalogue.ts";

/** What the server put in a page it filled in (`<script id="loja-initial">`, JSON), by page. */
interface ServerInitial {
  /** /product/{id}: `null` when the server found no such product (it answered 404). */
  product?: Product | null;
  related?: Product[];
  /** `/`: the home lists and the hero slide it showed first. */
  home?: Omit<HomeReply, "success">;
  heroFirst?: number;
  /** `/collection`: the first page of the collection without filters. */
  collection?: Omit<ProductPageReply, "success">;
}

/**
 * The server answers `/`, `/collection` and /product/{id} with the page's data in it: read it before the app
 * replaces #root and keep it as the answer to the request the page would make, so the page does not ask again and
 * shows at once what the server drew. Data written for another address (the service worker's kept home page,
 * offline) is left alone.
 */
export function seedServerPage(): void {
  const script = document.getElementById("loja-initial");
  if (!script) return;
  const forPath = script.dataset.path;
  if (forPath !== undefined && forPath !== location.pathname) return;
  let initial: ServerInitial;
  try {
    initial = JSON.parse(script.textContent ?? "") as ServerInitial;
  } catch {
    return;
  }
  if (initial.home && location.pathname === "/") {
    seed(HOME_URL, { data: { success: true, ...initial.home }, loading: false });
    if (typeof initial.heroFirst === "number") window.__lojaHeroFirst = initial.heroFirst;
  }
  if (initial.collection && location.pathname === "/collection")
    seed(collectionPageUrl(EMPTY_COLLECTION_QUERY, 1), { data: { success: true, ...initial.collection }, loading: false });
  const route = /^\/product\/([^/]+)\/?$/.exec(location.pathname);
  if (!route?.[1] || initial.product === undefined) return;
  const id = decodeURIComponent(route[1]);
  if (initial.product === null) seed(productUrl(id), { error: new ApiError(404, "Produto não encontrado", true), loading: false });
  else if (initial.product._id === id)
    seed(productUrl(id), { data: { success: true, product: initial.product, related: initial.related ?? [] }, loading: false });
}

/** Whether the page on screen is one the server filled in for this address (its markup is in #root). */
export function serverFilledPage(): boolean {
  const script = document.getElementById("loja-initial");
  return Boolean(script && (script.dataset.path === undefined || script.dataset.path === location.pathname));
}
