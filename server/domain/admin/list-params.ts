// ra-data-simple-rest's list conventions (filter / range / sort as JSON in the query string), parsed once
// and strictly: malformed JSON, unknown filters or sort fields and absurd ranges are a 400, never a 500.
import { AppError } from "../errors.ts";
import type { AdminListQuery, ListParams } from "../../schemas/admin-common.ts";

/** react-admin's export asks for up to 1000 rows at once. */
export const MAX_PAGE = 1000;
const DEFAULT_PAGE = 25;

export type FilterKind = "string" | "boolean" | "ids";
export type FilterSpec = Record<string, FilterKind>;

export interface ListSpec<S extends FilterSpec> {
  filters: S;
  sortable: readonly string[];
  defaultSort: { field: string; order: "ASC" | "DESC" };
}

type FilterValue<K extends FilterKind> = K extends "boolean" ? boolean : K extends "ids" ? string[] : string;
export type ParsedFilter<S extends FilterSpec> = { [P in keyof S]?: FilterValue<S[P]> };

const parseJson = (raw: string, what: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(400, `Parâmetro ${what} inválido: JSON mal formado`);
  }
};

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function parseFilter<S extends FilterSpec>(raw: string | undefined, spec: S): ParsedFilter<S> {
  if (raw === undefined || raw === "") return {};
  const value = parseJson(raw, "filter");
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new AppError(400, "Parâmetro filter inválido: deve ser um objeto");
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const kind = Object.hasOwn(spec, key) ? spec[key] : undefined;
    if (!kind) throw new AppError(400, `Filtro desconhecido: ${key}`);
    if (v === null || v === undefined || v === "") continue;
    if (kind === "string") {
      if (typeof v !== "string" || v.length > 200) throw new AppError(400, `Filtro inválido: ${key}`);
      const trimmed = v.trim();
      if (trimmed) out[key] = trimmed;
    } else if (kind === "boolean") {
      if (typeof v === "boolean") out[key] = v;
      else if (v === "true" || v === "false") out[key] = v === "true";
      else throw new AppError(400, `Filtro inválido: ${key}`);
    } else {
      const list = Array.isArray(v) ? v : [v];
      if (list.length > MAX_PAGE || !list.every((x) => typeof x === "string" && ID_PATTERN.test(x))) throw new AppError(400, `Filtro inválido: ${key}`);
      out[key] = list;
    }
  }
  return out as ParsedFilter<S>;
}

function parseRange(raw: string | undefined): { skip: number; take: number } {
  if (raw === undefined || raw === "") return { skip: 0, take: DEFAULT_PAGE };
  const value = parseJson(raw, "range");
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
    throw new AppError(400, "Parâmetro range inválido: use [início, fim]");
  }
  const [start, end] = value as [number, number];
  if (end < start) throw new AppError(400, "Parâmetro range inválido: o fim é menor que o início");
  if (end - start + 1 > MAX_PAGE) throw new AppError(400, `Parâmetro range inválido: no máximo ${MAX_PAGE} registos por página`);
  return { skip: start, take: end - start + 1 };
}

function parseSort(raw: string | undefined, spec: ListSpec<FilterSpec>): { sortField: string; sortOrder: "ASC" | "DESC" } {
  if (raw === undefined || raw === "") return { sortField: spec.defaultSort.field, sortOrder: spec.defaultSort.order };
  const value = parseJson(raw, "sort");
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string" || (value[1] !== "ASC" && value[1] !== "DESC")) {
    throw new AppError(400, 'Parâmetro sort inválido: use [campo, "ASC" | "DESC"]');
  }
  const field = value[0] === "id" ? spec.defaultSort.field : value[0];
  if (!spec.sortable.includes(field)) throw new AppError(400, `Não é possível ordenar por ${value[0]}`);
  return { sortField: field, sortOrder: value[1] };
}

export function parseListQuery<S extends FilterSpec>(query: AdminListQuery, spec: ListSpec<S>): ListParams<ParsedFilter<S>> {
  return { filter: parseFilter(query.filter, spec.filters), ...parseSort(query.sort, spec), ...parseRange(query.range) };
}

/** ra-data-simple-rest reads the total from `Content-Range: <resource> <start>-<end>/<total>`. */
export function contentRange(resource: string, skip: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${skip}-${skip + count - 1}/${total}`;
}
