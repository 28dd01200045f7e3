-- Which money a refund gives back (docs/design/money.md#refund-shares): the order's own, or a paid payment request's,
-- shared out when the refund is recorded. A refund's credit notes follow its shares: one NC per invoice it credits
-- (docs/design/fiscal-documents.md#credit-notes).
CREATE TABLE "refund_shares" (
    "id" TEXT NOT NULL,
    "refund_id" TEXT NOT NULL,
    "payment_request_id" TEXT,
    "amount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "refund_shares_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "refund_shares_amount_check" CHECK ("amount" > 0)
);
ALTER TABLE "refund_shares" ADD CONSTRAINT "refund_shares_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "refund_shares" ADD CONSTRAINT "refund_shares_payment_request_id_fkey" FOREIGN KEY ("payment_request_id") REFERENCES "payment_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "refund_shares_refund_id_idx" ON "refund_shares"("refund_id");

-- Refunds recorded before: the order's own money, as their NC (against the order's FR) said.
INSERT INTO "refund_shares" ("id", "refund_id", "payment_request_id", "amount")
SELECT 'rs' || "id", "id", NULL, "amount" FROM "refunds" WHERE "amount" > 0;

-- One NC per refund and invoice credited (the order's own FR, or a request's FR), ever, unless the provider
-- rejected it.
DROP INDEX "fiscal_documents_one_nc_per_refund";
CREATE UNIQUE INDEX "fiscal_documents_one_nc_per_refund" ON "fiscal_documents"("refund_id")
  WHERE "type" = 'NC' AND "source" = 'provider' AND "status" <> 'rejected' AND "payment_request_id" IS NULL;
CREATE UNIQUE INDEX "fiscal_documents_one_nc_per_refund_request" ON "fiscal_documents"("refund_id", "payment_request_id")
  WHERE "type" = 'NC' AND "source" = 'provider' AND "status" <> 'rejected' AND "payment_request_id" IS NOT NULL;
