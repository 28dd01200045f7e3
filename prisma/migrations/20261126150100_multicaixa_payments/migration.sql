-- Every Multicaixa payment ProxyPay reports is a row keyed by its payment id, whatever order state it meets, so
-- a payment is handled once (a webhook, the poller and a re-delivery after a reopen alike) and a payment matching
-- no order is kept before ProxyPay is told to forget it.
CREATE TABLE "multicaixa_payments" (
  "payment_id" TEXT NOT NULL,
  "reference_id" TEXT,
  "amount" DECIMAL(12,2),
  "received_at" TIMESTAMP(3),
  "outcome" TEXT NOT NULL,
  "order_id" TEXT,
  "ledger_payment_id" TEXT,
  "raw" JSONB NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "multicaixa_payments_pkey" PRIMARY KEY ("payment_id"),
  CONSTRAINT "multicaixa_payments_outcome_check" CHECK ("outcome" IN ('recorded', 'order-cancelled', 'unknown-reference', 'malformed'))
);
CREATE UNIQUE INDEX "multicaixa_payments_ledger_payment_id_key" ON "multicaixa_payments"("ledger_payment_id");
CREATE INDEX "multicaixa_payments_outcome_created_at_idx" ON "multicaixa_payments"("outcome", "created_at");
CREATE INDEX "multicaixa_payments_order_id_idx" ON "multicaixa_payments"("order_id");

-- Payments already recorded in the ledger by ProxyPay's id are rows too.
INSERT INTO "multicaixa_payments" ("payment_id", "reference_id", "amount", "received_at", "outcome", "order_id", "ledger_payment_id", "raw")
SELECT p."external_id", o."multicaixa_reference", p."amount", p."received_at", 'recorded', p."order_id", p."id", '{}'::jsonb
FROM "payments" p JOIN "orders" o ON o."id" = p."order_id"
WHERE p."actor" = 'Multicaixa' AND p."external_id" IS NOT NULL;
