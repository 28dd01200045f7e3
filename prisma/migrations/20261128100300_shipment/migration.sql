-- Dispatch (docs/product/orders.md#dispatch): what staff said when the order left, or that a pickup order is ready
-- ({ at, carrier?, trackingCode?, trackingUrl?, driverPhone?, expectedAt?, pickup? }); null until Enviado.
ALTER TABLE "orders" ADD COLUMN "shipment" JSONB;
