import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { clientMessage, expectError, makeOrder, multipart, pdfBytes, pngBytes } from "./admin-fixtures.ts";
import type { AdminConversation, AdminMessage } from "../../server/schemas/admin-conversations.ts";

let t: TestApp;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url: `/admin/api${url}`, headers: support.auth });
const reply = (orderId: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `/admin/api/conversations/${orderId}/messages`,
    headers: { ...support.auth, ...body.headers },
    payload: body.payload,
  });
};

async function scenario() {
  const c = await registerCustomer(t.app, { name: "Cliente Conversa" });
  const quiet = await makeOrder(t, c.userId);
  const old = await makeOrder(t, c.userId);
  const recent = await makeOrder(t, c.userId);
  await clientMessage(t, old.id, c.userId, "Olá, antiga", { at: new Date(Date.now() - 3_600_000) });
  await clientMessage(t, recent.id, c.userId, "Primeira", { at: new Date(Date.now() - 60_000) });
  await clientMessage(t, recent.id, c.userId, "Segunda", { at: new Date(Date.now() - 30_000) });
  return { c, quiet, old, recent };
}

describe("GET /admin/api/conversations", () => {
  it("lists one conversation per order with messages, latest message first, with unread counts", async () => {
    const { quiet, old, recent } = await scenario();
    const res = await get("/conversations?range=[0,99]");
    expect(res.statusCode).toBe(200);
    const rows: AdminConversation[] = res.json();
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(quiet.id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(old.id));
    const r = rows.find((x) => x.id === recent.id)!;
    expect(r).toMatchObject({
      unread: 2,
      messageCount: 2,
      lastMessage: { sender: "client", text: "Segunda" },
      customer: { name: "Cliente Conversa" },
    });
    expect(res.headers["content-range"]).toMatch(/^conversations 0-\d+\/\d+$/);
  });

  it("filters unread conversations and counts them for the tab title", async () => {
    const { old, recent } = await scenario();
    const before = (await get("/conversations/unread-count")).json().count;
    expect((await t.app.inject({ method: "POST", url: `/admin/api/conversations/${old.id}/read`, headers: support.auth })).statusCode).toBe(
      200,
    );
    expect((await get("/conversations/unread-count")).json().count).toBe(before - 1);
    const unread: AdminConversation[] = (await get(`/conversations?range=[0,99]&filter=${encodeURIComponent('{"unread":true}')}`)).json();
    expect(unread.map((x) => x.id)).toContain(recent.id);
    expect(unread.map((x) => x.id)).not.toContain(old.id);
    expect(unread.every((x) => x.unread > 0)).toBe(true);
  });

  it("searches by short order id and customer, pages, and refuses bad parameters", async () => {
    const { recent } = await scenario();
    const short = recent.id.slice(-6).toUpperCase();
    expect(
      (await get(`/conversations?filter=${encodeURIComponent(JSON.stringify({ q: short }))}`)).json().map((x: AdminConversation) => x.id),
    ).toEqual([recent.id]);
    // LIKE wildcards typed in the search box are text, not patterns.
    expect((await get(`/conversations?filter=${encodeURIComponent(JSON.stringify({ q: "%" }))}`)).json()).toEqual([]);
    expect((await get(`/conversations?filter=${encodeURIComponent(JSON.stringify({ q: "_" }))}`)).json()).toEqual([]);
    const page = await get("/conversations?range=[0,0]");
    expect(page.json()).toHaveLength(1);
    expect(page.headers["content-range"]).toMatch(/^conversations 0-0\/\d+$/);
    expectError(await get(`/conversations?sort=${encodeURIComponent('["text","ASC"]')}`), 400);
    expectError(await get(`/conversations?filter=${encodeURIComponent('{"unread":"sim"}')}`), 400);
  });
});

describe("conversation messages", () => {
  it("returns the thread oldest first, and opening marks customer messages read", async () => {
    const { recent } = await scenario();
    const res = await get(`/conversations/${recent.id}/messages`);
    const messages: AdminMessage[] = res.json().messages;
    expect(messages.map((m) => m.text)).toEqual(["Primeira", "Segunda"]);
    expect(messages.every((m) => m.sender === "client" && m.readBySupportAt === null)).toBe(true);
    await t.app.inject({ method: "POST", url: `/admin/api/conversations/${recent.id}/read`, headers: support.auth });
    expect((await get(`/conversations/${recent.id}`)).json().unread).toBe(0);
    expectError(await get("/conversations/naoexiste/messages"), 404);
  });

  it("stores a support reply with text and a file, as sender support, which the shopper's chat then shows", async () => {
    const { c, recent } = await scenario();
    const res = await reply(recent.id, [
      { name: "text", value: "  Recebemos o seu comprovativo  " },
      { name: "file", file: { bytes: pdfBytes(), filename: "recibo.pdf", type: "application/pdf" } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const m: AdminMessage = res.json().message;
    expect(m).toMatchObject({
      sender: "support",
      text: "Recebemos o seu comprovativo",
      type: "pdf",
      fileName: "recibo.pdf",
      authorName: "Suporte Teste",
    });
    const row = await t.prisma.message.findUniqueOrThrow({ where: { id: m._id } });
    expect(row.authorId).toBe(support.userId);
    // Replying reads the customer's messages.
    expect((await get(`/conversations/${recent.id}`)).json().unread).toBe(0);
    const file = await t.app.inject({ method: "GET", url: m.fileUrl! });
    expect(file.headers["content-type"]).toBe("application/pdf");
    // The shopper's chat shows it as support's, without staff-only fields.
    const shopper = await t.app.inject({ method: "GET", url: `/api/message/${recent.id}`, headers: c.auth });
    expect(shopper.statusCode).toBe(200);
    const last = shopper.json().messages.at(-1);
    expect(last).toMatchObject({ sender: "support", text: "Recebemos o seu comprovativo", type: "pdf", fileUrl: m.fileUrl });
    expect(last.authorName).toBeUndefined();
  });

  it("accepts an image alone and a text alone", async () => {
    const { recent } = await scenario();
    const img = await reply(recent.id, [
      { name: "file", file: { bytes: await pngBytes(20, 20), filename: "foto.png", type: "image/png" } },
    ]);
    expect(img.json().message).toMatchObject({ type: "image", text: "" });
    const txt = await reply(recent.id, [{ name: "text", value: "Olá!" }]);
    expect(txt.json().message).toMatchObject({ type: null, fileUrl: null, text: "Olá!" });
  });

  it("refuses an empty reply, too long a text, a disguised file, extra fields and unknown orders", async () => {
    const { recent } = await scenario();
    expectError(await reply(recent.id, [{ name: "text", value: "   " }]), 400, "Escreva uma mensagem ou anexe um ficheiro");
    expectError(await reply(recent.id, [{ name: "text", value: "a".repeat(4001) }]), 400);
    expectError(
      await reply(recent.id, [
        { name: "file", file: { bytes: Buffer.from("<html><script>1</script></html>"), filename: "x.pdf", type: "application/pdf" } },
      ]),
      415,
    );
    expectError(await reply(recent.id, [{ name: "sender", value: "client" }]), 400);
    expectError(await reply("naoexiste", [{ name: "text", value: "Olá" }]), 404);
    const json = await t.app.inject({
      method: "POST",
      url: `/admin/api/conversations/${recent.id}/messages`,
      headers: support.auth,
      payload: { text: "x" },
    });
    expectError(json, 415);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const { recent } = await scenario();
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    expectError(await reply(recent.id, [{ name: "file", file: { bytes: big, filename: "grande.png", type: "image/png" } }]), 413);
  });
});

describe("the inbox's per-conversation summary (kept by the database)", () => {
  it("always equals what the messages themselves say, through sends, reads, replies and deletes", async () => {
    const { recent, old } = await scenario();
    await clientMessage(t, recent.id, (await t.prisma.order.findUniqueOrThrow({ where: { id: recent.id } })).userId, "Mais uma pergunta");
    await get(`/conversations/${old.id}`);
    await reply(recent.id, [{ name: "text", value: "Respondido" }]);
    const first = await t.prisma.message.findFirstOrThrow({ where: { orderId: old.id }, orderBy: { createdAt: "asc" } });
    await t.prisma.message.update({ where: { id: first.id }, data: { readBySupportAt: null } });
    await t.prisma.message.delete({ where: { id: first.id } });
    const truth = await t.db.query<{ order_id: string; last: Date; sender: string; n: number; unread: number }>(`
      SELECT order_id, max(created_at) AS last, (array_agg(sender ORDER BY created_at DESC, id DESC))[1] AS sender, count(*)::int AS n,
             (count(*) FILTER (WHERE sender = 'client' AND read_by_support_at IS NULL))::int AS unread
      FROM messages GROUP BY order_id ORDER BY order_id`);
    const summary = await t.db.query<{ order_id: string; last: Date; sender: string; n: number; unread: number }>(
      `SELECT order_id, last_message_at AS last, last_sender AS sender, message_count AS n, unread_by_support AS unread FROM conversations WHERE message_count > 0 ORDER BY order_id`,
    );
    // A delete leaves the latest time and sender as they were (a later message is what matters to the inbox).
    const comparable = (rows: typeof truth) => rows.map((r) => ({ order_id: r.order_id, n: r.n, unread: r.unread }));
    expect(comparable(summary)).toEqual(comparable(truth));
    const recentRow = summary.find((r) => r.order_id === recent.id)!;
    expect(recentRow.sender).toBe("support");
  });
});
