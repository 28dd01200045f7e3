import { Type, type Static } from "typebox";
import { MAX_NOTE_TEXT, MAX_QUICK_REPLY_TEXT, MAX_QUICK_REPLY_TITLE } from "../../shared/support.ts";
import { MAX_PASSWORD_LENGTH } from "../../shared/passwords.ts";
import { Id, StrictObject } from "./common.ts";

export const AdminQuickReply = Type.Object({ id: Id, title: Type.String(), text: Type.String() });
export type AdminQuickReply = Static<typeof AdminQuickReply>;
export const AdminQuickReplyBody = StrictObject({
  title: Type.String({ maxLength: MAX_QUICK_REPLY_TITLE }),
  text: Type.String({ maxLength: MAX_QUICK_REPLY_TEXT }),
  /** The acting admin's own password: required when the text writes an IBAN or account number by hand. */
  currentPassword: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
});

/** Staff's internal note on an order: never part of anything the shopper receives. */
export const AdminOrderNote = Type.Object({
  id: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  author: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
});
export type AdminOrderNote = Static<typeof AdminOrderNote>;
export const AdminOrderNoteBody = StrictObject({ text: Type.String({ maxLength: MAX_NOTE_TEXT }) });
export const AdminOrderNotesReply = Type.Object({ success: Type.Literal(true), notes: Type.Array(AdminOrderNote) });
export type AdminOrderNotesReply = Static<typeof AdminOrderNotesReply>;
export const AdminOrderNoteReply = Type.Object({ success: Type.Literal(true), note: AdminOrderNote });
export type AdminOrderNoteReply = Static<typeof AdminOrderNoteReply>;
