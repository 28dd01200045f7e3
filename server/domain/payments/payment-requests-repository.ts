// Payment requests as stored (docs/product/payment-requests.md): the only Prisma caller of payment-requests.ts.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

export const requestSelect = {
  id: true,
  orderId: true,
  amount: true,
  reason: true,
  reference: true,
  multicaixaReference: true,
  status: true,
  expiresAt: true,
  createdByName: true,
  createdAt: true,
  closedAt: true,
  paymentId: true,
} as const satisfies Prisma.PaymentRequestSelect;
export type PaymentRequestRow = Prisma.PaymentRequestGetPayload<{ select: typeof requestSelect }>;

export const paymentRequestsRepository = (db: Db) => ({
  insert: (data: {
    orderId: string;
    amount: Prisma.Decimal;
    reason: string;
    reference: string;
    multicaixaReference: string | null;
    expiresAt: Date;
    createdById: string;
    createdByName: string;
  }) => db.paymentRequest.create({ data, select: requestSelect }),

  /** Whether a transfer reference is taken, by an order or a request (both are matched in the same statements). */
  async referenceTaken(reference: string): Promise<boolean> {
    const [orders, requests] = await Promise.all([
      db.order.count({ where: { paymentReference: reference } }),
      db.paymentRequest.count({ where: { reference } }),
    ]);
    return orders + requests > 0;
  },

  /** The request, its row held until the caller's transaction ends: it is paid or closed once. */
  async lock(id: string): Promise<PaymentRequestRow | null> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM payment_requests WHERE id = ${id} FOR UPDATE`;
    return rows.length ? db.paymentRequest.findUnique({ where: { id }, select: requestSelect }) : null;
  },

  find: (orderId: string, id: string) => db.paymentRequest.findFirst({ where: { id, orderId }, select: requestSelect }),
  findByReferences: (references: string[]) =>
    references.length
      ? db.paymentRequest.findMany({ where: { reference: { in: references } }, select: requestSelect })
      : Promise.resolve([]),
  findByMulticaixaReference: (reference: string) =>
    db.paymentRequest.findUnique({ where: { multicaixaReference: reference }, select: requestSelect }),
  ofOrder: (orderId: string) =>
    db.paymentRequest.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: requestSelect }),

  /** Open → paid, once; true only for the caller that made the change. */
  async markPaid(id: string, paymentId: string): Promise<boolean> {
    const { count } = await db.paymentRequest.updateMany({
      where: { id, status: "open" },
      data: { status: "paid", paymentId, closedAt: new Date() },
    });
    return count === 1;
  },

  async cancel(id: string, byId: string): Promise<boolean> {
    const { count } = await db.paymentRequest.updateMany({
      where: { id, status: "open" },
      data: { status: "cancelled", closedById: byId, closedAt: new Date() },
    });
    return count === 1;
  },

  /** Open requests past their deadline become expired (each once, SKIP LOCKED); returns them. */
  async expireDue(now: Date, batch: number): Promise<{ id: string; orderId: string; multicaixaReference: string | null }[]> {
    const at = now.toISOString();
    return db.$queryRaw<{ id: string; orderId: string; multicaixaReference: string | null }[]>`
      WITH due AS (
        SELECT id FROM payment_requests WHERE status = 'open' AND expires_at <= ${at}::timestamp
        ORDER BY expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      )
      UPDATE payment_requests r SET status = 'expired', closed_at = ${at}::timestamp
      FROM due WHERE r.id = due.id AND r.status = 'open'
      RETURNING r.id, r.order_id AS "orderId", r.multicaixa_reference AS "multicaixaReference"`;
  },

  /** What paid requests add to the order: its extras and its total, together (the caller holds the order's row). */
  addExtras: (orderId: string, amount: Prisma.Decimal) =>
    db.order.update({
      where: { id: orderId },
      data: { extras: { increment: amount }, totalAmount: { increment: amount } },
      select: { id: true },
    }),
});
