// Stored rows → the Message of the shopper API and socket (docs/product/shopper-api.md#shapes), and the staff view of it.
import { attachmentKind } from "../../../shared/chat.ts";
import { SHOP_SENDER } from "../../../shared/payments.ts";
import type { Message, SupportMessage } from "../../schemas/messages.ts";
import { mediaUrl } from "../media/service.ts";
import type { ChatMessageRow } from "./repository.ts";

export function toSupportMessage(row: ChatMessageRow): SupportMessage {
  return {
    _id: row.id,
    orderId: row.orderId,
    sender: row.sender === "client" ? "client" : row.sender === SHOP_SENDER ? "shop" : "support",
    text: row.text ?? "",
    fileUrl: row.media ? mediaUrl(row.media.publicId) : null,
    type: row.media ? attachmentKind(row.media.mimeType) : null,
    fileName: row.media?.fileName ?? null,
    createdAt: row.createdAt.toISOString(),
    authorName: row.sender === "support" ? (row.author?.name ?? null) : null,
    readBySupportAt: row.readBySupportAt?.toISOString() ?? null,
    readByClientAt: row.readByClientAt?.toISOString() ?? null,
    ...(row.paymentRequestId ? { paymentRequestId: row.paymentRequestId } : {}),
  };
}

/** Only the shopper's fields: staff names and read markers stay on the staff side. */
export function toShopperMessage(m: SupportMessage): Message {
  return {
    _id: m._id,
    orderId: m.orderId,
    sender: m.sender,
    text: m.text,
    fileUrl: m.fileUrl,
    type: m.type,
    fileName: m.fileName,
    createdAt: m.createdAt,
    ...(m.paymentRequestId ? { paymentRequestId: m.paymentRequestId } : {}),
  };
}
