-- The bank statement import: who imported which file and when, each credit line once (its identity is its key,
-- so an overlapping statement adds nothing twice) with what became of it, and the column mappings admins made
-- by hand for a bank whose export is not recognised.
CREATE TABLE "bank_statements" (
  "id" TEXT NOT NULL,
  "file_name" TEXT,
  "sha256" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "imported_by_id" TEXT,
  "imported_by_name" TEXT NOT NULL,
  "imported" INTEGER NOT NULL DEFAULT 0,
  "matched" INTEGER NOT NULL DEFAULT 0,
  "unmatched" INTEGER NOT NULL DEFAULT 0,
  "duplicates" INTEGER NOT NULL DEFAULT 0,
  "ignored" INTEGER NOT NULL DEFAULT 0,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "bank_statements_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "bank_statements_kind_check" CHECK ("kind" IN ('csv', 'xlsx')),
  CONSTRAINT "bank_statements_imported_by_id_fkey" FOREIGN KEY ("imported_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "bank_statements_created_at_idx" ON "bank_statements"("created_at");

CREATE TABLE "bank_statement_lines" (
  "id" TEXT NOT NULL,
  "statement_id" TEXT NOT NULL,
  "line_key" TEXT NOT NULL,
  "row_number" INTEGER NOT NULL,
  "booked_on" TEXT NOT NULL,
  "description" TEXT NOT NULL,
  "reference" TEXT,
  "amount" DECIMAL(12,2) NOT NULL,
  "occurrence" INTEGER NOT NULL,
  "state" TEXT NOT NULL,
  "problem" TEXT,
  "suggested_order_id" TEXT,
  "order_id" TEXT,
  "payment_id" TEXT,
  "dismiss_reason" TEXT,
  "decided_by_id" TEXT,
  "decided_at" TIMESTAMP(3),
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "bank_statement_lines_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "bank_statement_lines_state_check" CHECK ("state" IN ('unmatched', 'matched', 'assigned', 'dismissed')),
  CONSTRAINT "bank_statement_lines_amount_check" CHECK ("amount" > 0),
  CONSTRAINT "bank_statement_lines_booked_on_check" CHECK ("booked_on" ~ '^\d{4}-\d{2}-\d{2}$'),
  CONSTRAINT "bank_statement_lines_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "bank_statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "bank_statement_lines_suggested_order_id_fkey" FOREIGN KEY ("suggested_order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  CONSTRAINT "bank_statement_lines_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "bank_statement_lines_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT "bank_statement_lines_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "bank_statement_lines_line_key_key" ON "bank_statement_lines"("line_key");
CREATE UNIQUE INDEX "bank_statement_lines_payment_id_key" ON "bank_statement_lines"("payment_id");
CREATE INDEX "bank_statement_lines_state_booked_on_idx" ON "bank_statement_lines"("state", "booked_on");
CREATE INDEX "bank_statement_lines_statement_id_idx" ON "bank_statement_lines"("statement_id");
CREATE INDEX "bank_statement_lines_order_id_idx" ON "bank_statement_lines"("order_id");
CREATE INDEX "bank_statement_lines_suggested_order_id_idx" ON "bank_statement_lines"("suggested_order_id");

CREATE TABLE "bank_statement_mappings" (
  "signature" TEXT NOT NULL,
  "headers" JSONB NOT NULL,
  "date_column" INTEGER NOT NULL,
  "description_column" INTEGER NOT NULL,
  "amount_column" INTEGER NOT NULL,
  "reference_column" INTEGER,
  "saved_by_id" TEXT,
  "updated_at" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "bank_statement_mappings_pkey" PRIMARY KEY ("signature"),
  CONSTRAINT "bank_statement_mappings_saved_by_id_fkey" FOREIGN KEY ("saved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
