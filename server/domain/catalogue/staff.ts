// Catalogue management for staff: list with filters, create/update with ordered images, soft delete.
// Every change invalidates the shopper product-list cache.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { cartRepository } from "../cart/repository.ts";
import { AppError } from "../errors.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../list-query.ts";
import { mediaRepository } from "../media/repository.ts";
import { mediaUrl, storeProductImage } from "../media/service.ts";
import type { IncomingFile } from "../media/incoming.ts";
import type { MediaStore } from "../media/store.ts";
import type { AdminProduct, AdminProductBody, AdminProductImage } from "../../schemas/admin-products.ts";
import type { ListCache } from "./list-cache.ts";
import { catalogueRepository, type StaffProductFilter, type StaffProductRow } from "./repository.ts";
import { stockRepository } from "./stock-repository.ts";
import { TAXONOMY, isValidPlacement } from "../../../shared/catalogue.ts";

export const PRODUCT_LIST = {
  filters: { q: "string", category: "string", subCategory: "string", bestseller: "boolean", lowStock: "boolean", id: "ids" },
  sortable: ["name", "price", "category", "subCategory", "bestseller", "createdAt", "updatedAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{
  q: "string";
  category: "string";
  subCategory: "string";
  bestseller: "boolean";
  lowStock: "boolean";
  id: "ids";
}>;

const PRODUCT_NOT_FOUND = "Produto não encontrado";

function toAdminProduct(p: StaffProductRow): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price.toNumber(),
    sizes: p.sizes,
    category: p.category,
    subCategory: p.subCategory,
    bestseller: p.bestseller,
    hidden: p.hidden,
    soldOut: p.soldOut,
    stock: Object.fromEntries(p.stock.filter((s) => p.sizes.includes(s.size)).map((s) => [s.size, s.quantity])),
    images: p.images.map((i) => ({
      mediaId: i.mediaId,
      thumbId: i.thumbId,
      url: mediaUrl(i.media.publicId),
      thumbnailUrl: mediaUrl((i.thumb ?? i.media).publicId),
    })),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export const taxonomy = () => Object.entries(TAXONOMY).map(([name, subs]) => ({ name, subCategories: [...subs] }));

export async function listProducts(
  db: PrismaClient,
  query: ListQuery<{ q?: string; category?: string; subCategory?: string; bestseller?: boolean; lowStock?: boolean; id?: string[] }>,
): Promise<ListPage<AdminProduct>> {
  const { id: ids, ...rest } = query.filter;
  const f: StaffProductFilter = { ...rest, ids };
  const repo = catalogueRepository(db);
  const [rows, total] = await Promise.all([repo.listForStaff(f, orderByOf(query.sort), query.offset, query.limit), repo.countForStaff(f)]);
  return { rows: rows.map(toAdminProduct), total };
}

export async function getProduct(db: PrismaClient, id: string): Promise<AdminProduct> {
  const row = await catalogueRepository(db).findLiveForStaff(id);
  if (!row) throw new AppError(404, PRODUCT_NOT_FOUND);
  return toAdminProduct(row);
}

function normalise(body: AdminProductBody) {
  const name = body.name.trim();
  if (!name) throw new AppError(400, "O nome do produto é obrigatório");
  if (!isValidPlacement(body.category, body.subCategory)) throw new AppError(400, "Categoria ou subcategoria inválida");
  const sizes = [...new Set(body.sizes.map((s) => s.trim()).filter(Boolean))];
  if (sizes.length === 0) throw new AppError(400, "Indique pelo menos um tamanho ou cor");
  return {
    name,
    description: body.description.trim(),
    price: new Prisma.Decimal(body.price).toDecimalPlaces(2),
    sizes,
    category: body.category,
    subCategory: body.subCategory,
    bestseller: body.bestseller,
    hidden: body.hidden ?? false,
    soldOut: body.soldOut ?? false,
  };
}

/** The stock body's sizes must be the product's own (docs/product/orders.md#stock). */
function checkStock(stock: Record<string, number> | undefined, sizes: string[]): Record<string, number> | undefined {
  if (!stock) return undefined;
  const unknown = Object.keys(stock).find((size) => !sizes.includes(size));
  if (unknown !== undefined) throw new AppError(400, `Stock de um tamanho que o produto não tem: ${unknown}`);
  return stock;
}

async function checkImages(db: PrismaClient, images: AdminProductBody["images"]) {
  const mediaIds = images.map((i) => i.mediaId);
  if (new Set(mediaIds).size !== mediaIds.length) throw new AppError(400, "A mesma imagem aparece mais de uma vez");
  const ids = [...mediaIds, ...images.flatMap((i) => (i.thumbId ? [i.thumbId] : []))];
  const kinds = new Map((await mediaRepository(db).kinds(ids)).map((m) => [m.id, m.kind]));
  for (const img of images) {
    if (kinds.get(img.mediaId) !== "product" || (img.thumbId !== null && kinds.get(img.thumbId) !== "thumbnail")) {
      throw new AppError(400, "Imagem inválida: envie-a primeiro pelo carregamento de imagens");
    }
  }
}

export async function createProduct(db: PrismaClient, cache: ListCache, body: AdminProductBody): Promise<AdminProduct> {
  const data = normalise(body);
  const stock = checkStock(body.stock, data.sizes);
  await checkImages(db, body.images);
  const id = await db.$transaction(async (tx) => {
    const repo = catalogueRepository(tx);
    const { id } = await repo.create(data);
    await repo.replaceImages(id, body.images);
    if (stock) await stockRepository(tx).replace(id, stock);
    return id;
  });
  cache.invalidate();
  return getProduct(db, id);
}

export async function updateProduct(db: PrismaClient, cache: ListCache, id: string, body: AdminProductBody): Promise<AdminProduct> {
  const data = normalise(body);
  const stock = checkStock(body.stock, data.sizes);
  await checkImages(db, body.images);
  await db.$transaction(async (tx) => {
    const repo = catalogueRepository(tx);
    if (!(await repo.findLiveForStaff(id))) throw new AppError(404, PRODUCT_NOT_FOUND);
    await repo.update(id, data);
    await repo.replaceImages(id, body.images);
    if (stock) await stockRepository(tx).replace(id, stock);
    else await stockRepository(tx).keepSizes(id, data.sizes);
  });
  cache.invalidate();
  return getProduct(db, id);
}

/** Soft delete: the product leaves the catalogue and carts; past orders keep their copied lines and images. */
export async function deleteProduct(db: PrismaClient, cache: ListCache, id: string): Promise<AdminProduct> {
  const before = await getProduct(db, id);
  await db.$transaction(async (tx) => {
    await catalogueRepository(tx).softDelete(id);
    await cartRepository(tx).removeProduct(id);
  });
  cache.invalidate();
  return before;
}

export async function uploadProductImage(
  db: PrismaClient,
  media: MediaStore,
  file: IncomingFile,
  ownerId: string,
): Promise<AdminProductImage> {
  const stored = await storeProductImage(db, media, file, ownerId);
  return { mediaId: stored.mediaId, thumbId: stored.thumbId, url: stored.url, thumbnailUrl: stored.thumbUrl };
}
