import type { RequestBodyTransform } from "../lib/request-body.ts";

const limit = (v: unknown) => (typeof v === "number" && v > 0 ? v : null);
/** DateTimeInput gives the browser's local "yyyy-MM-ddThh:mm" (a Date when set from code); the server takes ISO. */
const when = (v: unknown) => {
  const at = v instanceof Date ? v : typeof v === "string" && v ? new Date(v) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
};

/**
 * A coupon as the server takes it: never its id, uses or money given; cleared limits and dates are sent as null
 * (no limit, no date), so clearing a field in the form really clears it.
 */
export const couponRequestBody: RequestBodyTransform = (data) => ({
  code: typeof data.code === "string" ? data.code : "",
  kind: data.kind,
  value: typeof data.value === "number" ? data.value : 0,
  minSubtotal: typeof data.minSubtotal === "number" ? data.minSubtotal : 0,
  startsAt: when(data.startsAt),
  endsAt: when(data.endsAt),
  maxUses: limit(data.maxUses),
  maxUsesPerCustomer: limit(data.maxUsesPerCustomer),
  active: data.active !== false,
});
