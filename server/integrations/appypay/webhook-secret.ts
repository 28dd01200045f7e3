// AppyPay's merchant webhooks (charges, fiscal documents) authenticate with the secret set in its portal, as a bearer
// token or as Basic auth's password (AppyPay's two ways); APPYPAY_WEBHOOK_SECRET holds it.
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (s: string) => createHash("sha256").update(s).digest();
/** Constant-time: the secret's length is not told either. */
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Whether the request carries the webhook's secret, as a bearer token or as Basic auth's password. */
export function carriesSecret(authorization: string | undefined, secret: string): boolean {
  if (!authorization) return false;
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
  if (bearer !== undefined) return same(bearer.trim(), secret);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization)?.[1];
  if (basic === undefined) return false;
  const decoded = Buffer.from(basic, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 && same(decoded.slice(colon + 1), secret);
}
