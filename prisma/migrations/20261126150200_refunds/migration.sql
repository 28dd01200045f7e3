-- No money kept silently: an order with money recorded is never cancelled at its deadline (it is flagged to staff
-- once), and cancelling one needs the money's refund recorded first.
ALTER TABLE "orders" ADD COLUMN "amount_refunded" DECIMAL(12,2) NOT NULL DEFAULT 0;
ALTER TABLE "orders" ADD COLUMN "overdue_flagged_at" TIMESTAMP(3);

CREATE TABLE "refunds" (
  "id" TEXT NOT NULL,
  "order_id" TEXT NOT NULL,
  "amount" DECIMAL(12,2) NOT NULL,
  "bank_reference" TEXT,
  "status" TEXT NOT NULL,
  "note" TEXT,
  "recorded_by_id" TEXT,
  "actor" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "refunds_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "refunds_status_check" CHECK ("status" IN ('done', 'pending')),
  CONSTRAINT "refunds_amount_check" CHECK ("amount" > 0),
  CONSTRAINT "refunds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "refunds_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "refunds_order_id_created_at_idx" ON "refunds"("order_id", "created_at");
