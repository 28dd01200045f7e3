// The console's "Exportar" buttons (docs/product/console.md#exports-of-the-lists): each list names its columns, in
// Portuguese, and this writes them the way the server's reports for the accountant are written (shared/spreadsheet.ts):
// `;`-separated UTF-8 with a BOM, numbers with a decimal comma, dates in Luanda, and every text cell through the one
// formula rule, so a shopper's name "=HYPERLINK(…)" reaches a spreadsheet as text. react-admin's own exporter
// (jsonexport) escapes nothing: no list may use it (tests/console/list-exports.test.tsx checks every <List>).
// csv-stringify is the CSV writer the server uses; its browser build is loaded on the first export, not with the console.
import type { Exporter, RaRecord } from "react-admin";
import { formatDateTime, luandaParts } from "../../shared/dates.ts";
import { SPREADSHEET_CSV, spreadsheetCell } from "../../shared/spreadsheet.ts";
import { saveBlob } from "../../shared/save-file.ts";
import { ptMessages } from "../i18n/pt.ts";

/** What one cell may hold: text, a number (an amount, a count), yes/no, or nothing. */
export type ExportCell = string | number | boolean | null | undefined;

export interface ExportColumn<R> {
  /** The header: a key of console/i18n/pt.ts ("resources.orders.fields.status"), as every label in the console. */
  header: string;
  value: (record: R) => ExportCell;
}

/** The label a pt.ts key names (the console speaks Portuguese only). */
export function exportLabel(key: string): string {
  let node: unknown = ptMessages;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`Sem texto em console/i18n/pt.ts para ${key}`);
  return node;
}

/** "25/11/2026 14:30" in Luanda's time, as the server's reports write it; "" for no date. */
export const exportDateTime = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : "");

const YES = exportLabel("ra.boolean.true");
const NO = exportLabel("ra.boolean.false");

/** The CSV text of `records` under `columns` (exported for tests). */
export async function exportCsv<R>(records: readonly R[], columns: readonly ExportColumn<R>[]): Promise<string> {
  const { stringify } = await import("csv-stringify/browser/esm/sync");
  return stringify(
    records.map((record) => columns.map((column) => column.value(record) ?? "")),
    {
      ...SPREADSHEET_CSV,
      header: true,
      columns: columns.map((column) => exportLabel(column.header)),
      cast: {
        // Text may be anything a shopper typed: the one formula rule. Numbers are the shop's own figures.
        string: spreadsheetCell,
        number: (value) => String(value).replace(".", ","),
        boolean: (value) => (value ? YES : NO),
      },
    },
  );
}

/** A list's `exporter`: the records under `columns`, saved as "<fileName>-AAAA-MM-DD.csv". */
export function csvExporter<R extends RaRecord>(fileName: string, columns: readonly ExportColumn<R>[]): Exporter<R> {
  return async (records) => {
    const csv = await exportCsv(records, columns);
    const day = luandaParts(new Date());
    const stamp = day ? `-${day.year}-${day.month}-${day.day}` : "";
    saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${fileName}${stamp}.csv`);
  };
}
