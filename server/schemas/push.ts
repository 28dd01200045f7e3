// Web Push subscribe contract: the JSON of the browser's PushSubscription (PushSubscription.toJSON()).
import { Type, type Static } from "typebox";
import { StrictObject } from "./common.ts";

/** Push services are HTTPS; anything else is refused so the server never posts to an arbitrary scheme. */
const Endpoint = Type.String({ minLength: 12, maxLength: 2048, pattern: "^https://[^\\s]+$" });
/** base64url: p256dh is a 65-byte P-256 point (87 characters), auth a 16-byte secret (22 characters). */
const Base64Url = (min: number, max: number) => Type.String({ minLength: min, maxLength: max, pattern: "^[A-Za-z0-9_-]+={0,2}$" });

export const PushSubscribeBody = StrictObject({
  endpoint: Endpoint,
  /** Browsers send it (usually null); not stored. */
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: StrictObject({ p256dh: Base64Url(86, 90), auth: Base64Url(16, 32) }),
});
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = StrictObject({ endpoint: Endpoint });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

export const PushKeyReply = Type.Object({ success: Type.Literal(true), publicKey: Type.String() });
export const PushOkReply = Type.Object({ success: Type.Literal(true) });
