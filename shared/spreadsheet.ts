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
export const startsLikeFormula = (text: string): boolean => FORMULA_START.test(text) || FORMULA_START.test(shownStart(text));

/** The text as it shows, from its first visible character (spaces and control characters before it taken off). */
const shownStart = (text: string): string => visibleText(text).replace(/^[\s\u0000-\u001f\u007f-\u009f]+/, "");

/** A signed amount as banks write one ("-12.500,00", "+ 200", "-(3)"), or a lone sign for an empty amount. */
const SIGNED_AMOUNT = /^[+\-\u2212](?:[\d\s.,(]|$)/;

/**
 * Whether a cell read from a file (a bank's export) is a formula, or a hand-edited file's injection: as
 * startsLikeFormula, except that a signed amount is data. The statement import refuses a file holding one
 * (docs/product/orders.md#bank-statement-import).
 */
export const cellIsFormula = (text: string): boolean => startsLikeFormula(text) && !SIGNED_AMOUNT.test(shownStart(text));

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
