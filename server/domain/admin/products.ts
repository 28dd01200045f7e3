// Catalogue management for staff: list with filters, create/update with ordered images, soft delete.
// Every change invalidates the shopper product-list cache.
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import type { ListCache } from "../catalogue/list-cache.ts";
import { TAXONOMY, isValidPlacement } from "../catalogue/taxonomy.ts";
import { mediaUrl, storeProductImage } from "../media/service.ts";
import { AppError } from "../errors.ts";
import type { AdminProduct, AdminProductBody, AdminProductImage } from "../../schemas/admin-products.ts";
import type { ListParams } from "../../schemas/admin-common.ts";
import { adminProductsRepository, type AdminProductRow, type ProductWhere } from "./products-repository.ts";
import type { ListSpec } from "./list-params.ts";

export const PRODUCT_LIST: ListSpec<{ q: "string"; category: "string"; subCategory: "string"; bestseller: "boolean"; id: "ids" }> = {
  filters: { q: "string", category: "string", subCategory: "string", bestseller: "boolean", id: "ids" },
  sortable: ["name", "price", "category", "subCategory", "bestseller", "createdAt", "updatedAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
};

const PRODUCT_NOT_FOUND = "Produto não encontrado";

export function toAdminProduct(p: AdminProductRow): AdminProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price.toNumber(),
    sizes: p.sizes,
    category: p.category,
    subCategory: p.subCategory,
    bestseller: p.bestseller,
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

export async function listProducts(db: PrismaClient, params: ListParams<{ q?: string; category?: string; subCategory?: string; bestseller?: boolean; id?: string[] }>) {
  const f: ProductWhere = { ...params.filter, ids: params.filter.id };
  const repo = adminProductsRepository(db);
  const dir = params.sortOrder === "ASC" ? "asc" : "desc";
  const [rows, total] = await Promise.all([repo.list(f, [{ [params.sortField]: dir }, { id: dir }], params.skip, params.take), repo.count(f)]);
  return { rows: rows.map(toAdminProduct), total };
}

export async function getProduct(db: PrismaClient, id: string): Promise<AdminProduct> {
  const row = await adminProductsRepository(db).findLive(id);
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
  };
}

async function checkImages(db: PrismaClient, images: AdminProductBody["images"]) {
  const mediaIds = images.map((i) => i.mediaId);
  if (new Set(mediaIds).size !== mediaIds.length) throw new AppError(400, "A mesma imagem aparece mais de uma vez");
  const ids = [...mediaIds, ...images.flatMap((i) => (i.thumbId ? [i.thumbId] : []))];
  const kinds = new Map((await adminProductsRepository(db).mediaKinds(ids)).map((m) => [m.id, m.kind]));
  for (const img of images) {
    if (kinds.get(img.mediaId) !== "product" || (img.thumbId !== null && kinds.get(img.thumbId) !== "thumbnail")) {
      throw new AppError(400, "Imagem inválida: envie-a primeiro pelo carregamento de imagens");
    }
  }
}

export async function createProduct(db: PrismaClient, cache: ListCache, body: AdminProductBody): Promise<AdminProduct> {
  const data = normalise(body);
  await checkImages(db, body.images);
  const id = await db.$transaction(async (tx) => {
    const repo = adminProductsRepository(tx);
    const { id } = await repo.create(data);
    await repo.replaceImages(id, body.images);
    return id;
  });
  cache.invalidate();
  return getProduct(db, id);
}

export async function updateProduct(db: PrismaClient, cache: ListCache, id: string, body: AdminProductBody): Promise<AdminProduct> {
  const data = normalise(body);
  await checkImages(db, body.images);
  await db.$transaction(async (tx) => {
    const repo = adminProductsRepository(tx);
    if (!(await repo.findLive(id))) throw new AppError(404, PRODUCT_NOT_FOUND);
    await repo.update(id, data);
    await repo.replaceImages(id, body.images);
  });
  cache.invalidate();
  return getProduct(db, id);
}

/** Soft delete: the product leaves the catalogue and carts; past orders keep their copied lines and images. */
export async function deleteProduct(db: PrismaClient, cache: ListCache, id: string): Promise<AdminProduct> {
  const before = await getProduct(db, id);
  await db.$transaction(async (tx) => {
    const repo = adminProductsRepository(tx);
    await repo.softDelete(id);
    await repo.removeFromCarts(id);
  });
  cache.invalidate();
  return before;
}

export async function uploadProductImage(db: PrismaClient, bytes: Uint8Array, ownerId: string): Promise<AdminProductImage> {
  const stored = await storeProductImage(db, bytes, ownerId);
  return { mediaId: stored.mediaId, thumbId: stored.thumbId, url: stored.url, thumbnailUrl: stored.thumbUrl };
}
