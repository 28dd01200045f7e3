// A deploy under load (docs/design/operations.md#rolling-restart): two shop processes on one PostgreSQL database
// behind nginx, media in an S3 stand-in, mail to a local SMTP server. While shoppers browse, add to their carts
// and place orders through the proxy, one instance gets SIGTERM and a new one starts: no request fails, every
// acknowledged order is stored, a shopper's socket reconnects and gets the next support reply, every mail is sent
// once and every unpaid order expires once.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { loadConfig } from "../../server/config.ts";
import { createStaffAccount } from "../../server/domain/users/service.ts";
import { RealtimeClient, type RealtimeEvent } from "../../shared/realtime-client.ts";
import { CANCELLED } from "../../shared/orders.ts";
import { startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { startFakeS3, type FakeS3 } from "../helpers/fake-s3.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";
import { freePort, startNginx, type Nginx } from "../helpers/nginx.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { TEST_JWT_SECRET } from "../helpers/app.ts";
import type { Database } from "../../server/db/client.ts";
import { waitFor } from "./chat-fixtures.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { TOO_MANY_UNPAID_ORDERS } from "../../shared/unpaid-orders.ts";

const onPostgres = inject("dbKind") === "postgres";
const SHOPPER_PAUSE_MS = 40;

// The storefront's realtime client runs here as in a browser: Node 20 has no WebSocket of its own.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

if (!onPostgres)
  describe("on the embedded database", () => {
    it("has nothing to hand over on shutdown: no drain by default (one process), 3 s on PostgreSQL", () => {
      expect(loadConfig({ DATA_DIR: tmpdir() }).shutdownDrainMs).toBe(0);
      expect(loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: "postgresql://x@127.0.0.1/loja" }).shutdownDrainMs).toBe(3000);
    });
  });

if (onPostgres)
  describe("a rolling restart behind a reverse proxy", () => {
    const S3 = { bucket: "loja-media", accessKeyId: "AKIDLOJA", secretAccessKey: "segredo-do-s3-local", region: "us-east-1" };
    const METRICS_TOKEN = "metrics-token-rolling-0123456789";
    let db: Database & { name: string };
    let s3: FakeS3;
    let smtp: SmtpSink;
    let nginx: Nginx;
    const shops: ShopProcess[] = [];
    const clients: RealtimeClient[] = [];

    const env = () => ({
      DATABASE_URL: db.url!,
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: "production",
      PUBLIC_URL: "https://loja.exemplo.ao",
      SEED_DEMO: "false",
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_BUCKET: S3.bucket,
      MEDIA_S3_ACCESS_KEY_ID: S3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      SMTP_URL: smtp.url,
      MAIL_RETRY_SECONDS: "1",
      METRICS_TOKEN,
      // Unpaid bank-transfer orders expire 3.6 s after placement: during the test, across the restart.
      PAYMENT_DEADLINE_HOURS: "0.001",
      // Expiries every second instead of every 10 s: the test waits for every order to expire.
      PAYMENT_DEADLINE_INTERVAL_SECONDS: "1",
      SHUTDOWN_DRAIN_MS: "1500",
      // Every shopper comes through the proxy from one address: the load is about the restart, not that limit.
      PLACEMENTS_PER_ADDRESS_PER_HOUR: "100000",
      LOG_LEVEL: "warn",
    });
    // Three slots behind the proxy: A and B now, C for the new instance (down until it starts, skipped meanwhile).
    let slots: number[];
    const startShop = async (port: number) => {
      const shop = await startShopProcess({
        env: { ...env(), PORT: String(port) },
        dataDir: mkdtempSync(path.join(tmpdir(), "loja-rolling-")),
      });
      shops.push(shop);
      return shop;
    };

    beforeAll(async () => {
      db = await openTestDatabase("postgres", inject("dbTemplate"), inject("dbServerUrl"));
      [s3, smtp] = await Promise.all([startFakeS3(S3), startSmtpSink()]);
      slots = [await freePort(), await freePort(), await freePort()];
      await Promise.all([startShop(slots[0]!), startShop(slots[1]!)]);
      nginx = await startNginx(slots);
      // Two shop processes starting at once on a loaded two-core machine: more than the API hooks' default bound.
    }, 300_000);
    afterAll(async () => {
      for (const client of clients) client.close();
      await Promise.all(shops.map((shop) => shop.stop()));
      await nginx?.close();
      await smtp?.close();
      await s3?.close();
      await db?.close();
    });

    const api = async (route: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${nginx.url}${route}`, {
        method: init.body ? "POST" : "GET",
        headers: {
          ...(init.body ? { "content-type": "application/json" } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    const openSocketsOn = async (shop: ShopProcess) => {
      const res = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return Number(/^loja_open_sockets (\d+)$/m.exec(await res.text())?.[1] ?? "0");
    };

    it(
      "loses no request, order, socket message, mail or expiry when one instance stops and a new one starts",
      { timeout: 240_000 },
      async () => {
        const [a, b] = shops as [ShopProcess, ShopProcess];
        const products = (await api("/api/product/list")).body.products as { _id: string; name: string; price: number; sizes: string[] }[];
        const product = products.find((p) => p.sizes.length > 0)!;

        // Shoppers, and the one who will chat (with an order to chat about).
        const shoppers: string[] = [];
        for (let i = 0; i < 6; i++) {
          const res = await api("/api/user/register", {
            body: { name: `Cliente ${i}`, email: `rolling.${i}.${Date.now()}@exemplo.ao`, password: "senha-segura-1" },
          });
          expect(res.status).toBe(200);
          shoppers.push(res.body.token as string);
        }
        const orderBody = (n: number) => ({
          address: {
            firstName: "Ana",
            lastName: "Silva",
            email: "ana.silva@exemplo.ao",
            street: "Rua Major Kanhangulo 12",
            city: "Luanda",
            state: "Luanda",
            zipcode: "1000",
            country: "Angola",
            // Each shopper's own phone: a phone may have 3 unpaid orders at once.
            phone: `+244 923 000 00${n}`,
          },
          items: [
            { itemId: product._id, name: product.name, image: ["/media/x"], price: product.price, size: product.sizes[0], quantity: 1 },
          ],
          totalAmount: product.price + 5000,
          paymentMethod: "cod",
        });
        const chatter = shoppers[0]!;
        const chatOrder = await api("/api/order/place", {
          token: chatter,
          body: orderBody(0),
          headers: { "idempotency-key": "chat-order" },
        });
        expect(chatOrder.status).toBe(200);
        const chatOrderId = chatOrder.body.orderId as string;

        // The chatting shopper's app, through the proxy, with the client the storefront uses; more tabs until one
        // of them is on A, the instance that will stop.
        const events: RealtimeEvent[][] = [];
        const openTab = async () => {
          const seen: RealtimeEvent[] = [];
          const client = new RealtimeClient({
            token: chatter,
            url: `${nginx.url.replace("http", "ws")}/ws`,
            onInvalidToken: () => undefined,
          });
          client.on((event) => seen.push(event));
          client.joinRoom(chatOrderId);
          clients.push(client);
          events.push(seen);
          await waitFor(() => seen.some((e) => e.type === "ready"), 20_000, "socket ready");
        };
        await openTab();
        while ((await openSocketsOn(a)) === 0 && clients.length < 8) await openTab();
        expect(await openSocketsOn(a)).toBeGreaterThan(0);

        // The load: every shopper browses, adds to the cart and places an order, over and over, through nginx.
        const failures: string[] = [];
        const acknowledged: string[] = [];
        let loading = true;
        // Reads every round; cart writes and placements within what one customer may do (300 and 30 a minute):
        // the load is about the restart, not the throttles.
        const recent = (times: number[], max: number) => {
          while (times.length && times[0]! < Date.now() - 61_000) times.shift();
          return times.length < max;
        };
        const shopper = async (token: string, n: number) => {
          const carts: number[] = [];
          const places: number[] = [];
          for (let round = 0; loading; round++) {
            // A shopper's pause between screens: six shoppers still keep requests in flight on both instances at
            // every moment, without spending two cores on the load itself (flat out, the file took ~100 s of CPU).
            if (round > 0) await sleep(SHOPPER_PAUSE_MS);
            const list = await api("/api/product/list");
            if (list.status !== 200) failures.push(`list ${list.status}`);
            if (recent(carts, 250)) {
              carts.push(Date.now());
              const cart = await api("/api/cart/add", { token, body: { itemId: product._id, size: product.sizes[0] } });
              if (cart.status !== 200) failures.push(`cart ${cart.status} ${JSON.stringify(cart.body)}`);
            }
            if (round % 3 !== 2 || !recent(places, 25)) continue;
            places.push(Date.now());
            const placed = await api("/api/order/place", {
              token,
              body: orderBody(n),
              headers: { "idempotency-key": `load-${n}-${round}` },
            });
            if (placed.status === 200) acknowledged.push(placed.body.orderId as string);
            // Three unpaid orders waiting to expire: this shopper places again once one has.
            else if (placed.status === 409 && placed.body.message === TOO_MANY_UNPAID_ORDERS) continue;
            else failures.push(`place ${placed.status} ${JSON.stringify(placed.body)}`);
          }
        };
        const load = Promise.all(shoppers.map((token, n) => shopper(token, n)));
        await waitFor(() => acknowledged.length >= 8, 60_000, "load running");

        // SIGTERM to A: not ready within a second (while it still serves), then it closes and exits cleanly.
        const sigterm = Date.now();
        const exited = a.stop();
        let notReadyAfterMs = -1;
        for (;;) {
          const res = await fetch(`${a.url}/health/ready`).catch(() => undefined);
          if (!res) break;
          if (res.status === 503) {
            notReadyAfterMs = Date.now() - sigterm;
            expect(await res.json()).toMatchObject({ success: false });
            break;
          }
          await res.arrayBuffer();
        }
        expect(notReadyAfterMs).toBeGreaterThanOrEqual(0);
        expect(notReadyAfterMs).toBeLessThan(1000);
        expect(await exited).toBe(0);

        // The new instance starts in the third slot.
        const c = await startShop(slots[2]!);
        const placedBefore = acknowledged.length;
        await waitFor(() => acknowledged.length >= placedBefore + 8, 60_000, "load after the restart");
        loading = false;
        await load;
        expect(failures).toEqual([]);

        // Every acknowledged order is stored, once.
        const stored = await db.query<{ id: string }>(`SELECT id FROM orders WHERE id = ANY($1::text[])`, [acknowledged]);
        expect(stored).toHaveLength(new Set(acknowledged).size);

        // Every tab reconnected (those on A after the 1012 close) and gets the next support reply.
        for (const seen of events) await waitFor(() => seen.filter((e) => e.type === "ready").length >= 1, 20_000, "reconnected");
        expect(events.some((seen) => seen.some((e) => e.type === "status" && !e.connected))).toBe(true);
        for (const seen of events)
          await waitFor(
            () => seen.filter((e) => e.type === "status" && e.connected).length === seen.filter((e) => e.type === "ready").length,
            20_000,
            "tab ready",
          );
        await waitFor(
          async () => (await Promise.all([b, c].map(openSocketsOn))).reduce((x, y) => x + y, 0) >= clients.length,
          20_000,
          "every tab on B or C",
        );
        const staffEmail = `suporte.${Date.now()}@exemplo.ao`;
        await createStaffAccount(db.prisma, { email: staffEmail, password: "senha-da-equipa-1", role: "support", name: "Suporte" });
        const staff = await api("/admin/api/auth/login", { body: { email: staffEmail, password: "senha-da-equipa-1" } });
        const form = new FormData();
        form.append("text", "Olá! O seu pedido está a caminho.");
        const reply = await fetch(`${nginx.url}/admin/api/conversations/${chatOrderId}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${staff.body.token as string}` },
          body: form,
        });
        expect(reply.status).toBe(200);
        for (const seen of events)
          await waitFor(
            () => seen.some((e) => e.type === "newMessage" && e.orderId === chatOrderId),
            20_000,
            "the support reply on every tab",
          );

        // Every unpaid order expires, once (one cancellation in its history), whichever instance ran the round.
        const all = [chatOrderId, ...acknowledged];
        await waitFor(
          async () =>
            (
              await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::text[]) AND status = $2`, [
                all,
                CANCELLED,
              ])
            )[0]!.n === all.length,
          90_000,
          "every order expired",
        );
        const cancellations = await db.query<{ order_id: string; n: number }>(
          `SELECT order_id, count(*)::int AS n FROM order_status_changes WHERE order_id = ANY($1::text[]) AND status = $2 GROUP BY order_id`,
          [all, CANCELLED],
        );
        expect(cancellations).toHaveLength(all.length);
        expect(cancellations.filter((row) => row.n !== 1)).toEqual([]);

        // Every mail leaves once: nothing pending or failed, and the SMTP server got exactly the mails marked sent.
        const unsent = () =>
          db.query<{
            kind: string;
            status: string;
            attempts: number;
            locked_by: string | null;
            last_error: string | null;
            next_attempt_at: Date;
          }>(`SELECT kind, status, attempts, locked_by, last_error, next_attempt_at FROM outbox_mails WHERE status <> 'sent'`);
        await waitFor(async () => (await unsent()).length === 0, 60_000, "outbox drained").catch(() => undefined);
        expect(await unsent()).toEqual([]);
        const [{ n: sent }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_mails WHERE status = 'sent'`)) as [
          { n: number },
        ];
        expect(sent).toBeGreaterThan(all.length); // at least each order's placement and expiry mails
        expect(smtp.messages).toHaveLength(sent);
      },
    );
  });
