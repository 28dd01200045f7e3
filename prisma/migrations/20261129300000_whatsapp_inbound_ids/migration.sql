-- Meta retries a webhook delivery it did not see answered (docs/design/notifications.md#the-whatsapp-webhook): the
-- id of each shopper's message already added to a chat is kept, written in the same transaction as the chat
-- message, so a retried delivery adds its text once.
CREATE TABLE "whatsapp_inbound" (
    "message_id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "whatsapp_inbound_pkey" PRIMARY KEY ("message_id")
);
CREATE INDEX "whatsapp_inbound_received_at_idx" ON "whatsapp_inbound"("received_at");
