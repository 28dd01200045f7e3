// The home page's fixed texts: the app shows them, and the server writes them into the first screen it sends.

/** The hero's four slides (not clickable), shown in a random order. */
export const HERO_TEXTS = [
  { title: "Últimas Novidades", subtitle: "NOSSOS MAIS VENDIDOS", cta: "ENCOMENDE AGORA" },
  { title: "Entregas em 7 a 14 dias", subtitle: "ENCOMENDE O SEU TELEFONE AQUI:", cta: "ENVIO POR VIA AÉREA" },
  { title: "Envie sua mercadoria", subtitle: "PARA GRANDES PROJETOS", cta: "DE FORMA SIMPLES E SEGURA" },
  { title: "Do Exterior Para Si", subtitle: "IMPORTADOS SELECIONADOS", cta: "COMPRE HOJE" },
] as const;

export const HERO_INTERVAL = 20_000;
export const HERO_TRANSITION = 1000;

/** The home's two product lists: newest first, then the best sellers. */
export const HOME_SECTIONS = {
  latest: { first: "ÚLTIMAS", second: "NOVIDADES", lead: "Os produtos mais recentes a chegar à loja, importados e 100% originais." },
  bestsellers: { first: "MAIS", second: "VENDIDOS", lead: "Os preferidos dos nossos clientes." },
} as const;
