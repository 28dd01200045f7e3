import InventoryIcon from "@mui/icons-material/Inventory2";
import type { AdminProduct } from "../../server/schemas/admin-products.ts";
import { ProductList } from "./product-list.tsx";
import { ProductCreate, ProductEdit } from "./product-edit.tsx";

export default {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  icon: InventoryIcon,
  recordRepresentation: (p: AdminProduct) => p.name,
};
