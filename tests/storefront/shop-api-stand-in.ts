import type { RealtimeClient, RealtimeEvent } from "../../shared/realtime-client.ts";
import type { ChatMessage } from "../../storefront/features/chat/types.ts";
import type { Product } from "../../storefront/features/catalogue/api/catalogue.ts";

// Stand-ins for what the storefront talks to, for screens tested in jsdom: the shop API answered by route from
// data the test gives (server behaviour itself is tested in tests/api and tests/e2e), and a socket whose
// frames the test pushes.

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = unknown | { status: number; body: unknown };
type Handler = (call: ApiCall) => Answer;

const answered = (value: Answer): value is { status: number; body: unknown } =>
  typeof value === "object" && value !== null && "status" in value && "body" in value && typeof value.status === "number";

let catalogueProducts: readonly Product[] = [];

/** The products the catalogue endpoints answer from, in the server's default order. */
export const setStandInCatalogue = (products: readonly Product[]) => {
  catalogueProducts = products;
};

const NOT_FOUND = { status: 404, body: { success: false, message: "Rota não encontrada" } };

/**
 * The catalogue endpoints as docs/product/shopper-api.md#catalogue describes them (the server's own behaviour, search
 * included, is tested in tests/api): filters, price and newest sorts, name search, ids, pages.
 */
function catalogueAnswer(path: string): Answer {
  const url = new URL(path, "http://shop.test");
  const newest = [...catalogueProducts].sort((a, b) => b.date - a.date);
  if (url.pathname === "/api/catalogue/home")
    return { success: true, latest: newest.slice(0, 12), bestsellers: catalogueProducts.filter((p) => p.bestseller).slice(0, 12) };
  const one = /^\/api\/catalogue\/products\/([^/]+)$/.exec(url.pathname);
  if (one) {
    const product = catalogueProducts.find((p) => p._id === decodeURIComponent(one[1] ?? ""));
    if (!product) return { status: 404, body: { success: false, message: "Produto não encontrado" } };
    const related = catalogueProducts.filter(
      (p) => p._id !== product._id && p.category === product.category && p.subCategory === product.subCategory,
    );
    return { success: true, product, related: related.slice(0, 5) };
  }
  if (url.pathname !== "/api/catalogue/products") return NOT_FOUND;
  const q = url.searchParams;
  const many = (name: string) =>
    q
      .getAll(name)
      .flatMap((v) => v.split(","))
      .filter(Boolean);
  const [ids, categories, subCategories] = [many("ids"), many("category"), many("subCategory")];
  const text = (q.get("q") ?? "").toLowerCase();
  const found = (q.get("sort") === "newest" ? newest : [...catalogueProducts]).filter(
    (p) =>
      (!ids.length || ids.includes(p._id)) &&
      (!categories.length || categories.includes(p.category)) &&
      (!subCategories.length || subCategories.includes(p.subCategory)) &&
      (!text || p.name.toLowerCase().includes(text)) &&
      (q.get("bestseller") !== "true" || p.bestseller),
  );
  if (q.get("sort") === "price_asc") found.sort((a, b) => a.price - b.price);
  if (q.get("sort") === "price_desc") found.sort((a, b) => b.price - a.price);
  const page = Number(q.get("page") ?? 1);
  const pageSize = Number(q.get("pageSize") ?? 24);
  return { success: true, products: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize };
}

let installed: unknown;

/** Whether `fetch` is a stand-in already (a test's own routes), which the harness then leaves in place. */
export const standInInstalled = () => globalThis.fetch === installed;

/**
 * Replaces `fetch` with the routes given as "METHOD /path" (the signed-in cart answers empty unless given, the
 * catalogue endpoints answer from setStandInCatalogue's products); an unknown route answers 404. Returns the
 * calls made, bodies decoded (FormData stays FormData).
 */
export function standInShopApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler> = { "POST /api/cart/get": () => ({ success: true, cartData: {} }), ...routes };
  installed = async (path: string, init: RequestInit = {}) => {
    const raw = init.body;
    const call = { method: init.method ?? "GET", path, body: typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw };
    calls.push(call);
    // A route with a query string may be answered by its handler for the bare path (the call keeps the query).
    const handler = all[`${call.method} ${path}`] ?? all[`${call.method} ${path.split("?")[0]}`];
    // A handler may answer later (a promise): the screen waits for the server meanwhile.
    const answer = handler
      ? await handler(call)
      : path.startsWith("/api/catalogue/") && call.method === "GET"
        ? catalogueAnswer(path)
        : NOT_FOUND;
    const { status, body } = answered(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  };
  vi.stubGlobal("fetch", installed);
  return calls;
}

/** A realtime client whose frames the test emits; enough of RealtimeClient for the screens' listeners. */
export class StandInRealtime {
  private listeners = new Set<(event: RealtimeEvent<ChatMessage>) => void>();
  rooms = new Set<string>();

  on(listener: (event: RealtimeEvent<ChatMessage>) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  joinRoom(orderId: string) {
    this.rooms.add(orderId);
  }
  leaveRoom(orderId: string) {
    this.rooms.delete(orderId);
  }
  close() {}
  emit(event: RealtimeEvent<ChatMessage>) {
    for (const listener of [...this.listeners]) listener(event);
  }
  /** As the session holds it. */
  get client(): RealtimeClient<ChatMessage> {
    return this as unknown as RealtimeClient<ChatMessage>;
  }
}
