import { saveBlob } from "../../shared/save-file.ts";

/** The name the server gives the file (RFC 5987 `filename*` first), if any. */
const nameFromHeader = (header: string | null): string | undefined => {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
};

/**
 * Saves a file fetched by URL (attachments are plain URLs).
 * `name` wins when given (the PDF viewer saves as documento.pdf); otherwise the server's name, then the URL's.
 */
export async function downloadUrl(url: string, name?: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const filename = name ?? nameFromHeader(res.headers.get("content-disposition")) ?? url.split("?")[0]?.split("/").pop() ?? "ficheiro";
  saveBlob(await res.blob(), filename);
}
