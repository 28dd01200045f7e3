// Hands the browser a file to save (the storefront's attachments and PDFs, the console's CSV exports): a link to
// the bytes, clicked, then let go once the browser has taken them.

/** Saves `blob` under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
