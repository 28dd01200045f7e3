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

-- The console at the shop's real size (10,000 products, 100,000 orders, 20,000 conversations): its searches
-- are "contains" (ILIKE '%…%') on names, e-mails, phones and the end of order ids, which only trigram indexes
-- serve; its sorts each get a b-tree.
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
CREATE INDEX "products_updated_idx" ON "products" ("updated_at");
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin ("id" gin_trgm_ops);
CREATE INDEX "orders_total_idx" ON "orders" ("total_amount", "id");
CREATE INDEX "orders_updated_idx" ON "orders" ("updated_at", "id");
-- Unread customer messages (inbox filter, badges, dashboard): a small partial index instead of a scan.
CREATE INDEX "messages_unread_by_support_idx" ON "messages" ("order_id") WHERE "sender" = 'client' AND "read_by_support_at" IS NULL;

-- The support inbox at 20,000 conversations: one row per order's chat, kept by triggers on "messages", so the
-- inbox sorts by the latest message and filters unread (or waiting for an answer: the customer spoke last)
-- through indexes instead of grouping every message on every page. Triggers, not application code, because
-- every path that writes a message (chat, proofs, the shop's own messages, read markers) must keep it right.
CREATE TABLE "conversations" (
  "order_id" TEXT NOT NULL,
  "last_message_at" TIMESTAMP(3) NOT NULL,
  "last_sender" TEXT NOT NULL,
  "message_count" INTEGER NOT NULL DEFAULT 0,
  "unread_by_support" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "conversations_pkey" PRIMARY KEY ("order_id"),
  CONSTRAINT "conversations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "conversations_last_message_idx" ON "conversations" ("last_message_at" DESC, "order_id" DESC);
CREATE INDEX "conversations_unread_idx" ON "conversations" ("last_message_at" DESC, "order_id" DESC) WHERE "unread_by_support" > 0;

INSERT INTO "conversations" ("order_id", "last_message_at", "last_sender", "message_count", "unread_by_support")
  SELECT m."order_id", max(m."created_at"),
         (array_agg(m."sender" ORDER BY m."created_at" DESC, m."id" DESC))[1],
         count(*)::int,
         (count(*) FILTER (WHERE m."sender" = 'client' AND m."read_by_support_at" IS NULL))::int
  FROM "messages" m GROUP BY m."order_id";

CREATE FUNCTION loja_conversation_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversations AS c (order_id, last_message_at, last_sender, message_count, unread_by_support)
      VALUES (NEW.order_id, NEW.created_at, NEW.sender, 1, CASE WHEN NEW.sender = 'client' AND NEW.read_by_support_at IS NULL THEN 1 ELSE 0 END)
    ON CONFLICT (order_id) DO UPDATE SET
      last_sender = CASE WHEN EXCLUDED.last_message_at >= c.last_message_at THEN EXCLUDED.last_sender ELSE c.last_sender END,
      last_message_at = greatest(c.last_message_at, EXCLUDED.last_message_at),
      message_count = c.message_count + 1,
      unread_by_support = c.unread_by_support + EXCLUDED.unread_by_support;
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.sender = 'client' AND (OLD.read_by_support_at IS NULL) <> (NEW.read_by_support_at IS NULL) THEN
      UPDATE conversations SET unread_by_support = greatest(0, unread_by_support + CASE WHEN NEW.read_by_support_at IS NULL THEN 1 ELSE -1 END)
        WHERE order_id = NEW.order_id;
    END IF;
    RETURN NEW;
  ELSE
    UPDATE conversations SET message_count = greatest(0, message_count - 1),
      unread_by_support = greatest(0, unread_by_support - CASE WHEN OLD.sender = 'client' AND OLD.read_by_support_at IS NULL THEN 1 ELSE 0 END)
      WHERE order_id = OLD.order_id;
    RETURN OLD;
  END IF;
END $$;

CREATE TRIGGER "messages_conversation_insert" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION loja_conversation_on_message();
CREATE TRIGGER "messages_conversation_read" AFTER UPDATE OF "read_by_support_at" ON "messages" FOR EACH ROW EXECUTE FUNCTION loja_conversation_on_message();
CREATE TRIGGER "messages_conversation_delete" AFTER DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION loja_conversation_on_message();
