// Tools for a support team: the inbox's "A aguardar resposta" and "Minhas" filters, conversations
// assigned to an agent, saved quick replies, internal notes the shopper never sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { clientMessage, expectError, makeOrder } from "./admin-fixtures.ts";
import { isNewMessage, listen, TestSocket, waitFor } from "./chat-fixtures.ts";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";
import type { AdminQuickReply } from "../../server/schemas/admin-support.ts";
import { fillQuickReply } from "../../shared/support.ts";

let t: TestApp;
let support: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  support = await createStaff(t, "support");
  admin = await createStaff(t, "admin");
});
afterAll(() => t.close());

type Staff = typeof support;
const list = async (filter: Record<string, unknown>, who: Staff = support): Promise<string[]> => {
  const res = await t.app.inject({
    method: "GET",
    url: `/admin/api/conversations?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AdminConversation[]).map((c) => c.id);
};
const assign = (orderId: string, assigneeId: string | null, who: Staff = support) =>
  t.app.inject({ method: "PUT", url: `/admin/api/conversations/${orderId}/assignee`, headers: who.auth, payload: { assigneeId } });
const supportReply = (orderId: string, text: string) =>
  t.prisma.message.create({ data: { orderId, sender: "support", authorId: support.userId, text } });

async function inbox() {
  const c = await registerCustomer(t.app, { name: "Cliente Suporte" });
  const waiting = await makeOrder(t, c.userId);
  const answered = await makeOrder(t, c.userId);
  const shopLast = await makeOrder(t, c.userId);
  await clientMessage(t, waiting.id, c.userId, "Já paguei", { at: new Date(Date.now() - 60_000) });
  await clientMessage(t, answered.id, c.userId, "Quando chega?", { at: new Date(Date.now() - 60_000) });
  await supportReply(answered.id, "Em 7 a 14 dias úteis");
  await clientMessage(t, shopLast.id, c.userId, "Enviei o comprovativo", { at: new Date(Date.now() - 60_000) });
  await t.prisma.message.create({ data: { orderId: shopLast.id, sender: "shop", text: "Pagamento confirmado" } });
  return { c, waiting, answered, shopLast };
}

describe("inbox filters", () => {
  it("'A aguardar resposta' lists only the conversations where the customer spoke last, read or not", async () => {
    const { c, waiting, answered, shopLast } = await inbox();
    await t.app.inject({ method: "POST", url: `/admin/api/conversations/${waiting.id}/read`, headers: support.auth });
    const ids = await list({ waiting: true });
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(answered.id);
    // The shop's automatic line after the customer's question answers nothing: still waiting for a person.
    expect(ids).toContain(shopLast.id);
    await supportReply(shopLast.id, "Obrigado, confirmado");
    expect(await list({ waiting: true })).not.toContain(shopLast.id);
    // The customer writes again: waiting once more; an answer takes it off.
    await clientMessage(t, answered.id, c.userId, "Obrigado, e o número de seguimento?");
    expect(await list({ waiting: true })).toContain(answered.id);
    await supportReply(answered.id, "Enviamos assim que sair do armazém");
    expect(await list({ waiting: true })).not.toContain(answered.id);
    expect(await list({ waiting: false })).toEqual(expect.arrayContaining([answered.id, shopLast.id]));
  });

  it("shows the customer's question as the conversation's last message when the shop's automatic line follows it", async () => {
    const { shopLast } = await inbox();
    const res = await t.app.inject({
      method: "GET",
      url: `/admin/api/conversations?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ id: [shopLast.id] }))}`,
      headers: support.auth,
    });
    const [row] = res.json() as AdminConversation[];
    expect(row!.lastMessage).toMatchObject({ sender: "client", text: "Enviei o comprovativo" });
    // A conversation where only the shop wrote shows the shop's line, and waits for nobody.
    const c = await registerCustomer(t.app);
    const quiet = await makeOrder(t, c.userId);
    await t.prisma.message.create({ data: { orderId: quiet.id, sender: "shop", text: "Recebemos o seu pedido" } });
    const rows = (
      await t.app.inject({
        method: "GET",
        url: `/admin/api/conversations?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ id: [quiet.id] }))}`,
        headers: support.auth,
      })
    ).json() as AdminConversation[];
    expect(rows[0]!.lastMessage).toMatchObject({ sender: "shop", text: "Recebemos o seu pedido" });
    expect(await list({ waiting: true })).not.toContain(quiet.id);
  });

  it("'Minhas' lists the conversations assigned to the caller, combined with the other filters", async () => {
    const { waiting, answered, shopLast } = await inbox();
    expect((await assign(waiting.id, support.userId)).statusCode).toBe(200);
    expect((await assign(answered.id, support.userId)).statusCode).toBe(200);
    expect((await assign(shopLast.id, admin.userId)).statusCode).toBe(200);
    const mine = await list({ mine: true });
    expect(mine).toEqual(expect.arrayContaining([waiting.id, answered.id]));
    expect(mine).not.toContain(shopLast.id);
    expect(await list({ mine: true }, admin)).toContain(shopLast.id);
    expect(await list({ mine: true }, admin)).not.toContain(waiting.id);
    expect(await list({ mine: true, waiting: true })).toContain(waiting.id);
    expect(await list({ mine: true, waiting: true })).not.toContain(answered.id);
    expect(await list({ mine: true, q: "Cliente Suporte" })).toEqual(expect.arrayContaining([waiting.id, answered.id]));
    expectError(
      await t.app.inject({
        method: "GET",
        url: `/admin/api/conversations?filter=${encodeURIComponent('{"mine":"talvez"}')}`,
        headers: support.auth,
      }),
      400,
    );
  });
});

describe("PUT /admin/api/conversations/:orderId/assignee", () => {
  it("assigns to an active staff member, shows the name in the list and the conversation, and unassigns", async () => {
    const { waiting } = await inbox();
    const res = await assign(waiting.id, admin.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: waiting.id, assignee: { id: admin.userId, name: "Admin Teste" } });
    const row = (
      await t.app.inject({
        method: "GET",
        url: `/admin/api/conversations?filter=${encodeURIComponent(JSON.stringify({ id: [waiting.id] }))}`,
        headers: support.auth,
      })
    ).json()[0];
    expect(row.assignee).toEqual({ id: admin.userId, name: "Admin Teste" });
    expect((await assign(waiting.id, null, admin)).json().assignee).toBeNull();
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: waiting.id } })).assignedToId).toBeNull();
  });

  it("assigns an order that has no messages yet (the conversation staff may start)", async () => {
    const c = await registerCustomer(t.app);
    const quiet = await makeOrder(t, c.userId);
    expect((await assign(quiet.id, support.userId)).json()).toMatchObject({ messageCount: 0, assignee: { id: support.userId } });
  });

  it("offers the active staff as assignees, not customers nor deactivated staff", async () => {
    const gone = await createStaff(t, "support");
    await t.prisma.user.update({ where: { id: gone.userId }, data: { active: false } });
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({ method: "GET", url: "/admin/api/conversations/assignees", headers: support.auth });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().staff as { id: string }[]).map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([support.userId, admin.userId]));
    expect(ids).not.toContain(gone.userId);
    expect(ids).not.toContain(c.userId);
  });

  it("refuses customers, deactivated staff, unknown people and orders, bad bodies; customers may not call it", async () => {
    const { c, waiting } = await inbox();
    const gone = await createStaff(t, "support");
    await t.prisma.user.update({ where: { id: gone.userId }, data: { active: false } });
    expectError(await assign(waiting.id, c.userId), 400, "Escolha um membro ativo da equipa");
    expectError(await assign(waiting.id, gone.userId), 400, "Escolha um membro ativo da equipa");
    expectError(await assign(waiting.id, "ninguem"), 400, "Escolha um membro ativo da equipa");
    expectError(await assign("naoexiste", support.userId), 404, "Pedido não encontrado");
    expectError(
      await t.app.inject({
        method: "PUT",
        url: `/admin/api/conversations/${waiting.id}/assignee`,
        headers: support.auth,
        payload: { assigneeId: 5 },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: "PUT",
        url: `/admin/api/conversations/${waiting.id}/assignee`,
        headers: support.auth,
        payload: { assigneeId: null, extra: 1 },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: "PUT",
        url: `/admin/api/conversations/${waiting.id}/assignee`,
        headers: c.auth,
        payload: { assigneeId: null },
      }),
      403,
    );
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: waiting.id } })).assignedToId).toBeNull();
  });
});

describe("/admin/api/quick-replies", () => {
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, who: Staff, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/admin/api/quick-replies${path}`, headers: who.auth, ...(payload === undefined ? {} : { payload }) });

  it("comes seeded with the bank details, delivery times and how to send the proof, which any agent reads", async () => {
    const res = await call("GET", "?range=[0,99]", support);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-range"]).toMatch(/^quick-replies 0-\d+\/\d+$/);
    const byId = new Map((res.json() as AdminQuickReply[]).map((q) => [q.id, q]));
    const bank = byId.get("qr_dados_bancarios")!;
    expect(bank.text).toContain("{iban}");
    expect(bank.text).toContain("{banco}");
    expect(bank.text).toContain("{titular}");
    expect(byId.get("qr_prazo_entrega")!.text).toContain("7 a 14 dias úteis");
    expect(byId.get("qr_enviar_comprovativo")!.text).toContain("comprovativo");
    // Filled from the shop's current settings when inserted.
    const settings = await t.prisma.shopSettings.findUniqueOrThrow({ where: { id: 1 } });
    const filled = fillQuickReply(bank.text, settings);
    expect(filled).toContain(settings.iban);
    expect(filled).toContain(settings.bankName);
    expect(filled).toContain(settings.accountHolder);
    expect(filled).not.toMatch(/\{(iban|banco|titular)\}/);
  });

  it("lets an admin create, edit and delete one; support only reads", async () => {
    const created = await call("POST", "", admin, { title: "  Horário  ", text: "Atendemos de segunda a sábado, das 8h às 18h." });
    expect(created.statusCode, created.body).toBe(200);
    const q: AdminQuickReply = created.json();
    expect(q.title).toBe("Horário");
    expect((await call("GET", `/${q.id}`, support)).json()).toEqual(q);
    expect((await call("PUT", `/${q.id}`, admin, { title: "Horário", text: "Das 8h às 17h." })).json()).toMatchObject({
      text: "Das 8h às 17h.",
    });
    expectError(await call("POST", "", support, { title: "X", text: "Y" }), 403);
    expectError(await call("PUT", `/${q.id}`, support, { title: "X", text: "Y" }), 403);
    expectError(await call("DELETE", `/${q.id}`, support), 403);
    expect((await call("DELETE", `/${q.id}`, admin)).statusCode).toBe(200);
    expectError(await call("GET", `/${q.id}`, support), 404, "Resposta rápida não encontrada");
  });

  it("carries bank details only through {iban}: a literal IBAN or account number needs the admin's own password", async () => {
    const needed =
      "Esta resposta escreve um IBAN ou número de conta: use {iban} para os dados bancários da loja, ou confirme a sua palavra-passe para a guardar assim";
    const otherIban = "Pague para o IBAN AO06 0055 0000 9999 8888 7777 1, titular Mallory.";
    // The audit's attack: the seeded bank-details answer rewritten to carry another IBAN, with a session alone.
    expectError(await call("PUT", "/qr_dados_bancarios", admin, { title: "Dados bancários", text: otherIban }), 403, needed);
    expectError(
      await call("PUT", "/qr_dados_bancarios", admin, { title: "Dados bancários", text: otherIban, currentPassword: "palpite-errado" }),
      403,
      needed,
    );
    // Hidden among zero-width spaces, or as a bare account number, it is the same.
    for (const text of ["IBAN: AO06\u200b0055\u200b0000\u200b9999\u200b8888\u200b7777\u200b1", "Conta BAI n.º 123 456 789 10 001"])
      expectError(await call("POST", "", admin, { title: "Conta", text }), 403, needed);
    expect((await t.prisma.quickReply.findUniqueOrThrow({ where: { id: "qr_dados_bancarios" } })).text).toContain("{iban}");
    // With the password it is saved as written (the admin chose to); {iban} and the shop's phone need none.
    const saved = await call("PUT", "/qr_dados_bancarios", admin, {
      title: "Dados bancários",
      text: otherIban,
      currentPassword: admin.password,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const placeholder = await call("POST", "", admin, {
      title: "IBAN",
      text: "Transfira para {iban} ({banco}). WhatsApp: +244 923 456 789",
    });
    expect(placeholder.statusCode, placeholder.body).toBe(200);
  });

  it("refuses blank, too long or extra fields, and unknown ids", async () => {
    expectError(await call("POST", "", admin, { title: "  ", text: "Olá" }), 400, "Indique um título");
    expectError(await call("POST", "", admin, { title: "Olá", text: " " }), 400, "Escreva o texto da resposta");
    expectError(await call("POST", "", admin, { title: "x".repeat(81), text: "Olá" }), 400);
    expectError(await call("POST", "", admin, { title: "Olá", text: "x".repeat(4001) }), 400);
    expectError(await call("POST", "", admin, { title: "Olá", text: "Olá", extra: 1 }), 400);
    expectError(await call("PUT", "/naoexiste", admin, { title: "Olá", text: "Olá" }), 404);
    expectError(await call("DELETE", "/naoexiste", admin), 404);
  });
});

describe("internal notes on an order", () => {
  const SECRET = "Cliente difícil: confirmar morada por telefone antes de enviar";
  const addNote = (orderId: string, text: string, who: Staff = support) =>
    t.app.inject({ method: "POST", url: `/admin/api/orders/${orderId}/notes`, headers: who.auth, payload: { text } });

  it("are added by support or admin and listed with author and time, oldest first", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    const first = await addNote(order.id, `  ${SECRET}  `);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().note).toMatchObject({ text: SECRET, author: { id: support.userId, name: "Suporte Teste" } });
    expect(Date.parse(first.json().note.createdAt)).not.toBeNaN();
    await addNote(order.id, "Ligou a dizer que paga amanhã", admin);
    const list = await t.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/notes`, headers: support.auth });
    expect(list.json().notes.map((n: { text: string; author: { name: string } }) => [n.text, n.author.name])).toEqual([
      [SECRET, "Suporte Teste"],
      ["Ligou a dizer que paga amanhã", "Admin Teste"],
    ]);
  });

  it("refuses a blank or too long note, extra fields, unknown orders and customers", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expectError(await addNote(order.id, "   "), 400, "Escreva a nota");
    expectError(await addNote(order.id, "x".repeat(2001)), 400);
    expectError(
      await t.app.inject({
        method: "POST",
        url: `/admin/api/orders/${order.id}/notes`,
        headers: support.auth,
        payload: { text: "a", author: "x" },
      }),
      400,
    );
    expectError(await addNote("naoexiste", "Olá"), 404, "Pedido não encontrado");
    expectError(await t.app.inject({ method: "GET", url: "/admin/api/orders/naoexiste/notes", headers: support.auth }), 404);
    expectError(
      await t.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/notes`, headers: c.auth, payload: { text: "Olá" } }),
      403,
    );
    expectError(await t.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/notes`, headers: c.auth }), 403);
  });

  it("never reach the shopper: not in their chat, not in their orders, not over their socket", async () => {
    const url = await listen(t.app);
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await clientMessage(t, order.id, c.userId, "Olá");
    const socket = await TestSocket.ready(url, c.token);
    try {
      const before = t.deps.hub.roomSize(order.id);
      socket.send({ type: "joinRoom", orderId: order.id });
      await waitFor(() => t.deps.hub.roomSize(order.id) > before, 5000, "join");
      expect((await addNote(order.id, SECRET)).statusCode).toBe(200);
      // A reply after the note: once it arrives, anything the note had sent would have arrived before it.
      const reply = await t.app.inject({
        method: "POST",
        url: `/admin/api/conversations/${order.id}/messages`,
        headers: { ...support.auth, "content-type": "multipart/form-data; boundary=b" },
        payload: '--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nJá verificamos\r\n--b--\r\n',
      });
      expect(reply.statusCode, reply.body).toBe(200);
      await socket.next(isNewMessage(order.id));
      expect(JSON.stringify(socket.frames)).not.toContain("confirmar morada");
    } finally {
      socket.close();
    }
    const chat = await t.app.inject({ method: "GET", url: `/api/message/${order.id}`, headers: c.auth });
    expect(chat.statusCode).toBe(200);
    expect(chat.json().messages.map((m: { text: string }) => m.text)).toEqual(["Olá", "Já verificamos"]);
    expect(chat.body).not.toContain("confirmar morada");
    const orders = await t.app.inject({ method: "POST", url: "/api/order/userorders", headers: c.auth, payload: {} });
    expect(orders.statusCode).toBe(200);
    expect(orders.json().orders.map((o: { _id?: string; id?: string }) => o._id ?? o.id)).toContain(order.id);
    expect(orders.body).not.toContain("confirmar morada");
  });
});
