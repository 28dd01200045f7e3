// How much a shopper may upload (chat files and payment proofs), so one account cannot fill the disk: at most
// 100 MB in all per account and 40 MB per order (a 10 MB file is the largest; a receipt photo is 1–3 MB, so an
// order's chat holds a dozen or more). Counted from the media rows, so every instance agrees.
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { mediaRepository } from "./repository.ts";

export const ACCOUNT_UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;
export const ORDER_UPLOAD_QUOTA_BYTES = 40 * 1024 * 1024;
export const ACCOUNT_QUOTA_REACHED = "Atingiu o limite de ficheiros enviados por esta conta (100 MB)";
export const ORDER_QUOTA_REACHED = "Atingiu o limite de ficheiros enviados neste pedido (40 MB)";

/** Throws 413 when `size` more bytes would take the account or the order over its quota. */
export async function assertUploadQuota(db: Db, input: { userId: string; orderId: string; size: number }): Promise<void> {
  const media = mediaRepository(db);
  const [account, order] = await Promise.all([media.attachmentBytesOwnedBy(input.userId), media.clientAttachmentBytesOn(input.orderId)]);
  if (account + input.size > ACCOUNT_UPLOAD_QUOTA_BYTES) throw new AppError(413, ACCOUNT_QUOTA_REACHED);
  if (order + input.size > ORDER_UPLOAD_QUOTA_BYTES) throw new AppError(413, ORDER_QUOTA_REACHED);
}
