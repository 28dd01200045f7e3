import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import type { AdminDeliveryZone } from "../../server/schemas/delivery.ts";
import { DeliveryZoneCreate, DeliveryZoneEdit, DeliveryZoneList } from "./delivery-views.tsx";

export default {
  list: DeliveryZoneList,
  create: DeliveryZoneCreate,
  edit: DeliveryZoneEdit,
  icon: LocalShippingIcon,
  recordRepresentation: (z: AdminDeliveryZone) => z.name,
};
