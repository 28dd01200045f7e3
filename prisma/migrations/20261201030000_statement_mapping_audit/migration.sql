-- Bank statement mappings that cannot override (docs/product/orders.md#bank-statement-import): each mapping says who
-- saved it and when, and each import keeps how it read the file (its columns and the mapping used).
-- Mappings already stored for a header the shop recognises by itself stay in the table but are no longer used: the
-- import reads a recognised header by its names first (server/readers/statement-table.mjs); the console lists them
-- as ignored so an admin can delete them.
ALTER TABLE "bank_statements" ADD COLUMN "columns" JSONB;

ALTER TABLE "bank_statement_mappings" ADD COLUMN "saved_by_name" TEXT NOT NULL DEFAULT '';
ALTER TABLE "bank_statement_mappings" ADD COLUMN "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "bank_statement_mappings" SET "created_at" = "updated_at";
UPDATE "bank_statement_mappings" AS m SET "saved_by_name" = u."name" FROM "users" AS u WHERE u."id" = m."saved_by_id";
