// What each storefront page is called and how it is described: the server writes them into the HTML
// for crawlers and link previews, and the app keeps them as the shopper navigates, so a tab says the same either way.
import { formatKz } from "./money.ts";

export const SHOP_NAME = "Loja";
export const SHOP_DESCRIPTION =
  "Loja: produtos importados 100% originais em Angola — moda, eletrónicos, mobília, máquinas e telefones. Pagamento por transferência bancária, entrega em 7 a 14 dias, suporte 24/7.";

/** "<subject> — Loja". */
export const pageTitle = (subject: string) => `${subject} — ${SHOP_NAME}`;

/** A description fit for a preview: one line, at most ~160 characters, cut at a word. */
function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
}

/** Pages with a fixed subject: their own title and description. */
export const FIXED_PAGES: Record<string, { title: string; description: string }> = {
  "/": { title: `${SHOP_NAME} — Importados 100% originais em Angola`, description: SHOP_DESCRIPTION },
  "/collection": {
    title: pageTitle("Coleção"),
    description:
      "Toda a coleção: moda, eletrónicos, mobília e máquinas importados, 100% originais, com entrega em Angola. Pesquise e filtre por categoria.",
  },
  "/novos": {
    title: pageTitle("Últimas novidades"),
    description: "Os produtos que acabaram de chegar à Loja: importados 100% originais, com entrega em Angola.",
  },
  "/about": { title: pageTitle("Sobre nós"), description: SHOP_DESCRIPTION },
  "/contact": { title: pageTitle("Contactos"), description: "Fale connosco: telefones, e-mail e morada da Loja em Angola." },
  "/privacypolicy": { title: pageTitle("Política de privacidade"), description: "Como a Loja trata os seus dados pessoais." },
  "/trocas-e-devolucoes": {
    title: pageTitle("Trocas e devoluções"),
    description: "Prazo e política de trocas e devoluções da Loja, e como pedir uma troca de tamanho ou um reembolso.",
  },
};

/** A product's page: its name as the title, its description (or its name and price) as the description. */
export const productPageMeta = (product: { name: string; description: string; price: number }) => ({
  title: pageTitle(product.name),
  description: summary(product.description) || `${product.name} — ${formatKz(product.price)}`,
});

export const PRODUCT_NOT_FOUND_META = { title: pageTitle("Produto não encontrado"), description: "Este produto já não está na Loja." };
