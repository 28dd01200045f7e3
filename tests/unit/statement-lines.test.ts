// What a bank statement's cells mean: header names in any spelling a bank uses, dates and amounts as exports write
// them, formulas told apart from amounts, payment references found however the bank spaced them, and a line's
// identity (identical lines of one day kept apart).
import { describe, expect, it } from "vitest";
import {
  lineBankReference,
  looksLikeFormula,
  parseStatementAmount,
  parseStatementDate,
  paymentReferencesIn,
  shownBankReference,
  statementLines,
} from "../../server/domain/payments/statement-lines.ts";
import { headerSignature, readTable, recognizeColumns, type Table, type TableCell } from "../../server/readers/statement-table.mjs";

/** The table the reader's worker makes of these rows (its header recognised, or as mapped). */
function table(rows: TableCell[][], options: Parameters<typeof readTable>[1] = {}): Table {
  const read = readTable(rows, options);
  if (!("rows" in read)) throw new Error(`no table: ${JSON.stringify(read)}`);
  return read;
}

describe("header names", () => {
  it("finds date, description, credit and reference in any order, spelling and currency note", () => {
    expect(recognizeColumns(["Data Movimento", "Data Valor", "Descritivo", "Débito", "Crédito", "Saldo"])).toEqual({
      date: 0,
      description: 2,
      amount: 4,
      reference: null,
    });
    expect(recognizeColumns(["N.º Documento", "CRÉDITO (Kz)", "Descrição", "DATA VALOR"])).toEqual({
      date: 3,
      description: 2,
      amount: 1,
      reference: 0,
    });
    expect(recognizeColumns(["Data", "Movimento", "Montante (AOA)", "Referência"])).toEqual({
      date: 0,
      description: 1,
      amount: 2,
      reference: 3,
    });
    // "Data Valor" is a date, never the amount "Valor".
    expect(recognizeColumns(["Data Valor", "Descritivo", "Valor"])).toEqual({ date: 0, description: 1, amount: 2, reference: null });
    expect(recognizeColumns(["Dia", "Texto", "Entrada"])).toBeNull();
  });

  it("uses a mapping stored for a header row's signature, and looks below a preamble", () => {
    const rows = [["Conta 123"], ["Dia", "Texto", "Entrada"], ["01-11-2026", "X", "1,00"]];
    expect(readTable(rows)).toMatchObject({ question: { headerRow: 1, columns: ["Dia", "Texto", "Entrada"] } });
    const stored = [{ signature: headerSignature(rows[1]!), date: 0, description: 1, amount: 2, reference: null }];
    expect(table(rows, { stored })).toMatchObject({
      header: { row: 1, cells: ["Dia", "Texto", "Entrada"] },
      columns: { date: 0, description: 1, amount: 2, reference: null },
      source: "stored",
      rows: [{ rowNumber: 3, date: "01-11-2026", description: "X", amount: "1,00", reference: null }],
    });
  });

  it("reads a recognised header by its names whatever was stored or sent for it", () => {
    const rows = [
      ["Data", "Descritivo", "Débito", "Crédito", "Saldo"],
      ["01-11-2026", "FORNECEDOR", "300.000,00", "", "2.200.000,00"],
    ];
    // A mapping stored for this header (before the rule) that reads the balance as the credit: not used.
    const stored = [{ signature: headerSignature(rows[0]!), date: 0, description: 1, amount: 4, reference: null }];
    expect(table(rows, { stored })).toMatchObject({ source: "names", columns: { amount: 3 }, rows: [{ amount: "" }] });
    expect(readTable(rows, { mapping: { headerRow: 0, date: 0, description: 1, amount: 4 } })).toEqual({
      failed: "mapping-not-needed",
      headerRow: 0,
    });
  });
});

describe("cells", () => {
  it("reads dates as exports write them, and refuses impossible ones", () => {
    expect(
      ["25-11-2026", "25/11/2026", "25.11.26", "2026-11-25", "25-11-2026 10:32", "2026-11-25T00:00:00"].map(parseStatementDate),
    ).toEqual(Array(6).fill("2026-11-25"));
    expect(parseStatementDate(46351)).toBe("2026-11-25");
    expect(["31-02-2026", "25-13-2026", "Total", "", null, 12].map(parseStatementDate)).toEqual(Array(6).fill(null));
  });

  it("reads signed amounts with a decimal comma and thousands dots or spaces", () => {
    const read = [
      "190.000,00",
      "190 000,00",
      "1.250.000,00",
      "29990",
      "12500,50",
      "-12.500,00",
      "12.500,00-",
      "(12.500,00)",
      "Kz 1.000",
      "+500,00",
    ].map(parseStatementAmount);
    expect(read).toEqual([190_000, 190_000, 1_250_000, 29_990, 12_500.5, -12_500, -12_500, -12_500, 1000, 500]);
    expect(parseStatementAmount(190000.004)).toBe(190_000);
    expect([parseStatementAmount(""), parseStatementAmount(null)]).toEqual([undefined, undefined]);
    expect(parseStatementAmount("0,00")).toBe(0);
    expect([parseStatementAmount("mil"), parseStatementAmount("1.2.3")]).toEqual([null, null]);
  });

  it("tells formulas from signed amounts and phone numbers, after Unicode clean-up", () => {
    expect(["=1+1", "@SUM(A1)", "+cmd", "-x", " =A1", "\t=1"].every(looksLikeFormula)).toBe(true);
    // Hidden behind a zero-width space, a word joiner, a bidi mark or a byte-order mark, or written full-width.
    const hidden = ['\u200B=HYPERLINK("http://x")', "\u2060=1+1", "\u202E@SUM(A1)", "\uFEFF+cmd", "\u00AD-x", "＝1+1", " \u200B＠A1"];
    expect(hidden.filter((cell) => !looksLikeFormula(cell))).toEqual([]);
    expect(["-12.500,00", "+244 923 111 222", "TRF", "(1.000,00)", 12].some(looksLikeFormula)).toBe(false);
  });
});

describe("lines", () => {
  it("keeps credits only, and identical lines of one day as two lines with different identities", async () => {
    const rows = [
      ["Data", "Descritivo", "Crédito"],
      ["19-11-2026", "DEPOSITO", "10.000,00"],
      ["19-11-2026", "deposito", "10.000,00"],
      ["19-11-2026", "PAGAMENTO", "-5,00"],
      ["", "Saldo final", "99,00"],
      ["Total", "", "20.000,00"],
    ];
    const { lines, ignored } = await statementLines(table(rows).rows);
    expect(ignored).toBe(3);
    expect(lines.map((l) => [l.rowNumber, l.occurrence])).toEqual([
      [2, 1],
      [3, 2],
    ]);
    expect(lines[0]!.key).not.toBe(lines[1]!.key);
    // The same line in another file (another row) is the same line.
    expect((await statementLines(table([rows[0]!, [], rows[1]!]).rows)).lines[0]!.key).toBe(lines[0]!.key);
  });

  it("finds payment references however the bank cut or spaced them, ignoring look-alikes", () => {
    expect(paymentReferencesIn({ description: "TRF lj7k2m9qx ANA", reference: null })).toEqual(["LJ7K2M9QX"]);
    expect(paymentReferencesIn({ description: "TRF LJ7K 2M9QX", reference: null })).toEqual(["LJ7K2M9QX"]);
    expect(paymentReferencesIn({ description: "LJ7K2M9Q0", reference: null })).toEqual([]);
    expect(paymentReferencesIn({ description: "TRF", reference: "LJ7K2M9QX" })).toEqual(["LJ7K2M9QX"]);
  });

  it("gives each line a bank reference of its own", () => {
    const line = { bookedOn: "2026-11-25", description: "TRF LJ7K2M9QX", reference: null, amount: 190_000, occurrence: 1 };
    expect(lineBankReference(line)).toBe("25-11-2026 TRF LJ7K2M9QX 190\u00a0000,00 kz");
    expect(lineBankReference({ ...line, occurrence: 2 })).toBe("25-11-2026 TRF LJ7K2M9QX 190\u00a0000,00 kz (2.ª)");
    expect(lineBankReference({ ...line, reference: "88213" })).toBe("88213");
  });

  it("names a line's payment to the shopper by the payment reference it carries or its day, never the bank's whole text", () => {
    const line = {
      bookedOn: "2026-11-28",
      description: "TRF LJZ2ZUENK ANA SILVA RESTO DA ENCOMENDA",
      reference: null,
      amount: 12_500,
      occurrence: 1,
    };
    expect(shownBankReference(lineBankReference(line))).toBe("LJZ2ZUENK");
    expect(shownBankReference(lineBankReference({ ...line, description: "TRANSFERENCIA ANA SILVA", occurrence: 2 }))).toBe(
      "transferência de 28-11-2026",
    );
    // The bank's own number, or what staff typed, as it is.
    for (const typed of ["88213", "BAI-TRF-88213", "28-11-2026 pago em mão"]) expect(shownBankReference(typed)).toBe(typed);
  });
});
