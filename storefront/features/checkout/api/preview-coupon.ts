import { api, ApiError } from "../../../lib/api-client.ts";
import type { CouponPreviewBody, CouponPreviewReply } from "../../../../server/schemas/coupons.ts";

/**
 * What a discount code takes off (docs/product/coupons.md#preview). A refused code is an answer, not a failure:
 * `success: false` with the reason to show beside the field (never a toast).
 */
export async function previewCoupon(body: CouponPreviewBody): Promise<CouponPreviewReply> {
  try {
    return await api<CouponPreviewReply>("/api/cart/coupon", { body, quiet: true });
  } catch (error) {
    if (error instanceof ApiError) return { success: false, discount: 0, message: error.message };
    throw error;
  }
}
