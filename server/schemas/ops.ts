// Health endpoints (docs/design/operations.md#health): for proxies and orchestrators, not shoppers.
import { Type } from "typebox";

export const HealthReply = Type.Object({ success: Type.Literal(true), status: Type.Literal("ok") });
