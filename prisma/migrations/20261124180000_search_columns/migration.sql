-- The catalogue search at 10,000 products: a query word matching thousands of products ("pro") spent its time
-- folding every matching description again (unaccent per row) to score it. The folded name and search text are
-- now stored with the row, computed by the database whenever the product changes, and indexed as they are.
ALTER TABLE "products" ADD COLUMN "search_name" TEXT GENERATED ALWAYS AS (loja_fold("name")) STORED;
ALTER TABLE "products" ADD COLUMN "search_doc" TEXT GENERATED ALWAYS AS (loja_search_doc("name", "category", "sub_category", "description")) STORED;

DROP INDEX "products_name_search_idx";
DROP INDEX "products_doc_search_idx";
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc" gin_trgm_ops) WHERE "deleted_at" IS NULL;
