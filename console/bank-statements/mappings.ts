import TableChartIcon from "@mui/icons-material/TableChart";
import type { AdminStatementMapping } from "../../server/schemas/admin-bank-statements.ts";
import { StatementMappingList } from "./mapping-list.tsx";

// "Correspondências de colunas": a list only (reached from "Extrato"); each mapping is deleted where it is shown.
export default {
  list: StatementMappingList,
  icon: TableChartIcon,
  recordRepresentation: (m: AdminStatementMapping) => m.headers.join(" · "),
};
