// Staff's internal notes on an order ("nota interna"): the console shows them on the order and beside its
// conversation; nothing the shopper receives (their API, their socket, e-mails) reads this table.
import type { Db } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { AdminOrderNote } from "../../schemas/admin-support.ts";
import { STAFF_ORDER_NOT_FOUND } from "./not-found.ts";
import { ordersRepository, type OrderNoteRow } from "./repository.ts";

const view = (n: OrderNoteRow): AdminOrderNote => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString(), author: n.author });

export async function listOrderNotes(db: Db, orderId: string): Promise<AdminOrderNote[]> {
  const orders = ordersRepository(db);
  const [exists, notes] = await Promise.all([orders.exists(orderId), orders.notes(orderId)]);
  if (!exists) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  return notes.map(view);
}

export async function addOrderNote(db: Db, orderId: string, authorId: string, text: string): Promise<AdminOrderNote> {
  const clean = text.trim();
  if (!clean) throw new AppError(400, "Escreva a nota");
  const orders = ordersRepository(db);
  if (!(await orders.exists(orderId))) throw new AppError(404, STAFF_ORDER_NOT_FOUND);
  return view(await orders.addNote({ orderId, authorId, text: clean }));
}
