-- Reaching people where they are (issue 13): an outbox of e-mails written with the events that cause them,
-- password-reset tokens (only their hash), how far support replies were e-mailed, Web Push subscriptions, the customer's notification choices and
-- saved address, and the addresses that receive staff alerts.

ALTER TABLE "users" ADD COLUMN "notify_email" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "users" ADD COLUMN "notify_push" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "users" ADD COLUMN "saved_address" JSONB;

ALTER TABLE "shop_settings" ADD COLUMN "staff_alert_emails" TEXT[];

-- CreateTable
CREATE TABLE "outbox_mails" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "dedupe_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "sent_at" TIMESTAMP(3),
    "locked_until" TIMESTAMP(3),
    "locked_by" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_mails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_success_at" TIMESTAMP(3),
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "support_reply_digests" (
    "order_id" TEXT NOT NULL,
    "covered_until" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "support_reply_digests_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "outbox_mails_dedupe_key_key" ON "outbox_mails"("dedupe_key");
CREATE INDEX "outbox_mails_status_next_attempt_at_idx" ON "outbox_mails"("status", "next_attempt_at");
CREATE INDEX "outbox_mails_created_at_idx" ON "outbox_mails"("created_at");
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "support_reply_digests" ADD CONSTRAINT "support_reply_digests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules Prisma cannot express.
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'));
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_attempts_check" CHECK ("attempts" >= 0);
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_sent_check" CHECK (("status" = 'sent') = ("sent_at" IS NOT NULL));
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_failures_check" CHECK ("failures" >= 0);
