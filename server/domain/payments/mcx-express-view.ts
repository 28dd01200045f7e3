// Multicaixa Express charges as the shopper and staff see them (docs/product/shopper-api.md#multicaixa-express).
import { chargeOutcomeText, groupedMobile, shopperChargeState } from "../../../shared/mcx-express.ts";
import type { ShopCharge } from "../../schemas/mcx-express.ts";
import type { ChargeRow } from "./mcx-express-repository.ts";

export const toShopCharge = (c: ChargeRow): ShopCharge => ({
  chargeId: c.id,
  status: shopperChargeState(c.status),
  message: chargeOutcomeText(c.status, c.code),
  phoneNumber: groupedMobile(c.phoneNumber),
  amount: c.amount.toNumber(),
  expiresAt: c.expiresAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
});
