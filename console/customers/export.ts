// The customers list's "Exportar" file (docs/product/console.md#exports-of-the-lists).
import type { AdminCustomer } from "../../server/schemas/admin-customers.ts";
import { csvExporter, exportDateTime, type ExportColumn } from "../lib/csv-export.ts";

const column = (key: string, value: ExportColumn<AdminCustomer>["value"]): ExportColumn<AdminCustomer> => ({
  header: `loja.exports.${key}`,
  value,
});

export const CUSTOMER_EXPORT_COLUMNS: readonly ExportColumn<AdminCustomer>[] = [
  column("name", (c) => c.name),
  column("email", (c) => c.email),
  column("phone", (c) => c.phone),
  column("orders", (c) => c.orderCount),
  column("total_spent", (c) => c.totalSpent),
  column("active", (c) => c.active),
  column("registered", (c) => exportDateTime(c.createdAt)),
];

export const customerExporter = csvExporter("clientes", CUSTOMER_EXPORT_COLUMNS);
