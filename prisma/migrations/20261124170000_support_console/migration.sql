-- Tools for a support team (issue 15): conversations assigned to an agent, internal notes on an order that the
-- shopper never sees, and saved answers ("Respostas rápidas").

-- The assignee lives on the order, not on "conversations" (that table is kept by triggers on messages only).
ALTER TABLE "orders" ADD COLUMN "assigned_to_id" TEXT;
ALTER TABLE "orders" ADD CONSTRAINT "orders_assigned_to_id_fkey" FOREIGN KEY ("assigned_to_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "orders_assigned_to_id_idx" ON "orders"("assigned_to_id");

CREATE TABLE "order_notes" (
  "id" TEXT NOT NULL,
  "order_id" TEXT NOT NULL,
  "author_id" TEXT,
  "text" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "order_notes_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "order_notes_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "order_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "order_notes_order_id_created_at_idx" ON "order_notes"("order_id", "created_at");

CREATE TABLE "quick_replies" (
  "id" TEXT NOT NULL,
  "title" TEXT NOT NULL,
  "text" TEXT NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMP(3) NOT NULL,
  CONSTRAINT "quick_replies_pkey" PRIMARY KEY ("id")
);

-- The answers support gives most; {banco}, {titular} and {iban} are filled from the shop's settings when an agent
-- inserts the answer, so they stay right after the bank details change.
INSERT INTO "quick_replies" ("id", "title", "text", "updated_at") VALUES
  ('qr_dados_bancarios', 'Dados bancários',
   E'Pode pagar por transferência bancária para:\nBanco: {banco}\nTitular: {titular}\nIBAN: {iban}\nNa descrição da transferência escreva a referência do seu pedido e, depois de pagar, envie-nos o comprovativo aqui na conversa.',
   CURRENT_TIMESTAMP),
  ('qr_prazo_entrega', 'Prazo de entrega',
   E'A entrega demora de 7 a 14 dias úteis, contados a partir da confirmação do pagamento. Avisamos aqui na conversa assim que o seu pedido for enviado.',
   CURRENT_TIMESTAMP),
  ('qr_enviar_comprovativo', 'Como enviar o comprovativo',
   E'Para nos enviar o comprovativo, toque no botão de anexar aqui na conversa e escolha a fotografia ou o PDF do talão da transferência (imagem ou PDF até 10 MB). Confirmamos o pagamento e avisamos por aqui.',
   CURRENT_TIMESTAMP);
