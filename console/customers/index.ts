import PeopleIcon from "@mui/icons-material/People";
import type { AdminCustomer } from "../../server/schemas/admin-customers.ts";
import { CustomerList } from "./customer-list.tsx";
import { CustomerShow } from "./customer-show.tsx";

export default {
  list: CustomerList,
  show: CustomerShow,
  icon: PeopleIcon,
  recordRepresentation: (c: AdminCustomer) => c.name,
};
