import AssignmentReturnIcon from "@mui/icons-material/AssignmentReturnOutlined";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import { ReturnList } from "./return-list.tsx";
import { ReturnShow } from "./return-show.tsx";

export default {
  list: ReturnList,
  show: ReturnShow,
  icon: AssignmentReturnIcon,
  recordRepresentation: (r: AdminReturn) => `#${r.shortOrderId}`,
};
