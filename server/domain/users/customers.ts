// Customers as staff see them: who they are and what they ordered (orders come from the orders resource).
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../list-query.ts";
import { orderQueries } from "../orders/staff-queries-repository.ts";
import type { AdminCustomer } from "../../schemas/admin-customers.ts";
import { usersRepository, type AccountRow } from "./repository.ts";

export const CUSTOMER_LIST = {
  filters: { q: "string", id: "ids" },
  sortable: ["name", "email", "createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; id: "ids" }>;

const CUSTOMERS = ["customer"] as const;

const toCustomer = (u: AccountRow, stats: { count: number; spent: number } | undefined): AdminCustomer => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  active: u.active,
  orderCount: stats?.count ?? 0,
  totalSpent: stats?.spent ?? 0,
  createdAt: u.createdAt.toISOString(),
});

export async function listCustomers(db: PrismaClient, query: ListQuery<{ q?: string; id?: string[] }>): Promise<ListPage<AdminCustomer>> {
  const users = usersRepository(db);
  const q = query.filter.q;
  // Staff also find a customer by what they hold of one of their orders (the delivery phone, a reference).
  const f = { q, ids: query.filter.id, alsoIds: q ? await orderQueries(db).customersHolding(q) : undefined };
  const [rows, total] = await Promise.all([
    users.listAccounts(CUSTOMERS, f, orderByOf(query.sort), query.offset, query.limit),
    users.countAccounts(CUSTOMERS, f),
  ]);
  const stats = await orderQueries(db).statsByCustomer(rows.map((r) => r.id));
  return { rows: rows.map((r) => toCustomer(r, stats.get(r.id))), total };
}

export async function getCustomer(db: PrismaClient, id: string): Promise<AdminCustomer> {
  const row = await usersRepository(db).findAccount(id, CUSTOMERS);
  if (!row) throw new AppError(404, "Cliente não encontrado");
  return toCustomer(row, (await orderQueries(db).statsByCustomer([id])).get(id));
}
