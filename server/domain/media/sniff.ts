// Decides a file's type from its bytes, never from its name or the client's Content-Type.
// file-type reads binary signatures only, so SVG or HTML can never pass as an image.
import { fileTypeFromBuffer } from "file-type";

export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"] as const;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export async function sniffType(bytes: Uint8Array, allowed: readonly string[]): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && allowed.includes(detected.mime) ? detected.mime : undefined;
}
