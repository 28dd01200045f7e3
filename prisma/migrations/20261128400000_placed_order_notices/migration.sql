-- A placed order's confirmation and staff alert are written to the outbox by a background round right after the
-- order commits, not inside placement's one statement (docs/design/notifications.md#placed-orders): the order row
-- says they are still due, and a small partial index finds the few rows that are.
ALTER TABLE "orders" ADD COLUMN "placed_notices_due" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "orders_placed_notices_due_idx" ON "orders" ("created_at") WHERE "placed_notices_due";
