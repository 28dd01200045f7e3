// The shopper asks to return or exchange delivered items (docs/product/returns.md#asking): only their own order, only
// once it is Entregue and within the shop's window, never more units than delivered minus those already asked, an
// exchange only for another size of the same product that is in stock. The request, its history row and its event
// (the chat line) commit together.
import type { PrismaClient } from "../../db/client.ts";
import { DELIVERED } from "../../../shared/orders.ts";
import {
  RETURN_NOT_DELIVERED,
  RETURN_REQUESTED,
  RETURN_WINDOW_OVER,
  RETURNS_OFF,
  returnDeadline,
  returnHistoryStatus,
  type ReturnResolution,
} from "../../../shared/returns.ts";
import { AppError } from "../errors.ts";
import { orderEvent } from "../events/catalog.ts";
import { emitEvents } from "../events/emit.ts";
import { ORDER_NOT_FOUND } from "../orders/not-found.ts";
import { ordersRepository } from "../orders/repository.ts";
import type { ReturnRequestBody } from "../../schemas/returns.ts";
import { returnsRepository } from "./repository.ts";
import { sizeOnSale } from "./sizes.ts";

type OrderLine = { id: string; productId: string | null; name: string; size: string; quantity: number };

const EXCHANGE_ONE_LINE = "Uma troca é de um artigo por outro tamanho: escolha um só artigo";
const EXCHANGE_NEEDS_SIZE = "Escolha o tamanho que quer receber em troca";
const REFUND_HAS_NO_SIZE = "Um reembolso não leva tamanho de troca";
const SAME_SIZE = "Escolha um tamanho diferente do que recebeu";
const NOT_IN_ORDER = "Este artigo não faz parte do pedido";
const tooMany = (l: OrderLine, left: number) =>
  left > 0
    ? `Só pode devolver até ${left} unidade(s) de "${l.name}" (tamanho ${l.size})`
    : `Já pediu a devolução de todas as unidades de "${l.name}" (tamanho ${l.size})`;
const sizeGone = (size: string) => `O tamanho ${size} já não está disponível para troca`;

/** The request's lines matched to the order's (same product and size), quantities summed. */
function matchLines(order: { lines: OrderLine[] }, lines: ReturnRequestBody["lines"]) {
  const asked = new Map<string, { line: OrderLine; quantity: number; reason: string }>();
  for (const l of lines) {
    const line = order.lines.find((o) => o.productId === l.itemId && o.size === l.size);
    if (!line) throw new AppError(400, NOT_IN_ORDER);
    const before = asked.get(line.id);
    asked.set(line.id, { line, quantity: (before?.quantity ?? 0) + l.quantity, reason: before?.reason ?? l.reason });
  }
  return [...asked.values()];
}

export async function requestReturn(
  db: PrismaClient,
  input: { userId: string; body: ReturnRequestBody; returnWindowDays: number; now?: Date },
): Promise<{ returnId: string; status: typeof RETURN_REQUESTED }> {
  const { userId, body } = input;
  const order = await returnsRepository(db).orderForShopper(body.orderId, userId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  if (order.status !== DELIVERED) throw new AppError(409, RETURN_NOT_DELIVERED);
  if (input.returnWindowDays <= 0) throw new AppError(409, RETURNS_OFF);
  const until = returnDeadline(order.statusHistory[0]?.createdAt ?? null, input.returnWindowDays);
  if (!until || (input.now ?? new Date()).getTime() > until.getTime()) throw new AppError(409, RETURN_WINDOW_OVER);

  const asked = matchLines(order, body.lines);
  const resolution: ReturnResolution = body.resolution;
  const exchangeSize = body.exchangeSize?.trim() || null;
  if (resolution === "refund" && exchangeSize) throw new AppError(400, REFUND_HAS_NO_SIZE);
  if (resolution === "exchange") {
    if (asked.length !== 1) throw new AppError(400, EXCHANGE_ONE_LINE);
    if (!exchangeSize) throw new AppError(400, EXCHANGE_NEEDS_SIZE);
    const { line, quantity } = asked[0]!;
    if (exchangeSize === line.size) throw new AppError(400, SAME_SIZE);
    const [product] = line.productId ? await returnsRepository(db).productSizes([line.productId]) : [];
    if (!product || !sizeOnSale(product, exchangeSize, quantity)) throw new AppError(409, sizeGone(exchangeSize));
  }

  return db.$transaction(async (tx) => {
    const repo = returnsRepository(tx);
    // Two requests on one order at once count what is asked one after the other.
    await repo.lockOrder(order.id);
    const already = await repo.askedByLine(asked.map((a) => a.line.id));
    for (const a of asked) {
      const left = a.line.quantity - (already.get(a.line.id) ?? 0);
      if (a.quantity > left) throw new AppError(400, tooMany(a.line, left));
    }
    const created = await repo.create({
      orderId: order.id,
      userId,
      resolution,
      exchangeSize: resolution === "exchange" ? exchangeSize : null,
      note: body.note?.trim() || null,
      lines: asked.map((a) => ({ orderLineId: a.line.id, quantity: a.quantity, reason: a.reason })),
    });
    await ordersRepository(tx).addHistory(order.id, returnHistoryStatus(created.id, RETURN_REQUESTED), userId, body.note?.trim() || null);
    // The chat line follows (server/subscribers/index.ts).
    await emitEvents(
      tx,
      orderEvent("return.requested", order.id, {
        returnId: created.id,
        resolution,
        exchangeSize: resolution === "exchange" ? exchangeSize : null,
        lines: asked.map((a) => ({ name: a.line.name, size: a.line.size, quantity: a.quantity })),
      }),
    );
    return { returnId: created.id, status: RETURN_REQUESTED };
  });
}
