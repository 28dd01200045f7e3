-- Stock per product and size (docs/product/orders.md#stock): a size without a row is not tracked. Placement takes
-- units with one conditional UPDATE per line (quantity >= n) inside its transaction; the CHECK is the last guard.
CREATE TABLE "product_stock" (
    "product_id" TEXT NOT NULL,
    "size" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "product_stock_pkey" PRIMARY KEY ("product_id","size"),
    CONSTRAINT "product_stock_quantity_check" CHECK ("quantity" >= 0)
);

ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A line whose units are held for its order: given back on cancellation or expiry, consumed on delivery.
ALTER TABLE "order_lines" ADD COLUMN "reserved" BOOLEAN NOT NULL DEFAULT false;
