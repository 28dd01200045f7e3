import { useEffect } from "react";
import { useLocation } from "react-router-dom";

// The tab's title and the meta description follow the route as the shopper moves around the app (the server
// gives the first page its own; shared links are read by crawlers from the server's HTML, not from here).

export const DEFAULT_TITLE = "Loja — Importados 100% originais em Angola";
const DEFAULT_DESCRIPTION =
  "Loja: produtos importados 100% originais em Angola — moda, eletrónicos, mobília, máquinas e telefones. Pagamento por transferência bancária, entrega em 7 a 14 dias, suporte 24/7.";

/** Titles of the routes whose page does not name itself (the product page does: usePageMeta). */
const TITLES: Record<string, string> = {
  "/collection": "Loja — Todas as coleções",
  "/novos": "Loja — Últimas novidades",
  "/about": "Loja — Sobre nós",
  "/contact": "Loja — Contacto",
  "/cart": "Loja — O seu carrinho",
  "/login": "Loja — Entrar",
  "/place-order": "Loja — Finalizar compra",
  "/orders": "Loja — Minhas encomendas",
  "/message": "Loja — Suporte do pedido",
  "/privacypolicy": "Loja — Política de privacidade",
  "/confirmacaotransferencia": "Loja — Confirmação da encomenda",
};

const titleOf = (pathname: string) => TITLES[`/${pathname.split("/")[1] ?? ""}`] ?? DEFAULT_TITLE;

function setDescription(text: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.append(meta);
  }
  meta.content = text;
}

/** Rendered before the page, so a page's own usePageMeta (its effect runs later) has the last word. */
export function RouteMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleOf(pathname);
    setDescription(DEFAULT_DESCRIPTION);
  }, [pathname]);
  return null;
}

/** A page that names itself once it knows what it shows: "Loja — <name>", and a description of at most 160 characters. */
export function usePageMeta(name: string | undefined, description?: string) {
  useEffect(() => {
    if (!name) return;
    document.title = `Loja — ${name}`;
    if (description) {
      const flat = description.replace(/\s+/g, " ").trim();
      setDescription(flat.length > 160 ? `${flat.slice(0, 159)}…` : flat);
    }
  }, [name, description]);
}
