// What an operator watches (docs/design/operations.md#metrics), in Prometheus' text format through prom-client:
// request durations by route pattern and status, the shop's events (orders placed, payments recorded, mail failures)
// counted where they happen, and at each scrape the outbox backlog, open sockets, the database pool and Node's own
// figures (event-loop lag, memory, GC). Each app has its own registry; the event counters are per process.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Counted by the domain after the commit that made the event true. Registered in each app's registry. */
export const shopEvents = {
  ordersPlaced: new Counter({
    name: "loja_orders_placed_total",
    help: "Orders placed on this instance, by payment method",
    labelNames: ["method"] as const,
    registers: [],
  }),
  paymentsRecorded: new Counter({
    name: "loja_payments_recorded_total",
    help: "Payments recorded on this instance (bank transfers, proofs, statements, Multicaixa, Stripe)",
    registers: [],
  }),
  mailSendFailures: new Counter({
    name: "loja_outbox_send_failures_total",
    help: "Failed mail sends on this instance: outcome retry (will be tried again) or gave_up (marked failed)",
    labelNames: ["outcome"] as const,
    registers: [],
  }),
};

export interface MetricsSources {
  openSockets(): number;
  poolUse?(): { max: number; total: number; idle: number; waiting: number };
  outboxBacklog(): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }>;
}

export interface AppMetrics {
  registry: Registry;
  /** One finished HTTP request: `route` is the route's pattern (e.g. /api/order/:id), never the raw URL. */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

/** Bounds from a cached page (5 ms) to a slow upload (10 s), in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "loja_" });
  registry.registerMetric(shopEvents.ordersPlaced);
  registry.registerMetric(shopEvents.paymentsRecorded);
  registry.registerMetric(shopEvents.mailSendFailures);

  const requests = new Histogram({
    name: "loja_http_request_duration_seconds",
    help: "HTTP request duration by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "loja_open_sockets",
    help: "Real-time sockets open on this instance",
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  // Both outbox gauges read one backlog per scrape: a scrape collects every metric at once, so the second finds the
  // first one's query in flight. A database that does not answer leaves them out of that scrape.
  let reading: Promise<Awaited<ReturnType<MetricsSources["outboxBacklog"]>>> | undefined;
  const backlog = () => (reading ??= sources.outboxBacklog().finally(() => (reading = undefined)));
  new Gauge({
    name: "loja_outbox_mails",
    help: "Mails in the outbox by status: pending (waiting to be sent) or failed (given up on), for the whole shop",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = await backlog().catch(() => undefined);
      if (!now) return;
      this.set({ status: "pending" }, now.pending);
      this.set({ status: "failed" }, now.failed);
    },
  });
  new Gauge({
    name: "loja_outbox_oldest_pending_seconds",
    help: "Age of the oldest mail still waiting to be sent (0 when none)",
    registers: [registry],
    async collect() {
      this.reset();
      const now = await backlog().catch(() => undefined);
      if (now) this.set(now.oldestPendingAt ? Math.max(0, (Date.now() - now.oldestPendingAt.getTime()) / 1000) : 0);
    },
  });
  if (sources.poolUse) {
    const poolUse = sources.poolUse;
    new Gauge({
      name: "loja_db_pool_connections",
      help: "Database pool connections by state: max (the pool's size), total (open), idle, waiting (callers queued for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        for (const state of ["max", "total", "idle", "waiting"] as const) this.set({ state }, use[state]);
      },
    });
  }
  return {
    registry,
    observeRequest: ({ method, route, status }, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
  };
}
