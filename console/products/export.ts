// The products list's "Exportar" file (docs/product/console.md#exports-of-the-lists): the catalogue as staff edit
// it, stock as "M: 3; L: 0" for the tracked sizes.
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import { csvExporter, exportDateTime, type ExportColumn } from "../lib/csv-export.ts";

const column = (key: string, value: ExportColumn<AdminProduct>["value"]): ExportColumn<AdminProduct> => ({
  header: `loja.exports.${key}`,
  value,
});

export const PRODUCT_EXPORT_COLUMNS: readonly ExportColumn<AdminProduct>[] = [
  column("product_id", (p) => p.id),
  column("name", (p) => p.name),
  column("category", (p) => p.category),
  column("sub_category", (p) => p.subCategory),
  column("price", (p) => p.price),
  column("sizes", (p) => p.sizes.join("; ")),
  column("stock", (p) =>
    Object.entries(p.stock)
      .map(([size, units]) => `${size}: ${units}`)
      .join("; "),
  ),
  column("bestseller", (p) => p.bestseller),
  column("sold_out", (p) => p.soldOut),
  column("hidden", (p) => p.hidden),
  column("description", (p) => p.description),
  column("created", (p) => exportDateTime(p.createdAt)),
];

export const productExporter = csvExporter("produtos", PRODUCT_EXPORT_COLUMNS);
