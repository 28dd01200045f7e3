-- Returns and exchanges (docs/product/returns.md, docs/design/returns.md): the shop's window and policy, a return per
-- request with its lines and what came back, linked to the refund that concluded it or the exchange's replacement.
-- A return's steps are kept in its order's history ("Devolução #ABC123: Aprovada", with who and why).
ALTER TABLE "order_status_changes" DROP CONSTRAINT "order_status_changes_status_check";
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_status_check" CHECK (
  "status" IN ('Aguardando Pagamento', 'Pagamento Confirmado', 'Em Preparação', 'Enviado', 'Entregue', 'Cancelado')
  OR "status" LIKE 'Devolução #%');

ALTER TABLE "shop_settings" ADD COLUMN "return_window_days" INTEGER NOT NULL DEFAULT 7;
ALTER TABLE "shop_settings" ADD COLUMN "return_policy" TEXT NOT NULL DEFAULT '';

CREATE TABLE "order_returns" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'Pedido',
    "resolution" TEXT NOT NULL,
    "exchange_size" TEXT,
    "note" TEXT,
    "staff_note" TEXT,
    "replacement_order_id" TEXT,
    "refund_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_returns_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "order_returns_status_check" CHECK ("status" IN ('Pedido', 'Aprovada', 'Recusada', 'Recebida', 'Concluída')),
    CONSTRAINT "order_returns_resolution_check" CHECK ("resolution" IN ('refund', 'exchange')),
    CONSTRAINT "order_returns_exchange_size_check" CHECK (("resolution" = 'exchange') = ("exchange_size" IS NOT NULL))
);

CREATE TABLE "return_lines" (
    "id" TEXT NOT NULL,
    "return_id" TEXT NOT NULL,
    "order_line_id" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "received_quantity" INTEGER,
    "damaged_quantity" INTEGER,

    CONSTRAINT "return_lines_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "return_lines_quantity_check" CHECK ("quantity" > 0),
    CONSTRAINT "return_lines_received_check" CHECK (
      ("received_quantity" IS NULL OR "received_quantity" BETWEEN 0 AND "quantity")
      AND ("damaged_quantity" IS NULL OR "damaged_quantity" BETWEEN 0 AND coalesce("received_quantity", 0)))
);

ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_replacement_order_id_fkey" FOREIGN KEY ("replacement_order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_fkey" FOREIGN KEY ("return_id") REFERENCES "order_returns"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_fkey" FOREIGN KEY ("order_line_id") REFERENCES "order_lines"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE UNIQUE INDEX "order_returns_replacement_order_id_key" ON "order_returns"("replacement_order_id");
CREATE UNIQUE INDEX "order_returns_refund_id_key" ON "order_returns"("refund_id");
CREATE INDEX "order_returns_order_id_idx" ON "order_returns"("order_id");
CREATE INDEX "order_returns_status_created_at_idx" ON "order_returns"("status", "created_at");
CREATE INDEX "order_returns_created_at_id_idx" ON "order_returns"("created_at", "id");
CREATE UNIQUE INDEX "return_lines_return_id_order_line_id_key" ON "return_lines"("return_id", "order_line_id");
CREATE INDEX "return_lines_order_line_id_idx" ON "return_lines"("order_line_id");
