// /api/order/* (docs/product/shopper-api.md#orders): placement (bank transfer and Stripe), the shopper's orders, the Stripe return.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses, IdempotencyHeaders } from "../../schemas/common.ts";
import { EmptyBody } from "../../schemas/cart.ts";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import {
  CancelOrderBody,
  CancelOrderReply,
  OrderConflictReply,
  PlaceOrderBody,
  PlaceOrderReply,
  ProofReply,
  StripeSessionReply,
  UserOrdersReply,
  VerifyStripeBody,
  VerifyStripeReply,
} from "../../schemas/orders.ts";
import { listUserOrders, paymentDeadlineHours } from "../../domain/orders/service.ts";
import { placeOrder } from "../../domain/orders/placement.ts";
import { bankTransfer } from "../../domain/payments/bank-transfer.ts";
import { multicaixaReferenceTaken } from "../../domain/payments/multicaixa-reference.ts";
import { stripeCheckout, verifyStripePayment } from "../../domain/payments/stripe-checkout.ts";
import { submitProof } from "../../domain/payments/proofs.ts";
import { ORDER_NOT_FOUND } from "../../domain/orders/not-found.ts";
import { AppError } from "../../domain/errors.ts";
import { cancelOwnOrder } from "../../domain/orders/shopper-cancel.ts";
import { mcxExpressSetup } from "../../deps.ts";
import { DEFAULT_PLACEMENTS_PER_HOUR, DEFAULT_STOCK_HOLD_HOURS } from "../../../shared/unpaid-orders.ts";
import { PAY_ON_DELIVERY, paymentMethodFromWire } from "../../../shared/orders.ts";
import { DEFAULT_POD_CONFIRM_HOURS, DEFAULT_POD_REFUSAL_LIMIT } from "../../../shared/pay-on-delivery.ts";
import { payOnDelivery } from "../../domain/payments/pay-on-delivery.ts";
import { DEFAULT_RETURN_WINDOW_DAYS } from "../../../shared/returns.ts";
import { ReturnRequestBody, ReturnRequestReply } from "../../schemas/returns.ts";
import { requestReturn } from "../../domain/returns/request.ts";
import { withReturns } from "../../domain/returns/shopper.ts";

const tags = ["shopper"];

interface OrderRouteLimits {
  /** Open unpaid orders per account and per delivery phone (3; only the bench lifts it: app.ts). */
  openUnpaidOrders: number;
}

export const orderRoutes: FastifyPluginAsyncTypebox<{ limits: OrderRouteLimits }> = async (app, { limits }) => {
  const { db, config, payments, hub, notifier, shopSettings, sessions, attempts } = app.deps;
  const auth = app.authenticate;
  /** Placements per customer per minute: far above any shopper, low enough to stop a script filling the table. */
  const placeRateLimit = { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: app.perCustomer } };
  const placeErrors = { ...errorResponses(400, 401, 404, 413, 415, 429), 409: OrderConflictReply };
  /**
   * What every placement is counted against (docs/product/checkout.md#placement-limits): the client's address (an
   * IPv6 one as its /64, as the request limiter keys it), the per-address limit and the shop's own; and how long the
   * order holds its units. From the settings in memory: no round trip.
   */
  const placementTerms = async (request: FastifyRequest) => {
    const settings = await shopSettings.get();
    return {
      allowance: {
        attempts: app.deps.attempts,
        address: normalizeIP(request.ip),
        perAddress: config.placementsPerAddress,
        shopPerHour: settings?.placementsPerHour ?? DEFAULT_PLACEMENTS_PER_HOUR,
        openUnpaid: limits.openUnpaidOrders,
      },
      stockHoldHours: settings?.stockHoldHours ?? DEFAULT_STOCK_HOLD_HOURS,
    };
  };

  app.post(
    "/api/order/place",
    {
      preHandler: auth,
      config: placeRateLimit,
      schema: { tags, headers: IdempotencyHeaders, body: PlaceOrderBody, response: { 200: PlaceOrderReply, ...placeErrors } },
    },
    async (request) => {
      const input = {
        userId: request.user!.userId,
        body: request.body,
        idempotencyKey: request.headers["idempotency-key"],
        accountChanged: (id: string) => sessions.changed(id),
        couponGuard: { attempts, clientAddress: request.ip },
        ...(await placementTerms(request)),
      };
      if (paymentMethodFromWire(request.body.paymentMethod) === PAY_ON_DELIVERY) {
        const settings = await shopSettings.get();
        const terms = {
          confirmHours: settings?.payOnDeliveryConfirmHours ?? DEFAULT_POD_CONFIRM_HOURS,
          refusalLimit: settings?.payOnDeliveryRefusalLimit ?? DEFAULT_POD_REFUSAL_LIMIT,
        };
        const { orderId } = await placeOrder(db.prisma, payOnDelivery(db.prisma, terms), input);
        return { success: true as const, message: "Pedido realizado com sucesso!", orderId };
      }
      const hours = await paymentDeadlineHours(shopSettings, config.paymentDeadlineHours);
      const { orderId } = await placeOrder(db.prisma, bankTransfer(hours, payments.proxypay, multicaixaReferenceTaken(db.prisma)), input);
      return { success: true as const, message: "Pedido realizado com sucesso!", orderId };
    },
  );

  app.post(
    "/api/order/stripe",
    {
      preHandler: auth,
      config: placeRateLimit,
      schema: {
        tags,
        headers: IdempotencyHeaders,
        body: PlaceOrderBody,
        response: { 200: StripeSessionReply, ...placeErrors, ...errorResponses(502) },
      },
    },
    async (request) => {
      const input = {
        userId: request.user!.userId,
        body: request.body,
        idempotencyKey: request.headers["idempotency-key"],
        accountChanged: (id: string) => sessions.changed(id),
        couponGuard: { attempts, clientAddress: request.ip },
        ...(await placementTerms(request)),
      };
      const { orderId, sessionUrl } = await placeOrder(db.prisma, stripeCheckout(payments.stripe, notifier.baseUrl), input);
      return { success: true as const, session_url: sessionUrl, orderId };
    },
  );

  app.post(
    "/api/order/verifyStripe",
    {
      preHandler: auth,
      schema: { tags, body: VerifyStripeBody, response: { 200: VerifyStripeReply, ...errorResponses(400, 401, 404, 413, 415, 502) } },
    },
    async (request) => ({
      success: await verifyStripePayment(db.prisma, payments.stripe, request.user!.userId, request.body.orderId),
    }),
  );

  app.post(
    "/api/order/userorders",
    { preHandler: auth, schema: { tags, body: EmptyBody, response: { 200: UserOrdersReply, ...errorResponses(400, 401, 413, 415) } } },
    async (request) => {
      const orders = await listUserOrders(db.prisma, request.user!.userId, config.proxypay && { entity: config.proxypay.entity }, {
        mcxExpress: Boolean(mcxExpressSetup(app.deps)),
      });
      const windowDays = (await shopSettings.get())?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS;
      return { success: true as const, orders: await withReturns(db.prisma, orders, windowDays) };
    },
  );

  // The shopper's own unpaid order, cancelled by them: 404 for anyone else's (docs/product/orders.md#cancelling-an-unpaid-order).
  app.post(
    "/api/order/cancel",
    {
      preHandler: auth,
      config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: app.perCustomer } },
      schema: { tags, body: CancelOrderBody, response: { 200: CancelOrderReply, ...errorResponses(400, 401, 404, 409, 413, 415, 429) } },
    },
    async (request) => {
      await cancelOwnOrder(db.prisma, { userId: request.user!.userId, orderId: request.body.orderId }, { stripe: payments.stripe });
      return { success: true as const, message: "Pedido cancelado" };
    },
  );

  // A return or exchange of the shopper's delivered order (docs/product/returns.md#asking): 404 for anyone else's.
  app.post(
    "/api/order/return",
    {
      preHandler: auth,
      config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: app.perCustomer } },
      schema: {
        tags,
        body: ReturnRequestBody,
        response: { 201: ReturnRequestReply, ...errorResponses(400, 401, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const windowDays = (await shopSettings.get())?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS;
      const asked = await requestReturn(db.prisma, { userId: request.user!.userId, body: request.body, returnWindowDays: windowDays });
      return reply.code(201).send({ success: true as const, ...asked });
    },
  );

  app.post(
    "/api/order/proof",
    {
      preHandler: auth,
      config: { rateLimit: { max: 30, timeWindow: 60_000, hook: "preHandler", keyGenerator: app.perCustomer } },
      schema: {
        tags,
        consumes: ["multipart/form-data"],
        description:
          "Multipart fields: orderId; file (one JPEG, PNG, WebP, GIF or PDF of at most 10 MB): a proof of payment for a bank-transfer order awaiting payment.",
        response: { 200: ProofReply, ...errorResponses(400, 401, 404, 409, 413, 415, 429, 507) },
      },
    },
    async (request) => {
      const form = await request.readForm(["orderId"]);
      const orderId = form.fields.orderId?.trim();
      if (!orderId) throw new AppError(404, ORDER_NOT_FOUND);
      return {
        success: true as const,
        proof: await submitProof(db.prisma, {
          userId: request.user!.userId,
          orderId,
          file: form.file && { upload: form.file, media: app.deps.media },
        }).then(async ({ proof, posted }) => {
          await hub.publishMessage(posted);
          return proof;
        }),
      };
    },
  );
};
