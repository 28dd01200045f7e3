-- The Idempotency-Key of the last guest cart merged into the customer's cart (/api/cart/merge): a merge
-- retried after a reload or a dropped answer is recognised and adds nothing the second time.
ALTER TABLE "users" ADD COLUMN "cart_merge_key" TEXT;
