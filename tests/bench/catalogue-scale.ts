// The catalogue at the shop's real size, on the embedded database: 10,000 products with distinct names and
// descriptions, 20,000 customers, 100,000 orders and 20,000 conversations (60,000 messages). Reports the p50/p95
// of the storefront's catalogue queries (search over 10,000 products: goal p95 ≤ 50 ms) and of every console
// list with its filters and sorts, in process (app.inject), beside a reference measured in the same run: a
// route that does no database work, so figures from a slow and a fast machine can be compared as ratios.
// Run alone with `BENCH_PARTS=scale npm run bench`; the search alone, on both databases, with
// `npx tsx tests/bench/catalogue-search.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config.ts";
import { start } from "../../server/bootstrap.ts";
import { createStaffAccount } from "../../server/domain/users/service.ts";
import { TAXONOMY } from "../../shared/catalogue.ts";

export const PRODUCTS = 10_000;
const CUSTOMERS = 20_000;
const ORDERS = 100_000;
const CONVERSATIONS = 20_000;
const ROUNDS = 25;

const NOUNS = [
  "Ténis",
  "Camisola",
  "Telemóvel",
  "Portátil",
  "Sofá",
  "Cadeira",
  "Berbequim",
  "Gerador",
  "Relógio",
  "Auscultadores",
  "Frigorífico",
  "Mesa",
  "Vestido",
  "Calças",
  "Televisor",
  "Candeeiro",
  "Máquina de Costura",
  "Aspirador",
  "Colchão",
  "Mochila",
];
const BRANDS = [
  "Kalunga",
  "Muxima",
  "Kwanza",
  "Benguela",
  "Namibe",
  "Huambo",
  "Lobito",
  "Cabinda",
  "Malanje",
  "Uíge",
  "Zaire",
  "Moxico",
  "Cuanza",
  "Bié",
];
const MODELS = ["Pro", "Max", "Lite", "Plus", "Sport", "Classic", "Eco", "Prime", "Mini", "Ultra"];
const TRAITS = [
  "resistente à água",
  "com garantia de 12 meses",
  "importado de Portugal",
  "original com fatura",
  "entrega em Luanda",
  "cor preta",
  "cor branca",
  "em pele",
  "em algodão",
  "bateria de longa duração",
  "ecrã de 6,5 polegadas",
  "motor de 800 W",
];

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
const pairs = Object.entries(TAXONOMY).flatMap(([category, subs]) => subs.map((sub) => [category, sub] as const));

const pick = (arr: string, len: number, expr: string) => `(${arr})[1 + (${expr}) % ${len}]`;

/** 10,000 products with distinct names and descriptions, each with a picture of the demo catalogue (also used by the Lighthouse bench). */
export function scaleProductsSql(): string {
  const cats = sqlArray(pairs.map((p) => p[0]));
  const subs = sqlArray(pairs.map((p) => p[1]));
  return `
    INSERT INTO products (id, name, description, price, sizes, category, sub_category, bestseller, created_at, updated_at)
      SELECT 'scale' || g,
        ${pick(sqlArray(NOUNS), NOUNS.length, "g")} || ' ' || ${pick(sqlArray(BRANDS), BRANDS.length, "g / 20")} || ' ' || ${pick(sqlArray(MODELS), MODELS.length, "g / 280")} || ' ' || g,
        'Modelo ' || g || ', ' || ${pick(sqlArray(TRAITS), TRAITS.length, "g")} || ', ' || ${pick(sqlArray(TRAITS), TRAITS.length, "g / 12 + 5")} || '. Produto 100% original.',
        1000 + (g * 7919) % 900000, ARRAY['Único'], ${pick(cats, pairs.length, "g")}, ${pick(subs, pairs.length, "g")}, g % 25 = 0,
        now() - (${PRODUCTS} - g) * interval '1 minute', now()
      FROM generate_series(1, ${PRODUCTS}) g;
    INSERT INTO product_images (id, product_id, position, media_id, thumb_id)
      SELECT 'scale' || g || '_0', 'scale' || g, 0, i.media_id, i.thumb_id
      FROM generate_series(1, ${PRODUCTS}) g,
           LATERAL (SELECT media_id, thumb_id FROM product_images ORDER BY id OFFSET (g % 40) LIMIT 1) i;
    ANALYZE;`;
}

function seedSql(): string {
  return `${scaleProductsSql()}
    INSERT INTO users (id, name, email, phone, role, updated_at, created_at)
      SELECT 'scaleuser' || g, ${pick(sqlArray(["Ana", "João", "Maria", "Paulo", "Helena", "Domingos", "Teresa", "Manuel"]), 8, "g")} || ' ' || ${pick(sqlArray(BRANDS), BRANDS.length, "g / 8")} || ' ' || g,
             'cliente' || g || '@exemplo.ao', '+2449' || lpad(g::text, 8, '0'), 'customer', now(), now() - g * interval '1 hour'
      FROM generate_series(1, ${CUSTOMERS}) g;
    INSERT INTO orders (id, user_id, status, payment_method, address, payment_reference, subtotal, delivery_fee, total_amount, created_at, updated_at)
      SELECT 'scaleorder' || g, 'scaleuser' || (1 + g % ${CUSTOMERS}),
             ${pick(sqlArray(["Aguardando Pagamento", "Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue", "Cancelado"]), 6, "g")},
             'bank_transfer', jsonb_build_object('city', 'Luanda', 'phone', '+244 93' || lpad((g % 30000)::text, 7, '0')),
             'LJS' || lpad(g::text, 6, '0'), 10000 + g % 500000, 5000, 15000 + g % 500000,
             now() - g * interval '5 minutes', now() - g * interval '4 minutes'
      FROM generate_series(1, ${ORDERS}) g;
    INSERT INTO payments (id, order_id, amount, bank_reference, bank_reference_key, received_at, actor)
      SELECT 'scalepay' || g, 'scaleorder' || g, 1000, 'BAI-TRF-' || g, 'baitrf' || g, now(), 'Bench'
      FROM generate_series(1, ${ORDERS}, 10) g;
    INSERT INTO messages (id, order_id, sender, text, created_at, read_by_support_at)
      SELECT 'scalemsg' || g || '_' || k, 'scaleorder' || g, CASE WHEN k = 2 THEN 'support' ELSE 'client' END,
             'Mensagem ' || k || ' sobre a encomenda ' || g, now() - g * interval '3 minutes' + k * interval '10 seconds',
             CASE WHEN g % 7 = 0 AND k = 3 THEN NULL ELSE now() END
      FROM generate_series(1, ${CONVERSATIONS}) g, generate_series(1, 3) k;
    ANALYZE;`;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

export default async function catalogueScale() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "loja-scale-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    JWT_SECRET: "scale-bench-secret-that-is-long-enough-0123456789",
    SEED_DEMO: "true",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: "",
  });
  const started = await start(config, { logger: false, serveApps: false });
  const { app, deps } = started;
  const rows: { figure: string; value: string; goal: string; ok?: boolean }[] = [];
  try {
    const seedStart = performance.now();
    await deps.db.exec(seedSql());
    deps.productListCache.invalidate();
    rows.push({
      figure: "seeded",
      value: `${PRODUCTS.toLocaleString("en")} products, ${ORDERS.toLocaleString("en")} orders, ${CONVERSATIONS.toLocaleString("en")} conversations in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      goal: "",
    });
    const admin = await createStaffAccount(deps.db.prisma, {
      email: "scale-admin@exemplo.ao",
      password: "bench-senha-forte-9",
      role: "admin",
    });
    const auth = { authorization: `Bearer ${await deps.tokens.sign({ userId: admin.id, role: "admin", sessionVersion: 0 })}` };

    const time = async (url: string, headers: Record<string, string> = {}) => {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url, headers });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return { p50: pct(times, 50), p95: pct(times, 95) };
    };
    const reference = await time("/robots.txt");
    rows.push({
      figure: "reference: GET /robots.txt in process (no database)",
      value: `p50 ${reference.p50.toFixed(2)} ms, p95 ${reference.p95.toFixed(2)} ms`,
      goal: "",
    });
    const measure = async (figure: string, url: string, goalMs?: number, headers?: Record<string, string>) => {
      const t = await time(url, headers);
      rows.push({
        figure,
        value: `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${(t.p95 / reference.p50).toFixed(0)}× the reference)`,
        goal: goalMs ? `p95 ≤ ${goalMs} ms` : "",
        ok: goalMs ? t.p95 <= goalMs : undefined,
      });
    };
    const q = (text: string) => `/api/catalogue/products?q=${encodeURIComponent(text)}`;
    for (const text of [
      "tenis",
      "TÉNIS",
      "telefone",
      "portatl",
      "sofa kalunga",
      "berbequim pro",
      "cadeira escritorio preta",
      "nadaaquiexiste",
    ]) {
      await measure(`search "${text}" over ${PRODUCTS.toLocaleString("en")} products`, q(text), 50);
    }
    await measure("collection page 1, no filter", "/api/catalogue/products", 50);
    await measure("collection page 40, Moda, price high-low", "/api/catalogue/products?category=Moda&sort=price_desc&page=40", 50);
    await measure("home lists", "/api/catalogue/home", 50);
    await measure("product page data with 5 related", "/api/catalogue/products/scale5000", 50);
    const range = (a: number, b: number) => `range=${encodeURIComponent(JSON.stringify([a, b]))}`;
    const sort = (f: string, o: string) => `sort=${encodeURIComponent(JSON.stringify([f, o]))}`;
    const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
    const lists: [string, string][] = [
      ["console products, newest", `/admin/api/products?${range(0, 24)}&${sort("createdAt", "DESC")}`],
      [
        "console products, search 'kalunga', by price",
        `/admin/api/products?${range(0, 24)}&${sort("price", "ASC")}&${filter({ q: "kalunga" })}`,
      ],
      ["console orders, newest", `/admin/api/orders?${range(0, 24)}&${sort("createdAt", "DESC")}`],
      ["console orders, page 200 by total", `/admin/api/orders?${range(4975, 4999)}&${sort("totalAmount", "DESC")}`],
      ["console orders, status Enviado", `/admin/api/orders?${range(0, 24)}&${filter({ status: "Enviado" })}`],
      ["console orders, search a customer's name", `/admin/api/orders?${range(0, 24)}&${filter({ q: "Helena Bié" })}`],
      ["console orders, search a phone number", `/admin/api/orders?${range(0, 24)}&${filter({ q: "900012345" })}`],
      ["console orders, search a delivery phone with spaces", `/admin/api/orders?${range(0, 24)}&${filter({ q: "930 012 345" })}`],
      ["console orders, search a delivery phone with 00244", `/admin/api/orders?${range(0, 24)}&${filter({ q: "00244930012345" })}`],
      ["console orders, search a payment reference", `/admin/api/orders?${range(0, 24)}&${filter({ q: "ljs012345" })}`],
      ["console orders, search a bank reference", `/admin/api/orders?${range(0, 24)}&${filter({ q: "bai trf 12341" })}`],
      ["console customers, search a delivery phone", `/admin/api/customers?${range(0, 24)}&${filter({ q: "+244 930 012 345" })}`],
      ["console customers, newest", `/admin/api/customers?${range(0, 24)}&${sort("createdAt", "DESC")}`],
      ["console customers, search", `/admin/api/customers?${range(0, 24)}&${filter({ q: "domingos" })}`],
      ["console conversations, latest", `/admin/api/conversations?${range(0, 24)}`],
      ["console conversations, unread", `/admin/api/conversations?${range(0, 24)}&${filter({ unread: true })}`],
      ["console dashboard", "/admin/api/dashboard"],
    ];
    for (const [figure, url] of lists) await measure(figure, url, 100, auth);
    return rows;
  } finally {
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
