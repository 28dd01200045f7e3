-- Staff may take a product out of the shop without deleting it (hidden), or keep it on show but stop sales
-- (sold out: the shop says "Esgotado" and refuses to add it to a cart or an order).
ALTER TABLE "products" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "products" ADD COLUMN "sold_out" BOOLEAN NOT NULL DEFAULT false;
