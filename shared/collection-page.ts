// /collection's fixed texts and page size: the app shows them, and the server writes them into the first screen it sends.

/** Cards per page of /collection. */
export const COLLECTION_PAGE_SIZE = 24;

export const COLLECTION_TITLE = { first: "TODAS AS", second: "COLEÇÕES" } as const;

/** The sort select's options (relevant, low-high, high-low) by the server's names; the first is the default. */
export const COLLECTION_SORTS = [
  { value: "relevance", label: "Ordenar por: Relevante" },
  { value: "price_asc", label: "Preço: menor para maior" },
  { value: "price_desc", label: "Preço: maior para menor" },
] as const;

export const productCount = (n: number) => (n === 1 ? "1 produto" : `${n} produtos`);

/** What a search found, with the words searched for: "3 produtos para «camisa azul»" (no words: the count alone). */
export const searchResultsLabel = (n: number, q: string) => (q.trim() ? `${productCount(n)} para «${q.trim()}»` : productCount(n));

/** The filter panel's button, once the number of products is known. */
export const showProductsLabel = (total: number | undefined) => (total === undefined ? "Ver produtos" : `Ver ${productCount(total)}`);
