import { screen } from "@testing-library/react";
import { HERO_SLIDES } from "../../storefront/features/catalogue/hero-slides.ts";
import { seedServerPage } from "../../storefront/features/catalogue/server-initial.ts";
import { collectionFirstScreen, homeFirstScreen } from "../../server/pages/first-screens.ts";
import { catalogue, product, renderShop } from "./harness.tsx";
import { standInShopApi, type ApiCall } from "./shop-api-stand-in.ts";

// The first screen the server writes for `/` and `/collection` is the app's own first screen, from the same data:
// the app takes over with what the server handed it (no request, no different picture, name or order), so the
// shopper sees nothing change. Each test compares the server's markup with what the app draws from that data.

const SKELETON_WAIT = { timeout: 3000 };

/** Attributes that may differ: test ids (the server writes none), the router's own mark, when a picture is fetched. */
const IGNORED = new Set(["data-testid", "data-discover", "loading", "fetchpriority"]);

/** An element as tag, sorted attributes and content, whitespace between tags ignored. */
function canon(el: Element): string {
  const attrs = [...el.attributes]
    .filter((a) => !IGNORED.has(a.name))
    .map((a) => (a.name === "style" ? `style=${(el as HTMLElement).style.cssText}` : `${a.name}=${a.value}`))
    .sort();
  const content = [...el.childNodes]
    .map((n) => (n.nodeType === Node.TEXT_NODE ? (n.textContent ?? "") : n.nodeType === Node.ELEMENT_NODE ? canon(n as Element) : ""))
    .join("");
  return `<${el.tagName.toLowerCase()} ${attrs.join(" ")}>${content}</${el.tagName.toLowerCase()}>`;
}

const parse = (html: string) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
};

/** The page as the server sends it: its data in `loja-initial`, read before the app starts. */
function serve(path: string, initial: unknown) {
  window.history.replaceState(null, "", path);
  const script = Object.assign(document.createElement("script"), {
    id: "loja-initial",
    type: "application/json",
    textContent: JSON.stringify(initial),
  });
  script.dataset.path = path;
  document.body.append(script);
  seedServerPage();
}

const catalogueCalls = (calls: readonly ApiCall[]) => calls.map((c) => c.path).filter((p) => p.startsWith("/api/catalogue/"));

afterEach(() => {
  document.getElementById("loja-initial")?.remove();
  window.history.replaceState(null, "", "/");
  delete window.__lojaHeroFirst;
  vi.unstubAllGlobals();
});

/** Products with what markup must survive: quotes and tags in a name, sold out, no thumbnail, no picture at all. */
const tricky = [
  product(41, { name: `Cadeira "Kizomba" <b>Pro</b> & Co`, soldOut: true }),
  product(42, { thumbnail: [] }),
  product(43, { image: [], thumbnail: [], middle: [] }),
];

describe("the server's first screen is the app's", () => {
  it("home: the hero's first slide and the newest products newest first, then the best sellers from the same data, without a request", async () => {
    const latest = [...tricky, ...catalogue(9).reverse()];
    const bestsellers = catalogue(4, () => ({ bestseller: true }));
    const heroFirst = 2;
    const server = parse(
      homeFirstScreen(
        { latest, bestsellers },
        HERO_SLIDES.map((s) => s.srcSet),
        heroFirst,
      ),
    );
    const calls = standInShopApi({});
    serve("/", { home: { latest, bestsellers }, heroFirst });
    renderShop("/", { products: [] });

    const slides = await screen.findAllByTestId("hero-slide", {}, SKELETON_WAIT);
    const serverSlides = [...server.querySelectorAll(".hero-slide")];
    expect(serverSlides).toHaveLength(4);
    // The slide the server showed first is the app's first, picture included.
    expect(serverSlides[0]!.textContent).toContain(HERO_SLIDES[heroFirst]!.title);
    expect(canon(slides[0]!)).toBe(canon(serverSlides[0]!));
    // The others, hidden until the carousel reaches them, in the app's own random order.
    const texts = (list: Element[]) => list.map((s) => s.textContent).sort();
    expect(texts(slides)).toEqual(texts(serverSlides));

    const sections = [...document.querySelectorAll("main .section")];
    const serverSections = [...server.querySelectorAll(".section")];
    expect(serverSections).toHaveLength(1);
    expect(serverSections[0]!.textContent).toContain("ÚLTIMAS NOVIDADES");
    expect(canon(sections[0]!)).toBe(canon(serverSections[0]!));
    expect(server.querySelectorAll(".section .card")).toHaveLength(12);
    // Further down, the app adds the best sellers it was handed with the rest.
    expect(sections[1]!.textContent).toContain("MAIS VENDIDOS");
    expect([...sections[1]!.querySelectorAll("a.card")].map((a) => a.getAttribute("href"))).toEqual(
      bestsellers.map((p) => `/product/${p._id}`),
    );
    expect(catalogueCalls(calls)).toEqual([]);
  });

  it("collection: the filters, the title, how many products, the sort and the first page's cards, without a request", async () => {
    const products = [...tricky, ...catalogue(21)];
    const page = { products, total: 240, page: 1, pageSize: 24 };
    const server = parse(collectionFirstScreen(page));
    const calls = standInShopApi({});
    serve("/collection", { collection: page });
    renderShop("/collection", { products: [] });

    const cards = await screen.findAllByTestId("product-card", {}, SKELETON_WAIT);
    expect(cards).toHaveLength(24);
    expect(canon(document.querySelector(".collection-head")!)).toBe(canon(server.querySelector(".collection-head")!));
    expect(server.querySelector(".collection-head")!.textContent).toContain("240 produtos");
    expect(canon(document.querySelector("aside.filters")!)).toBe(canon(server.querySelector("aside.filters")!));
    // The server draws the first 12 cards; the app the same 12, then the rest of the page it was handed.
    const appCards = [...document.querySelectorAll(".collection-main .grid > a")];
    const serverCards = [...server.querySelectorAll(".first-screen .grid > a")];
    expect(serverCards).toHaveLength(12);
    expect(appCards.slice(0, 12).map(canon)).toEqual(serverCards.map(canon));
    expect(appCards.map((a) => a.getAttribute("href"))).toEqual(products.map((p) => `/product/${p._id}`));
    expect(catalogueCalls(calls)).toEqual([]);
  });

  it("writes every name as text, and the skeleton the app shows (8 on the home, 12 on the collection)", () => {
    const home = parse(homeFirstScreen({ latest: tricky, bestsellers: [] }, [], 0));
    expect(home.querySelector(".card-name")!.textContent).toBe(`Cadeira "Kizomba" <b>Pro</b> & Co`);
    expect(home.querySelector(".card-name b")).toBeNull();
    expect(home.querySelector(".badge-sold-out")!.textContent).toBe("Esgotado");
    expect(home.querySelectorAll(".first-screen-skeleton .skeleton-item")).toHaveLength(8);
    const collection = parse(collectionFirstScreen({ products: [], total: 0, page: 1, pageSize: 24 }));
    expect(collection.querySelectorAll(".first-screen-skeleton .skeleton-item")).toHaveLength(12);
    expect(collection.querySelector(".first-screen")!.textContent).toBe("Nenhum produto encontrado");
  });

  it("leaves data written for another address alone (the service worker's kept home page, offline)", () => {
    const calls = standInShopApi({});
    const script = Object.assign(document.createElement("script"), {
      id: "loja-initial",
      type: "application/json",
      textContent: JSON.stringify({ home: { latest: catalogue(3), bestsellers: [] }, heroFirst: 1 }),
    });
    script.dataset.path = "/";
    document.body.append(script);
    window.history.replaceState(null, "", "/about");
    seedServerPage();
    expect(window.__lojaHeroFirst).toBeUndefined();
    expect(catalogueCalls(calls)).toEqual([]);
  });
});
