// The payment-proof reader on real PDFs built here (tests/helpers/tiny-pdf.ts): the text layer, the amounts
// and IBANs it finds, the hints it gives staff, and its silence on scanned or broken files.
import { describe, expect, it } from "vitest";
import { findAmounts, findIbans, matchProof, proofHints, readProof } from "../../server/readers/proof-reader.ts";
import { pdfWithText, pdfWithoutText } from "../helpers/tiny-pdf.ts";

// A valid Angolan IBAN (see tests/api/iban.test.ts for how it was computed).
const SHOP_IBAN = "AO06004000001234567810142";
const OTHER_IBAN = "AO06005500000987654321099";

const receipt = pdfWithText([
  "Comprovativo de Transferência Interbancária",
  "Data: 23.11.2026 10:42",
  "Ordenante: Maria João",
  "IBAN do beneficiário: AO06 0040 0000 1234 5678 1014 2",
  "Montante: 12 500,00 Kz",
  "Descritivo: Encomenda 7F3A9C (referência 123456789)",
]);

describe("readProof", () => {
  it("reads the text layer, the amount and the IBAN of a receipt", async () => {
    const reading = await readProof(receipt);
    expect(reading.text).toContain("Comprovativo de Transferência Interbancária");
    expect(reading.text.split("\n")).toContain("Montante: 12 500,00 Kz");
    expect(reading.amounts).toEqual([12_500]);
    expect(reading.ibans).toEqual([SHOP_IBAN]);
  });

  it("matches the order's amount and the shop's IBAN", async () => {
    const reading = await readProof(receipt);
    expect(matchProof(reading, { expectedAmount: 12_500, shopIban: "AO06 0040 0000 1234 5678 1014 2" })).toEqual({
      amountFound: true,
      amountMatches: true,
      ibanFound: true,
      ibanMatches: true,
    });
  });

  it("gives the hints a proof keeps: what was read and whether it matches", async () => {
    expect(proofHints(await readProof(receipt), { expectedAmount: 12_000, shopIban: SHOP_IBAN })).toEqual({
      amounts: [12_500],
      ibans: [SHOP_IBAN],
      amountFound: true,
      amountMatches: false,
      ibanFound: true,
      ibanMatches: true,
    });
  });

  it("flags a different amount and another account's IBAN", async () => {
    const forged = await readProof(pdfWithText(["Transferência", `Conta destino ${OTHER_IBAN}`, "Valor: AOA 1,250.00"]));
    expect(forged.amounts).toEqual([1_250]);
    expect(forged.ibans).toEqual([OTHER_IBAN]);
    expect(matchProof(forged, { expectedAmount: 12_500, shopIban: SHOP_IBAN })).toEqual({
      amountFound: true,
      amountMatches: false,
      ibanFound: true,
      ibanMatches: false,
    });
  });

  it("a receipt with neither amount nor IBAN says so", async () => {
    const reading = await readProof(pdfWithText(["Obrigado pela sua preferência"]));
    expect(reading.text).toBe("Obrigado pela sua preferência");
    expect(matchProof(reading, { expectedAmount: 12_500, shopIban: SHOP_IBAN })).toEqual({
      amountFound: false,
      amountMatches: false,
      ibanFound: false,
      ibanMatches: false,
    });
  });

  it("reads no further than its page limit and its text cap", async () => {
    expect(await readProof(receipt, { maxPages: 0 })).toEqual({ text: "", amounts: [], ibans: [] });
    const capped = await readProof(receipt, { maxTextChars: 20 });
    expect(capped.text).toBe("Comprovativo de Tran");
    expect(capped.amounts).toEqual([]);
  });

  it("gives up with an empty reading when reading takes longer than its time limit", async () => {
    expect(await readProof(receipt, { timeoutMs: 0 })).toEqual({ text: "", amounts: [], ibans: [] });
    expect((await readProof(receipt)).amounts).toEqual([12_500]);
  });

  it("a scanned PDF (no text layer) gives an empty reading, not an error", async () => {
    expect(await readProof(pdfWithoutText())).toEqual({ text: "", amounts: [], ibans: [] });
  });

  it("garbage bytes, a truncated PDF, an empty file and a file over the size limit give empty readings", async () => {
    const empty = { text: "", amounts: [], ibans: [] };
    expect(await readProof(Buffer.from("isto não é um PDF"))).toEqual(empty);
    expect(await readProof(Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2048, 0x41)]))).toEqual(empty);
    expect(await readProof(receipt.subarray(0, 200))).toEqual(empty);
    expect(await readProof(new Uint8Array(0))).toEqual(empty);
    expect(await readProof(receipt, { maxBytes: 100 })).toEqual(empty);
  });

  it("does not consume the caller's buffer", async () => {
    const bytes = new Uint8Array(receipt);
    await readProof(bytes);
    expect(bytes.length).toBe(receipt.length);
    expect((await readProof(bytes)).amounts).toEqual([12_500]);
  });
});

describe("findAmounts", () => {
  it("reads Angolan, Portuguese and English notations", () => {
    expect(findAmounts("12.500,00")).toEqual([12_500]);
    expect(findAmounts("12 500,00 Kz")).toEqual([12_500]);
    expect(findAmounts("12\u00a0500,00 kz")).toEqual([12_500]);
    expect(findAmounts("AOA 12,500.00")).toEqual([12_500]);
    expect(findAmounts("12500,00")).toEqual([12_500]);
    expect(findAmounts("1.234.567,89 AOA")).toEqual([1_234_567.89]);
    expect(findAmounts("Total: 99,90")).toEqual([99.9]);
  });

  it("takes whole numbers only beside a currency", () => {
    expect(findAmounts("Kz 12.500")).toEqual([12_500]);
    expect(findAmounts("7 500 Kwanzas")).toEqual([7_500]);
    expect(findAmounts("Referência 123456789, NIB 0040 0000 1234, quantidade 3")).toEqual([]);
  });

  it("does not read dates, times or IBAN digits as money, and lists each amount once", () => {
    expect(findAmounts("23.11.2026 às 10:42, AO06 0040 0000 1234 5678 1014 2")).toEqual([]);
    expect(findAmounts("Montante 5.000,00 Kz; Total 5.000,00 Kz; Comissão 0,00 Kz")).toEqual([5_000]);
  });
});

describe("findIbans", () => {
  it("finds Angolan IBANs grouped or not, in any case, and ignores foreign or short ones", () => {
    expect(findIbans("IBAN:AO06 0040 0000 1234 5678 1014 2.")).toEqual([SHOP_IBAN]);
    expect(findIbans(`ao06004000001234567810142 e ${OTHER_IBAN}`)).toEqual([SHOP_IBAN, OTHER_IBAN]);
    expect(findIbans("PT50 0002 0123 1234 5678 9015 4 e AO06 1234")).toEqual([]);
  });
});
