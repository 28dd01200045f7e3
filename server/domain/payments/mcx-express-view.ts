// Multicaixa Express charges as the shopper and staff see them (docs/product/shopper-api.md#multicaixa-express).
import { chargeOutcomeText, groupedMobile, shopperChargeState } from "../../../shared/mcx-express.ts";
import type { AdminCharge, ShopCharge } from "../../schemas/mcx-express.ts";
import type { Db } from "../../db/client.ts";
import { mcxExpressRepository, type ChargeRow } from "./mcx-express-repository.ts";

export const toShopCharge = (c: ChargeRow): ShopCharge => ({
  chargeId: c.id,
  status: shopperChargeState(c.status),
  message: chargeOutcomeText(c.status, c.code),
  phoneNumber: groupedMobile(c.phoneNumber),
  amount: c.amount.toNumber(),
  expiresAt: c.expiresAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
});

export const toAdminCharge = (c: ChargeRow): AdminCharge => ({
  id: c.id,
  paymentRequestId: c.paymentRequestId,
  phoneNumber: groupedMobile(c.phoneNumber),
  amount: c.amount.toNumber(),
  status: c.status,
  code: c.code,
  gatewayMessage: c.gatewayMessage,
  gatewayId: c.gatewayId,
  merchantTransactionId: c.merchantTransactionId,
  gatewayAmount: c.gatewayAmount?.toNumber() ?? null,
  attempts: c.attempts,
  paymentId: c.ledgerPaymentId,
  refunded: c.refunded.toNumber(),
  createdAt: c.createdAt.toISOString(),
  settledAt: c.settledAt?.toISOString() ?? null,
});

/** An order's charges as staff see them, oldest first. */
export const orderCharges = async (db: Db, orderId: string): Promise<AdminCharge[]> =>
  (await mcxExpressRepository(db).listOf(orderId)).map(toAdminCharge);
