-- A paid payment request's own FR (docs/design/fiscal-documents.md#payment-requests): the money a request brought is
-- invoiced apart from the order's goods, exactly once per request, as the order's FR is once per order.
ALTER TABLE "fiscal_documents" ADD COLUMN "payment_request_id" TEXT;
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_payment_request_id_fkey" FOREIGN KEY ("payment_request_id") REFERENCES "payment_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The order's own FR is the one without a request; each request has at most one of its own.
DROP INDEX "fiscal_documents_one_fr_per_order";
CREATE UNIQUE INDEX "fiscal_documents_one_fr_per_order" ON "fiscal_documents"("order_id")
  WHERE "type" = 'FR' AND "source" = 'provider' AND "status" <> 'rejected' AND "payment_request_id" IS NULL;
CREATE UNIQUE INDEX "fiscal_documents_one_fr_per_request" ON "fiscal_documents"("payment_request_id")
  WHERE "type" = 'FR' AND "source" = 'provider' AND "status" <> 'rejected';
