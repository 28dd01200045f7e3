// Multicaixa payments as ProxyPay reported them, one row per ProxyPay payment id.
import type { Db } from "../../db/client.ts";
import type { Prisma } from "../../db/client.ts";

interface MulticaixaRow {
  paymentId: string;
  referenceId: string | null;
  amount: Prisma.Decimal | null;
  receivedAt: Date | null;
  outcome: "recorded" | "order-cancelled" | "unknown-reference" | "malformed";
  orderId: string | null;
  raw: Prisma.InputJsonValue;
}

export const multicaixaRepository = (db: Db) => ({
  /** Writes the payment's row unless its id is already there: true only for the first delivery. */
  async claim(row: MulticaixaRow): Promise<boolean> {
    const inserted = await db.$executeRaw`
      INSERT INTO multicaixa_payments (payment_id, reference_id, amount, received_at, outcome, order_id, raw)
      VALUES (${row.paymentId}, ${row.referenceId}, ${row.amount?.toFixed(2) ?? null}::numeric, ${row.receivedAt?.toISOString() ?? null}::timestamp,
              ${row.outcome}, ${row.orderId}, ${JSON.stringify(row.raw)}::jsonb)
      ON CONFLICT (payment_id) DO NOTHING`;
    return inserted === 1;
  },
  linkLedger: (paymentId: string, ledgerPaymentId: string) =>
    db.multicaixaPayment.update({ where: { paymentId }, data: { ledgerPaymentId } }),
});
