// Multicaixa references (ProxyPay) an order holds; withdrawing one is a reaction (server/subscribers/multicaixa-references.ts).
import type { PrismaClient } from "../../db/client.ts";
import { paymentsRepository } from "./repository.ts";

/** Whether an order already holds this Multicaixa reference (ProxyPay may hand a number out again). */
export const multicaixaReferenceTaken =
  (db: PrismaClient) =>
  async (reference: string): Promise<boolean> =>
    Boolean(await paymentsRepository(db).findByMulticaixaReference(reference));
