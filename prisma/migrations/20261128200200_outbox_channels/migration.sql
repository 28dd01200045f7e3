-- WhatsApp and SMS ride in the e-mail outbox (docs/design/notifications.md#whatsapp-and-sms): a row's channel says
-- which sender claims it; "to" is then an E.164 phone. The provider's message id (WhatsApp's wamid, Twilio's SID)
-- lets the webhook record each message's delivery status, which only ever moves forward.
ALTER TABLE "outbox_mails" ADD COLUMN "channel" TEXT NOT NULL DEFAULT 'email';
ALTER TABLE "outbox_mails" ADD COLUMN "order_id" TEXT;
ALTER TABLE "outbox_mails" ADD COLUMN "provider_id" TEXT;
ALTER TABLE "outbox_mails" ADD COLUMN "delivery_status" TEXT;
ALTER TABLE "outbox_mails" ADD COLUMN "delivery_status_at" TIMESTAMP(3);
CREATE UNIQUE INDEX "outbox_mails_provider_id_key" ON "outbox_mails"("provider_id");
CREATE INDEX "outbox_mails_order_id_idx" ON "outbox_mails"("order_id");
CREATE INDEX "outbox_mails_channel_status_next_attempt_at_idx" ON "outbox_mails"("channel", "status", "next_attempt_at");
