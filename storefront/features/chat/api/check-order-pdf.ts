import { api } from "../../../lib/api-client.ts";
import type { OrderPdfReply } from "../../../../server/schemas/messages.ts";

/** Is `url` a PDF attached to the shopper's own order? Rejects when it is not (the viewer then refuses). */
export const checkOrderPdf = (orderId: string, url: string): Promise<OrderPdfReply> =>
  api<OrderPdfReply>(`/api/order/attachment?${new URLSearchParams({ orderId, url }).toString()}`, { quiet: true });
