import BadgeIcon from "@mui/icons-material/Badge";
import type { AdminStaff } from "../../server/schemas/admin-staff.ts";
import { StaffCreate, StaffEdit, StaffList } from "./staff-views.tsx";

export default {
  list: StaffList,
  create: StaffCreate,
  edit: StaffEdit,
  icon: BadgeIcon,
  recordRepresentation: (s: AdminStaff) => s.name,
};
