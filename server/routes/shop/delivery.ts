// GET /api/delivery/options (docs/product/shopper-api.md#delivery-options): what the checkout offers for a province,
// a municipality and the items' amount; fees already reflect free-from. Public: a guest's checkout shows them too.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { DeliveryOptionsQuery, DeliveryOptionsReply } from "../../schemas/delivery.ts";
import { deliveryOptions } from "../../domain/delivery/service.ts";

export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/api/delivery/options",
    { schema: { tags: ["shopper"], querystring: DeliveryOptionsQuery, response: { 200: DeliveryOptionsReply, ...errorResponses(400) } } },
    async (request) => {
      const { state = "", city = "", subtotal = 0 } = request.query;
      return { success: true as const, options: await deliveryOptions(app.deps.db.prisma, { state, city }, subtotal) };
    },
  );
};
