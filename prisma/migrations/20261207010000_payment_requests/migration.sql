-- Payment requests (docs/product/payment-requests.md): an amount staff ask of the shopper after the order (delivery
-- quoted on request, an exchange's difference, an extra item, a deposit). Paid once through the ledger, it adds to
-- the order's total as its `extras`.
CREATE TABLE "payment_requests" (
  "id" TEXT NOT NULL,
  "order_id" TEXT NOT NULL,
  "amount" DECIMAL(12,2) NOT NULL,
  "reason" TEXT NOT NULL,
  "reference" TEXT NOT NULL,
  "multicaixa_reference" TEXT,
  "status" TEXT NOT NULL DEFAULT 'open',
  "expires_at" TIMESTAMP(3) NOT NULL,
  "created_by_id" TEXT,
  "created_by_name" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "closed_at" TIMESTAMP(3),
  "closed_by_id" TEXT,
  "payment_id" TEXT,
  CONSTRAINT "payment_requests_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "payment_requests_amount_check" CHECK ("amount" > 0),
  CONSTRAINT "payment_requests_status_check" CHECK ("status" IN ('open', 'paid', 'cancelled', 'expired')),
  CONSTRAINT "payment_requests_paid_check" CHECK (("status" = 'paid') = ("payment_id" IS NOT NULL))
);
CREATE UNIQUE INDEX "payment_requests_reference_key" ON "payment_requests"("reference");
CREATE UNIQUE INDEX "payment_requests_multicaixa_reference_key" ON "payment_requests"("multicaixa_reference");
CREATE UNIQUE INDEX "payment_requests_payment_id_key" ON "payment_requests"("payment_id");
CREATE INDEX "payment_requests_order_id_created_at_idx" ON "payment_requests"("order_id", "created_at");
CREATE INDEX "payment_requests_open_idx" ON "payment_requests"("expires_at") WHERE "status" = 'open';
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_closed_by_id_fkey" FOREIGN KEY ("closed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- What paid requests added to the order: total_amount = subtotal + delivery_fee - discount + extras.
ALTER TABLE "orders" ADD COLUMN "extras" DECIMAL(12,2) NOT NULL DEFAULT 0;

-- The chat card: the shop's message that carries a request.
ALTER TABLE "messages" ADD COLUMN "payment_request_id" TEXT;
ALTER TABLE "messages" ADD CONSTRAINT "messages_payment_request_id_fkey" FOREIGN KEY ("payment_request_id") REFERENCES "payment_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "messages_payment_request_id_idx" ON "messages"("payment_request_id");
