import type { Product } from "./api/list-products.ts";

// The list selections SPEC.md §2 and §9 describe, as plain functions.
const LATEST_COUNT = 12;
const BESTSELLER_COUNT = 12;
const RELATED_COUNT = 5;
const NOVOS_COUNT = 34;

/** First 12 of the list reversed: newest first. */
export const latestProducts = (products: readonly Product[]) => [...products].reverse().slice(0, LATEST_COUNT);

export const bestSellers = (products: readonly Product[]) => products.filter((p) => p.bestseller).slice(0, BESTSELLER_COUNT);

export const relatedProducts = (products: readonly Product[], product: Product) =>
  products
    .filter((p) => p._id !== product._id && p.category === product.category && p.subCategory === product.subCategory)
    .slice(0, RELATED_COUNT);

export const novos = (products: readonly Product[]) => products.slice(0, NOVOS_COUNT);

export type SortKey = "relevant" | "low-high" | "high-low";

interface CollectionFilter {
  search: string;
  categories: readonly string[];
  subCategories: readonly string[];
  sort: SortKey;
}

/** Case-insensitive name search, category and sub-category filters, then the price sort. */
export const filterCollection = (products: readonly Product[], f: CollectionFilter): Product[] => {
  const needle = f.search.trim().toLowerCase();
  const out = products.filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle)) &&
      (f.categories.length === 0 || f.categories.includes(p.category)) &&
      (f.subCategories.length === 0 || f.subCategories.includes(p.subCategory)),
  );
  if (f.sort === "low-high") out.sort((a, b) => a.price - b.price);
  if (f.sort === "high-low") out.sort((a, b) => b.price - a.price);
  return out;
};
