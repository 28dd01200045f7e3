import { Type, type Static } from "typebox";
import { Id, StrictObject } from "./common.ts";
import { WHATSAPP_INBOX_STATES } from "../../shared/messaging.ts";

/** An order the message's phone appears on, where staff may post it. */
const AdminPhoneOrder = Type.Object({
  id: Type.String(),
  shortId: Type.String(),
  customerName: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
  /** The order's account signed in with this phone or confirmed it with a code: the message is likely theirs. */
  phoneVerified: Type.Boolean(),
});

/** A shopper's WhatsApp message from a phone no account verified (docs/product/console.md#whatsapp-por-atribuir). */
export const AdminWhatsAppMessage = Type.Object({
  id: Type.String(),
  /** The phone it came from, E.164. */
  from: Type.String(),
  text: Type.String(),
  receivedAt: Type.String(),
  state: Type.Union([
    Type.Literal(WHATSAPP_INBOX_STATES[0]),
    Type.Literal(WHATSAPP_INBOX_STATES[1]),
    Type.Literal(WHATSAPP_INBOX_STATES[2]),
  ]),
  /** The order staff posted it to. */
  order: Type.Union([Type.Object({ id: Type.String(), shortId: Type.String() }), Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** Only on one message: the orders its phone appears on (newest 20). */
  orders: Type.Optional(Type.Array(AdminPhoneOrder)),
});
export type AdminWhatsAppMessage = Static<typeof AdminWhatsAppMessage>;

export const AdminWhatsAppAssignBody = StrictObject({ orderId: Id });
export type AdminWhatsAppAssignBody = Static<typeof AdminWhatsAppAssignBody>;
