// GET /metrics (docs/design/operations.md#metrics): absent without METRICS_TOKEN, refused without the bearer token,
// and with it Prometheus text holding request durations by route pattern, the shop's events and its gauges.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";
import { liveProducts, orderBody } from "./commerce-fixtures.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

describe("GET /metrics", () => {
  it("does not exist when METRICS_TOKEN is not set, even for someone who guesses a token", async () => {
    const bare = await buildTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const res = await scrape(bare, authorization);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, message: "Rota não encontrada: GET /metrics" });
      }
    } finally {
      await bare.close();
    }
  });

  it("refuses a scrape without the bearer token or with a wrong one (401, one error shape)", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
  });

  it("with the token, answers Prometheus text with durations by route pattern and status, orders, sockets, outbox and event-loop lag", async () => {
    const customer = await registerCustomer(t.app);
    const [product] = await liveProducts(t);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order/place",
      headers: customer.auth,
      payload: orderBody([{ product: product!, size: product!.sizes[0]!, quantity: 1 }]),
    });
    expect(placed.statusCode).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;
    expect((await t.app.inject({ method: "GET", url: `/api/message/${orderId}`, headers: customer.auth })).statusCode).toBe(200);
    // The order's mail is written by the order.placed reaction: counted once it ran.
    await t.settled();

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));

    const durations = families.get("loja_http_request_duration_seconds")!;
    expect(durations.type).toBe("HISTOGRAM");
    // (the parser folds a labelled histogram's series together: their labels are read off the _count lines)
    const routes = [
      ...res.body.matchAll(/^loja_http_request_duration_seconds_count\{method="([^"]+)",route="([^"]+)",status="(\d+)"\} \d+$/gm),
    ].map(([, method, route, status]) => `${method} ${route} ${status}`);
    expect(routes).toContain("POST /api/order/place 200");
    expect(routes).toContain("GET /api/message/:orderId 200");
    // the route's pattern, never the id a shopper sent
    expect(res.body).not.toContain(orderId);

    const orders = families.get("loja_orders_placed_total")!;
    expect(orders.type).toBe("COUNTER");
    expect(orders.metrics.reduce((sum, m) => sum + Number(m.value), 0)).toBeGreaterThanOrEqual(1);
    expect(families.get("loja_payments_recorded_total")?.type).toBe("COUNTER");
    expect(families.get("loja_outbox_send_failures_total")?.type).toBe("COUNTER");
    const outbox = families.get("loja_outbox_mails")!;
    expect(outbox.metrics.map((m) => m.labels!.status).sort()).toEqual(["failed", "pending"]);
    expect(Number(outbox.metrics.find((m) => m.labels!.status === "pending")!.value)).toBeGreaterThanOrEqual(1); // the order's mail
    expect(families.get("loja_outbox_oldest_pending_seconds")?.type).toBe("GAUGE");
    expect(families.get("loja_open_sockets")?.metrics[0]?.value).toBe("0");
    expect(families.get("loja_nodejs_eventloop_lag_seconds")?.type).toBe("GAUGE");
    if (inject("dbKind") === "postgres") {
      const pool = families.get("loja_db_pool_connections")!;
      expect(pool.metrics.map((m) => m.labels!.state).sort()).toEqual(["idle", "max", "total", "waiting"]);
    } else {
      expect(families.has("loja_db_pool_connections")).toBe(false); // the embedded database has no pool
    }
  });
});
