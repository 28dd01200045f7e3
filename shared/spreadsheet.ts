// What a spreadsheet would run as a formula, and the one way every CSV Loja writes keeps it from running
// (docs/design/security.md#spreadsheet-formulas): the server's reports for the accountant and every "Exportar"
// button of the console. Names, addresses and messages in those files were typed by shoppers.
import { visibleText } from "./visible-text.ts";

/**
 * Characters that start a formula in Excel, LibreOffice or Google Sheets (OWASP's CSV injection list): = + - @, and
 * a tab or carriage return, which some of them skip before reading the rest. U+2212 (the minus sign) is taken as
 * "-" by some of them.
 */
const FORMULA_START = /^[=+\-@\t\r\u2212]/;

/**
 * Whether a spreadsheet could read the text as a formula: it starts with one of those characters as typed, or once
 * the text is read as it shows (full-width "＝", and zero-width or bidi characters and spaces before it, do not hide it).
 */
export const startsLikeFormula = (text: string): boolean =>
  FORMULA_START.test(text) || FORMULA_START.test(visibleText(text).replace(/^\s+/, ""));

/**
 * A text cell as it is written to a CSV: with a leading apostrophe when it could start a formula, so the spreadsheet
 * shows it as text (the apostrophe itself is not shown by Excel or LibreOffice). Text that merely starts with "-",
 * such as "-500" typed somewhere, is escaped like any other: a number the shop writes itself is no text and never
 * passes here (the console writes numbers as numbers; the server's reports write amounts that are never negative).
 */
export const spreadsheetCell = (text: string): string => (startsLikeFormula(text) ? `'${text}` : text);

/**
 * How Loja's CSV files are written for spreadsheets in Portuguese settings: UTF-8 with a byte-order mark (so Excel
 * reads the accents), ";" between fields (the comma is the decimal sign), Windows line ends.
 */
export const SPREADSHEET_CSV = { bom: true, delimiter: ";", record_delimiter: "windows" } as const;
