-- The ledger decides "paid": each bank reference counts once, proofs point at the payment they show, and an
-- order confirmed without recorded money keeps the admin's reason.

ALTER TABLE "orders" ADD COLUMN "paid_exception" TEXT;

ALTER TABLE "payments" ADD COLUMN "bank_reference_key" TEXT;
ALTER TABLE "payments" ADD COLUMN "duplicate_reason" TEXT;
ALTER TABLE "payments" ADD COLUMN "overpayment" BOOLEAN NOT NULL DEFAULT false;
-- Existing staff-recorded references get their key; the earliest of a repeated one keeps it unique, the
-- others are marked as recorded before the rule existed.
UPDATE "payments" SET "bank_reference_key" = lower(regexp_replace("bank_reference", '[^[:alnum:]]', '', 'g'))
WHERE "external_id" IS NULL;
UPDATE "payments" p SET "duplicate_reason" = 'registado antes da regra de referência única'
WHERE p."bank_reference_key" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "payments" q
  WHERE q."bank_reference_key" = p."bank_reference_key" AND (q."created_at", q."id") < (p."created_at", p."id")
);
CREATE UNIQUE INDEX "payments_bank_reference_key_once" ON "payments"("bank_reference_key")
WHERE "bank_reference_key" IS NOT NULL AND "duplicate_reason" IS NULL;
CREATE INDEX "payments_bank_reference_key_idx" ON "payments"("bank_reference_key");

ALTER TABLE "payment_proofs" ADD COLUMN "payment_id" TEXT;
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "payment_proofs_payment_id_idx" ON "payment_proofs"("payment_id");

-- 'closed': the order was paid while the proof waited, so nothing is left to decide.
ALTER TABLE "payment_proofs" DROP CONSTRAINT "payment_proofs_status_check";
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_status_check" CHECK ("status" IN ('pending', 'accepted', 'refused', 'closed'));
