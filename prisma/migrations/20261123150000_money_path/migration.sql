-- The money path (issue 11): a payment reference and deadline on every bank-transfer order, money received
-- recorded as payments, proofs of payment with staff decisions, an audit trail of the shop's settings, and
-- messages the shop itself posts in an order's chat.

ALTER TABLE "orders" ADD COLUMN "payment_reference" TEXT;
ALTER TABLE "orders" ADD COLUMN "payment_deadline" TIMESTAMP(3);
ALTER TABLE "orders" ADD COLUMN "amount_paid" DECIMAL(12,2) NOT NULL DEFAULT 0;
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" TIMESTAMP(3);
ALTER TABLE "orders" ADD COLUMN "multicaixa_reference" TEXT;

ALTER TABLE "shop_settings" ADD COLUMN "payment_deadline_hours" DECIMAL(8,2) NOT NULL DEFAULT 48;

-- Orders placed before this release: paid ones count as fully paid; unpaid bank transfers get a reference and
-- 48 hours from the upgrade (not from their creation, which would cancel them all at once).
UPDATE "orders" SET "amount_paid" = "total_amount" WHERE "paid";
UPDATE "orders" SET "payment_reference" = 'LJ' || upper(substr(md5("id"), 1, 7)),
                    "payment_deadline" = CURRENT_TIMESTAMP + interval '48 hours'
 WHERE "payment_method" = 'cod' AND "status" = 'Aguardando Pagamento';

-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "bank_reference" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL,
    "note" TEXT,
    "recorded_by_id" TEXT,
    "actor" TEXT NOT NULL,
    "external_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_proofs" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "media_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "hints" JSONB,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_proofs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings_changes" (
    "id" TEXT NOT NULL,
    "changed_by_id" TEXT,
    "field" TEXT NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "orders_payment_reference_key" ON "orders"("payment_reference");
CREATE UNIQUE INDEX "orders_multicaixa_reference_key" ON "orders"("multicaixa_reference");
CREATE INDEX "orders_status_payment_deadline_idx" ON "orders"("status", "payment_deadline");
CREATE UNIQUE INDEX "payments_external_id_key" ON "payments"("external_id");
CREATE INDEX "payments_order_id_created_at_idx" ON "payments"("order_id", "created_at");
CREATE INDEX "payment_proofs_order_id_created_at_idx" ON "payment_proofs"("order_id", "created_at");
CREATE INDEX "payment_proofs_status_created_at_idx" ON "payment_proofs"("status", "created_at");
CREATE INDEX "payment_proofs_media_id_idx" ON "payment_proofs"("media_id");
CREATE INDEX "settings_changes_created_at_idx" ON "settings_changes"("created_at");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "settings_changes" ADD CONSTRAINT "settings_changes_changed_by_id_fkey" FOREIGN KEY ("changed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules Prisma cannot express.
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("amount" > 0);
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_paid_check" CHECK ("amount_paid" >= 0);
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_status_check" CHECK ("status" IN ('pending', 'accepted', 'refused'));
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_payment_deadline_hours_check" CHECK ("payment_deadline_hours" > 0);
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_check";
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_check" CHECK ("sender" IN ('client', 'support', 'shop'));
