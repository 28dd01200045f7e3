// The /ws socket contract (DESIGN.md "Support chat and real time"): one JSON object per frame.
import { Type, type Static } from "typebox";
import type { Message, SupportMessage } from "./messages.ts";

const OrderId = Type.String({ minLength: 1, maxLength: 200 });

/** Client → server. The first frame must be `auth`. */
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal("auth"), token: Type.String({ maxLength: 4096 }) }),
  Type.Object({ type: Type.Literal("joinRoom"), orderId: OrderId }),
  Type.Object({ type: Type.Literal("leaveRoom"), orderId: OrderId }),
]);
export type ClientFrame = Static<typeof ClientFrame>;

/** Close code sent after `connect_error`: the storefront logs out. */
export const CLOSE_INVALID_TOKEN = 4401;

/** Server → client. Staff sockets receive `newMessage` with the staff shape of the message. */
export type ServerFrame =
  | { type: "ready" }
  | { type: "connect_error"; message: "invalid token" }
  | { type: "newMessage"; orderId: string; message: Message | SupportMessage }
  | { type: "error"; message: string };
