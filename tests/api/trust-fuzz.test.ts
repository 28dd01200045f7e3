// Property-based robustness: for every operation in /api/openapi.json (whatever routes exist when the suite
// runs: shopper, staff, media), fast-check generates malformed and near-valid inputs (path parameters, query,
// headers, bodies derived from the operation's own schema, then mutated) and no reply may be a 5xx. Every
// refusal must be the one error shape. Figures are printed at the end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { liveProducts, orderBody, post } from "./commerce-fixtures.ts";
import { rounds } from "../helpers/run-kind.ts";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  headers: { name: string; schema: Schema }[];
  body: Schema | undefined;
  multipart: boolean;
}

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? rounds(20, 60));
let t: TestApp;
let operations: Operation[] = [];
const tokens: Record<string, string> = {};
let realIds: string[] = [];
const figures = new Map<string, Map<number, number>>();

beforeAll(async () => {
  // The chat's per-minute message limit would stop the deep multipart fuzz early.
  t = await buildTestApp({ limits: { messagesPerMinute: 100_000 } });
  const customer = await registerCustomer(t.app);
  const admin = await createStaff(t, "admin");
  const support = await createStaff(t, "support");
  tokens.customer = customer.token;
  tokens.admin = admin.token;
  tokens.support = support.token;
  // Real ids reach deeper code than random text: products, an order of the customer, staff and customers.
  const products = await liveProducts(t);
  const placed = await post(t, "/api/order/place", orderBody([{ product: products[0]!, quantity: 1 }]), customer.auth);
  realIds = [products[0]!.id, products[1]!.id, (placed.json() as { orderId: string }).orderId, customer.userId, admin.userId, "1"];
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        query: params.filter((p) => p.in === "query"),
        headers: params.filter((p) => p.in === "header"),
        body: content["application/json"]?.schema,
        multipart: Boolean(content["multipart/form-data"]) || /send|uploads|messages$/.test(path),
      });
    }
  }
});

afterAll(async () => {
  const lines = [...figures].map(
    ([op, statuses]) =>
      `${op.padEnd(52)} ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
  );
  const total = [...figures.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  console.log(
    `\nfuzz: ${figures.size} operations, ${total} requests, 5xx: ${[...figures.values()].reduce((n, m) => n + [...m].filter(([s]) => s >= 500).reduce((a, [, c]) => a + c, 0), 0)}\n${lines.join("\n")}`,
  );
  await t?.close();
});

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "null",
    "true",
    "{}",
    "[]",
    "\u0000",
    "../../etc/passwd",
    "<script>",
    "' OR 1=1 --",
    "x".repeat(5000),
    "🙂".repeat(100),
    "\ud800",
    "a\u0000b",
    "\u202e",
    "%s%n",
  ),
  fc.constantFrom(0, -1, 1.5, -0.0001, 1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, null, true, false, [], {}),
);

/** Values shaped by the schema, each part sometimes replaced by junk, dropped, or joined by unknown keys. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junk;
  const alternatives: fc.Arbitrary<unknown>[] = [];
  if (schema.const !== undefined) alternatives.push(fc.constant(schema.const));
  if (schema.enum) alternatives.push(fc.constantFrom(...schema.enum));
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    alternatives.push(fromSchema(sub, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    switch (type) {
      case "string":
        alternatives.push(
          // Capped at 80 characters, unless the schema needs more (a push key is 87).
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 50, 80)) }),
          fc.constantFrom(
            ...realIds,
            "cod",
            "stripe",
            "Entregue",
            "admin",
            "M",
            "1000",
            "a@b.ao",
            "+244923000000",
            "name:ASC",
            '{"q":"a"}',
            "[0,9]",
            '["id","DESC"]',
          ),
        );
        break;
      case "integer":
        alternatives.push(fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1e9) }), fc.integer());
        break;
      case "number":
        alternatives.push(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e6, max: Math.min(schema.maximum ?? 1e6, 1e10) }),
          fc.double(),
        );
        break;
      case "boolean":
        alternatives.push(fc.boolean());
        break;
      case "null":
        alternatives.push(fc.constant(null));
        break;
      case "array":
        alternatives.push(fc.array(fromSchema(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 5) }));
        break;
      case "object": {
        const props = Object.entries(schema.properties ?? {});
        const shaped = fc.record(Object.fromEntries(props.map(([k, s]) => [k, fromSchema(s, depth + 1)])), { requiredKeys: [] });
        const extra = fc.dictionary(
          fc.constantFrom("price", "total", "status", "paid", "userId", "role", "__proto__", "constructor", "x"),
          junk,
          { maxKeys: 2 },
        );
        const open = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
        alternatives.push(
          shaped,
          fc.tuple(shaped, extra).map(([a, b]) => ({ ...a, ...b })),
          ...(open
            ? [
                fc.dictionary(fc.oneof(fc.constantFrom(...realIds), fc.string({ maxLength: 20 })), fromSchema(open, depth + 1), {
                  maxKeys: 4,
                }),
              ]
            : []),
        );
        break;
      }
    }
  }
  if (alternatives.length === 0) alternatives.push(junk);
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...alternatives) }, { weight: 1, arbitrary: junk });
}

// Segments at, just over and far over the router's limit (maxParamLength 200: 414 in the one error shape), and a
// %-escape the router cannot decode.
const segment = fc.oneof(
  fc.constantFrom(...["x", "0", "-1", "%00", "%2e%2e", "%F0%9F%99%82", "%E0%A4%A", "a".repeat(199), "a".repeat(201), "x".repeat(5000)]),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

interface Part {
  name: string;
  value: string;
  file: { filename: string; type: string; bytes: Uint8Array } | null;
}

/** Real file starts (PNG, JPEG, PDF, GIF, SVG, HTML) followed by random bytes, or random bytes alone. */
const fileBytes = fc
  .tuple(
    fc.constantFrom(
      new Uint8Array(0),
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]),
      new TextEncoder().encode("%PDF-1.4\n"),
      new TextEncoder().encode("GIF89a"),
      new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'>"),
      new TextEncoder().encode("<!doctype html><script>"),
    ),
    fc.uint8Array({ maxLength: 3000 }),
  )
  .map(([head, tail]) => Uint8Array.from([...head, ...tail]));

const part: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof(fc.constantFrom("orderId", "text", "file", "files", "image", "x", ""), fc.string({ maxLength: 20 })),
  value: fc.oneof(fc.constantFrom(...["", "olá", "x".repeat(5000)]), fc.string({ maxLength: 200 })),
  file: fc.option(
    fc.record({
      filename: fc.oneof(fc.constantFrom("a.png", "b.pdf", "../../x", "", "c.svg"), fc.string({ maxLength: 30 })),
      type: fc.constantFrom("image/png", "application/pdf", "text/html", "application/octet-stream", ""),
      bytes: fileBytes,
    }),
    { nil: null },
  ),
});

function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  const clean = (v: string) => v.replace(/["\r\n]/g, "_");
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${clean(p.name)}"${p.file ? `; filename="${clean(p.file.filename)}"` : ""}`;
    const type = p.file?.type ? `\r\nContent-Type: ${p.file.type}` : "";
    chunks.push(
      Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`),
      p.file ? Buffer.from(p.file.bytes) : Buffer.from(p.value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

interface Input {
  pathValues: string[];
  query: Record<string, unknown>;
  body:
    | { kind: "json"; value: unknown }
    | { kind: "raw"; value: string; type: string }
    | { kind: "multipart"; parts: Part[] }
    | { kind: "none" };
  auth: "none" | "customer" | "admin" | "support" | "garbage" | "token-header";
  header: string | null;
}

function inputFor(op: Operation): fc.Arbitrary<Input> {
  const queryArb = fc.record(Object.fromEntries(op.query.map((q) => [q.name, fromSchema(q.schema)])), { requiredKeys: [] });
  return fc.record({
    pathValues: fc.array(fc.oneof(fc.constantFrom(...realIds), segment), {
      minLength: op.pathParams.length,
      maxLength: op.pathParams.length,
    }),
    query: fc.oneof(queryArb, fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 }), { maxKeys: 3 })),
    body: fc.oneof(
      { weight: 5, arbitrary: fromSchema(op.body ?? { type: "object" }).map((value) => ({ kind: "json" as const, value })) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("raw" as const),
          value: fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.constantFrom('{"a":', "[1,2", "\u0000", '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nolá\r\n--x--\r\n'),
          ),
          type: fc.constantFrom(
            "application/json",
            "text/plain",
            "multipart/form-data; boundary=x",
            "multipart/form-data",
            "application/x-www-form-urlencoded",
            "application/octet-stream",
          ),
        }),
      },
      {
        weight: op.multipart ? 5 : 1,
        // Half the forms name the customer's real order, so the junk reaches the chat's deeper code.
        arbitrary: fc.tuple(fc.boolean(), fc.array(part, { maxLength: 4 })).map(([real, parts]) => ({
          kind: "multipart" as const,
          parts: real ? [{ name: "orderId", value: realIds[2]!, file: null }, ...parts] : parts,
        })),
      },
      { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
    ),
    auth: fc.constantFrom("none", "customer", "admin", "support", "garbage", "token-header"),
    header: fc.option(fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom("k1", "k".repeat(101))), { nil: null }),
  });
}

function request(op: Operation, input: Input) {
  let url = op.path;
  op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, input.pathValues[i]!)));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) if (v !== undefined) qs.set(k, typeof v === "string" ? v : JSON.stringify(v));
  if ([...qs].length) url += `?${qs}`;
  const headers: Record<string, string> = {};
  if (input.auth === "garbage") headers.authorization = "Bearer lixo.lixo.lixo";
  else if (input.auth === "token-header") headers.token = tokens.customer!;
  else if (input.auth !== "none") headers.authorization = `Bearer ${tokens[input.auth]}`;
  if (input.header !== null) headers["idempotency-key"] = input.header.replace(/[^\x20-\x7e]/g, "");
  let payload: string | Buffer | undefined;
  if (input.body.kind === "json" && op.method !== "GET" && op.method !== "DELETE") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(input.body.value) ?? "null";
  } else if (input.body.kind === "multipart" && op.method !== "GET") {
    headers["content-type"] = "multipart/form-data; boundary=fuzzboundary";
    payload = multipart(input.body.parts, "fuzzboundary");
  } else if (input.body.kind === "raw" && op.method !== "GET") {
    headers["content-type"] = input.body.type;
    payload = input.body.value;
  }
  return t.app.inject({ method: op.method as "GET", url, headers, payload });
}

/** Every leaf path of a JSON value: ["address","city"], ["items",0,"quantity"]… */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

describe("fuzzing every operation of /api/openapi.json", () => {
  it("finds the operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(13);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(["POST /api/order/place", "POST /api/cart/add", "POST /api/user/firebase-login"]),
    );
  });

  it("answers every generated input of every operation with a status below 500 and the one error shape", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      const statuses = new Map<number, number>();
      figures.set(name, statuses);
      // Every operation gets its full run even when an earlier one failed, so the report names them all.
      await fc
        .assert(
          fc.asyncProperty(inputFor(op), async (input) => {
            const res = await request(op, input);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) throw new Error(`${name} → ${res.statusCode} ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400 && res.headers["content-type"]?.toString().includes("json")) {
              const body = res.json() as { success?: unknown; message?: unknown };
              if (body.success !== false || typeof body.message !== "string")
                throw new Error(`${name} → ${res.statusCode} without the error shape: ${res.body.slice(0, 300)}`);
              if (/\bat .+:\d+:\d+/.test(res.body)) throw new Error(`${name} leaked a stack trace`);
            }
          }),
          { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch((error: Error) =>
          failures.push(`${String(error.cause ?? error.message)}\n  ${error.message.split("\n").slice(0, 3).join("\n  ")}`),
        );
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers valid commerce bodies with one field replaced by anything, and junk chat forms, with a status below 500", async () => {
    // Random bodies rarely get past validation; these start valid, so the junk reaches the domain and the database.
    const products = await liveProducts(t);
    const p = products[2]!;
    const valid: [string, object][] = [
      [
        "/api/order/place",
        orderBody([
          { product: p, quantity: 2 },
          { product: products[3]!, quantity: 1 },
        ]),
      ],
      ["/api/order/stripe", orderBody([{ product: p, quantity: 1 }], { paymentMethod: "stripe" })],
      ["/api/cart/add", { itemId: p.id, size: p.sizes[0] }],
      ["/api/cart/update", { itemId: p.id, size: p.sizes[0], quantity: 3 }],
      ["/api/cart/merge", { cartData: { [p.id]: { [p.sizes[0]!]: 2 } } }],
      ["/api/order/verifyStripe", { success: "true", orderId: realIds[2] }],
    ];
    // Placement is rate-limited per customer (30 a minute): a fresh customer every 25 requests keeps the fuzz deep.
    let current = { token: tokens.customer!, uses: 0 };
    const customerToken = async () => {
      if (++current.uses > 25) current = { token: (await registerCustomer(t.app)).token, uses: 1 };
      return current.token;
    };
    const leafJunk = fc.oneof(
      junk,
      fc.string({ unit: "grapheme", maxLength: 300 }),
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.double(),
    );
    for (const [url, body] of valid) {
      const statuses = new Map<number, number>();
      figures.set(`POST ${url} (valid body, one leaf replaced)`, statuses);
      const paths = leaves(body);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), leafJunk, fc.boolean(), async (path, leaf, keyed) => {
          const res = await post(t, url, withLeaf(body, path, leaf), {
            authorization: `Bearer ${await customerToken()}`,
            ...(keyed ? { "idempotency-key": `fuzz-${Math.random()}` } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${url} ${JSON.stringify(path)}=${JSON.stringify(leaf)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_OPERATION * 2 },
      );
    }

    // The chat's multipart form, from its owner, on a real order: junk text and junk files of every kind.
    const statuses = new Map<number, number>();
    figures.set("POST /api/message/send (owner, real order, junk parts)", statuses);
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { maxLength: 3 }),
        fc.option(fc.string({ maxLength: 5000 }), { nil: undefined }),
        async (parts, text) => {
          const form = [
            { name: "orderId", value: realIds[2]!, file: null },
            ...(text === undefined ? [] : [{ name: "text", value: text, file: null }]),
            ...parts,
          ];
          const res = await t.app.inject({
            method: "POST",
            url: "/api/message/send",
            headers: { authorization: `Bearer ${tokens.customer}`, "content-type": "multipart/form-data; boundary=fuzzboundary" },
            payload: multipart(form, "fuzzboundary"),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(
            res.statusCode,
            `${JSON.stringify(form.map((p) => [p.name, p.value.slice(0, 40), p.file?.filename]))} → ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS_PER_OPERATION * 2 },
    );
  }, 600_000);
});
