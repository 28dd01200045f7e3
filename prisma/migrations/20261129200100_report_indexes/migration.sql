-- The accountant's exports read orders by when they were placed and payments by when they were received, a page at
-- a time after the last row sent, in (time, id) order (docs/design/performance.md#reports-at-scale). With the id in
-- the index a page is read in order and stops at its limit; without it every page sorted the rest of the range.
-- The orders' index on created_at alone is replaced: the new one serves every query that used it.
CREATE INDEX "orders_created_at_id_idx" ON "orders" ("created_at", "id");
DROP INDEX "orders_created_at_idx";
CREATE INDEX "payments_received_at_id_idx" ON "payments" ("received_at", "id");
