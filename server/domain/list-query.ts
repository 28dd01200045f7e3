// A staff list as the domain sees it: which rows (filter), which page (offset, limit) and in which order.
// How a client writes these on the wire is server/plugins/simple-rest.ts's business.

export type FilterKind = "string" | "boolean" | "ids";
export type FilterSpec = Record<string, FilterKind>;

/** What a list accepts: its filters and their kinds, the fields it sorts by, and its default order. */
export interface ListSpec<S extends FilterSpec> {
  filters: S;
  sortable: readonly string[];
  defaultSort: ListSort;
}

export interface ListSort {
  field: string;
  order: "ASC" | "DESC";
}

type FilterValue<K extends FilterKind> = K extends "boolean" ? boolean : K extends "ids" ? string[] : string;
export type ParsedFilter<S extends FilterSpec> = { [P in keyof S]?: FilterValue<S[P]> };

export interface ListQuery<F> {
  filter: F;
  offset: number;
  limit: number;
  sort: ListSort;
}

export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** Prisma's orderBy for a sort, with the id as tie-breaker so pages never overlap. */
export const orderByOf = (sort: ListSort) => {
  const dir = sort.order === "ASC" ? ("asc" as const) : ("desc" as const);
  return [{ [sort.field]: dir }, { id: dir }];
};
