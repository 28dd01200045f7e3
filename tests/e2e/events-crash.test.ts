// A crash between a change and its reactions (docs/design/events.md): the shop runs without its events worker
// (EVENTS_WORKER=false, as if the process died right after each commit), staff record the payment that covers an
// order, and the process is killed with SIGKILL. Restarted on the same data directory, it runs the reactions the
// events still owe: the shopper gets "Pagamento confirmado" by e-mail and in the chat exactly once, and the order's
// confirmation once.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { placementBurst, postJson } from "../helpers/placement-burst.ts";
import { E2E_ADMIN, freshDataDir, shopApi, startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";
import { shortOrderId } from "../../shared/orders.ts";

const dataDir = freshDataDir();
let shop: ShopProcess | undefined;
afterAll(async () => {
  await shop?.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const killed = (child: ShopProcess["child"]) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

interface OutboxRow {
  kind: string;
  to: string;
}

describe("SIGKILL after a payment commits, before its reactions", () => {
  it("tells the shopper once after the restart: the e-mail and the chat line", async () => {
    shop = await startShopProcess({ dataDir, env: { EVENTS_WORKER: "false" } });
    const api = shopApi(() => shop!.url);
    const { orders, tokens } = await placementBurst(shop.url, { customers: 1, lines: 1, emailPrefix: "queda" });
    const placed = await postJson<{ orderId: string }>(`${shop.url}/api/order/place`, orders[0], tokens[0]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId;
    const admin = (await api<{ token: string }>("/admin/api/auth/login", { body: E2E_ADMIN })).body.token;
    const paid = await api(`/admin/api/orders/${orderId}/payments`, {
      token: admin,
      body: { amount: orders[0]!.totalAmount, bankReference: `QUEDA-${shortOrderId(orderId)}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Committed with its events, none of whose reactions ran: the shopper has heard nothing yet.
    const me = await api<{ account: { email: string } }>("/api/user/account", { token: tokens[0] });
    const email = me.body.account.email;
    const outboxFor = async () =>
      (
        await api<OutboxRow[]>(`/admin/api/outbox?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ q: email }))}`, {
          token: admin,
        })
      ).body;
    const shopLines = async () =>
      (await api<{ messages: { sender: string; text: string }[] }>(`/api/message/${orderId}`, { token: tokens[0] })).body.messages.filter(
        (m) => m.sender === "shop",
      );
    expect((await outboxFor()).filter((m) => m.to === email)).toEqual([]);
    expect(await shopLines()).toEqual([]);

    await killed(shop.child);
    shop = await startShopProcess({ dataDir });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !(await outboxFor()).some((m) => m.kind === "payment-confirmed"))
      await new Promise((r) => setTimeout(r, 250));
    // A few more rounds of the dispatcher: nothing more may come.
    await new Promise((r) => setTimeout(r, 3000));
    const mails = (await outboxFor()).filter((m) => m.to === email).map((m) => m.kind);
    expect(mails.filter((k) => k === "payment-confirmed")).toHaveLength(1);
    expect(mails.filter((k) => k === "order-placed")).toHaveLength(1);
    const lines = (await shopLines()).map((m) => m.text);
    expect(lines.filter((l) => l.startsWith("Recebemos") && l.includes("Pagamento confirmado."))).toHaveLength(1);
  }, 240_000);
});
