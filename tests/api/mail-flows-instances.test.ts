// Two shop instances on one PostgreSQL database sending one outbox (docs/design/notifications.md): each e-mail
// leaves once whichever instance's worker claims it, a new order's mails are written once when both claim its
// notices, and a support reply is mailed once — not at all while the shopper's socket is open on the other
// instance. PostgreSQL only (the embedded database has one instance by design).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { sendSupportReply } from "../../server/domain/chat/service.ts";
import { liveProducts, orderBody } from "./commerce-fixtures.ts";
import { createOrder, listen, TestSocket, waitFor } from "./chat-fixtures.ts";
import { setTimeout as sleep } from "node:timers/promises";

const BASE = "https://loja.exemplo.ao";
/** Support replies gather this long (MAIL_DIGEST_DELAY_SECONDS): wide enough for two replies on a loaded machine. */
const WINDOW_SECONDS = 3;

describe("two instances on one PostgreSQL database", () => {
  let a: TestApp;
  let b: TestApp;
  let sink: SmtpSink;
  const sockets: TestSocket[] = [];
  const env = {
    MAIL_DIGEST_DELAY_SECONDS: String(WINDOW_SECONDS),
    MAIL_RETRY_SECONDS: "1",
    PUBLIC_URL: BASE,
    PAYMENT_DEADLINE_WORKER: "false",
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await buildTestApp({ env: { ...env, SMTP_URL: sink.url } });
    // Instance B: its own pool, hub, mail worker and presence, the same database and configuration.
    b = await buildOtherInstance(a);
    await b.app.ready();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  it("sends each e-mail once whichever instance's worker takes it", async () => {
    const [product] = await liveProducts(a);
    // A shopper per order (one may have 3 unpaid orders at once), signed up on either instance.
    const customers = await Promise.all(Array.from({ length: 8 }, (_, i) => registerCustomer(i % 2 ? b.app : a.app)));
    const placed = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const c = customers[i]!;
        const res = await (i % 2 ? b.app : a.app).inject({
          method: "POST",
          url: "/api/order/place",
          headers: c.auth,
          payload: orderBody([{ product: product!, quantity: 1 }]),
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { orderId: string }).orderId;
      }),
    );
    // Written after each order's commit (its order.placed event's reactions), then sent.
    await waitFor(
      async () => (await a.prisma.domainEvent.count({ where: { orderId: { in: placed }, doneAt: null } })) === 0,
      20_000,
      "notices written",
    );
    await waitFor(async () => (await a.prisma.outboxMail.count({ where: { status: "pending" } })) === 0, 20_000, "outbox drained");
    await sleep(500);
    const subjects = sink.messages.map((m) => m.subject);
    for (const orderId of placed) expect(subjects.filter((s) => s === `Pedido #${shortOrderId(orderId)} recebido`)).toHaveLength(1);
    const attempts = new Set((await a.prisma.outboxMail.findMany({ select: { attempts: true } })).map((m) => m.attempts));
    expect(attempts).toEqual(new Set([1]));
  });

  it("writes a new order's mails once when both instances' dispatchers take its event at the same moment", async () => {
    const [product] = await liveProducts(a);
    const ids: string[] = [];
    let c!: Awaited<ReturnType<typeof registerCustomer>>;
    for (let i = 0; i < 6; i++) {
      // Two shoppers, three orders each (one may have 3 unpaid orders at once).
      if (i % 3 === 0) c = await registerCustomer(a.app);
      const res = await a.app.inject({
        method: "POST",
        url: "/api/order/place",
        headers: c.auth,
        payload: orderBody([{ product: product!, quantity: 1 }]),
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push((res.json() as { orderId: string }).orderId);
    }
    const confirmations = () => a.prisma.outboxMail.findMany({ where: { dedupeKey: { in: ids.map((id) => `order-placed:${id}`) } } });
    await waitFor(async () => (await confirmations()).length === ids.length, 20_000, "the confirmations written");
    // As if the instance that placed them had stopped before writing their mails: their events due again (new
    // ones, whose reactions never ran), the mails gone. Both instances' dispatchers are woken by the commit.
    await a.prisma.outboxMail.deleteMany({ where: { id: { in: (await confirmations()).map((m) => m.id) } } });
    await a.prisma.domainEvent.createMany({ data: ids.map((orderId) => ({ name: "order.placed", orderId })) });
    await a.prisma.$executeRawUnsafe(`SELECT pg_notify('loja_events', '')`);
    await waitFor(
      async () => (await a.prisma.domainEvent.count({ where: { orderId: { in: ids }, doneAt: null } })) === 0,
      20_000,
      "every order done",
    );
    const written = await confirmations();
    expect(written.map((m) => m.dedupeKey).sort()).toEqual(ids.map((id) => `order-placed:${id}`).sort());
  });

  it("mails a support reply once, and not at all while the shopper's socket is open on the other instance", async () => {
    const staff = await createStaff(a, "support");
    const away = await registerCustomer(a.app);
    const awayOrder = await createOrder(a.prisma, away.userId);
    await sendSupportReply(a.prisma, { orderId: awayOrder, staffUserId: staff.userId, text: "Resposta única", file: null });
    await a.settled();
    await waitFor(() => sink.messages.some((m) => m.to.includes(away.email)), 15_000, "digest mail");
    await sleep(2000);
    expect(sink.messages.filter((m) => m.to.includes(away.email))).toHaveLength(1);

    const online = await registerCustomer(a.app);
    const onlineOrder = await createOrder(a.prisma, online.userId);
    const urlB = await listen(b.app);
    const socket = await TestSocket.ready(urlB, online.token);
    sockets.push(socket);
    // B writes who is connected to it every few seconds: A sees the shopper online from then on.
    await b.deps.notifier.presence.refresh();
    expect((await a.deps.notifier.presence.snapshot()).isOnline(online.userId)).toBe(true);
    await sendSupportReply(a.prisma, { orderId: onlineOrder, staffUserId: staff.userId, text: "Vista em B", file: null });
    await a.settled();
    await sleep((WINDOW_SECONDS + 2) * 1000);
    expect(sink.messages.filter((m) => m.to.includes(online.email))).toEqual([]);
  });
});
