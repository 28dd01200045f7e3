import StorefrontIcon from "@mui/icons-material/Storefront";
import type { AdminPickupPoint } from "../../server/schemas/delivery.ts";
import { PickupPointCreate, PickupPointEdit, PickupPointList } from "./delivery-views.tsx";

export default {
  list: PickupPointList,
  create: PickupPointCreate,
  edit: PickupPointEdit,
  icon: StorefrontIcon,
  recordRepresentation: (p: AdminPickupPoint) => p.name,
};
