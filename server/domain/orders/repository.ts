// Order rows: placing one (with its lines and first history row), the shopper's reads, status transitions,
// history, internal notes and assignment. Payments are payments/repository.ts's, staff searches and figures
// staff-queries-repository.ts's.
import { EVENTS_CHANNEL } from "../events/emit.ts";
import type { Db } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { newOrderId } from "./ids.ts";
import type { DeliveryChoice } from "../../../shared/delivery.ts";
import type { Shipment } from "../../../shared/shipment.ts";
import { AWAITING_PAYMENT } from "../../../shared/orders.ts";
import { orderFiscalDocumentsSelect } from "../fiscal/repository.ts";
import { requestSelect } from "../payments/payment-requests-repository.ts";

/** The namespaces (first key) of the advisory locks placement takes on an account and on a delivery phone. */
const OPEN_ORDERS_BY_ACCOUNT = 3901;
const OPEN_ORDERS_BY_PHONE = 3902;

const productSelect = {
  id: true,
  name: true,
  price: true,
  sizes: true,
  deletedAt: true,
  hidden: true,
  soldOut: true,
  images: { orderBy: { position: "asc" }, take: 1, select: { media: { select: { publicId: true } } } },
  stock: { select: { size: true, quantity: true } },
} as const satisfies Prisma.ProductSelect;
type OrderableProduct = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

const shopOrderSelect = {
  id: true,
  userId: true,
  createdAt: true,
  status: true,
  paymentMethod: true,
  paid: true,
  address: true,
  subtotal: true,
  deliveryFee: true,
  totalAmount: true,
  paymentReference: true,
  paymentDeadline: true,
  stockHeldUntil: true,
  stockReleasedAt: true,
  amountPaid: true,
  multicaixaReference: true,
  delivery: true,
  couponCode: true,
  discount: true,
  lines: { orderBy: { position: "asc" }, select: { productId: true, name: true, image: true, price: true, size: true, quantity: true } },
  shipment: true,
  // Every change, oldest first: the shopper's timeline, and the cancelling change's reason (the payment page says why).
  statusHistory: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { status: true, changedById: true, note: true, createdAt: true },
  },
  proofs: {
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      status: true,
      reason: true,
      createdAt: true,
      media: { select: { publicId: true, mimeType: true, fileName: true } },
    },
  },
  nif: true,
  fiscalDocuments: orderFiscalDocumentsSelect,
  // Money staff recorded that awaits the bank's confirmation ("por confirmar"): shown apart from what counts.
  payments: { where: { confirmedAt: null }, select: { amount: true } },
  amountRefunded: true,
  refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { amount: true, status: true, createdAt: true } },
  extras: true,
  paymentRequests: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: requestSelect },
} as const satisfies Prisma.OrderSelect;
export type ShopOrderRow = Prisma.OrderGetPayload<{ select: typeof shopOrderSelect }>;

const keySelect = { id: true, requestHash: true, stripeSessionId: true, paymentMethod: true } as const satisfies Prisma.OrderSelect;
export type KeyedOrder = Prisma.OrderGetPayload<{ select: typeof keySelect }>;

/** What a conversation shows of its order. */
const summarySelect = {
  id: true,
  status: true,
  totalAmount: true,
  user: { select: { id: true, name: true, email: true } },
  assignedTo: { select: { id: true, name: true } },
} as const satisfies Prisma.OrderSelect;

const noteSelect = {
  id: true,
  text: true,
  createdAt: true,
  author: { select: { id: true, name: true } },
} as const satisfies Prisma.OrderNoteSelect;
export type OrderNoteRow = Prisma.OrderNoteGetPayload<{ select: typeof noteSelect }>;

export interface NewOrder {
  id: string;
  userId: string;
  paymentMethod: string;
  address: Prisma.InputJsonObject;
  subtotal: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  totalAmount: Prisma.Decimal;
  idempotencyKey: string | null;
  requestHash: string | null;
  stripeSessionId: string | null;
  paymentReference: string | null;
  paymentDeadline: Date | null;
  /** Until when the order holds its tracked units unpaid (null: it holds none). */
  stockHeldUntil?: Date | null;
  multicaixaReference?: string | null;
  /** The delivery chosen, as priced (shared/delivery.ts DeliveryChoice). */
  delivery?: DeliveryChoice | null;
  /** The coupon applied and what it took off (docs/design/money.md#coupons). */
  coupon?: { id: string; code: string; discount: Prisma.Decimal } | null;
  /** `reserved`: the line's units are taken from product_stock in the same transaction (a tracked size). */
  lines: { productId: string; name: string; image: string; price: Prisma.Decimal; size: string; quantity: number; reserved?: boolean }[];
  status: string;
  /** The buyer's NIF for the fiscal documents (shared/nif.ts, normalised); null: Consumidor final. */
  nif?: string | null;
}

export const ordersRepository = (db: Db) => ({
  /** Products by id, deleted ones included (so a refusal can name them); one statement with the image joined in. */
  findProducts: (ids: string[]): Promise<OrderableProduct[]> =>
    db.product.findMany({ relationLoadStrategy: "join", where: { id: { in: ids } }, select: productSelect }),

  findByKey: (userId: string, idempotencyKey: string): Promise<KeyedOrder | null> =>
    db.order.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } }, select: keySelect }),

  /**
   * The whole order in one statement: the order row unless its idempotency key is taken (ON CONFLICT DO NOTHING,
   * so the expected race raises no error), its lines, the first history row and, with `clearCart`, the ordered
   * lines out of the shopper's cart. Data-modifying CTEs are one statement, so all of it commits or none does,
   * in one round trip instead of an interactive transaction's seven (bench: 224 → 806 placements/s).
   * False when another request holds the key or the payment reference is another order's (nothing was written).
   * Its `order.placed` event is written in the same statement (the confirmation and the staff alert follow from it
   * after the commit: docs/design/events.md), and the dispatchers are woken at the commit.
   */
  async insertOrder(o: NewOrder, opts: { clearCart: boolean }): Promise<boolean> {
    const lineIds = o.lines.map(() => newOrderId());
    const productIds = o.lines.map((l) => l.productId);
    const sizes = o.lines.map((l) => l.size);
    const rows = await db.$queryRaw<{ inserted: number }[]>`
      WITH new_order AS (
        INSERT INTO orders (id, user_id, status, payment_method, address, subtotal, delivery_fee, total_amount,
                            idempotency_key, request_hash, stripe_session_id, payment_reference, payment_deadline, multicaixa_reference,
                            delivery, coupon_id, coupon_code, discount, stock_held_until, nif, updated_at)
        VALUES (${o.id}, ${o.userId}, ${o.status}, ${o.paymentMethod}, ${JSON.stringify(o.address)}::jsonb,
                ${o.subtotal.toFixed(2)}::numeric, ${o.deliveryFee.toFixed(2)}::numeric, ${o.totalAmount.toFixed(2)}::numeric,
                ${o.idempotencyKey}, ${o.requestHash}, ${o.stripeSessionId}, ${o.paymentReference}, ${o.paymentDeadline?.toISOString() ?? null}::timestamp, ${o.multicaixaReference ?? null},
                ${o.delivery ? JSON.stringify(o.delivery) : null}::jsonb,
                ${o.coupon?.id ?? null}, ${o.coupon?.code ?? null}, ${o.coupon?.discount.toFixed(2) ?? "0"}::numeric,
                ${o.stockHeldUntil?.toISOString() ?? null}::timestamp, ${o.nif ?? null}, now())
        ON CONFLICT DO NOTHING
        RETURNING id, user_id, status
      ), new_lines AS (
        INSERT INTO order_lines (id, order_id, position, product_id, name, image, price, size, quantity, reserved)
        SELECT l.id, new_order.id, l.position - 1, l.product_id, l.name, l.image, l.price, l.size, l.quantity, l.reserved
        FROM new_order, unnest(${lineIds}::text[], ${productIds}::text[], ${o.lines.map((l) => l.name)}::text[],
                               ${o.lines.map((l) => l.image)}::text[], ${o.lines.map((l) => l.price.toFixed(2))}::numeric[],
                               ${sizes}::text[], ${o.lines.map((l) => l.quantity)}::int[], ${o.lines.map((l) => l.reserved === true)}::boolean[])
             WITH ORDINALITY AS l(id, product_id, name, image, price, size, quantity, reserved, position)
      ), first_status AS (
        INSERT INTO order_status_changes (id, order_id, status) SELECT ${newOrderId()}, id, status FROM new_order
      ), cleared AS (
        DELETE FROM cart_lines c
        USING new_order, unnest(${productIds}::text[], ${sizes}::text[]) AS r(product_id, size)
        WHERE ${opts.clearCart} AND c.user_id = new_order.user_id AND c.product_id = r.product_id AND c.size = r.size
      ), placed_event AS (
        INSERT INTO domain_events (name, order_id) SELECT 'order.placed', id FROM new_order
      )
      SELECT (SELECT count(*)::int FROM new_order) AS inserted, pg_notify(${EVENTS_CHANNEL}, '')::text AS woken`;
    return (rows[0]?.inserted ?? 0) === 1;
  },

  /**
   * Holds, until the caller's transaction ends, the right to place an order for this account and for this delivery
   * phone (advisory locks; the account's first, in every placement, so two placements never wait on each other in
   * a cycle). The cap on open unpaid orders is counted after it (docs/product/checkout.md#placement-limits).
   */
  lockOpenUnpaid: async (userId: string, phone: string): Promise<void> => {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(${OPEN_ORDERS_BY_ACCOUNT}::int, hashtext(${userId})),
                                pg_advisory_xact_lock(${OPEN_ORDERS_BY_PHONE}::int, hashtext(${phone}))`;
  },

  /**
   * Open unpaid orders of the account, and of the delivery phone (its digits: placement-limits.ts) from any account,
   * each counted up to `upTo` (all the cap needs to know: the partial indexes are read no further).
   */
  async countOpenUnpaid(userId: string, phone: string, upTo: number): Promise<{ byAccount: number; byPhone: number }> {
    const rows = await db.$queryRaw<{ by_account: number; by_phone: number }[]>`
      SELECT (SELECT count(*)::int FROM (SELECT 1 FROM orders WHERE status = ${AWAITING_PAYMENT} AND user_id = ${userId}
                LIMIT ${upTo}) a) AS by_account,
             (SELECT count(*)::int FROM (SELECT 1 FROM orders WHERE status = ${AWAITING_PAYMENT} AND ${phone} <> ''
                AND delivery_phone IN (${phone}, ${`00${phone}`}) LIMIT ${upTo}) p) AS by_phone`;
    return { byAccount: rows[0]?.by_account ?? 0, byPhone: rows[0]?.by_phone ?? 0 };
  },

  /**
   * Ends, once, the stock holds of unpaid orders whose hold time is over: the rows are locked FOR UPDATE SKIP LOCKED,
   * so instances running this at once each take different orders. Returns them with their payment deadline.
   */
  async endStockHolds(now: Date, batch: number): Promise<{ id: string; paymentDeadline: Date | null }[]> {
    const rows = await db.$queryRaw<{ id: string; payment_deadline: Date | null }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
        WHERE o.status = ${AWAITING_PAYMENT} AND o.stock_released_at IS NULL AND o.stock_held_until <= ${now.toISOString()}::timestamp
        ORDER BY o.stock_held_until
        LIMIT ${batch}
        FOR UPDATE OF o SKIP LOCKED
      )
      UPDATE orders o SET stock_released_at = ${now.toISOString()}::timestamp
      FROM due WHERE o.id = due.id AND o.status = ${AWAITING_PAYMENT} AND o.stock_released_at IS NULL
      RETURNING o.id, o.payment_deadline`;
    return rows.map((r) => ({ id: r.id, paymentDeadline: r.payment_deadline && new Date(r.payment_deadline) }));
  },

  listForUser: (userId: string): Promise<ShopOrderRow[]> =>
    db.order.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: shopOrderSelect }),

  findForUser: (id: string, userId: string) =>
    db.order.findFirst({
      where: { id, userId },
      select: {
        id: true,
        userId: true,
        status: true,
        paid: true,
        paymentMethod: true,
        stripeSessionId: true,
        lines: { select: { productId: true, size: true } },
      },
    }),

  findStatus: (id: string) =>
    db.order.findUnique({
      where: { id },
      select: {
        id: true,
        status: true,
        paid: true,
        paymentMethod: true,
        stripeSessionId: true,
        multicaixaReference: true,
        totalAmount: true,
        amountPaid: true,
        amountRefunded: true,
        delivery: true,
      },
    }),

  /** Conditional single-statement update: true only for the request that made the change. */
  async transition(
    id: string,
    from: { status?: string; paid?: boolean },
    to: { status: string; paid?: boolean; paidException?: string },
  ): Promise<boolean> {
    const { count } = await db.order.updateMany({ where: { id, ...from }, data: to });
    return count === 1;
  },

  /** What staff said at dispatch (docs/product/orders.md#dispatch). */
  setShipment: (orderId: string, shipment: Shipment) =>
    db.order.update({ where: { id: orderId }, data: { shipment: { ...shipment } }, select: { id: true } }),

  addHistory: (orderId: string, status: string, changedById: string | null, note: string | null) =>
    db.orderStatusChange.create({ data: { orderId, status, changedById, note } }),

  summaries: (ids: string[]) => db.order.findMany({ where: { id: { in: ids } }, select: summarySelect }),
  /** Staff's internal notes on the order, oldest first (never in anything the shopper receives). */
  notes: (orderId: string) =>
    db.orderNote.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: noteSelect }),
  /** `authorId` null: written by the shop itself (e.g. money that reached a cancelled order). */
  addNote: (data: { orderId: string; authorId: string | null; text: string }) => db.orderNote.create({ data, select: noteSelect }),
  /** Holds the order's row until the caller's transaction ends: two deliveries of one event are handled one after the other. */
  lock: async (orderId: string): Promise<void> => void (await db.$queryRaw`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`),
  exists: async (orderId: string) => (await db.order.count({ where: { id: orderId } })) > 0,
  /** Who answers the order's conversation (null: nobody); false when there is no such order. */
  assign: async (orderId: string, assignedToId: string | null): Promise<boolean> =>
    (await db.order.updateMany({ where: { id: orderId }, data: { assignedToId } })).count > 0,
});
