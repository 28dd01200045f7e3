-- The catalogue search at 10,000 products: every product a query's trigrams point at is checked again (the GIN
-- index only narrows), and checking the indexed expressions meant folding its name and whole text again
-- (unaccent per row, ~40 µs in PGlite): 1.3 s for a word in every description. The folded name and search text are
-- now stored with the row, computed by the database whenever the product changes, and indexed as they are.
-- fastupdate off: products change rarely, and a pending list of new entries (emptied by VACUUM, which PGlite never
-- runs by itself, or past 4 MB) is read through on every search and makes the planner price the indexes too dear.
-- IF NOT EXISTS: a development database may hold a short-lived earlier version of these columns.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_name" TEXT GENERATED ALWAYS AS (loja_fold("name")) STORED;
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_doc" TEXT GENERATED ALWAYS AS (loja_search_doc("name", "category", "sub_category", "description")) STORED;

DROP INDEX IF EXISTS "products_name_search_idx";
DROP INDEX IF EXISTS "products_doc_search_idx";
CREATE INDEX IF NOT EXISTS "products_search_name_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate = off) WHERE "deleted_at" IS NULL;
CREATE INDEX IF NOT EXISTS "products_search_doc_idx" ON "products" USING gin ("search_doc" gin_trgm_ops) WITH (fastupdate = off) WHERE "deleted_at" IS NULL;
