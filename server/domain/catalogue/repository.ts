// Products and their ordered images: the only Prisma caller of the catalogue. The shop's list and the staff's
// catalogue management are selections of this one repository.
import type { Db, PrismaClient } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";
import { LOW_STOCK } from "../../../shared/stock.ts";
import { SEARCH_PLANNER_COSTS, searchQuery, type CatalogueSort, type SearchFilter } from "./search.ts";

/** A product's own columns as the shop and the console show them (images come separately, in order). */
const productColumns = {
  id: true,
  name: true,
  description: true,
  price: true,
  sizes: true,
  category: true,
  subCategory: true,
  bestseller: true,
  soldOut: true,
  createdAt: true,
  /** Tracked sizes and their units (docs/product/orders.md#stock). */
  stock: { select: { size: true, quantity: true } },
} as const;

/** What the shop may show: not deleted, not hidden by staff (sold-out products are shown, marked). */
const onShow = { deletedAt: null, hidden: false } as const;

/** What the shopper list needs of a product: its fields and its images' public ids (each rendition's), in order. */
const listSelect = {
  ...productColumns,
  images: {
    orderBy: { position: "asc" },
    select: {
      media: { select: { publicId: true, middle: { select: { publicId: true } } } },
      thumb: { select: { publicId: true } },
    },
  },
} as const;

/** A product as staff edit it: its columns, update time and image ids. */
const staffSelect = {
  ...productColumns,
  hidden: true,
  updatedAt: true,
  images: {
    orderBy: { position: "asc" },
    select: { mediaId: true, thumbId: true, media: { select: { publicId: true } }, thumb: { select: { publicId: true } } },
  },
} as const satisfies Prisma.ProductSelect;
export type StaffProductRow = Prisma.ProductGetPayload<{ select: typeof staffSelect }>;

export interface StaffProductFilter {
  q?: string;
  category?: string;
  subCategory?: string;
  bestseller?: boolean;
  ids?: string[];
  /** Products with a tracked size at LOW_STOCK units or fewer. */
  lowStock?: boolean;
}

const staffWhere = (f: StaffProductFilter): Prisma.ProductWhereInput => ({
  deletedAt: null,
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.q ? { name: { contains: f.q, mode: "insensitive" } } : {}),
  ...(f.category ? { category: f.category } : {}),
  ...(f.subCategory ? { subCategory: f.subCategory } : {}),
  ...(f.bestseller !== undefined ? { bestseller: f.bestseller } : {}),
  ...(f.lowStock === true ? { stock: { some: { quantity: { lte: LOW_STOCK } } } } : {}),
  ...(f.lowStock === false ? { stock: { none: { quantity: { lte: LOW_STOCK } } } } : {}),
});

interface ProductData {
  name: string;
  description: string;
  price: Prisma.Decimal;
  sizes: string[];
  category: string;
  subCategory: string;
  bestseller: boolean;
  hidden: boolean;
  soldOut: boolean;
}

export const catalogueRepository = (db: Db) => ({
  /** Live products, oldest first (a client reverses the list for "latest"). */
  // "join": one SQL statement with the images aggregated, instead of one query per relation (measured 1.21× raw
  // SQL instead of 1.50× on 1,000 products).
  listLive: () =>
    db.product.findMany({
      relationLoadStrategy: "join",
      where: onShow,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: listSelect,
    }),
  findLive: (id: string) =>
    db.product.findFirst({
      relationLoadStrategy: "join",
      where: { id, ...onShow },
      select: { id: true, name: true, price: true, sizes: true, soldOut: true, images: listSelect.images, stock: productColumns.stock },
    }),
  count: () => db.product.count(),

  // The shop's catalogue queries: pages, one product, home lists.

  /** One page of live product ids matching the filter, in order, and the number that match in all. */
  /** These live products with their images (in no particular order). */
  listLiveByIds: (ids: string[]) =>
    db.product.findMany({ relationLoadStrategy: "join", where: { id: { in: ids }, ...onShow }, select: listSelect }),
  findLiveWithImages: (id: string) => db.product.findFirst({ relationLoadStrategy: "join", where: { id, ...onShow }, select: listSelect }),
  /** Up to `take` other live products of the same category and sub-category, in list order (the related products). */
  listRelated: (p: { id: string; category: string; subCategory: string }, take: number) =>
    db.product.findMany({
      relationLoadStrategy: "join",
      where: { ...onShow, category: p.category, subCategory: p.subCategory, id: { not: p.id } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
      select: listSelect,
    }),
  listNewest: (take: number) =>
    db.product.findMany({
      relationLoadStrategy: "join",
      where: onShow,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: listSelect,
    }),
  /** Best sellers (the bestseller flag) in list order; the home page shows the first 12. */
  listBestsellers: (take: number) =>
    db.product.findMany({
      relationLoadStrategy: "join",
      where: { ...onShow, bestseller: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
      select: listSelect,
    }),
  /** Product ids and update times for the sitemap. */
  listLiveForSitemap: () =>
    db.product.findMany({ where: onShow, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, updatedAt: true } }),

  synonymGroups: async () =>
    (await db.searchSynonym.findMany({ orderBy: { createdAt: "asc" }, select: { words: true } })).map((s) => s.words),

  // Staff catalogue management

  listForStaff: (
    f: StaffProductFilter,
    orderBy: Prisma.ProductOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<StaffProductRow[]> => db.product.findMany({ where: staffWhere(f), orderBy, skip, take, select: staffSelect }),
  countForStaff: (f: StaffProductFilter) => db.product.count({ where: staffWhere(f) }),
  findLiveForStaff: (id: string): Promise<StaffProductRow | null> =>
    db.product.findFirst({ where: { id, deletedAt: null }, select: staffSelect }),
  create: (data: ProductData) => db.product.create({ data, select: { id: true } }),
  update: (id: string, data: ProductData) => db.product.update({ where: { id }, data, select: { id: true } }),
  replaceImages: async (productId: string, images: { mediaId: string; thumbId: string | null }[]) => {
    await db.productImage.deleteMany({ where: { productId } });
    await db.productImage.createMany({
      data: images.map((img, position) => ({ productId, position, mediaId: img.mediaId, thumbId: img.thumbId })),
    });
  },
  softDelete: (id: string) => db.product.update({ where: { id }, data: { deletedAt: new Date() }, select: { id: true } }),
});
export type ListedProduct = Awaited<ReturnType<ReturnType<typeof catalogueRepository>["listLive"]>>[number];

/**
 * The shop's catalogue query (search.ts): one page of live product ids and the total. A search with words runs in
 * a transaction of its own, so the planner setting it needs stays with it; hence the base client.
 */
export async function searchLive(db: PrismaClient, filter: SearchFilter, sort: CatalogueSort, skip: number, take: number) {
  const query = db.$queryRaw<{ total: number; ids: string[] }[]>(searchQuery(filter, sort, skip, take));
  const [row] = filter.words.length ? (await db.$transaction([db.$executeRaw(SEARCH_PLANNER_COSTS), query]))[1] : await query;
  return { total: row?.total ?? 0, ids: row?.ids ?? [] };
}
