// ra-data-simple-rest's wire format, in one plugin: `filter` / `range` / `sort` as JSON in the query string
// become a plain ListQuery for the domain (parsed strictly: malformed JSON, unknown filters or sort fields and
// absurd ranges are a 400, never a 500), and `reply.sendList` writes the rows with the Content-Range the
// console reads the total from.
import fp from "fastify-plugin";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.ts";
import type { FilterSpec, ListQuery, ListSort, ListSpec, ParsedFilter } from "../domain/list-query.ts";

/** react-admin's export asks for up to 1000 rows at once. */
const MAX_PAGE = 1000;
const DEFAULT_PAGE = 25;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

declare module "fastify" {
  interface FastifyRequest {
    /** Parses this request's list parameters against what the list accepts. */
    listQuery<S extends FilterSpec>(spec: ListSpec<S>): ListQuery<ParsedFilter<S>>;
    listOffset: number;
  }
  interface FastifyReply {
    /** The rows as the body, the total in an exposed Content-Range, never cached. */
    sendList<T>(rows: T[], total: number, resource: string): T[];
  }
}

const parseJson = (raw: string, what: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(400, `Parâmetro ${what} inválido: JSON mal formado`);
  }
};

function parseFilter<S extends FilterSpec>(raw: string | undefined, spec: S): ParsedFilter<S> {
  if (raw === undefined || raw === "") return {};
  const value = parseJson(raw, "filter");
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new AppError(400, "Parâmetro filter inválido: deve ser um objeto");
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
      if (list.length > MAX_PAGE || !list.every((x) => typeof x === "string" && ID_PATTERN.test(x)))
        throw new AppError(400, `Filtro inválido: ${key}`);
      out[key] = list;
    }
  }
  return out as ParsedFilter<S>;
}

function parseRange(raw: string | undefined): { offset: number; limit: number } {
  if (raw === undefined || raw === "") return { offset: 0, limit: DEFAULT_PAGE };
  const value = parseJson(raw, "range");
  if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
    throw new AppError(400, "Parâmetro range inválido: use [início, fim]");
  }
  const [start, end] = value as [number, number];
  if (end < start) throw new AppError(400, "Parâmetro range inválido: o fim é menor que o início");
  if (end - start + 1 > MAX_PAGE) throw new AppError(400, `Parâmetro range inválido: no máximo ${MAX_PAGE} registos por página`);
  return { offset: start, limit: end - start + 1 };
}

function parseSort(raw: string | undefined, spec: ListSpec<FilterSpec>): ListSort {
  if (raw === undefined || raw === "") return spec.defaultSort;
  const value = parseJson(raw, "sort");
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string" || (value[1] !== "ASC" && value[1] !== "DESC")) {
    throw new AppError(400, 'Parâmetro sort inválido: use [campo, "ASC" | "DESC"]');
  }
  const field = value[0] === "id" ? spec.defaultSort.field : value[0];
  if (!spec.sortable.includes(field)) throw new AppError(400, `Não é possível ordenar por ${value[0]}`);
  return { field, order: value[1] };
}

/** `Content-Range: <resource> <start>-<end>/<total>`, or a star for the range of an empty page. */
const contentRange = (resource: string, offset: number, count: number, total: number) =>
  count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;

const queryString = (query: unknown, key: string): string | undefined => {
  const value = (query as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value : undefined;
};

export default fp(
  async (app) => {
    app.decorateRequest("listOffset", 0);
    app.decorateRequest("listQuery", function <S extends FilterSpec>(this: FastifyRequest, spec: ListSpec<S>): ListQuery<ParsedFilter<S>> {
      const range = parseRange(queryString(this.query, "range"));
      this.listOffset = range.offset;
      return {
        filter: parseFilter(queryString(this.query, "filter"), spec.filters),
        sort: parseSort(queryString(this.query, "sort"), spec),
        ...range,
      };
    });
    app.decorateReply("sendList", function <T>(this: FastifyReply, rows: T[], total: number, resource: string): T[] {
      this.header("Content-Range", contentRange(resource, this.request.listOffset, rows.length, total));
      this.header("Access-Control-Expose-Headers", "Content-Range");
      return rows;
    });
  },
  { name: "simple-rest" },
);
