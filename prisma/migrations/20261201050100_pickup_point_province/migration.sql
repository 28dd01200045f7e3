-- A pickup point is in a province and is offered only to addresses there (docs/product/checkout.md#delivery): a
-- Lubango shopper is never offered the Luanda shop's counter. Points saved before have none and are offered to
-- every address until an admin sets it (the console asks for it on every save).
ALTER TABLE "pickup_points" ADD COLUMN "province" TEXT;
