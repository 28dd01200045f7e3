-- Staff find an order by what they hold: the phone it was delivered to, in any format. The delivery phone is
-- kept as its digits (the 9 national digits of an Angolan number: shared/phones.ts says the same rule), computed
-- by the database whenever the order's address is written, and indexed for "contains" searches.
-- fastupdate off, as for the catalogue search: PGlite never vacuums, and a pending list makes the planner skip
-- the index.
CREATE FUNCTION loja_phone_digits(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN NULLIF(regexp_replace(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), '^(00)?244([0-9]{9})$', '\2'), '');

ALTER TABLE "orders" ADD COLUMN "delivery_phone" TEXT GENERATED ALWAYS AS (loja_phone_digits("address" ->> 'phone')) STORED;
CREATE INDEX "orders_delivery_phone_trgm_idx" ON "orders" USING gin ("delivery_phone" gin_trgm_ops) WITH (fastupdate = off);
