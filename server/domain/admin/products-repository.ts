import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { productColumns } from "../catalogue/repository.ts";

const adminSelect = {
  ...productColumns,
  updatedAt: true,
  images: {
    orderBy: { position: "asc" },
    select: { mediaId: true, thumbId: true, media: { select: { publicId: true } }, thumb: { select: { publicId: true } } },
  },
} as const satisfies Prisma.ProductSelect;

export type AdminProductRow = Prisma.ProductGetPayload<{ select: typeof adminSelect }>;

export interface ProductWhere { q?: string; category?: string; subCategory?: string; bestseller?: boolean; ids?: string[] }

const where = (f: ProductWhere): Prisma.ProductWhereInput => ({
  deletedAt: null,
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.q ? { name: { contains: f.q, mode: "insensitive" } } : {}),
  ...(f.category ? { category: f.category } : {}),
  ...(f.subCategory ? { subCategory: f.subCategory } : {}),
  ...(f.bestseller !== undefined ? { bestseller: f.bestseller } : {}),
});

export interface ProductData {
  name: string;
  description: string;
  price: Prisma.Decimal;
  sizes: string[];
  category: string;
  subCategory: string;
  bestseller: boolean;
}

export const adminProductsRepository = (db: Db) => ({
  list: (f: ProductWhere, orderBy: Prisma.ProductOrderByWithRelationInput[], skip: number, take: number) =>
    db.product.findMany({ where: where(f), orderBy, skip, take, select: adminSelect }),
  count: (f: ProductWhere) => db.product.count({ where: where(f) }),
  findLive: (id: string) => db.product.findFirst({ where: { id, deletedAt: null }, select: adminSelect }),
  /** Media rows a product may use: full images must be kind 'product', thumbnails kind 'thumbnail'. */
  mediaKinds: (ids: string[]) => db.media.findMany({ where: { id: { in: ids } }, select: { id: true, kind: true } }),
  create: (data: ProductData) => db.product.create({ data, select: { id: true } }),
  update: (id: string, data: ProductData) => db.product.update({ where: { id }, data, select: { id: true } }),
  replaceImages: async (productId: string, images: { mediaId: string; thumbId: string | null }[]) => {
    await db.productImage.deleteMany({ where: { productId } });
    await db.productImage.createMany({ data: images.map((img, position) => ({ productId, position, mediaId: img.mediaId, thumbId: img.thumbId })) });
  },
  softDelete: (id: string) => db.product.update({ where: { id }, data: { deletedAt: new Date() }, select: { id: true } }),
  /** Shoppers' carts must not keep a product that left the catalogue. */
  removeFromCarts: (productId: string) => db.cartLine.deleteMany({ where: { productId } }),
  mediaUrls: (ids: string[]) => db.media.findMany({ where: { id: { in: ids } }, select: { id: true, publicId: true } }),
});
