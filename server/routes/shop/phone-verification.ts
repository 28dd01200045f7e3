// Confirming a phone (docs/product/accounts.md#confirming-a-phone): POST /api/user/phone/code sends a code to it by
// WhatsApp or SMS, POST /api/user/phone/confirm checks the code typed back and answers the account.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses } from "../../schemas/common.ts";
import { AccountReply, PhoneCodeBody, PhoneCodeReply, PhoneConfirmBody } from "../../schemas/users.ts";
import { getAccount } from "../../domain/users/account.ts";
import { confirmPhoneCode, PHONE_CONFIRMED, phoneCodeSent, requestPhoneCode } from "../../domain/users/phone-verification.ts";

/** Codes asked from one address: a carrier's NAT shares one among many shoppers, so it is generous. */
const PHONE_CODES_PER_ADDRESS = { max: 30, windowMs: 60 * 60_000 };

export const phoneVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, attempts, notifier } = app.deps;

  app.post(
    "/api/user/phone/code",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["shopper"],
        body: PhoneCodeBody,
        response: { 200: PhoneCodeReply, ...errorResponses(400, 401, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      await attempts.takeOrRefuse(`phone-code:${request.ip}`, PHONE_CODES_PER_ADDRESS);
      const sent = await requestPhoneCode(
        { db: db.prisma, notifier, attempts },
        { userId: request.user!.userId, phone: request.body.phone, channel: request.body.channel },
      );
      return {
        success: true as const,
        message: sent.channel ? phoneCodeSent(sent.channel, sent.phone) : PHONE_CONFIRMED,
        ...sent,
      };
    },
  );

  app.post(
    "/api/user/phone/confirm",
    {
      preHandler: app.authenticate,
      schema: { tags: ["shopper"], body: PhoneConfirmBody, response: { 200: AccountReply, ...errorResponses(400, 401, 413, 415) } },
    },
    async (request) => {
      await confirmPhoneCode({ db: db.prisma, notifier }, { userId: request.user!.userId, ...request.body });
      return { success: true as const, account: await getAccount(db.prisma, request.user!.userId, notifier.phoneChannels) };
    },
  );
};
