// Uploads are refused while the disk holding the media files is nearly full, before a byte is written: a full
// disk would stop the database and every other write, not just uploads.
import { statfs } from "node:fs/promises";
import { AppError } from "../errors.ts";

export const DISK_FULL = "O servidor está sem espaço para ficheiros. Tente novamente mais tarde.";

/** Throws 507 when the file system of `dir` has less than `minFreeBytes` available (to unprivileged users). */
export async function assertDiskSpace(dir: string, minFreeBytes: number): Promise<void> {
  if (minFreeBytes <= 0) return;
  const stats = await statfs(dir);
  if (stats.bavail * stats.bsize < minFreeBytes) throw new AppError(507, DISK_FULL);
}
