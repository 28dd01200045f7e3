import type { Db } from "../../db/client.ts";

/** A product picture is its full image ('product') with a 'middle' and a 'thumbnail' rendition; chat files and proofs are 'attachment'. */
export type MediaKind = "product" | "middle" | "thumbnail" | "attachment";

export interface NewMedia {
  publicId: string;
  mimeType: string;
  size: number;
  sha256: string;
  width?: number | null;
  height?: number | null;
  fileName?: string | null;
  kind: MediaKind;
  ownerId?: string | null;
  /** A full product image's middle rendition (docs/design/media.md#uploads). */
  middleId?: string | null;
}

/** What serving a file needs; its bytes are in the media store under `sha256`. */
export interface MediaInfo {
  mimeType: string;
  size: number;
  sha256: string;
  fileName: string | null;
  kind: string;
}

export const mediaRepository = (db: Db) => ({
  create: (data: NewMedia) => db.media.create({ data, select: { id: true, publicId: true, mimeType: true, fileName: true } }),
  /** Which kind each media row is (product images must be 'product', their thumbnails 'thumbnail'). */
  kinds: (ids: string[]) => db.media.findMany({ where: { id: { in: ids } }, select: { id: true, kind: true } }),
  findByPublicId: (publicId: string): Promise<MediaInfo | null> =>
    db.media.findUnique({ where: { publicId }, select: { mimeType: true, size: true, sha256: true, fileName: true, kind: true } }),
  /** Rows that still hold their bytes in the database, a batch at a time. */
  withBytes: (take: number) =>
    db.media.findMany({ where: { bytes: { not: null } }, select: { id: true, bytes: true }, orderBy: { id: "asc" }, take }),
  /**
   * Product pictures in use (on a product, deleted or not) without a middle rendition, in id order after `after`:
   * what the backfill has left to make.
   */
  withoutMiddle: (after: string | undefined, take: number) =>
    db.media.findMany({
      where: {
        kind: "product",
        middleId: null,
        bytes: null,
        productImages: { some: {} },
        ...(after === undefined ? {} : { id: { gt: after } }),
      },
      select: { id: true, sha256: true, ownerId: true },
      orderBy: { id: "asc" },
      take,
    }),
  /** Links a full image to its middle rendition unless it has one already (false then). */
  linkMiddle: async (id: string, middleId: string) =>
    (await db.media.updateMany({ where: { id, middleId: null }, data: { middleId } })).count === 1,
  /** Bytes of the attachments (chat files, proofs) an account has sent. */
  async attachmentBytesOwnedBy(ownerId: string): Promise<number> {
    const { _sum } = await db.media.aggregate({ where: { ownerId, kind: "attachment" }, _sum: { size: true } });
    return _sum.size ?? 0;
  },
  /** Bytes of the attachments the shopper has sent on one order's chat (proofs included). */
  async clientAttachmentBytesOn(orderId: string): Promise<number> {
    const { _sum } = await db.media.aggregate({
      where: { kind: "attachment", messages: { some: { orderId, sender: "client" } } },
      _sum: { size: true },
    });
    return _sum.size ?? 0;
  },
  /** The row's bytes are in the store now: keep their hash and size, drop the copy. */
  bytesMoved: (id: string, sha256: string, size: number) =>
    db.media.update({ where: { id }, data: { bytes: null, sha256, size }, select: { id: true } }),
});
