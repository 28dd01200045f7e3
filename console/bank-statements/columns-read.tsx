// How an import read the bank's file, shown with its counts: the header row and each column by its name, and whether
// the names were recognised or an admin's column mapping was used (who saved it and when), so a mapping never reads
// a statement unseen (docs/product/orders.md#bank-statement-import).
import { useTranslate } from "react-admin";
import { Typography } from "@mui/material";
import type { StatementColumnsRead } from "../../shared/bank-statements.ts";
import { formatDateTime } from "../lib/format.ts";

export function ColumnsRead({ columns }: { columns: StatementColumnsRead }) {
  const translate = useTranslate();
  const { mapping } = columns;
  const saver = mapping?.savedBy || translate("loja.statements.unknown_admin");
  return (
    <>
      <Typography variant="body2" component="div" data-testid="statement-columns">
        {translate("loja.statements.columns_read", {
          row: columns.headerRow + 1,
          date: columns.date.name,
          description: columns.description.name,
          amount: columns.amount.name,
          reference: columns.reference?.name ?? translate("loja.statements.no_column"),
        })}
      </Typography>
      <Typography variant="body2" component="div" data-testid="statement-mapping-used">
        {mapping === null
          ? translate("loja.statements.read_by_names")
          : mapping.savedNow
            ? translate("loja.statements.mapping_saved_now", { name: saver })
            : translate("loja.statements.read_by_mapping", { name: saver, when: formatDateTime(mapping.savedAt) })}
      </Typography>
    </>
  );
}
