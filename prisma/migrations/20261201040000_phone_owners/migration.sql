-- WhatsApp and SMS only to their owner, and only where they should go (docs/design/security.md#whatsapp-only-to-its-owner).
-- A shopper proves a phone is theirs with a code sent to it (phone_codes keeps only its HMAC; verified_phones what
-- was proved). A WhatsApp message from a phone no account verified waits for staff (whatsapp_unassigned), its id
-- still claimed in whatsapp_inbound (then without an order). A phone message records whose it is (outbox user_id:
-- the per-account cap, the verification); the shop's settings say which countries besides Angola may be sent to,
-- and how many messages a day per phone, per account and for the whole shop.

CREATE TABLE "verified_phones" (
    "user_id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "verified_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verified_phones_pkey" PRIMARY KEY ("user_id", "phone")
);
CREATE INDEX "verified_phones_phone_idx" ON "verified_phones"("phone");
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "phone_codes" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_codes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "phone_codes_user_id_phone_created_at_idx" ON "phone_codes"("user_id", "phone", "created_at");
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "whatsapp_unassigned" (
    "id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "from_phone" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'waiting',
    "order_id" TEXT,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),

    CONSTRAINT "whatsapp_unassigned_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "whatsapp_unassigned_message_id_key" ON "whatsapp_unassigned"("message_id");
CREATE INDEX "whatsapp_unassigned_state_received_at_idx" ON "whatsapp_unassigned"("state", "received_at");
CREATE INDEX "whatsapp_unassigned_from_phone_idx" ON "whatsapp_unassigned"("from_phone");
ALTER TABLE "whatsapp_unassigned" ADD CONSTRAINT "whatsapp_unassigned_decided_by_id_fkey"
    FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "whatsapp_inbound" ALTER COLUMN "order_id" DROP NOT NULL;

ALTER TABLE "outbox_mails" ADD COLUMN "user_id" TEXT;
-- Phone messages still waiting are their order's shopper's.
UPDATE "outbox_mails" m SET "user_id" = o."user_id"
  FROM "orders" o
 WHERE m."order_id" = o."id" AND m."channel" <> 'email' AND m."user_id" IS NULL;

ALTER TABLE "shop_settings" ADD COLUMN "messaging_country_codes" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "shop_settings" ADD COLUMN "messaging_per_phone_daily" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "shop_settings" ADD COLUMN "messaging_per_account_daily" INTEGER NOT NULL DEFAULT 20;
ALTER TABLE "shop_settings" ADD COLUMN "messaging_shop_daily" INTEGER NOT NULL DEFAULT 500;

-- A phone message the shop's rules kept back is 'blocked' (with the reason in last_error), never sent.
ALTER TABLE "outbox_mails" DROP CONSTRAINT "outbox_mails_status_check";
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_status_check" CHECK ("status" IN ('pending', 'sent', 'failed', 'blocked'));
