// The one rule for kept and shown file names: never verbatim (bidi overrides would disguise them).
import { describe, expect, it } from "vitest";
import { MAX_FILE_NAME_LENGTH, sanitizeFileName } from "../../server/domain/media/file-name.ts";

describe("sanitizeFileName", () => {
  it("strips bidi overrides, isolates and marks, so a name reads as it is", () => {
    expect(sanitizeFileName("fatura\u202Efdp.exe")).toBe("faturafdp.exe");
    expect(sanitizeFileName("\u2066a\u2067b\u2068c\u2069\u200E\u200F\u202A\u202B\u202C\u202D.pdf")).toBe("abc.pdf");
  });

  it("strips control characters and replaces path separators and quotes", () => {
    expect(sanitizeFileName("a\u0000b\r\nc\u007f\u0085.png")).toBe("abc.png");
    expect(sanitizeFileName("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(sanitizeFileName('C:\\Users\\"eu"\'s.pdf')).toBe("C__Users__eu__s.pdf");
  });

  it("normalises to NFC", () => {
    expect(sanitizeFileName("recibo-nº-cafe\u0301.pdf")).toBe("recibo-nº-café.pdf");
  });

  it("caps the length by characters and keeps the extension", () => {
    const long = `${"á".repeat(300)}.pdf`;
    const kept = sanitizeFileName(long)!;
    expect(Array.from(kept)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(kept.endsWith(".pdf")).toBe(true);
    expect(Array.from(sanitizeFileName(`${"😀".repeat(200)}`)!)).toHaveLength(MAX_FILE_NAME_LENGTH);
  });

  it("gives null when nothing usable is left", () => {
    expect(sanitizeFileName(null)).toBeNull();
    expect(sanitizeFileName("")).toBeNull();
    expect(sanitizeFileName("\u202E\u0000")).toBeNull();
    expect(sanitizeFileName("..")).toBeNull();
  });
});
