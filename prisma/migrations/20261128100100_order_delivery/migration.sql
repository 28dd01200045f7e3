-- What the shopper chose for delivery, as priced at placement (docs/product/checkout.md#delivery):
-- { kind, name, fee, eta, address?, hours? }. Null on orders placed before delivery options existed.
ALTER TABLE "orders" ADD COLUMN "delivery" JSONB;
