// The column mappings admins saved for banks whose export the shop does not read by itself
// (docs/product/orders.md#bank-statement-import): listed with who saved them and when, and deleted only with the
// admin's own password (a stolen session cannot quietly change how statements are read). A mapping for a header the
// shop recognises is listed as ignored: the import reads such a header by its names (saved before that rule).
import type { PrismaClient } from "../../db/client.ts";
import type { AdminStatementMapping } from "../../schemas/admin-bank-statements.ts";
import { recognizeColumns } from "../../readers/statement-table.mjs";
import { AppError, sessionExpired } from "../errors.ts";
import type { ListPage, ListQuery, ListSpec } from "../list-query.ts";
import type { AttemptLimiter } from "../users/attempt-limiter.ts";
import { findActiveStaff } from "../users/service.ts";
import { confirmOwnPassword } from "../users/step-up.ts";
import { statementsRepository, type MappingRow } from "./statements-repository.ts";

export const MAPPING_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para apagar uma correspondência de colunas";
const MAPPING_NOT_FOUND = "Correspondência de colunas não encontrada";

export const MAPPING_LIST = {
  filters: {},
  sortable: ["savedAt"],
  defaultSort: { field: "savedAt", order: "DESC" },
} as const satisfies ListSpec<Record<string, never>>;

function toStaffMapping(m: MappingRow): AdminStatementMapping {
  const headers = Array.isArray(m.headers) ? m.headers.map((h) => (typeof h === "string" ? h : String(h ?? ""))) : [];
  const named = (column: number) => ({ column, name: headers[column] ?? "" });
  return {
    id: m.signature,
    headers,
    date: named(m.dateColumn),
    description: named(m.descriptionColumn),
    amount: named(m.amountColumn),
    reference: m.referenceColumn === null ? null : named(m.referenceColumn),
    savedBy: m.savedByName,
    savedAt: m.createdAt.toISOString(),
    ignored: recognizeColumns(headers) !== null,
  };
}

/** Every mapping, newest first (a handful: one per bank whose export is not recognised). */
export async function listMappings(db: PrismaClient, query: ListQuery<unknown>): Promise<ListPage<AdminStatementMapping>> {
  const all = (await statementsRepository(db).allMappings()).map(toStaffMapping);
  if (query.sort.order === "ASC") all.reverse();
  return { rows: all.slice(query.offset, query.offset + query.limit), total: all.length };
}

/** An admin deletes a mapping after re-entering their password; the next statement with that header asks again. */
export async function deleteMapping(
  db: PrismaClient,
  attempts: AttemptLimiter,
  input: { id: string; staffUserId: string; password: string | undefined },
): Promise<AdminStatementMapping> {
  const actor = await findActiveStaff(db, input.staffUserId);
  if (!actor) throw sessionExpired();
  await confirmOwnPassword(attempts, actor, input.password, MAPPING_PASSWORD_REQUIRED);
  const repo = statementsRepository(db);
  const mapping = await repo.findMapping(input.id);
  if (!mapping || !(await repo.deleteMapping(input.id))) throw new AppError(404, MAPPING_NOT_FOUND);
  return toStaffMapping(mapping);
}
