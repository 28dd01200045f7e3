-- Catalogue search that forgives (issue 14): accents and case ignored (unaccent), a wrong letter tolerated
-- (pg_trgm), synonyms from an editable list. Both extensions are trusted (a database owner may create them) and
-- PGlite ships them (server/db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (its dictionary could change), so it cannot back an index: these wrappers name the
-- dictionary explicitly and are declared IMMUTABLE, the usual way to index unaccented text.
CREATE FUNCTION loja_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, lower(value));

-- What a search looks through besides the name: category, sub-category and description.
CREATE FUNCTION loja_search_doc(name text, category text, sub_category text, description text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN loja_fold(concat_ws(' ', name, category, sub_category, description));

CREATE INDEX "products_name_search_idx" ON "products" USING gin (loja_fold("name") gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "products_doc_search_idx" ON "products" USING gin (loja_search_doc("name", "category", "sub_category", "description") gin_trgm_ops) WHERE "deleted_at" IS NULL;

-- The shop's lists at 10,000 products: newest first, by price, best sellers, per category.
CREATE INDEX "products_live_created_idx" ON "products" ("created_at" DESC, "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "products_live_price_idx" ON "products" ("price", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "products_live_bestseller_idx" ON "products" ("bestseller", "created_at") WHERE "deleted_at" IS NULL;

-- Words a shopper may use for the same thing ("telefone", "telemóvel", "celular", "smartphone"): each row is
-- one group; staff edit them in the console.
CREATE TABLE "search_synonyms" (
  "id" TEXT NOT NULL,
  "words" TEXT[],
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "search_synonyms_pkey" PRIMARY KEY ("id")
);

INSERT INTO "search_synonyms" ("id", "words", "updated_at") VALUES
  ('syn_telefone', ARRAY['telefone', 'telemóvel', 'telemovel', 'celular', 'smartphone', 'iphone', 'android'], CURRENT_TIMESTAMP),
  ('syn_portatil', ARRAY['portátil', 'laptop', 'notebook', 'computador portátil'], CURRENT_TIMESTAMP),
  ('syn_tenis', ARRAY['ténis', 'tênis', 'sapatilha', 'sapatilhas', 'sneaker', 'sneakers'], CURRENT_TIMESTAMP),
  ('syn_televisao', ARRAY['televisão', 'televisor', 'tv', 'smart tv'], CURRENT_TIMESTAMP),
  ('syn_auscultadores', ARRAY['auscultadores', 'fones', 'fone', 'headphones', 'phones', 'auriculares'], CURRENT_TIMESTAMP),
  ('syn_frigorifico', ARRAY['frigorífico', 'geladeira', 'arca'], CURRENT_TIMESTAMP),
  ('syn_sofa', ARRAY['sofá', 'sofa', 'poltrona', 'canapé'], CURRENT_TIMESTAMP),
  ('syn_camisola', ARRAY['camisola', 'camiseta', 't-shirt', 'tshirt'], CURRENT_TIMESTAMP),
  ('syn_gerador', ARRAY['gerador', 'grupo gerador', 'geradora'], CURRENT_TIMESTAMP),
  ('syn_relogio', ARRAY['relógio', 'smartwatch'], CURRENT_TIMESTAMP);
