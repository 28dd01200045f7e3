// The signature ProxyPay (X-Signature) and Meta (X-Hub-Signature-256) put on their webhooks: the hex HMAC-SHA256
// of the body's exact bytes, keyed with a secret we share with them (docs/design/architecture.md#signed-webhooks).
import { createHmac, timingSafeEqual } from "node:crypto";

/** Whether `hex` is the HMAC-SHA256 of `raw` keyed with `key`: constant-time; malformed or missing is just false. */
export function hmacSha256Matches(raw: Buffer | string, hex: string | undefined, key: string): boolean {
  if (typeof hex !== "string" || !/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac("sha256", key).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(hex, "hex"));
}
