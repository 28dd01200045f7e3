-- Each transfer counted once, and staff payments confirmed by the bank (docs/design/money.md#confirmed-payments).
-- A payment counts towards its order from `confirmed_at` on: at once when an admin, a statement line or a payment
-- service records it; later for support's, when a statement line matches it or an admin approves it. A statement
-- line may now wait in review (it may be a payment already recorded) or confirm a payment already recorded (linked).

ALTER TABLE "payments" ADD COLUMN "confirmed_at" TIMESTAMP(3);
ALTER TABLE "payments" ADD COLUMN "confirmed_via" TEXT;
ALTER TABLE "payments" ADD COLUMN "confirmed_by_id" TEXT;
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_id_fkey" FOREIGN KEY ("confirmed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Every payment recorded so far counted at once (amount_paid holds it): it stays confirmed, by what recorded it.
UPDATE "payments" p SET
  "confirmed_at" = p."created_at",
  "confirmed_via" = CASE
    WHEN p."external_id" IS NOT NULL THEN 'service'
    WHEN EXISTS (SELECT 1 FROM "bank_statement_lines" l WHERE l."payment_id" = p."id") THEN 'statement'
    ELSE 'recorded' END,
  "confirmed_by_id" = CASE WHEN p."external_id" IS NULL THEN p."recorded_by_id" END;

ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_via_check"
  CHECK ("confirmed_via" IN ('recorded', 'statement', 'service', 'approval'));
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_check" CHECK (("confirmed_at" IS NULL) = ("confirmed_via" IS NULL));
-- The few payments still to confirm, by order (the Pagamentos queue, the deadline round, the dashboard).
CREATE INDEX "payments_unconfirmed_order_idx" ON "payments"("order_id") WHERE "confirmed_at" IS NULL;

ALTER TABLE "bank_statement_lines" ADD COLUMN "suggested_payment_id" TEXT;
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_suggested_payment_id_fkey" FOREIGN KEY ("suggested_payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "bank_statement_lines_suggested_payment_id_idx" ON "bank_statement_lines"("suggested_payment_id");
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_state_check";
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_state_check"
  CHECK ("state" IN ('unmatched', 'review', 'matched', 'assigned', 'linked', 'dismissed'));
