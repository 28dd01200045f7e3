// Returns as staff handle them (docs/product/returns.md#staff): the list and one return, and the moves Pedido →
// Aprovada | Recusada, Aprovada → Recebida, Recebida → Concluída, none skipped. Stock and money follow in the move's
// transaction (docs/design/returns.md): an exchange approved takes a unit of its new size for a replacement order
// that ships like any other; a return received puts back what came back undamaged; a refund concluded is recorded
// in the refunds ledger (its nota de crédito follows from refund.recorded). Each move is in the order's history with
// who made it, and its event tells the shopper (server/subscribers/index.ts).
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { PAYMENT_CONFIRMED, shortOrderId } from "../../../shared/orders.ts";
import {
  REFUND_NEEDS_ADMIN,
  RETURN_APPROVED,
  RETURN_CONCLUDED,
  RETURN_MOVES,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  isReturnStatus,
  returnHistoryStatus,
  shortReturnId,
  type ReturnResolution,
  type ReturnStatus,
} from "../../../shared/returns.ts";
import type { StaffRole } from "../../../shared/payments.ts";
import { stockRepository } from "../catalogue/stock-repository.ts";
import { AppError } from "../errors.ts";
import { orderEvent, type ReturnFacts } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import { ordersRepository } from "../orders/repository.ts";
import { staffActor } from "../payments/payments.ts";
import { checkedRefund, refundInTransaction } from "../payments/refunds.ts";
import type { AdminReturn, AdminReturnMove } from "../../schemas/returns.ts";
import { returnsRepository, type ReturnRow, type StaffReturnRow } from "./repository.ts";
import { replacementOrderText } from "./messages.ts";
import { sizeOnSale } from "./sizes.ts";

export const RETURN_LIST = {
  filters: { q: "string", status: "string", orderId: "string", id: "ids" },
  sortable: ["createdAt", "updatedAt", "status"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; status: "string"; orderId: "string"; id: "ids" }>;

export const RETURN_NOT_FOUND = "Devolução não encontrada";
const CHANGED_MEANWHILE = "A devolução foi alterada por outra pessoa. Atualize e tente novamente.";
const REFUSAL_NEEDS_REASON = "Indique o motivo da recusa: o cliente lê-o na conversa do pedido";
const moveRefused = (from: string, to: string) =>
  from === to ? `A devolução já está ${from}` : `Não pode passar uma devolução de ${from} a ${to}: siga os passos um a um`;
const sizeGone = (size: string) => `Já não há unidades do tamanho ${size} para a troca: recuse-a ou combine outro tamanho com o cliente`;
const UNKNOWN_LINE = "Essa linha não faz parte da devolução";
const damagedOverReceived = (name: string) => `Os artigos danificados de "${name}" não podem ser mais do que os recebidos`;
const receivedOverAsked = (name: string, asked: number) => `De "${name}" foram pedidas ${asked} unidade(s): não pode receber mais`;

/** The moves `role` may make from `status` now (a refund is concluded by an admin only). */
function allowedMoves(status: string, resolution: string, role: StaffRole): ReturnStatus[] {
  if (!isReturnStatus(status)) return [];
  return RETURN_MOVES[status].filter((to) => !(to === RETURN_CONCLUDED && resolution === "refund" && role !== "admin"));
}

/**
 * What concluding a refund resolution gives back: each line's units (received, or asked while not received yet) at
 * the price paid, minus the coupon's discount shared out pro rata over the subtotal; never more than the shop holds.
 */
export function refundDue(row: Pick<StaffReturnRow, "lines" | "order">): Prisma.Decimal {
  const value = row.lines.reduce((sum, l) => sum.plus(l.orderLine.price.mul(l.receivedQuantity ?? l.quantity)), new Prisma.Decimal(0));
  const { subtotal, discount, amountPaid, amountRefunded } = row.order;
  const share = subtotal.greaterThan(0) ? value.mul(discount).dividedBy(subtotal) : new Prisma.Decimal(0);
  const due = value.minus(share).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
  const held = amountPaid.minus(amountRefunded);
  return Prisma.Decimal.max(0, Prisma.Decimal.min(due, held));
}

const factsOf = (r: Pick<ReturnRow, "id" | "resolution" | "exchangeSize" | "lines">, received = false): ReturnFacts => ({
  returnId: r.id,
  resolution: r.resolution as ReturnResolution,
  exchangeSize: r.exchangeSize,
  lines: r.lines.map((l) => ({
    name: l.orderLine.name,
    size: l.orderLine.size,
    quantity: received ? (l.receivedQuantity ?? l.quantity) : l.quantity,
  })),
});

function toAdmin(r: StaffReturnRow, role: StaffRole): AdminReturn {
  const prefix = returnHistoryStatus(r.id, "");
  return {
    id: r.id,
    orderId: r.orderId,
    shortOrderId: shortOrderId(r.orderId),
    customer: r.user,
    status: r.status,
    resolution: r.resolution as ReturnResolution,
    exchangeSize: r.exchangeSize,
    note: r.note,
    staffNote: r.staffNote,
    itemCount: r.lines.reduce((n, l) => n + l.quantity, 0),
    lines: r.lines.map((l) => ({
      id: l.id,
      productId: l.orderLine.productId,
      name: l.orderLine.name,
      image: l.orderLine.image,
      size: l.orderLine.size,
      price: l.orderLine.price.toNumber(),
      bought: l.orderLine.quantity,
      quantity: l.quantity,
      reason: l.reason,
      receivedQuantity: l.receivedQuantity,
      damagedQuantity: l.damagedQuantity,
    })),
    refundDue: r.resolution === "refund" && !r.refund ? refundDue(r).toNumber() : 0,
    refund: r.refund && {
      id: r.refund.id,
      amount: r.refund.amount.toNumber(),
      bankReference: r.refund.bankReference,
      status: r.refund.status,
    },
    replacementOrder: r.replacement && { id: r.replacement.id, shortId: shortOrderId(r.replacement.id), status: r.replacement.status },
    allowedMoves: allowedMoves(r.status, r.resolution, role),
    history: r.order.statusHistory
      .filter((h) => h.status.startsWith(prefix))
      .map((h) => ({ status: h.status.slice(prefix.length), by: h.changedBy?.name ?? null, note: h.note, at: h.createdAt.toISOString() })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listReturns(
  db: PrismaClient,
  query: ListQuery<{ q?: string; status?: string; orderId?: string; id?: string[] }>,
  role: StaffRole,
): Promise<ListPage<AdminReturn>> {
  const f = { q: query.filter.q, status: query.filter.status, orderId: query.filter.orderId, ids: query.filter.id };
  const { rows, total } = await returnsRepository(db).pageForStaff(f, orderByOf(query.sort), query.offset, query.limit);
  return { rows: rows.map((r) => toAdmin(r, role)), total };
}

export async function getReturn(db: PrismaClient, id: string, role: StaffRole): Promise<AdminReturn> {
  const row = await returnsRepository(db).findForStaff(id);
  if (!row) throw new AppError(404, RETURN_NOT_FOUND);
  return toAdmin(row, role);
}

/** At Recebida, what came back per line (a line left out came back whole and undamaged). */
function receivedLines(row: StaffReturnRow, given: AdminReturnMove["lines"]) {
  for (const g of given ?? []) if (!row.lines.some((l) => l.id === g.id)) throw new AppError(400, UNKNOWN_LINE);
  return row.lines.map((l) => {
    const g = given?.find((x) => x.id === l.id);
    const received = g?.receivedQuantity ?? l.quantity;
    const damaged = g?.damagedQuantity ?? 0;
    if (received > l.quantity) throw new AppError(400, receivedOverAsked(l.orderLine.name, l.quantity));
    if (damaged > received) throw new AppError(400, damagedOverReceived(l.orderLine.name));
    return { line: l, received, damaged };
  });
}

export async function moveReturn(
  db: PrismaClient,
  input: { returnId: string; staffUserId: string; role: StaffRole; body: AdminReturnMove },
): Promise<AdminReturn> {
  const { returnId, staffUserId, role, body } = input;
  const to = body.status;
  const row = await returnsRepository(db).findForStaff(returnId);
  if (!row) throw new AppError(404, RETURN_NOT_FOUND);
  const from = row.status;
  const concludesRefund = to === RETURN_CONCLUDED && row.resolution === "refund";
  // Who may, before what: only an admin gives money back.
  if (concludesRefund && role !== "admin") throw new AppError(403, REFUND_NEEDS_ADMIN);
  if (!isReturnStatus(from) || !RETURN_MOVES[from].includes(to)) throw new AppError(409, moveRefused(from, to));
  const note = body.note?.trim() || null;
  if (to === RETURN_REFUSED && !note) throw new AppError(400, REFUSAL_NEEDS_REASON);
  const received = to === RETURN_RECEIVED ? receivedLines(row, body.lines) : null;
  const due = concludesRefund ? refundDue(row) : null;
  const refund = due?.greaterThan(0)
    ? checkedRefund({ amount: due.toNumber(), bankReference: body.bankReference, pending: body.pending })
    : null;
  const actor = refund ? await staffActor(db, staffUserId) : null;

  await db.$transaction(async (tx) => {
    const repo = returnsRepository(tx);
    // Conditional on the status read above: two staff moving one return at once cannot both win (nor restock twice).
    if (!(await repo.move(returnId, from, { status: to, ...(note ? { staffNote: note } : {}) })))
      throw new AppError(409, CHANGED_MEANWHILE);
    let replacementOrderId: string | null = null;
    if (to === RETURN_APPROVED && row.resolution === "exchange") replacementOrderId = await approveExchange(tx, row, staffUserId);
    if (received) {
      for (const r of received) await repo.setReceived(r.line.id, r.received, r.damaged);
      await stockRepository(tx).restock(
        received.flatMap((r) =>
          r.line.orderLine.productId
            ? [{ productId: r.line.orderLine.productId, size: r.line.orderLine.size, quantity: r.received - r.damaged }]
            : [],
        ),
      );
    }
    if (refund && actor) {
      const refundId = await refundInTransaction(tx, {
        ...refund,
        orderId: row.orderId,
        staffUserId,
        actor,
        note: `Devolução #${shortReturnId(returnId)}`,
      });
      await repo.move(returnId, to, { status: to, refundId });
    }
    await ordersRepository(tx).addHistory(row.orderId, returnHistoryStatus(returnId, to), staffUserId, note);
    // The chat line, e-mail and WhatsApp/SMS follow (server/subscribers/index.ts).
    const facts = factsOf(row, to === RETURN_RECEIVED || to === RETURN_CONCLUDED);
    if (received) facts.lines = received.map((r) => ({ name: r.line.orderLine.name, size: r.line.orderLine.size, quantity: r.received }));
    await emitEvents(tx, orderEvent("return.status_changed", row.orderId, { ...facts, from, to, note, replacementOrderId }));
  });
  return getReturn(db, returnId, role);
}

/**
 * An exchange approved: one unit of the new size per unit returned is taken now (refused when none is left), for a
 * replacement order already paid that staff ship like any other.
 */
async function approveExchange(tx: Db, row: StaffReturnRow, staffUserId: string) {
  const [line] = row.lines;
  const size = row.exchangeSize!;
  const productId = line!.orderLine.productId;
  const quantity = line!.quantity;
  const repo = returnsRepository(tx);
  const [product] = productId ? await repo.productSizes([productId]) : [];
  if (!product || !sizeOnSale(product, size, quantity)) throw new AppError(409, sizeGone(size));
  const tracked = product.stock.some((s) => s.size === size);
  if (tracked && (await stockRepository(tx).take([{ productId: product.id, size, quantity }]))) throw new AppError(409, sizeGone(size));
  const replacementOrderId = await repo.createReplacement({
    from: await repo.orderToReplace(row.orderId),
    status: PAYMENT_CONFIRMED,
    line: { productId: product.id, name: line!.orderLine.name, image: line!.orderLine.image, size, quantity, reserved: tracked },
    staffUserId,
    note: replacementOrderText(row.orderId, size),
  });
  await repo.move(row.id, RETURN_APPROVED, { status: RETURN_APPROVED, replacementOrderId });
  return replacementOrderId;
}
