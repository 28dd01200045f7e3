-- The shop's WhatsApp number (E.164), which the storefront's wa.me links open; empty: the first phone is used.
ALTER TABLE "shop_settings" ADD COLUMN "whatsapp" TEXT NOT NULL DEFAULT '';
