// Orders as staff see them: list with status tabs and search, full detail (lines, address, totals, chat
// attachments, status timeline). Status changes are service.ts's.
import type { PrismaClient } from "../../db/client.ts";
import { attachmentKind } from "../../../shared/chat.ts";
import { shortOrderId } from "../../../shared/orders.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/service.ts";
import { chatRepository } from "../chat/repository.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import { orderByOf } from "../list-query.ts";
import type { AdminOrder } from "../../schemas/admin-orders.ts";
import { STAFF_ORDER_NOT_FOUND } from "./not-found.ts";
import { ordersRepository, type StaffOrderDetailRow, type StaffOrderRow } from "./repository.ts";
import { storedAddress } from "./service.ts";

export const ORDER_LIST = {
  filters: { q: "string", status: "string", customerId: "string", id: "ids" },
  sortable: ["createdAt", "updatedAt", "status", "totalAmount"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; status: "string"; customerId: "string"; id: "ids" }>;

function toRow(o: StaffOrderRow, unread: number): AdminOrder {
  return {
    id: o.id,
    shortId: shortOrderId(o.id),
    customer: { id: o.user.id, name: o.user.name, email: o.user.email },
    status: o.status,
    paymentMethod: o.paymentMethod,
    paid: o.paid,
    address: storedAddress(o.address),
    subtotal: o.subtotal.toNumber(),
    deliveryFee: o.deliveryFee.toNumber(),
    totalAmount: o.totalAmount.toNumber(),
    itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
    unread,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    lines: [],
    history: [],
    attachments: [],
  };
}

function toDetail(o: StaffOrderDetailRow, unread: number): AdminOrder {
  return {
    ...toRow(o, unread),
    lines: o.lines.map((l) => ({ productId: l.productId, name: l.name, image: l.image, price: l.price.toNumber(), size: l.size, quantity: l.quantity })),
    history: o.statusHistory.map((h) => ({ status: h.status, by: h.changedBy, note: h.note, at: h.createdAt.toISOString() })),
    attachments: o.messages.flatMap((m) =>
      m.media
        ? [{ messageId: m.id, sender: m.sender, url: mediaUrl(m.media.publicId), type: attachmentKind(m.media.mimeType), fileName: m.media.fileName, createdAt: m.createdAt.toISOString() }]
        : [],
    ),
  };
}

export async function listOrders(db: PrismaClient, query: ListQuery<{ q?: string; status?: string; customerId?: string; id?: string[] }>): Promise<ListPage<AdminOrder>> {
  const f = { q: query.filter.q, status: query.filter.status, customerId: query.filter.customerId, ids: query.filter.id };
  const repo = ordersRepository(db);
  const [rows, total] = await Promise.all([repo.listForStaff(f, orderByOf(query.sort), query.offset, query.limit), repo.countForStaff(f)]);
  const unread = await chatRepository(db).unreadByOrder(rows.map((r) => r.id));
  return { rows: rows.map((r) => toRow(r, unread.get(r.id) ?? 0)), total };
}

export async function getOrder(db: PrismaClient, id: string): Promise<AdminOrder> {
  const row = await ordersRepository(db).findForStaff(id);
  if (!row) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  const unread = await chatRepository(db).unreadByOrder([id]);
  return toDetail(row, unread.get(id) ?? 0);
}
