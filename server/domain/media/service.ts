// Files live in the database (DESIGN.md): every instance serves every file and one backup holds everything.
// Each is addressed by an unguessable public id (128 random bits): the URL itself is the capability.
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { FileCache } from "./file-cache.ts";
import { mediaRepository, type NewMedia, type StoredFile } from "./repository.ts";
import { ATTACHMENT_TOO_LARGE, ATTACHMENT_TYPES, IMAGE_TYPES, MAX_ATTACHMENT_BYTES, attachmentKind } from "../../../shared/chat.ts";
import { sniffType } from "./sniff.ts";

const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Product images are stored as WebP at these widths (full view, then cards and srcset). */
const PRODUCT_FULL_WIDTH = 1000;
const PRODUCT_THUMB_WIDTH = 400;

export const mediaUrl = (publicId: string) => `/media/${publicId}`;
const newPublicId = () => randomBytes(16).toString("base64url");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function toOwnedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

async function store(db: Db, data: Omit<NewMedia, "publicId" | "sha256" | "size" | "bytes"> & { bytes: Uint8Array }) {
  return mediaRepository(db).create({ ...data, bytes: toOwnedBytes(data.bytes), publicId: newPublicId(), size: data.bytes.byteLength, sha256: sha256(data.bytes) });
}

export interface StoredAttachment {
  id: string;
  publicId: string;
  url: string;
  mimeType: string;
  kind: "image" | "pdf";
  fileName: string | null;
}

/** Keeps a chat attachment as sent, after checking its bytes are an allowed type. */
export async function storeAttachment(db: Db, input: { bytes: Uint8Array; fileName?: string | null; ownerId: string }): Promise<StoredAttachment> {
  if (input.bytes.byteLength === 0) throw new AppError(400, "O ficheiro está vazio");
  if (input.bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new AppError(413, ATTACHMENT_TOO_LARGE);
  const mimeType = await sniffType(input.bytes, ATTACHMENT_TYPES);
  if (!mimeType) throw new AppError(415, "Tipo de ficheiro não suportado: envie uma imagem (JPEG, PNG, WebP, GIF) ou um PDF");
  const fileName = input.fileName ? input.fileName.replace(/[\\/\r\n"]/g, "_").slice(0, 200) : null;
  const row = await store(db, { mimeType, bytes: input.bytes, kind: "attachment", ownerId: input.ownerId, fileName });
  return { id: row.id, publicId: row.publicId, url: mediaUrl(row.publicId), mimeType, kind: attachmentKind(mimeType), fileName };
}

export interface StoredProductImage {
  mediaId: string;
  thumbId: string;
  url: string;
  thumbUrl: string;
}

export interface PreparedProductImage {
  full: { data: Buffer; width: number; height: number };
  thumb: { data: Buffer; width: number; height: number };
}

/** Checks an uploaded product photo and makes its WebP full image and thumbnail (CPU only, no database). */
export async function prepareProductImage(bytes: Uint8Array): Promise<PreparedProductImage> {
  if (bytes.byteLength > MAX_PRODUCT_IMAGE_BYTES) throw new AppError(413, "Imagem demasiado grande (máximo 10 MB)");
  if (!(await sniffType(bytes, IMAGE_TYPES))) throw new AppError(415, "A imagem tem de ser JPEG, PNG, WebP ou GIF");
  const render = async (width: number, quality: number) => {
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const [full, thumb] = await Promise.all([render(PRODUCT_FULL_WIDTH, 78), render(PRODUCT_THUMB_WIDTH, 72)]);
    return { full, thumb };
  } catch {
    throw new AppError(415, "Não foi possível ler a imagem");
  }
}

/** Stores a prepared product image (full + thumbnail) and returns the ids for a ProductImage row. */
export async function saveProductImage(db: Db, image: PreparedProductImage, ownerId: string | null = null): Promise<StoredProductImage> {
  const fullRow = await store(db, { mimeType: "image/webp", bytes: image.full.data, width: image.full.width, height: image.full.height, kind: "product", ownerId });
  const thumbRow = await store(db, { mimeType: "image/webp", bytes: image.thumb.data, width: image.thumb.width, height: image.thumb.height, kind: "thumbnail", ownerId });
  return { mediaId: fullRow.id, thumbId: thumbRow.id, url: mediaUrl(fullRow.publicId), thumbUrl: mediaUrl(thumbRow.publicId) };
}

/** Turns an uploaded product photo into a WebP full image and a WebP thumbnail (made once, at upload). */
export async function storeProductImage(db: Db, bytes: Uint8Array, ownerId: string | null = null): Promise<StoredProductImage> {
  return saveProductImage(db, await prepareProductImage(bytes), ownerId);
}

/** A stored file by its public id, from the in-memory cache when it was served recently (files never change). */
export async function findFile(db: Db, cache: FileCache, publicId: string): Promise<StoredFile> {
  const cached = cache.get(publicId);
  if (cached) return cached;
  const row = await mediaRepository(db).findByPublicId(publicId);
  if (!row) throw new AppError(404, "Ficheiro não encontrado");
  cache.set(publicId, row);
  return row;
}
