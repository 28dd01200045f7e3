import type { Db } from "../../db/client.ts";

/** A product's own columns as the shop and the console show them (images come separately, in order). */
export const productColumns = {
  id: true,
  name: true,
  description: true,
  price: true,
  sizes: true,
  category: true,
  subCategory: true,
  bestseller: true,
  createdAt: true,
} as const;

/** What the shopper list needs of a product: its fields and its images' public ids, in order. */
const listSelect = {
  ...productColumns,
  images: { orderBy: { position: "asc" }, select: { media: { select: { publicId: true } }, thumb: { select: { publicId: true } } } },
} as const;

export const catalogueRepository = (db: Db) => ({
  /** Live products, oldest first (SPEC.md: the storefront reverses the list for "latest"). */
  // "join": one SQL statement with the images aggregated, instead of one query per relation (measured 1.21× raw
  // SQL instead of 1.50× on 1,000 products).
  listLive: () =>
    db.product.findMany({ relationLoadStrategy: "join", where: { deletedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: listSelect }),
  findLive: (id: string) => db.product.findFirst({ relationLoadStrategy: "join", where: { id, deletedAt: null }, select: { id: true, name: true, price: true, sizes: true, images: listSelect.images } }),
  count: () => db.product.count(),
});
export type ListedProduct = Awaited<ReturnType<ReturnType<typeof catalogueRepository>["listLive"]>>[number];
