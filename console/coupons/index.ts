import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import type { AdminCoupon } from "../../server/schemas/coupons.ts";
import { CouponCreate, CouponEdit, CouponList, CouponShow } from "./coupon-views.tsx";

export default {
  list: CouponList,
  create: CouponCreate,
  edit: CouponEdit,
  show: CouponShow,
  icon: LocalOfferIcon,
  recordRepresentation: (c: AdminCoupon) => c.code,
};
