// Health endpoints (docs/design/operations.md#health): for proxies and orchestrators, not shoppers.
import { Type } from "typebox";

export const HealthReply = Type.Object({ success: Type.Literal(true), status: Type.Literal("ok") });

/** 503 from /health/ready: the one error shape, with why this instance should get no traffic now. */
export const NotReadyReply = Type.Object({ success: Type.Literal(false), message: Type.String() });
