// The staff list's "Exportar" file (docs/product/console.md#exports-of-the-lists).
import type { AdminStaff } from "../../server/schemas/admin-staff.ts";
import { csvExporter, exportDateTime, exportLabel, type ExportColumn } from "../lib/csv-export.ts";

const column = (key: string, value: ExportColumn<AdminStaff>["value"]): ExportColumn<AdminStaff> => ({
  header: `loja.exports.${key}`,
  value,
});

export const STAFF_EXPORT_COLUMNS: readonly ExportColumn<AdminStaff>[] = [
  column("name", (s) => s.name),
  column("email", (s) => s.email),
  column("role", (s) => exportLabel(`loja.roles.${s.role}`)),
  column("active", (s) => s.active),
  column("created", (s) => exportDateTime(s.createdAt)),
];

export const staffExporter = csvExporter("equipa", STAFF_EXPORT_COLUMNS);
