// Multicaixa Express charges (AppyPay), one row per charge the shop asked for (docs/design/money.md#multicaixa-express-appypay).
import type { Db, Prisma } from "../../db/client.ts";
import type { McxChargeStatus } from "../../../shared/mcx-express.ts";

const chargeSelect = {
  id: true,
  orderId: true,
  paymentRequestId: true,
  merchantTransactionId: true,
  gatewayId: true,
  phoneNumber: true,
  amount: true,
  status: true,
  code: true,
  gatewayMessage: true,
  gatewayAmount: true,
  attempts: true,
  expiresAt: true,
  nextCheckAt: true,
  checkedAt: true,
  settledAt: true,
  ledgerPaymentId: true,
  refunded: true,
  createdAt: true,
} as const satisfies Prisma.McxExpressChargeSelect;

export type ChargeRow = Prisma.McxExpressChargeGetPayload<{ select: typeof chargeSelect }> & { status: McxChargeStatus };

/** The row with its status as the check constraint allows it. */
function row(r: { status: string } & Omit<ChargeRow, "status">): ChargeRow;
function row(r: ({ status: string } & Omit<ChargeRow, "status">) | null): ChargeRow | null;
function row(r: ({ status: string } & Omit<ChargeRow, "status">) | null): ChargeRow | null {
  return r as ChargeRow | null;
}

export const mcxExpressRepository = (db: Db) => ({
  insert: async (data: {
    orderId: string;
    paymentRequestId: string | null;
    merchantTransactionId: string;
    phoneNumber: string;
    amount: Prisma.Decimal;
    expiresAt: Date;
    nextCheckAt: Date;
  }): Promise<ChargeRow> => row(await db.mcxExpressCharge.create({ data, select: chargeSelect })),

  setGatewayId: (id: string, gatewayId: string) => db.mcxExpressCharge.update({ where: { id }, data: { gatewayId }, select: { id: true } }),

  find: async (id: string): Promise<ChargeRow | null> => row(await db.mcxExpressCharge.findUnique({ where: { id }, select: chargeSelect })),

  /** The charge a webhook names: by AppyPay's id, else by ours (a webhook may beat the answer to the request). */
  findByGateway: async (gatewayId: string | null, merchantTransactionId: string | null): Promise<ChargeRow | null> =>
    row(
      (gatewayId ? await db.mcxExpressCharge.findUnique({ where: { gatewayId }, select: chargeSelect }) : null) ??
        (merchantTransactionId ? await db.mcxExpressCharge.findUnique({ where: { merchantTransactionId }, select: chargeSelect }) : null),
    ),

  /** The pending charge of an order's own money owed, or of one payment request (at most one each). */
  findPendingOf: async (orderId: string, paymentRequestId: string | null = null): Promise<ChargeRow | null> =>
    row(await db.mcxExpressCharge.findFirst({ where: { orderId, paymentRequestId, status: "pending" }, select: chargeSelect })),

  /** The charge's row held until the caller's transaction ends, only while it is pending (null: settled already). */
  async lockPending(id: string): Promise<boolean> {
    const rows = await db.$queryRaw<
      { id: string }[]
    >`SELECT id FROM mcx_express_charges WHERE id = ${id} AND status = 'pending' FOR UPDATE`;
    return rows.length === 1;
  },

  /** A check that left it pending: counted, and when to ask again. */
  checked: (id: string, at: Date, next: Date, code: number | null, message: string | null) =>
    db.mcxExpressCharge.update({
      where: { id },
      data: { attempts: { increment: 1 }, checkedAt: at, nextCheckAt: next, code, gatewayMessage: message },
      select: { id: true },
    }),

  /** A check that could not reach AppyPay: asked again at `next`. */
  retryAt: (id: string, next: Date) => db.mcxExpressCharge.update({ where: { id }, data: { nextCheckAt: next }, select: { id: true } }),

  settle: (
    id: string,
    at: Date,
    outcome: {
      status: Exclude<McxChargeStatus, "pending">;
      code: number | null;
      message: string | null;
      gatewayId?: string;
      gatewayAmount?: Prisma.Decimal | null;
      ledgerPaymentId?: string;
    },
  ) =>
    db.mcxExpressCharge.update({
      where: { id },
      data: {
        status: outcome.status,
        code: outcome.code,
        gatewayMessage: outcome.message,
        ...(outcome.gatewayId ? { gatewayId: outcome.gatewayId } : {}),
        gatewayAmount: outcome.gatewayAmount ?? null,
        ledgerPaymentId: outcome.ledgerPaymentId ?? null,
        attempts: { increment: 1 },
        checkedAt: at,
        settledAt: at,
      },
      select: { id: true },
    }),

  /** Pending charges the reconciliation should ask AppyPay about now, oldest question first. */
  due: (now: Date, limit: number) =>
    db.mcxExpressCharge.findMany({
      where: { status: "pending", nextCheckAt: { lte: now } },
      orderBy: [{ nextCheckAt: "asc" }, { id: "asc" }],
      take: limit,
      select: { id: true },
    }),

  /** Each order's latest charge of its own money owed (the shopper's orders). */
  async latestOf(orderIds: string[]): Promise<Map<string, ChargeRow>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db.mcxExpressCharge.findMany({
      where: { orderId: { in: orderIds }, paymentRequestId: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      distinct: ["orderId"],
      select: chargeSelect,
    });
    return new Map(rows.map((r) => [r.orderId, row(r)]));
  },

  /** Each request's latest charge (the request as the shopper sees it). */
  async latestOfRequests(requestIds: string[]): Promise<Map<string, ChargeRow>> {
    if (requestIds.length === 0) return new Map();
    const rows = await db.mcxExpressCharge.findMany({
      where: { paymentRequestId: { in: requestIds } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      distinct: ["paymentRequestId"],
      select: chargeSelect,
    });
    return new Map(rows.map((r) => [r.paymentRequestId!, row(r)]));
  },

  listOf: async (orderId: string): Promise<ChargeRow[]> =>
    (await db.mcxExpressCharge.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: chargeSelect })).map(
      (r) => row(r),
    ),

  /** The paid charge behind a ledger payment, its row held (a refund through AppyPay). */
  async lockPaidByPayment(orderId: string, ledgerPaymentId: string): Promise<ChargeRow | null> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM mcx_express_charges WHERE order_id = ${orderId} AND ledger_payment_id = ${ledgerPaymentId} AND status = 'paid' FOR UPDATE`;
    return rows[0] ? row(await db.mcxExpressCharge.findUnique({ where: { id: rows[0].id }, select: chargeSelect })) : null;
  },

  addRefunded: (id: string, amount: Prisma.Decimal) =>
    db.mcxExpressCharge.update({ where: { id }, data: { refunded: { increment: amount } }, select: { id: true } }),
});
