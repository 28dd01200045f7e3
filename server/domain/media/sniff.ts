// Decides a file's type from its bytes, never from its name or the client's Content-Type.
// file-type reads binary signatures only, so SVG or HTML can never pass as an image.
import { fileTypeFromBuffer } from "file-type";

export async function sniffType(bytes: Uint8Array, allowed: readonly string[]): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && allowed.includes(detected.mime) ? detected.mime : undefined;
}
