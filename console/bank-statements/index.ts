import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import type { AdminStatementLine } from "../../server/schemas/admin-bank-statements.ts";
import { StatementLineList } from "./statement-line-list.tsx";

// "Extrato" is a list only: the import sits above it, and each line is assigned or dismissed where it is shown.
export default {
  list: StatementLineList,
  icon: ReceiptLongIcon,
  recordRepresentation: (l: AdminStatementLine) => l.description,
};
