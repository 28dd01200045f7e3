// A Multicaixa reference stays payable at ProxyPay until it is withdrawn: an order that can no longer be paid
// (cancelled, expired) or needs no more money (paid by the ledger or by an admin's exception) withdraws it.
import type { PrismaClient } from "../../db/client.ts";
import type { ProxyPayClient } from "../../integrations/proxypay.ts";
import { ordersRepository } from "../orders/repository.ts";
import { paymentsRepository } from "./repository.ts";

/** Whether an order already holds this Multicaixa reference (ProxyPay may hand a number out again). */
export const multicaixaReferenceTaken =
  (db: PrismaClient) =>
  async (reference: string): Promise<boolean> =>
    Boolean(await paymentsRepository(db).findByMulticaixaReference(reference));

export async function withdrawMulticaixaReference(db: PrismaClient, proxypay: ProxyPayClient | undefined, orderId: string): Promise<void> {
  if (!proxypay) return;
  const reference = (await ordersRepository(db).findStatus(orderId))?.multicaixaReference;
  if (reference) await proxypay.deleteReference(reference).catch(() => undefined);
}
