// Files: metadata in the database, bytes in the media store (content-addressed files under DATA_DIR, or an
// S3-compatible bucket), never on PGlite's thread (docs/design/media.md). Each file is addressed by an unguessable
// public id (128 random bits): the URL itself is the capability.
import { createHash, randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import type { Db, PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { FileCache } from "./file-cache.ts";
import { sanitizeFileName } from "./file-name.ts";
import type { IncomingFile } from "./incoming.ts";
import { mediaRepository, type MediaInfo, type MediaKind, type NewMedia } from "./repository.ts";
import type { MediaStore } from "./store.ts";
import { ATTACHMENT_TOO_LARGE, ATTACHMENT_TYPES, IMAGE_TYPES, MAX_ATTACHMENT_BYTES, attachmentKind } from "../../../shared/chat.ts";
import { sniffType } from "./sniff.ts";
import { FULL_WIDTH, MIDDLE_WIDTH, THUMB_WIDTH } from "../../../shared/product-images.ts";

const MAX_PRODUCT_IMAGE_BYTES = 10 * 1024 * 1024;

export const mediaUrl = (publicId: string) => `/media/${publicId}`;
const newPublicId = () => randomBytes(16).toString("base64url");
const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function createRow(db: Db, data: Omit<NewMedia, "publicId">) {
  return mediaRepository(db).create({ ...data, publicId: newPublicId() });
}

/** Bytes made here (WebP renditions, seeds, tests) into the store, then their row. */
export async function storeBytes(db: Db, store: MediaStore, bytes: Uint8Array, data: Omit<NewMedia, "publicId" | "sha256" | "size">) {
  const sha256 = sha256Of(bytes);
  await store.putBytes(bytes, sha256);
  return createRow(db, { ...data, sha256, size: bytes.byteLength });
}

/** A checked attachment already in the store: the message's transaction writes its row. */
interface AcceptedAttachment {
  sha256: string;
  size: number;
  mimeType: string;
  fileName: string | null;
}

/**
 * Checks an uploaded chat attachment (size, type sniffed from its first bytes) and moves it into the store.
 * It goes in before the message's row: a failed message leaves at most an unreferenced file, never a row without one.
 */
export async function acceptAttachment(store: MediaStore, file: IncomingFile): Promise<AcceptedAttachment> {
  if (file.size === 0) throw new AppError(400, "O ficheiro está vazio");
  if (file.size > MAX_ATTACHMENT_BYTES) throw new AppError(413, ATTACHMENT_TOO_LARGE);
  const mimeType = await sniffType(file.head, ATTACHMENT_TYPES);
  if (!mimeType) throw new AppError(415, "Tipo de ficheiro não suportado: envie uma imagem (JPEG, PNG, WebP, GIF) ou um PDF");
  await store.putFile(file.path, file.sha256, file.size);
  return { sha256: file.sha256, size: file.size, mimeType, fileName: sanitizeFileName(file.fileName) };
}

interface StoredAttachment {
  id: string;
  publicId: string;
  url: string;
  mimeType: string;
  kind: "image" | "pdf";
  fileName: string | null;
}

/** The row of an accepted attachment. */
export async function storeAttachment(db: Db, file: AcceptedAttachment, ownerId: string): Promise<StoredAttachment> {
  const row = await createRow(db, {
    mimeType: file.mimeType,
    size: file.size,
    sha256: file.sha256,
    kind: "attachment",
    ownerId,
    fileName: file.fileName,
  });
  return {
    id: row.id,
    publicId: row.publicId,
    url: mediaUrl(row.publicId),
    mimeType: file.mimeType,
    kind: attachmentKind(file.mimeType),
    fileName: file.fileName,
  };
}

interface StoredProductImage {
  mediaId: string;
  thumbId: string;
  url: string;
  thumbUrl: string;
}

/**
 * How a product photo is rendered: widths and WebP qualities of its full image, middle rendition and thumbnail
 * (shared/product-images.ts says which page asks for which).
 */
const RENDITIONS = {
  full: { width: FULL_WIDTH, quality: 78 },
  middle: { width: MIDDLE_WIDTH, quality: 76 },
  thumb: { width: THUMB_WIDTH, quality: 72 },
} as const;

/** Names the renditions and the encoder that makes them: a prepared image kept under another name is stale. */
export const PRODUCT_IMAGE_RENDITION = JSON.stringify({ ...RENDITIONS, vips: sharp.versions.vips });

interface Rendition {
  data: Buffer;
  width: number;
  height: number;
}

export interface PreparedProductImage {
  full: Rendition;
  middle: Rendition;
  thumb: Rendition;
}

/** One WebP rendition of a picture (a path or its bytes), on libuv's thread pool, not on the event loop. */
async function render(input: string | Uint8Array, { width, quality }: { width: number; quality: number }): Promise<Rendition> {
  const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Checks a product photo (bytes, or an upload read from its temp file) and makes its WebP full image, middle
 * rendition and thumbnail. sharp decodes and encodes on libuv's thread pool, not on the event loop.
 */
export async function prepareProductImage(source: Uint8Array | IncomingFile): Promise<PreparedProductImage> {
  const [input, size, head] = source instanceof Uint8Array ? [source, source.byteLength, source] : [source.path, source.size, source.head];
  if (size > MAX_PRODUCT_IMAGE_BYTES) throw new AppError(413, "Imagem demasiado grande (máximo 10 MB)");
  if (!(await sniffType(head, IMAGE_TYPES))) throw new AppError(415, "A imagem tem de ser JPEG, PNG, WebP ou GIF");
  try {
    const [full, middle, thumb] = await Promise.all([
      render(input, RENDITIONS.full),
      render(input, RENDITIONS.middle),
      render(input, RENDITIONS.thumb),
    ]);
    return { full, middle, thumb };
  } catch {
    throw new AppError(415, "Não foi possível ler a imagem");
  }
}

const storeRendition = (db: Db, store: MediaStore, r: Rendition, kind: MediaKind, ownerId: string | null, middleId?: string) =>
  storeBytes(db, store, r.data, { mimeType: "image/webp", width: r.width, height: r.height, kind, ownerId, middleId });

/**
 * Stores a prepared product image and returns the ids for a ProductImage row. The middle rendition hangs off the
 * full image's row (`media.middle_id`), so every page that names the full image finds it, and staff's image
 * references (mediaId, thumbId) stay as they were.
 */
export async function saveProductImage(
  db: Db,
  store: MediaStore,
  image: PreparedProductImage,
  ownerId: string | null = null,
): Promise<StoredProductImage> {
  const middleRow = await storeRendition(db, store, image.middle, "middle", ownerId);
  const fullRow = await storeRendition(db, store, image.full, "product", ownerId, middleRow.id);
  const thumbRow = await storeRendition(db, store, image.thumb, "thumbnail", ownerId);
  return { mediaId: fullRow.id, thumbId: thumbRow.id, url: mediaUrl(fullRow.publicId), thumbUrl: mediaUrl(thumbRow.publicId) };
}

/** Turns an uploaded product photo into its WebP renditions (made once, at upload). */
export async function storeProductImage(
  db: Db,
  store: MediaStore,
  source: Uint8Array | IncomingFile,
  ownerId: string | null = null,
): Promise<StoredProductImage> {
  return saveProductImage(db, store, await prepareProductImage(source), ownerId);
}

/** Pictures looked at per backfill round: each is read, resized and written one at a time (a few tens of ms). */
const BACKFILL_BATCH = 10;

/**
 * Gives product pictures stored before the middle rendition existed their middle rendition, made from the full
 * image (the upload itself is not kept), a batch at a time, off the request path (the job in
 * server/jobs/picture-renditions.ts). Idempotent: a picture is linked to its rendition only while it has none, in
 * the transaction that stores the rendition's row, so two rounds never give it two. Pictures after `after` (an id),
 * in id order; a picture that cannot be read is skipped (logged by `onError`) and looked at again on the next pass.
 */
export async function backfillMiddleRenditions(
  db: PrismaClient,
  store: MediaStore,
  after: string | undefined,
  onError: (mediaId: string, error: unknown) => void = () => undefined,
  batch = BACKFILL_BATCH,
): Promise<{ made: number; last: string | undefined; more: boolean }> {
  const pictures = await mediaRepository(db).withoutMiddle(after, batch);
  let made = 0;
  for (const picture of pictures) {
    try {
      const middle = await render(await buffer(await store.read(picture.sha256)), RENDITIONS.middle);
      // The file first (outside the transaction: a rolled-back row leaves at most an unreferenced file, as uploads do).
      const sha256 = sha256Of(middle.data);
      await store.putBytes(middle.data, sha256);
      await db.$transaction(async (tx) => {
        const row = await createRow(tx, {
          mimeType: "image/webp",
          width: middle.width,
          height: middle.height,
          kind: "middle",
          ownerId: picture.ownerId,
          sha256,
          size: middle.data.byteLength,
        });
        if (!(await mediaRepository(tx).linkMiddle(picture.id, row.id))) throw new AlreadyLinked();
      });
      made++;
    } catch (error) {
      if (!(error instanceof AlreadyLinked)) onError(picture.id, error);
    }
  }
  return { made, last: pictures.at(-1)?.id, more: pictures.length === batch };
}

/** Another round linked the picture first: this round's row is rolled back. */
class AlreadyLinked extends Error {}

/** A file's metadata by its public id, from the in-memory cache when it was served recently (files never change). */
export async function findFile(db: Db, cache: FileCache, publicId: string): Promise<MediaInfo> {
  const cached = cache.get(publicId);
  if (cached) return cached;
  const row = await mediaRepository(db).findByPublicId(publicId);
  if (!row) throw new AppError(404, "Ficheiro não encontrado");
  cache.set(publicId, row);
  return row;
}

/** Product images and their renditions are public; attachments (chat files, payment proofs) private to the browser. */
export const isPublicMedia = (kind: string) => kind === "product" || kind === "middle" || kind === "thumbnail";

/**
 * Moves the bytes of rows that still keep them in the database into the store, a batch at a time, at start. Each row is cleared
 * only once its file is durable, so a crash part-way leaves rows that the next start moves again (the store dedups).
 */
export async function moveStoredBytes(db: Db, store: MediaStore, batch = 20): Promise<number> {
  const repo = mediaRepository(db);
  let moved = 0;
  for (;;) {
    const rows = await repo.withBytes(batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const bytes = row.bytes!;
      const sha256 = sha256Of(bytes);
      await store.putBytes(bytes, sha256);
      await repo.bytesMoved(row.id, sha256, bytes.byteLength);
    }
    moved += rows.length;
  }
}
