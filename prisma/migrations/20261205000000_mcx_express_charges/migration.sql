-- Multicaixa Express charges through AppyPay (docs/design/money.md#multicaixa-express-appypay): one row per charge the
-- shop asked AppyPay for, with what it charged, where it stands and what the gateway last said. A charge confirmed by
-- the gateway becomes a ledger payment (ledger_payment_id); an order has at most one pending charge at a time.
CREATE TABLE "mcx_express_charges" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "merchant_transaction_id" TEXT NOT NULL,
    "gateway_id" TEXT,
    "phone_number" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "code" INTEGER,
    "gateway_message" TEXT,
    "gateway_amount" DECIMAL(12,2),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "next_check_at" TIMESTAMP(3) NOT NULL,
    "checked_at" TIMESTAMP(3),
    "settled_at" TIMESTAMP(3),
    "ledger_payment_id" TEXT,
    "refunded" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcx_express_charges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "mcx_express_charges_status_check" CHECK ("status" IN ('pending', 'paid', 'failed', 'mismatch', 'kept')),
    CONSTRAINT "mcx_express_charges_mtid_check" CHECK ("merchant_transaction_id" ~ '^[A-Za-z0-9]{1,15}$')
);

ALTER TABLE "mcx_express_charges" ADD CONSTRAINT "mcx_express_charges_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "mcx_express_charges" ADD CONSTRAINT "mcx_express_charges_ledger_payment_id_fkey" FOREIGN KEY ("ledger_payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE UNIQUE INDEX "mcx_express_charges_merchant_transaction_id_key" ON "mcx_express_charges"("merchant_transaction_id");
CREATE UNIQUE INDEX "mcx_express_charges_gateway_id_key" ON "mcx_express_charges"("gateway_id");
CREATE UNIQUE INDEX "mcx_express_charges_ledger_payment_id_key" ON "mcx_express_charges"("ledger_payment_id");
CREATE INDEX "mcx_express_charges_order_id_created_at_idx" ON "mcx_express_charges"("order_id", "created_at");
CREATE INDEX "mcx_express_charges_status_next_check_at_idx" ON "mcx_express_charges"("status", "next_check_at");
-- Never two live charges for one order: a second one waits until the first is settled.
CREATE UNIQUE INDEX "mcx_express_charges_one_pending_per_order" ON "mcx_express_charges"("order_id") WHERE "status" = 'pending';
