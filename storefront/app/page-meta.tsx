import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { FIXED_PAGES, pageTitle, SHOP_DESCRIPTION } from "../../shared/pages.ts";

// The tab's title and the meta description follow the route as the shopper moves around the app, in the words the
// server gives the first page (shared/pages.ts); link previews are read by crawlers from the server's HTML.

/** Pages the server does not describe (nothing there for a search engine), by their first path segment. */
const APP_PAGE_TITLES: Record<string, string> = {
  "/cart": pageTitle("O seu carrinho"),
  "/login": pageTitle("Entrar"),
  "/place-order": pageTitle("Finalizar compra"),
  "/orders": pageTitle("Minhas encomendas"),
  "/message": pageTitle("Suporte do pedido"),
  "/confirmacaotransferencia": pageTitle("Confirmação do pedido"),
};

interface PageMeta {
  title: string;
  description: string;
}

const metaOf = (pathname: string): PageMeta => {
  const route = `/${pathname.split("/")[1] ?? ""}`;
  const fixed = FIXED_PAGES[route];
  return fixed ?? { title: APP_PAGE_TITLES[route] ?? FIXED_PAGES["/"]?.title ?? "", description: SHOP_DESCRIPTION };
};

function apply({ title, description }: PageMeta) {
  document.title = title;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = description;
}

/** Rendered before the page, so a page's own usePageMeta (its effect runs later) has the last word. */
export function RouteMeta() {
  const { pathname } = useLocation();
  useEffect(() => apply(metaOf(pathname)), [pathname]);
  return null;
}

/** A page that names itself once it knows what it shows (a product: shared/pages.ts's productPageMeta). */
export function usePageMeta({ title, description }: PageMeta) {
  useEffect(() => apply({ title, description }), [title, description]);
}
