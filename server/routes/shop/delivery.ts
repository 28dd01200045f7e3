// GET /api/delivery/options (docs/product/shopper-api.md#delivery-options): what the checkout offers for a province,
// a municipality and the items' amount; fees already reflect free-from. Public: a guest's checkout shows them too.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { DeliveryEstimateQuery, DeliveryEstimateReply, DeliveryOptionsQuery, DeliveryOptionsReply } from "../../schemas/delivery.ts";
import { deliveryFeeRules, deliveryOptions } from "../../domain/delivery/service.ts";
import { phoneMayPayOnDelivery } from "../../domain/payments/pay-on-delivery.ts";
import { DEFAULT_POD_REFUSAL_LIMIT } from "../../../shared/pay-on-delivery.ts";

export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/delivery/options",
    { schema: { tags: ["shopper"], querystring: DeliveryOptionsQuery, response: { 200: DeliveryOptionsReply, ...errorResponses(400) } } },
    async (request) => {
      const { state = "", city = "", subtotal = 0, phone = "" } = request.query;
      const db = app.deps.db.prisma;
      // A phone that refused too many deliveries is no longer offered pay on delivery (docs/product/pay-on-delivery.md).
      const limit = (await app.deps.shopSettings.get())?.payOnDeliveryRefusalLimit ?? DEFAULT_POD_REFUSAL_LIMIT;
      const mayPayOnDelivery = await phoneMayPayOnDelivery(db, phone, limit);
      return { success: true as const, options: await deliveryOptions(db, { state, city }, subtotal, mayPayOnDelivery) };
    },
  );

  // GET /api/delivery/estimate (docs/product/shopper-api.md#get-apideliveryestimate): the cart's "a partir de" and
  // "faltam X para entrega grátis", before the checkout knows the address. Public, as the cart is.
  app.get(
    "/api/delivery/estimate",
    { schema: { tags: ["shopper"], querystring: DeliveryEstimateQuery, response: { 200: DeliveryEstimateReply, ...errorResponses(400) } } },
    async (request) => {
      const { state = "", city = "" } = request.query;
      return { success: true as const, ...(await deliveryFeeRules(app.deps.db.prisma, { state, city })) };
    },
  );
};
