import { ApiError } from "../../lib/api-client.ts";
import { seed } from "../../lib/cached-api.ts";
import { productUrl, type Product } from "./api/catalogue.ts";

/**
 * The server answers /product/{id} with the product in the page (`<script id="loja-initial">`, JSON): read it
 * before the app replaces #root and keep it as the product's answer, so the product page does not ask again.
 * `"product": null` means the server found no such product (it answered 404).
 */
export function seedServerProduct(): void {
  const script = document.getElementById("loja-initial");
  const route = /^\/product\/([^/]+)\/?$/.exec(location.pathname);
  if (!script || !route?.[1]) return;
  let initial: { product?: Product | null; related?: Product[] };
  try {
    initial = JSON.parse(script.textContent ?? "") as typeof initial;
  } catch {
    return;
  }
  const id = decodeURIComponent(route[1]);
  if (initial.product === null) seed(productUrl(id), { error: new ApiError(404, "Produto não encontrado", true), loading: false });
  else if (initial.product?._id === id)
    seed(productUrl(id), { data: { success: true, product: initial.product, related: initial.related ?? [] }, loading: false });
}
