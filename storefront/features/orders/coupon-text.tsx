// The discount an order was placed with, as the payment page and /orders say it (docs/product/coupons.md).
import { formatKz } from "../../../shared/money.ts";
import { DISCOUNT_LINE_LABEL } from "../../../shared/coupons.ts";
import type { Order } from "./api/user-orders.ts";

export function OrderDiscountText({ order }: { order: Order }) {
  if (!order.coupon) return null;
  return (
    <p className="muted" data-testid="order-discount">
      {DISCOUNT_LINE_LABEL} ({order.coupon.code}): −{formatKz(order.coupon.discount)}
    </p>
  );
}
