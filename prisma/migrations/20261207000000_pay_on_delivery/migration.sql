-- Pay on delivery, fenced (docs/product/pay-on-delivery.md), and the bank transfer's stored key renamed: 'cod' is
-- the usual name for cash on delivery, and it meant the bank transfer. The API still accepts "cod" for the bank
-- transfer (shared/orders.ts paymentMethodFromWire); the data now says what it is.
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_check";
UPDATE "orders" SET "payment_method" = 'bank_transfer' WHERE "payment_method" = 'cod';
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check"
  CHECK ("payment_method" IN ('bank_transfer', 'stripe', 'pay_on_delivery'));

-- A pay-on-delivery order starts "Por confirmar" until staff confirm it by phone or WhatsApp.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check"
  CHECK ("status" IN ('Por confirmar', 'Aguardando Pagamento', 'Pagamento Confirmado', 'Em Preparação', 'Enviado', 'Entregue', 'Cancelado'));
ALTER TABLE "order_status_changes" DROP CONSTRAINT "order_status_changes_status_check";
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_status_check"
  CHECK ("status" IN ('Por confirmar', 'Aguardando Pagamento', 'Pagamento Confirmado', 'Em Preparação', 'Enviado', 'Entregue', 'Cancelado'));

-- The shopper refused the goods at the door: counted per delivery phone.
ALTER TABLE "orders" ADD COLUMN "delivery_refused_at" TIMESTAMP(3);
CREATE INDEX "orders_refused_phone_idx" ON "orders" ("delivery_phone") WHERE "delivery_refused_at" IS NOT NULL;
-- The "Por confirmar" queue and its expiry.
CREATE INDEX "orders_unconfirmed_idx" ON "orders" ("payment_deadline") WHERE "status" = 'Por confirmar';

-- Money taken at the door: cash or the card terminal (TPA); null for every other payment.
ALTER TABLE "payments" ADD COLUMN "collected_at_door" TEXT;
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_at_door_check" CHECK ("collected_at_door" IN ('cash', 'tpa'));
CREATE INDEX "payments_collected_at_door_idx" ON "payments" ("received_at") WHERE "collected_at_door" IS NOT NULL;

-- Where the owner allows it, and up to how much (null: no limit). Off by default.
ALTER TABLE "delivery_zones" ADD COLUMN "pay_on_delivery" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "delivery_zones" ADD COLUMN "pay_on_delivery_limit" DECIMAL(12,2);
ALTER TABLE "pickup_points" ADD COLUMN "pay_on_delivery" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "pickup_points" ADD COLUMN "pay_on_delivery_limit" DECIMAL(12,2);

-- The owner's terms: hours to confirm before the order is cancelled, refusals before a phone loses the option.
ALTER TABLE "shop_settings" ADD COLUMN "pay_on_delivery_confirm_hours" DECIMAL(8,2) NOT NULL DEFAULT 24;
ALTER TABLE "shop_settings" ADD COLUMN "pay_on_delivery_refusal_limit" INTEGER NOT NULL DEFAULT 2;
