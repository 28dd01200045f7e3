-- The outbox keeps what a mail states (its facts, as of the event) and renders it when it is sent or previewed,
-- instead of a rendered page per row. Rows written rendered keep their html and text and are sent as they are.
-- A reset link's token is no longer kept readable: new rows seal it until the mail is sent; existing rows lose it
-- here, and those not yet sent are given up (the shopper asks for a new link).

ALTER TABLE "outbox_mails" ADD COLUMN "facts" JSONB;
ALTER TABLE "outbox_mails" ADD COLUMN "secret" TEXT;
ALTER TABLE "outbox_mails" ALTER COLUMN "html" DROP NOT NULL;
ALTER TABLE "outbox_mails" ALTER COLUMN "text" DROP NOT NULL;

UPDATE "outbox_mails"
   SET "html" = regexp_replace("html", '(reset-password\?token=)[A-Za-z0-9_%-]+', '\1(oculto)', 'g'),
       "text" = regexp_replace("text", '(reset-password\?token=)[A-Za-z0-9_%-]+', '\1(oculto)', 'g'),
       "last_error" = CASE WHEN "status" = 'pending' THEN 'Link retirado: a caixa de saída deixou de guardar links de redefinição. Peça um novo link.' ELSE "last_error" END,
       "status" = CASE WHEN "status" = 'pending' THEN 'failed' ELSE "status" END,
       "locked_until" = NULL,
       "locked_by" = NULL
 WHERE "kind" = 'password-reset';

-- A mail is either its facts or, for rows written before, its rendering.
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_content_check" CHECK ("facts" IS NOT NULL OR ("html" IS NOT NULL AND "text" IS NOT NULL));
