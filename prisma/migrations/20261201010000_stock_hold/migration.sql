-- Stock held briefly and openly (docs/product/orders.md#stock, docs/design/money.md#stock): an unpaid order holds its
-- tracked units until `stock_held_until` (placement + the shop's "Reserva de stock", 2 h by default, never past the
-- payment deadline); then the units go back on sale (`stock_released_at`, the lines' `hold_released`) unless the order
-- is paid. Money that covers an order whose hold ended takes the units again where they are left; a line that cannot
-- be taken is marked `stock_short` (staff are told, the order shows it).
ALTER TABLE "orders" ADD COLUMN "stock_held_until" TIMESTAMP(3);
ALTER TABLE "orders" ADD COLUMN "stock_released_at" TIMESTAMP(3);
ALTER TABLE "order_lines" ADD COLUMN "hold_released" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "order_lines" ADD COLUMN "stock_short" BOOLEAN NOT NULL DEFAULT false;

-- The owner's settings: how long an unpaid order holds its units, and the shop-wide placements per hour.
ALTER TABLE "shop_settings" ADD COLUMN "stock_hold_hours" DECIMAL(8,2) NOT NULL DEFAULT 2;
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_stock_hold_hours_check" CHECK ("stock_hold_hours" > 0);
ALTER TABLE "shop_settings" ADD COLUMN "placements_per_hour" INTEGER NOT NULL DEFAULT 300;
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_placements_per_hour_check" CHECK ("placements_per_hour" > 0);

-- Placement counts the open unpaid orders of the account and of the delivery phone (at most 3 each), and the
-- payment-deadline round finds the holds that ended: small partial indexes over unpaid orders only.
CREATE INDEX "orders_unpaid_user_idx" ON "orders" ("user_id") WHERE "status" = 'Aguardando Pagamento';
CREATE INDEX "orders_unpaid_phone_idx" ON "orders" ("delivery_phone") WHERE "status" = 'Aguardando Pagamento';
CREATE INDEX "orders_stock_hold_idx" ON "orders" ("stock_held_until") WHERE "status" = 'Aguardando Pagamento' AND "stock_released_at" IS NULL;

-- Orders waiting today: those holding units hold them 2 h from placement (an older one is released by the next round);
-- a bank-transfer order a discount code brought to 0 kz gets a deadline (48 h from now, so none expires on the upgrade).
UPDATE "orders" o SET "stock_held_until" = LEAST(o."created_at" + interval '2 hours', COALESCE(o."payment_deadline", o."created_at" + interval '2 hours'))
WHERE o."status" = 'Aguardando Pagamento' AND EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."reserved");
UPDATE "orders" SET "payment_deadline" = (now() AT TIME ZONE 'UTC') + interval '48 hours'
WHERE "status" = 'Aguardando Pagamento' AND "payment_method" = 'cod' AND "payment_deadline" IS NULL AND "total_amount" <= 0;
