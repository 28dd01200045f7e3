-- Abandoned-cart reminders (docs/product/notifications.md#abandoned-cart): the shop turns them on or off and says
-- after how many hours a cart counts as left; each shopper's row keeps the fingerprint of the cart contents last
-- reminded, so the same contents are never reminded twice, and when the shopper last removed a line (a touch that
-- leaves no line behind to carry its time).
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_enabled" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_hours" INTEGER NOT NULL DEFAULT 24;

CREATE TABLE "cart_reminders" (
    "user_id" TEXT NOT NULL,
    "reminded_contents" TEXT,
    "reminded_at" TIMESTAMP(3),
    "touched_at" TIMESTAMP(3),

    CONSTRAINT "cart_reminders_pkey" PRIMARY KEY ("user_id")
);

ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
