import ReceiptIcon from "@mui/icons-material/ReceiptLongOutlined";
import type { AdminFiscalDocument } from "../../server/schemas/fiscal.ts";
import { FiscalDocumentList } from "./fiscal-document-list.tsx";

export default {
  list: FiscalDocumentList,
  icon: ReceiptIcon,
  recordRepresentation: (d: AdminFiscalDocument) => `${d.type} ${d.number ?? ""}`.trim(),
};
