// The /ws socket contract (docs/design/contracts.md#realtime-frames): one JSON object per frame.
import { Type, type Static } from "typebox";
import type { ServerFrame as SharedServerFrame } from "../../shared/realtime.ts";
import type { Message, SupportMessage } from "./messages.ts";

const OrderId = Type.String({ minLength: 1, maxLength: 200 });

/** Client → server. The first frame must be `auth`. */
export const ClientFrame = Type.Union([
  Type.Object({ type: Type.Literal("auth"), token: Type.String({ maxLength: 4096 }) }),
  Type.Object({ type: Type.Literal("joinRoom"), orderId: OrderId }),
  Type.Object({ type: Type.Literal("leaveRoom"), orderId: OrderId }),
]);
export type ClientFrame = Static<typeof ClientFrame>;

/** Server → client (shared/realtime.ts). Staff sockets receive `newMessage` with the staff shape of the message. */
export type ServerFrame = SharedServerFrame<Message | SupportMessage>;
