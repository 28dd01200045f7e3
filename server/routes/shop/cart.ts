// /api/cart/* (docs/product/shopper-api.md#cart): the signed-in shopper's server-side cart.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses, IdempotencyHeaders } from "../../schemas/common.ts";
import { CartAddBody, CartDataReply, CartMergeBody, CartMessageReply, CartUpdateBody, EmptyBody } from "../../schemas/cart.ts";
import { addToCart, getCart, mergeCart, updateCart } from "../../domain/cart/service.ts";
import { CouponPreviewBody, CouponPreviewReply } from "../../schemas/coupons.ts";
import { previewCoupon } from "../../domain/coupons/service.ts";

const tags = ["shopper"];
export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, cartAdder, attempts } = app.deps;
  const auth = app.authenticate;
  /** Generous: a shopper tapping + quickly must never hit it, a script hammering the database will. */
  const cartRateLimit = { rateLimit: { max: 300, timeWindow: 60_000, keyGenerator: app.perCustomer } };

  app.post(
    "/api/cart/add",
    {
      preHandler: auth,
      config: cartRateLimit,
      schema: { tags, body: CartAddBody, response: { 200: CartMessageReply, ...errorResponses(400, 401, 404, 413, 415, 429) } },
    },
    async (request) => {
      await addToCart(cartAdder, db.prisma, request.user!.userId, request.body);
      return { success: true as const, message: "Produto adicionado ao carrinho!" };
    },
  );

  app.post(
    "/api/cart/update",
    {
      preHandler: auth,
      config: cartRateLimit,
      schema: { tags, body: CartUpdateBody, response: { 200: CartMessageReply, ...errorResponses(400, 401, 404, 413, 415, 429) } },
    },
    async (request) => {
      await updateCart(db.prisma, request.user!.userId, request.body);
      return { success: true as const, message: "Carrinho atualizado" };
    },
  );

  app.post(
    "/api/cart/get",
    {
      preHandler: auth,
      config: cartRateLimit,
      schema: { tags, body: EmptyBody, response: { 200: CartDataReply, ...errorResponses(400, 401, 413, 415, 429) } },
    },
    async (request) => ({ success: true as const, cartData: await getCart(db.prisma, request.user!.userId) }),
  );

  app.post(
    "/api/cart/merge",
    {
      preHandler: auth,
      config: cartRateLimit,
      schema: {
        tags,
        headers: IdempotencyHeaders,
        body: CartMergeBody,
        response: { 200: CartDataReply, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => ({
      success: true as const,
      cartData: await mergeCart(db.prisma, request.user!.userId, request.body.cartData, request.headers["idempotency-key"]),
    }),
  );

  /**
   * Tighter than the cart's: enough to retype a code. Guessing is bounded by the codes that turn out not valid,
   * counted per address and shop-wide in the database (docs/product/coupons.md#guessing).
   */
  const couponRateLimit = { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: app.perCustomer } };

  // A refused code is not a failed request: 200 with success false and the reason (docs/product/coupons.md#preview).
  app.post(
    "/api/cart/coupon",
    {
      preHandler: auth,
      config: couponRateLimit,
      schema: { tags, body: CouponPreviewBody, response: { 200: CouponPreviewReply, ...errorResponses(400, 401, 413, 415, 429) } },
    },
    async (request) => previewCoupon(db.prisma, { attempts, clientAddress: request.ip }, request.user!.userId, request.body),
  );
};
