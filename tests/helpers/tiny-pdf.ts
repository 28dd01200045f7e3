// Minimal, valid single-page PDFs for tests of the payment-proof reader.
// Written by hand because no PDF writer is installed (pdfjs-dist only reads): a catalog, one page tree with
// one A4 page, the standard Helvetica font (WinAnsi, so Portuguese accents are single Latin-1 bytes), one
// content stream, and a cross-reference table whose byte offsets are computed, as the format requires.
import { deflateSync } from "node:zlib";

/** Escapes a string for a PDF literal `( … )`. */
const literal = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A PDF whose page shows `lines` as real text (a text layer), top to bottom. */
export function pdfWithText(lines: string[]): Buffer {
  const shown = lines.map((line, i) => `${i === 0 ? "" : "T* "}(${literal(line)}) Tj`).join("\n");
  return pdfWithContent(`BT\n/F1 12 Tf\n16 TL\n50 780 Td\n${shown}\nET`);
}

/** A PDF with no text layer, like a scanned receipt: its page only draws shapes. */
export function pdfWithoutText(): Buffer {
  return pdfWithContent("0.9 g\n50 600 300 150 re f\n0 g\n2 w\n50 600 m 350 750 l S");
}

/**
 * A PDF whose one content stream is `content` compressed with FlateDecode, as a hostile file would be: a
 * 20,000,000-character string is about 20 KB of it.
 */
export function pdfWithFlateContent(content: Buffer): Buffer {
  return pdfWithContent(deflateSync(content, { level: 9 }), "/Filter /FlateDecode ");
}

function pdfWithContent(content: string | Buffer, filter = ""): Buffer {
  const stream = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${stream.length} ${filter}>>\nstream\n${stream.toString("latin1")}\nendstream`,
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    parts.push(part);
    length += part.length;
  });
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, CR LF.
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f\r\n",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n\r\n`),
  ].join("");
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, "latin1"));
  return Buffer.concat(parts);
}
