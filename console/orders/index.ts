import ShoppingCartIcon from "@mui/icons-material/ShoppingCart";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { OrderList } from "./order-list.tsx";
import { OrderShow } from "./order-show.tsx";

export default {
  list: OrderList,
  show: OrderShow,
  icon: ShoppingCartIcon,
  recordRepresentation: (o: AdminOrder) => `#${o.shortId}`,
};
