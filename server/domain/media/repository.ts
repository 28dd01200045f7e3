import type { Db } from "../../db/client.ts";

export interface NewMedia {
  publicId: string;
  mimeType: string;
  size: number;
  sha256: string;
  width?: number | null;
  height?: number | null;
  fileName?: string | null;
  bytes: Uint8Array<ArrayBuffer>;
  kind: "product" | "thumbnail" | "attachment";
  ownerId?: string | null;
}

export interface StoredFile {
  mimeType: string;
  size: number;
  sha256: string;
  fileName: string | null;
  bytes: Uint8Array;
}

export const mediaRepository = (db: Db) => ({
  create: (data: NewMedia) => db.media.create({ data, select: { id: true, publicId: true, mimeType: true, fileName: true } }),
  /** Which kind each media row is (product images must be 'product', their thumbnails 'thumbnail'). */
  kinds: (ids: string[]) => db.media.findMany({ where: { id: { in: ids } }, select: { id: true, kind: true } }),
  findByPublicId: (publicId: string): Promise<StoredFile | null> =>
    db.media.findUnique({ where: { publicId }, select: { mimeType: true, size: true, sha256: true, fileName: true, bytes: true } }),
});
