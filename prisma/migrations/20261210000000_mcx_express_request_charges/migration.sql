-- A payment request paid by Multicaixa Express (docs/product/payment-requests.md): the charge names the request it is
-- for (null: the order's own money owed). Never two live charges for one request, as for one order's own charge; a
-- request's charge and its order's may wait side by side (each pays its own amount).
ALTER TABLE "mcx_express_charges" ADD COLUMN "payment_request_id" TEXT;
ALTER TABLE "mcx_express_charges" ADD CONSTRAINT "mcx_express_charges_payment_request_id_fkey" FOREIGN KEY ("payment_request_id") REFERENCES "payment_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "mcx_express_charges_payment_request_id_idx" ON "mcx_express_charges"("payment_request_id");

DROP INDEX "mcx_express_charges_one_pending_per_order";
CREATE UNIQUE INDEX "mcx_express_charges_one_pending_per_order" ON "mcx_express_charges"("order_id") WHERE "status" = 'pending' AND "payment_request_id" IS NULL;
CREATE UNIQUE INDEX "mcx_express_charges_one_pending_per_request" ON "mcx_express_charges"("payment_request_id") WHERE "status" = 'pending';
