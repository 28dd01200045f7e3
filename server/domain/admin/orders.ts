// Orders for staff: list with status tabs and search, full detail (lines, address, totals, chat attachments,
// status timeline). Status changes themselves are the orders domain's (server/domain/orders).
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/service.ts";
import type { AdminAddress, AdminOrder } from "../../schemas/admin-orders.ts";
import type { ListParams } from "../../schemas/admin-common.ts";
import { adminOrdersRepository, type OrderDetailRow, type OrderRow, type OrderWhere } from "./orders-repository.ts";
import type { ListSpec } from "./list-params.ts";

export const ORDER_LIST: ListSpec<{ q: "string"; status: "string"; customerId: "string"; id: "ids" }> = {
  filters: { q: "string", status: "string", customerId: "string", id: "ids" },
  sortable: ["createdAt", "updatedAt", "status", "totalAmount"],
  defaultSort: { field: "createdAt", order: "DESC" },
};

const ORDER_NOT_FOUND = "Encomenda não encontrada";

export const shortId = (id: string) => id.slice(-6).toUpperCase();

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

export function toAddress(value: unknown): AdminAddress {
  const a = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return {
    firstName: str(a.firstName),
    lastName: str(a.lastName),
    email: str(a.email),
    street: str(a.street),
    city: str(a.city),
    state: str(a.state),
    zipcode: str(a.zipcode),
    country: str(a.country),
    phone: str(a.phone),
  };
}

function toRow(o: OrderRow, unread: number): AdminOrder {
  return {
    id: o.id,
    shortId: shortId(o.id),
    customer: { id: o.user.id, name: o.user.name, email: o.user.email },
    status: o.status,
    paymentMethod: o.paymentMethod,
    paid: o.paid,
    address: toAddress(o.address),
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

function toDetail(o: OrderDetailRow, unread: number): AdminOrder {
  return {
    ...toRow(o, unread),
    lines: o.lines.map((l) => ({ productId: l.productId, name: l.name, image: l.image, price: l.price.toNumber(), size: l.size, quantity: l.quantity })),
    history: o.statusHistory.map((h) => ({ status: h.status, by: h.changedBy, note: h.note, at: h.createdAt.toISOString() })),
    attachments: o.messages.flatMap((m) =>
      m.media
        ? [{ messageId: m.id, sender: m.sender, url: mediaUrl(m.media.publicId), type: m.media.mimeType === "application/pdf" ? ("pdf" as const) : ("image" as const), fileName: m.media.fileName, createdAt: m.createdAt.toISOString() }]
        : [],
    ),
  };
}

export async function listOrders(db: PrismaClient, params: ListParams<{ q?: string; status?: string; customerId?: string; id?: string[] }>) {
  const f: OrderWhere = { q: params.filter.q, status: params.filter.status, customerId: params.filter.customerId, ids: params.filter.id };
  const repo = adminOrdersRepository(db);
  const dir = params.sortOrder === "ASC" ? "asc" : "desc";
  const [rows, total] = await Promise.all([repo.list(f, [{ [params.sortField]: dir }, { id: dir }], params.skip, params.take), repo.count(f)]);
  const unread = await repo.unreadByOrder(rows.map((r) => r.id));
  return { rows: rows.map((r) => toRow(r, unread.get(r.id) ?? 0)), total };
}

export async function getOrder(db: PrismaClient, id: string): Promise<AdminOrder> {
  const repo = adminOrdersRepository(db);
  const row = await repo.find(id);
  if (!row) throw new AppError(404, ORDER_NOT_FOUND);
  const unread = await repo.unreadByOrder([id]);
  return toDetail(row, unread.get(id) ?? 0);
}
