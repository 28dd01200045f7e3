// Customers as staff see them: who they are and what they ordered (orders come from the orders resource).
import type { PrismaClient } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import type { AdminCustomer } from "../../schemas/admin-customers.ts";
import type { ListParams } from "../../schemas/admin-common.ts";
import { adminPeopleRepository, type PersonRow } from "./people-repository.ts";
import type { ListSpec } from "./list-params.ts";

export const CUSTOMER_LIST: ListSpec<{ q: "string"; id: "ids" }> = {
  filters: { q: "string", id: "ids" },
  sortable: ["name", "email", "createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
};

const toCustomer = (u: PersonRow, stats: { count: number; spent: number } | undefined): AdminCustomer => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  active: u.active,
  orderCount: stats?.count ?? 0,
  totalSpent: stats?.spent ?? 0,
  createdAt: u.createdAt.toISOString(),
});

export async function listCustomers(db: PrismaClient, params: ListParams<{ q?: string; id?: string[] }>) {
  const repo = adminPeopleRepository(db);
  const f = { q: params.filter.q, ids: params.filter.id };
  const dir = params.sortOrder === "ASC" ? "asc" : "desc";
  const [rows, total] = await Promise.all([repo.list(["customer"], f, [{ [params.sortField]: dir }, { id: dir }], params.skip, params.take), repo.count(["customer"], f)]);
  const stats = await repo.orderStats(rows.map((r) => r.id));
  return { rows: rows.map((r) => toCustomer(r, stats.get(r.id))), total };
}

export async function getCustomer(db: PrismaClient, id: string): Promise<AdminCustomer> {
  const repo = adminPeopleRepository(db);
  const row = await repo.find(id, ["customer"]);
  if (!row) throw new AppError(404, "Cliente não encontrado");
  return toCustomer(row, (await repo.orderStats([id])).get(id));
}
