-- Discount codes (docs/product/coupons.md). A coupon's uses are the orders carrying it that are not cancelled
-- (counted, never a counter that could drift): cancellation and expiry give a use back by changing the status.
CREATE TABLE "coupons" (
    "id" TEXT NOT NULL,
    -- Trimmed and upper-cased by the application; unique whatever its case (the index below).
    "code" TEXT NOT NULL,
    -- 'percent', 'fixed' or 'free_delivery'.
    "kind" TEXT NOT NULL,
    "value" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "min_subtotal" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "max_uses" INTEGER,
    "max_uses_per_customer" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "coupons_code_upper_key" ON "coupons" (upper("code"));

-- The coupon an order was placed with, its code as typed then (normalised) and the discount it gave.
ALTER TABLE "orders" ADD COLUMN "coupon_id" TEXT;
ALTER TABLE "orders" ADD COLUMN "coupon_code" TEXT;
ALTER TABLE "orders" ADD COLUMN "discount" DECIMAL(12,2) NOT NULL DEFAULT 0;

ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_fkey" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "orders_coupon_id_user_id_idx" ON "orders" ("coupon_id", "user_id");
