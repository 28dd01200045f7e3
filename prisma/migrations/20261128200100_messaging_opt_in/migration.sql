-- Which shoppers chose order updates on WhatsApp or by SMS (off until they tick it), with the moment they chose.
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_in" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "whatsapp_opt_in_at" TIMESTAMP(3);
ALTER TABLE "users" ADD COLUMN "sms_opt_in" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "users" ADD COLUMN "sms_opt_in_at" TIMESTAMP(3);
