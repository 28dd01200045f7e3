-- Domain events (docs/design/events.md): what happened to the shop, written in the transaction of the change
-- itself; the dispatcher runs each event's reactions after the commit, at least once across the cluster.
CREATE TABLE "domain_events" (
  "id" BIGSERIAL PRIMARY KEY,
  "name" TEXT NOT NULL,
  -- The order it concerns: one order's events are handled one after another, in the order they were written.
  "order_id" TEXT,
  "payload" JSONB NOT NULL DEFAULT '{}',
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- When every reaction ran (or the dispatcher gave up on it): handled.
  "done_at" TIMESTAMP(3),
  -- Not before this moment: after a failed reaction the event waits (back-off).
  "next_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "last_error" TEXT,
  "gave_up" BOOLEAN NOT NULL DEFAULT false,
  -- An instance that claimed it is handling it until then (a crashed one's claim lapses).
  "claimed_until" TIMESTAMP(3),
  "claimed_by" TEXT
);
CREATE INDEX "domain_events_due_idx" ON "domain_events" ("next_at", "id") WHERE "done_at" IS NULL;
CREATE INDEX "domain_events_order_open_idx" ON "domain_events" ("order_id", "id") WHERE "done_at" IS NULL;
CREATE INDEX "domain_events_done_idx" ON "domain_events" ("done_at") WHERE "done_at" IS NOT NULL;

-- Which reactions of an event ran: one row per event and reaction, written with the reaction's own changes, so a
-- re-run of the event skips what already happened.
CREATE TABLE "event_reactions" (
  "event_id" BIGINT NOT NULL REFERENCES "domain_events" ("id") ON DELETE CASCADE,
  "reaction" TEXT NOT NULL,
  "done_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("event_id", "reaction")
);

-- Orders whose notices were still due become events, so no confirmation is lost across the upgrade.
INSERT INTO "domain_events" ("name", "order_id", "created_at")
  SELECT 'order.placed', "id", "created_at" FROM "orders" WHERE "placed_notices_due" ORDER BY "created_at";
DROP INDEX "orders_placed_notices_due_idx";
ALTER TABLE "orders" DROP COLUMN "placed_notices_due";
