// The first screen of `/` and `/collection` as the app draws it, written by the server so a phone on 3G paints
// the shop before the app's scripts arrive: the page's skeleton for its second, then the hero and the first
// product cards with their pictures. The timing is CSS's (styles.css, `.first-screen`), so no script is needed;
// the app then replaces the markup with the same content from the same data (`loja-initial`), asking nothing again.
// Everything from the database is escaped. The markup carries none of the app's test ids: a test waiting for a
// card or a slide by its id waits for the app itself.
import { readdirSync } from "node:fs";
import path from "node:path";
import { SOLD_OUT_LABEL, TAXONOMY } from "../../shared/catalogue.ts";
import { COLLECTION_SORTS, COLLECTION_TITLE, productCount, showProductsLabel } from "../../shared/collection-page.ts";
import { HERO_TEXTS, HERO_TRANSITION, HOME_SECTIONS } from "../../shared/home-page.ts";
import { formatKz } from "../../shared/money.ts";
import { CARD_SIZES, THUMB_WIDTH, productSrcset } from "../../shared/product-images.ts";
import type { ShopProduct } from "../schemas/products.ts";
import { escapeHtml as e } from "./shell.ts";

/**
 * Cards drawn per page: a first screen at any width (two or three rows), not the whole list; the app adds the rest
 * below when it takes over. Less markup to parse and lay out on a slow phone.
 */
const FIRST_SCREEN_CARDS = 12;

/** Skeleton placeholders per page, as the app shows them. */
const HOME_SKELETON = 8;
const COLLECTION_SKELETON = 12;

export interface HomeLists {
  latest: ShopProduct[];
  bestsellers: ShopProduct[];
}

export interface CollectionFirstPage {
  products: ShopProduct[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The built hero pictures by slide (0-3): "url 800w, url 1600w" as the app's srcset, empty for a slide without
 * pictures (or a shop whose storefront is not built). Read once from the build's file names.
 */
export function heroSrcsets(distDir: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(path.join(distDir, "storefront", "assets"));
  } catch {
    // No build (tests, the server alone): slides without pictures, as the app shows them then.
  }
  return HERO_TEXTS.map((_, i) =>
    [800, 1600]
      .map((w) => {
        const file = files.find((f) => new RegExp(`^hero-${i + 1}-${w}-[^/]+\\.webp$`).test(f));
        return file ? `/assets/${file} ${w}w` : "";
      })
      .filter(Boolean)
      .join(", "),
  );
}

const svg = (size: number, body: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
const CHEVRON = svg(16, '<path d="m6 9 6 6 6-6"></path>');
const CLOSE = svg(20, '<path d="M6 6l12 12M18 6 6 18"></path>');

const title = (first: string, second: string, tag: "h1" | "h2") =>
  `<${tag} class="title"><span><span class="muted">${e(first)}</span> ${e(second)}</span><span class="title-line"></span></${tag}>`;

const skeleton = (count: number) =>
  `<div class="skeleton skeleton-card first-screen-skeleton" aria-busy="true" aria-label="A carregar">${'<div class="skeleton-item"></div>'.repeat(count)}</div>`;

/**
 * A product card as the app's ProductCard draws it. `picture`: "priority" for the page's largest picture (fetched
 * first), "eager", or "lazy": a lazy one inside the hidden first screen waits until it shows, so the pictures below
 * do not share the connection with the largest one during the skeleton's second.
 */
function card(p: ShopProduct, picture: "priority" | "eager" | "lazy"): string {
  const full = p.image[0] ?? "";
  const thumb = p.thumbnail[0];
  const source = thumb
    ? `src="${e(thumb)}" srcset="${e(productSrcset(thumb, full, p.middle[0]))}" sizes="${e(CARD_SIZES)}"`
    : full
      ? `src="${e(full)}"`
      : "";
  const img = `<img ${source} alt="${e(p.name)}" width="${THUMB_WIDTH}" height="${THUMB_WIDTH}" loading="${picture === "lazy" ? "lazy" : "eager"}" fetchpriority="${picture === "priority" ? "high" : "low"}" decoding="async">`;
  return `<a class="card" href="/product/${encodeURIComponent(p._id)}"><div class="card-img">${img}${
    p.soldOut ? `<span class="badge-sold-out">${e(SOLD_OUT_LABEL)}</span>` : ""
  }</div><p class="card-name">${e(p.name)}</p><p class="card-price">${e(formatKz(p.price))}</p></a>`;
}

/** The shop's header as index.html paints it before the app (the app's own has the same height). */
const HEADER = '<header class="navbar"><span class="logo">LOJA<span>.</span></span></header>';

/** Content hidden behind the skeleton for its second (styles.css: `.first-screen`). */
const revealed = (content: string) => `<div class="first-screen">${content}</div>`;

/** `/`: the hero with its first slide's picture and the newest products (newest first); the best sellers, further down, come with the app. */
export function homeFirstScreen(home: HomeLists, hero: readonly string[], first: number): string {
  const order = [first, ...HERO_TEXTS.map((_, i) => i).filter((i) => i !== first)];
  const slides = order
    .map((n, i) => {
      const text = HERO_TEXTS[n]!;
      const srcset = hero[n] ?? "";
      // Only the first slide's picture: the others come with the app, as the carousel reaches them.
      const img =
        i === 0 && srcset
          ? `<img src="${e(srcset.split(" ")[0]!)}" srcset="${e(srcset)}" sizes="100vw" alt="" fetchpriority="high" decoding="async">`
          : "";
      return `<div class="hero-slide" aria-hidden="${i !== 0}" style="opacity:${i === 0 ? 1 : 0};transition:opacity ${HERO_TRANSITION}ms ease-in-out">${img}<div class="hero-text"><p class="hero-subtitle">${e(text.subtitle)}</p><h1 class="hero-title">${e(text.title)}</h1><p class="hero-cta">${e(text.cta)}</p></div></div>`;
    })
    .join("");
  const s = HOME_SECTIONS.latest;
  const latest = `<section class="section">${title(s.first, s.second, "h2")}<p class="lead">${e(s.lead)}</p><div class="grid">${home.latest
    .slice(0, FIRST_SCREEN_CARDS)
    .map((p) => card(p, "lazy"))
    .join("")}</div></section>`;
  return `${HEADER}<main class="page has-support">${skeleton(HOME_SKELETON)}${revealed(
    `<section class="hero" aria-roledescription="carousel">${slides}</section>${latest}`,
  )}</main>`;
}

/** `/collection` without filters: the filter panel, the title, how many products, the sort, the first page's first cards. */
export function collectionFirstScreen(page: CollectionFirstPage): string {
  const categories = Object.keys(TAXONOMY)
    .map(
      (cat) =>
        `<div class="filter-group"><div class="filter-row"><label><input type="checkbox"> ${e(cat)}</label><button type="button" class="icon-btn" aria-label="${e(
          `Subcategorias de ${cat}`,
        )}" aria-expanded="false">${CHEVRON}</button></div></div>`,
    )
    .join("");
  const filters = `<aside class="filters"><button type="button" class="filters-toggle" aria-expanded="false" aria-controls="filter-panel">FILTROS ${CHEVRON}</button><div id="filter-panel" class="filter-panel"><div class="filter-head"><p class="strong">CATEGORIAS</p><button type="button" class="icon-btn filter-close" aria-label="Fechar filtros">${CLOSE}</button></div>${categories}<button type="button" class="btn filter-apply">${e(
    showProductsLabel(page.total),
  )}</button></div></aside>`;
  const sort = `<select aria-label="Ordenar">${COLLECTION_SORTS.map((s) => `<option value="${s.value}">${e(s.label)}</option>`).join(
    "",
  )}</select>`;
  const head = `<div class="collection-head"><div>${title(COLLECTION_TITLE.first, COLLECTION_TITLE.second, "h1")}<p class="muted">${e(
    productCount(page.total),
  )}</p></div>${sort}</div>`;
  // The first two cards' pictures are the page's largest paint on a phone: fetched first, as the app does.
  const cards = page.products
    .slice(0, FIRST_SCREEN_CARDS)
    .map((p, i) => card(p, i < 2 ? "priority" : "lazy"))
    .join("");
  const grid = page.total === 0 ? '<p class="empty">Nenhum produto encontrado</p>' : `<div class="grid">${cards}</div>`;
  return `${HEADER}<main class="page has-support"><div class="collection">${filters}<section class="collection-main">${head}${skeleton(
    COLLECTION_SKELETON,
  )}${revealed(grid)}</section></div></main>`;
}
