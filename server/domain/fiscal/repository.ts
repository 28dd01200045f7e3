// Fiscal document rows (docs/design/fiscal-documents.md): the one FR per order and per paid request, the NCs of a
// refund (one per FR it credits), claimed by one sender at a time, and what the sweep looks for.
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";

/** What an order's view shows of its fiscal documents (the shopper's and staff's order selects include it). */
export const orderFiscalDocumentsSelect = {
  orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  select: { id: true, type: true, status: true, number: true, media: { select: { publicId: true } } },
} as const satisfies Prisma.Order$fiscalDocumentsArgs;
export type OrderFiscalDocumentRow = Prisma.FiscalDocumentGetPayload<{ select: typeof orderFiscalDocumentsSelect.select }>;

export const documentSelect = {
  id: true,
  orderId: true,
  refundId: true,
  paymentRequestId: true,
  type: true,
  source: true,
  status: true,
  customerTaxID: true,
  amount: true,
  request: true,
  providerId: true,
  number: true,
  attempts: true,
  nextAttemptAt: true,
  lastError: true,
  requestedAt: true,
  issuedAt: true,
  createdAt: true,
  media: { select: { publicId: true } },
} as const satisfies Prisma.FiscalDocumentSelect;
export type FiscalDocumentRow = Prisma.FiscalDocumentGetPayload<{ select: typeof documentSelect }>;

const invoiceOrderSelect = {
  id: true,
  paid: true,
  status: true,
  nif: true,
  address: true,
  delivery: true,
  deliveryFee: true,
  discount: true,
  totalAmount: true,
  extras: true,
  amountPaid: true,
  lines: { orderBy: { position: "asc" }, select: { productId: true, name: true, size: true, quantity: true, price: true } },
} as const satisfies Prisma.OrderSelect;
export type InvoiceOrderRow = Prisma.OrderGetPayload<{ select: typeof invoiceOrderSelect }>;

export interface NewProviderDocument {
  id: string;
  orderId: string;
  refundId: string | null;
  /** Whose money: a payment request's own FR or an NC crediting it (null: the order's own FR or an NC crediting it). */
  paymentRequestId?: string | null;
  type: "FR" | "NC";
  customerTaxID: string;
  amount: Prisma.Decimal;
}

export const fiscalRepository = (db: Db) => ({
  orderForInvoice: (orderId: string): Promise<InvoiceOrderRow | null> =>
    db.order.findUnique({ where: { id: orderId }, select: invoiceOrderSelect }),

  /** A paid request as its FR says it: the amount and the reason. */
  paidRequest: (requestId: string) =>
    db.paymentRequest.findFirst({
      where: { id: requestId, status: "paid" },
      select: { id: true, orderId: true, amount: true, reason: true },
    }),

  refund: (refundId: string) =>
    db.refund.findUnique({ where: { id: refundId }, select: { id: true, orderId: true, amount: true, note: true } }),

  /**
   * The provider FR of an order (its own) or of a paid request, written once: a second caller, here or on another
   * instance, meets the partial unique index and writes nothing (ON CONFLICT DO NOTHING). True when this call wrote it.
   */
  async insertInvoice(d: Omit<NewProviderDocument, "type" | "refundId">): Promise<boolean> {
    // Never a second one beside an earlier one, even a rejected one (a corrected document is staff's choice:
    // insertCorrection); two callers at once meet the partial unique index and the second writes nothing.
    const requestId = d.paymentRequestId ?? null;
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO fiscal_documents (id, order_id, payment_request_id, type, source, status, customer_tax_id, amount, next_attempt_at, updated_at)
      SELECT ${d.id}, ${d.orderId}, ${requestId}, 'FR', 'provider', 'pending', ${d.customerTaxID}, ${d.amount.toFixed(2)}::numeric, now(), now()
      WHERE NOT EXISTS (SELECT 1 FROM fiscal_documents f WHERE f.source = 'provider' AND f.type = 'FR'
                          AND (CASE WHEN ${requestId}::text IS NULL THEN f.order_id = ${d.orderId} AND f.payment_request_id IS NULL
                                    ELSE f.payment_request_id = ${requestId} END))
      ON CONFLICT DO NOTHING
      RETURNING id`;
    return rows.length === 1;
  },

  /**
   * The NC of one share of a refund, crediting `invoice` (the FR of that money), written once per refund and invoice
   * (docs/design/fiscal-documents.md#credit-notes). Its amount is the share, at most what the FR invoiced less what
   * other refunds' NCs already credited against it; nothing is written when that is nothing. Run in a transaction:
   * the FR's row is locked first, so two refunds' NCs against one FR are written one after the other and the second
   * sees the first. True when this call wrote it.
   */
  async insertCreditNote(d: {
    id: string;
    orderId: string;
    refundId: string;
    paymentRequestId: string | null;
    customerTaxID: string;
    share: Prisma.Decimal;
    invoiceId: string;
  }): Promise<boolean> {
    await db.$queryRaw`SELECT id FROM fiscal_documents WHERE id = ${d.invoiceId} FOR UPDATE`;
    const requestId = d.paymentRequestId;
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO fiscal_documents (id, order_id, refund_id, payment_request_id, type, source, status, customer_tax_id, amount, next_attempt_at, updated_at)
      SELECT ${d.id}, ${d.orderId}, ${d.refundId}, ${requestId}, 'NC', 'provider', 'pending', ${d.customerTaxID}, c.amount, now(), now()
      FROM (SELECT LEAST(${d.share.toFixed(2)}::numeric,
                         (SELECT i.amount FROM fiscal_documents i WHERE i.id = ${d.invoiceId})
                         - COALESCE((SELECT sum(n.amount) FROM fiscal_documents n
                                     WHERE n.order_id = ${d.orderId} AND n.type = 'NC' AND n.source = 'provider' AND n.status <> 'rejected'
                                       AND n.payment_request_id IS NOT DISTINCT FROM ${requestId}::text AND n.refund_id <> ${d.refundId}), 0)) AS amount) c
      WHERE c.amount > 0
        AND NOT EXISTS (SELECT 1 FROM fiscal_documents f WHERE f.source = 'provider' AND f.type = 'NC' AND f.refund_id = ${d.refundId}
                          AND f.payment_request_id IS NOT DISTINCT FROM ${requestId}::text)
      ON CONFLICT DO NOTHING
      RETURNING id`;
    return rows.length === 1;
  },

  /** Which money a refund gave back (docs/design/money.md#refund-shares), the order's own first. */
  refundShares: (refundId: string) =>
    db.refundShare.findMany({
      where: { refundId },
      orderBy: [{ paymentRequestId: { sort: "asc", nulls: "first" } }, { id: "asc" }],
      select: { paymentRequestId: true, amount: true },
    }),

  /** A corrected document after a rejection (staff "Tentar de novo"), its request built already. */
  async insertCorrection(d: NewProviderDocument & { request: Prisma.InputJsonValue }): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO fiscal_documents (id, order_id, refund_id, payment_request_id, type, source, status, customer_tax_id, amount, request, next_attempt_at, updated_at)
      VALUES (${d.id}, ${d.orderId}, ${d.refundId}, ${d.paymentRequestId ?? null}, ${d.type}, 'provider', 'pending', ${d.customerTaxID}, ${d.amount.toFixed(2)}::numeric,
              ${JSON.stringify(d.request)}::jsonb, now(), now())
      ON CONFLICT DO NOTHING
      RETURNING id`;
    return rows.length === 1;
  },

  /** The shop's IVA regime (Definições); 'geral' until set. */
  vatRegime: async (): Promise<string> =>
    (await db.shopSettings.findUnique({ where: { id: 1 }, select: { fiscalVatRegime: true } }))?.fiscalVatRegime ?? "geral",

  /**
   * The order's own FR, a request's FR, or a refund's NC crediting one of them (the order's own: `paymentRequestId`
   * null), from the provider and not rejected: at most one.
   */
  activeDocument: (
    where:
      | { orderId: string; type: "FR" }
      | { paymentRequestId: string; type: "FR" }
      | { refundId: string; paymentRequestId: string | null; type: "NC" },
  ): Promise<FiscalDocumentRow | null> =>
    db.fiscalDocument.findFirst({
      where: { ...("orderId" in where ? { ...where, paymentRequestId: null } : where), source: "provider", status: { not: "rejected" } },
      select: documentSelect,
    }),

  byId: (id: string): Promise<FiscalDocumentRow | null> => db.fiscalDocument.findUnique({ where: { id }, select: documentSelect }),
  byProviderId: (providerId: string): Promise<FiscalDocumentRow | null> =>
    db.fiscalDocument.findUnique({ where: { providerId }, select: documentSelect }),

  /**
   * Takes the right to send this document now: one caller at a time (the row's lock decides between two at once;
   * the second finds it claimed), and only when it is due and not yet accepted by the provider. The claim lapses by
   * itself after `leaseMs` (a sender that died). Counts the attempt.
   */
  async claimToSend(id: string, now: Date, leaseMs: number): Promise<boolean> {
    const count = await db.$executeRaw`
      UPDATE fiscal_documents SET claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamp,
                                  attempts = attempts + 1, updated_at = now()
      WHERE id = ${id} AND source = 'provider' AND status = 'pending' AND provider_id IS NULL
        AND next_attempt_at <= ${now.toISOString()}::timestamp
        AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamp)`;
    return count === 1;
  },

  /** Gives the claim back without counting the attempt (nothing was sent: an NC waiting for its FR's number). */
  release: (id: string, nextAttemptAt: Date) =>
    db.$executeRaw`UPDATE fiscal_documents SET claimed_until = NULL, attempts = attempts - 1, next_attempt_at = ${nextAttemptAt.toISOString()}::timestamp,
                   updated_at = now() WHERE id = ${id}`,

  saveRequest: (id: string, request: Prisma.InputJsonValue) =>
    db.fiscalDocument.update({ where: { id }, data: { request }, select: { id: true } }),

  markRequested: (id: string, providerId: string, at: Date) =>
    db.fiscalDocument.update({
      where: { id },
      data: { providerId, requestedAt: at, claimedUntil: null, lastError: null },
      select: { id: true },
    }),

  /** A send that failed: tried again at `nextAttemptAt`, or given up (`failed`) for staff to retry. */
  markSendFailed: (id: string, error: string, next: { nextAttemptAt: Date } | "failed") =>
    db.fiscalDocument.update({
      where: { id },
      data: {
        lastError: error.slice(0, 500),
        claimedUntil: null,
        ...(next === "failed" ? { status: "failed" } : { nextAttemptAt: next.nextAttemptAt }),
      },
      select: { id: true },
    }),

  /** The provider's result, moved on once: only a pending document changes (a late or repeated webhook changes nothing). */
  async markResult(
    id: string,
    result:
      | { status: "issued"; number: string | null; mediaId: string | null; qrMediaId: string | null; at: Date }
      | { status: "rejected"; reason: string | null },
  ): Promise<boolean> {
    const data: Prisma.FiscalDocumentUpdateManyMutationInput & { mediaId?: string | null; qrMediaId?: string | null } =
      result.status === "issued"
        ? { status: "issued", number: result.number, issuedAt: result.at, lastError: null }
        : { status: "rejected", lastError: result.reason?.slice(0, 500) ?? null };
    const { count } = await db.fiscalDocument.updateMany({
      where: { id, status: "pending" },
      data: result.status === "issued" ? { ...data, mediaId: result.mediaId, qrMediaId: result.qrMediaId } : data,
    });
    return count === 1;
  },

  markChecked: (id: string, at: Date) => db.fiscalDocument.update({ where: { id }, data: { checkedAt: at }, select: { id: true } }),

  /** A failed document sent again from the start (staff "Tentar de novo"). */
  async resetFailed(id: string): Promise<boolean> {
    const { count } = await db.fiscalDocument.updateMany({
      where: { id, status: "failed", source: "provider" },
      data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), claimedUntil: null, lastError: null },
    });
    return count === 1;
  },

  /** When the shop began issuing through this provider (recorded at the first round that had it configured). */
  async providerSince(provider: string): Promise<Date> {
    await db.$executeRaw`INSERT INTO fiscal_providers (provider, since) VALUES (${provider}, now()) ON CONFLICT DO NOTHING`;
    return (await db.fiscalProvider.findUniqueOrThrow({ where: { provider } })).since;
  },

  /** Paid orders (money covering the total) with a payment counted since `since` and no FR from the provider. */
  async paidWithoutInvoice(since: Date, batch: number): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT o.id FROM orders o
      WHERE o.paid AND o.amount_paid >= o.total_amount AND o.total_amount > 0
        AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.confirmed_at >= ${since.toISOString()}::timestamp)
        AND NOT EXISTS (SELECT 1 FROM fiscal_documents f WHERE f.order_id = o.id AND f.type = 'FR' AND f.payment_request_id IS NULL)
      ORDER BY o.created_at
      LIMIT ${batch}`;
    return rows.map((r) => r.id);
  },

  /** Requests paid since `since` without an FR of their own. */
  async paidRequestsWithoutInvoice(since: Date, batch: number): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT r.id FROM payment_requests r
      WHERE r.status = 'paid' AND r.closed_at >= ${since.toISOString()}::timestamp
        AND NOT EXISTS (SELECT 1 FROM fiscal_documents f WHERE f.payment_request_id = r.id AND f.type = 'FR')
      ORDER BY r.closed_at
      LIMIT ${batch}`;
    return rows.map((r) => r.id);
  },

  /**
   * Refunds recorded since `since` with a share whose money has an FR from the provider (pending or issued) that
   * other NCs have not credited in full, and no NC of that share yet.
   */
  async refundsWithoutCreditNote(since: Date, batch: number): Promise<string[]> {
    const rows = await db.$queryRaw<{ id: string }[]>`
      SELECT r.id FROM refunds r
      WHERE r.created_at >= ${since.toISOString()}::timestamp
        AND EXISTS (
          SELECT 1 FROM refund_shares s
          JOIN fiscal_documents f ON f.order_id = r.order_id AND f.type = 'FR' AND f.source = 'provider' AND f.status IN ('pending', 'issued')
                                 AND f.payment_request_id IS NOT DISTINCT FROM s.payment_request_id
          WHERE s.refund_id = r.id
            AND NOT EXISTS (SELECT 1 FROM fiscal_documents n WHERE n.refund_id = r.id AND n.type = 'NC'
                              AND n.payment_request_id IS NOT DISTINCT FROM s.payment_request_id)
            AND f.amount > COALESCE((SELECT sum(c.amount) FROM fiscal_documents c
                                     WHERE c.order_id = r.order_id AND c.type = 'NC' AND c.source = 'provider' AND c.status <> 'rejected'
                                       AND c.payment_request_id IS NOT DISTINCT FROM s.payment_request_id), 0))
      ORDER BY r.created_at
      LIMIT ${batch}`;
    return rows.map((r) => r.id);
  },

  /** Documents to send now (due, not accepted yet, not claimed). */
  dueToSend: async (now: Date, batch: number): Promise<string[]> =>
    (
      await db.fiscalDocument.findMany({
        where: {
          source: "provider",
          status: "pending",
          providerId: null,
          nextAttemptAt: { lte: now },
          OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }],
        },
        orderBy: { nextAttemptAt: "asc" },
        take: batch,
        select: { id: true },
      })
    ).map((r) => r.id),

  /** Documents the provider accepted that are still pending after `olderThan` and not asked about since. */
  /** Marks the documents asked for before `askedBefore` and still not issued that staff were not told of yet. */
  markOverdueAlerted: (askedBefore: Date, at: Date, batch: number) =>
    db.$queryRaw<{ id: string; orderId: string; type: string; status: string; lastError: string | null }[]>`
      UPDATE fiscal_documents SET alerted_at = ${at}
      WHERE id IN (
        SELECT id FROM fiscal_documents
        WHERE status IN ('pending', 'failed') AND alerted_at IS NULL AND created_at < ${askedBefore}
        ORDER BY created_at LIMIT ${batch} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, order_id AS "orderId", type, status, last_error AS "lastError"`,

  dueToCheck: async (olderThan: Date, batch: number): Promise<{ id: string; providerId: string }[]> =>
    (
      await db.fiscalDocument.findMany({
        where: {
          source: "provider",
          status: "pending",
          providerId: { not: null },
          requestedAt: { lte: olderThan },
          OR: [{ checkedAt: null }, { checkedAt: { lte: olderThan } }],
        },
        orderBy: [{ checkedAt: { sort: "asc", nulls: "first" } }, { requestedAt: "asc" }],
        take: batch,
        select: { id: true, providerId: true },
      })
    ).map((r) => ({ id: r.id, providerId: r.providerId! })),

  /** Every document of these orders, oldest first (the shopper's and staff's order views). */
  ofOrders: (orderIds: string[]) =>
    db.fiscalDocument.findMany({
      where: { orderId: { in: orderIds } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { ...documentSelect },
    }),

  insertManual: (d: {
    orderId: string;
    type: "FR" | "NC";
    number: string;
    mediaId: string;
    createdById: string;
    customerTaxID: string;
    amount: Prisma.Decimal;
  }) =>
    db.fiscalDocument.create({
      data: { ...d, source: "manual", status: "issued", issuedAt: new Date() },
      select: documentSelect,
    }),

  /** The console's list: newest first, optionally one status. */
  async list(filter: { status?: string; orderId?: string }, range: { skip: number; take: number }, order: "ASC" | "DESC" = "DESC") {
    const dir = order === "ASC" ? ("asc" as const) : ("desc" as const);
    const where: Prisma.FiscalDocumentWhereInput = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.orderId ? { orderId: filter.orderId } : {}),
    };
    const [rows, total] = await Promise.all([
      db.fiscalDocument.findMany({
        where,
        orderBy: [{ createdAt: dir }, { id: dir }],
        skip: range.skip,
        take: range.take,
        select: documentSelect,
      }),
      db.fiscalDocument.count({ where }),
    ]);
    return { rows, total };
  },
});
