// schema.prisma and the SQL migrations must never disagree silently: after migrating, every model field exists
// as a column of the right type and nullability, and no table has a column the schema does not know.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import wasm from "@prisma/prisma-schema-wasm";
import { inject } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object";
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

const schema = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
const models: DmmfModel[] = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: schema }))).datamodel.models;

const UDT: Record<string, string> = {
  String: "text",
  Int: "int4",
  BigInt: "int8",
  Boolean: "bool",
  DateTime: "timestamp",
  Decimal: "numeric",
  Json: "jsonb",
  Bytes: "bytea",
  Float: "float8",
};

function expectedUdt(field: DmmfField): string {
  const base = field.kind === "enum" ? field.type : UDT[field.type];
  if (!base) throw new Error(`no mapping for ${field.type}`);
  return field.isList ? `_${base}` : base;
}

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
}

describe("schema.prisma and the migrated database", () => {
  let db: Database;
  let columns: Column[];

  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
    columns = await db.query<Column>(
      `SELECT table_name, column_name, udt_name, is_nullable, numeric_precision, numeric_scale, datetime_precision
       FROM information_schema.columns WHERE table_schema = 'public'`,
    );
  });
  afterAll(() => db.close());

  it("has a table for every model", () => {
    const tables = new Set(columns.map((c) => c.table_name));
    for (const model of models) expect(tables, `table for ${model.name}`).toContain(model.dbName ?? model.name);
  });

  for (const model of models) {
    const table = model.dbName ?? model.name;
    const fields = model.fields.filter((f) => f.kind !== "object");

    it(`${model.name}: every field is a column with the schema's type and nullability`, () => {
      for (const field of fields) {
        const column = columns.find((c) => c.table_name === table && c.column_name === (field.dbName ?? field.name));
        expect(column, `${table}.${field.dbName ?? field.name} exists`).toBeDefined();
        expect(column!.udt_name, `${table}.${field.name} type`).toBe(expectedUdt(field));
        // Prisma creates scalar lists as nullable array columns and never writes NULL into them.
        expect(column!.is_nullable, `${table}.${field.name} nullability`).toBe(field.isRequired && !field.isList ? "NO" : "YES");
        if (field.type === "Decimal" && field.nativeType?.[0] === "Decimal") {
          expect([column!.numeric_precision, column!.numeric_scale], `${table}.${field.name} precision`).toEqual(
            field.nativeType[1].map(Number),
          );
        }
        if (field.type === "DateTime") expect(column!.datetime_precision, `${table}.${field.name} precision`).toBe(3);
      }
    });

    it(`${model.name}: the table has no column the schema does not declare`, () => {
      const declared = new Set(fields.map((f) => f.dbName ?? f.name));
      const extra = columns.filter((c) => c.table_name === table && !declared.has(c.column_name)).map((c) => c.column_name);
      expect(extra).toEqual([]);
    });
  }
});
