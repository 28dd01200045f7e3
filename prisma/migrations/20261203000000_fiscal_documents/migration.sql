-- Fiscal documents (docs/design/fiscal-documents.md): the buyer's NIF on the order and as the account's default, the
-- shop's fiscal data, and one row per fiscal document the shop asked its certified provider for (or an admin
-- attached from the AGT portal).
ALTER TABLE "orders" ADD COLUMN "nif" TEXT;
ALTER TABLE "users" ADD COLUMN "nif" TEXT;

ALTER TABLE "shop_settings" ADD COLUMN "fiscal_company_name" TEXT NOT NULL DEFAULT '';
ALTER TABLE "shop_settings" ADD COLUMN "fiscal_nif" TEXT NOT NULL DEFAULT '';
ALTER TABLE "shop_settings" ADD COLUMN "fiscal_vat_regime" TEXT NOT NULL DEFAULT 'geral';

CREATE TABLE "fiscal_documents" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "refund_id" TEXT,
    "type" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "customer_tax_id" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "request" JSONB,
    "provider_id" TEXT,
    "number" TEXT,
    "media_id" TEXT,
    "qr_media_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMP(3),
    "last_error" TEXT,
    "requested_at" TIMESTAMP(3),
    "issued_at" TIMESTAMP(3),
    "checked_at" TIMESTAMP(3),
    "alerted_at" TIMESTAMP(3),
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fiscal_documents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fiscal_documents_type_check" CHECK ("type" IN ('FR', 'NC')),
    CONSTRAINT "fiscal_documents_source_check" CHECK ("source" IN ('provider', 'manual')),
    CONSTRAINT "fiscal_documents_status_check" CHECK ("status" IN ('pending', 'issued', 'rejected', 'failed')),
    CONSTRAINT "fiscal_documents_nc_refund_check" CHECK (("type" = 'NC') = ("refund_id" IS NOT NULL) OR "source" = 'manual')
);

ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_qr_media_id_fkey" FOREIGN KEY ("qr_media_id") REFERENCES "media"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE UNIQUE INDEX "fiscal_documents_provider_id_key" ON "fiscal_documents"("provider_id");
CREATE INDEX "fiscal_documents_order_id_idx" ON "fiscal_documents"("order_id");
CREATE INDEX "fiscal_documents_status_next_attempt_at_idx" ON "fiscal_documents"("status", "next_attempt_at");
CREATE INDEX "fiscal_documents_created_at_id_idx" ON "fiscal_documents"("created_at", "id");
-- Exactly once: one FR asked of the provider per order and one NC per refund, ever, unless the provider rejected it
-- (then a corrected one may follow). Manual attachments are the admin's and not limited.
CREATE UNIQUE INDEX "fiscal_documents_one_fr_per_order" ON "fiscal_documents"("order_id")
  WHERE "type" = 'FR' AND "source" = 'provider' AND "status" <> 'rejected';
CREATE UNIQUE INDEX "fiscal_documents_one_nc_per_refund" ON "fiscal_documents"("refund_id")
  WHERE "type" = 'NC' AND "source" = 'provider' AND "status" <> 'rejected';

-- When the shop began issuing through a provider: the sweep asks for the documents of what was paid or refunded
-- since (older sales were invoiced however the shop did it before).
CREATE TABLE "fiscal_providers" (
    "provider" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fiscal_providers_pkey" PRIMARY KEY ("provider")
);
