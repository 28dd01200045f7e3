// Tools for a support team (issue 15): the inbox's "A aguardar resposta" and "Minhas" filters, conversations
// assigned to an agent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { clientMessage, expectError, makeOrder } from "./admin-fixtures.ts";
import type { AdminConversation } from "../../server/schemas/admin-conversations.ts";

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
  const res = await t.app.inject({ method: "GET", url: `/admin/api/conversations?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(filter))}`, headers: who.auth });
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
    expect(ids).not.toContain(shopLast.id);
    // The customer writes again: waiting once more; an answer takes it off.
    await clientMessage(t, answered.id, c.userId, "Obrigado, e o número de seguimento?");
    expect(await list({ waiting: true })).toContain(answered.id);
    await supportReply(answered.id, "Enviamos assim que sair do armazém");
    expect(await list({ waiting: true })).not.toContain(answered.id);
    expect(await list({ waiting: false })).toEqual(expect.arrayContaining([answered.id, shopLast.id]));
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
    expectError(await t.app.inject({ method: "GET", url: `/admin/api/conversations?filter=${encodeURIComponent('{"mine":"talvez"}')}`, headers: support.auth }), 400);
  });
});

describe("PUT /admin/api/conversations/:orderId/assignee", () => {
  it("assigns to an active staff member, shows the name in the list and the conversation, and unassigns", async () => {
    const { waiting } = await inbox();
    const res = await assign(waiting.id, admin.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: waiting.id, assignee: { id: admin.userId, name: "Admin Teste" } });
    const row = (await t.app.inject({ method: "GET", url: `/admin/api/conversations?filter=${encodeURIComponent(JSON.stringify({ id: [waiting.id] }))}`, headers: support.auth })).json()[0];
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
    expectError(await assign("naoexiste", support.userId), 404, "Encomenda não encontrada");
    expectError(await t.app.inject({ method: "PUT", url: `/admin/api/conversations/${waiting.id}/assignee`, headers: support.auth, payload: { assigneeId: 5 } }), 400);
    expectError(await t.app.inject({ method: "PUT", url: `/admin/api/conversations/${waiting.id}/assignee`, headers: support.auth, payload: { assigneeId: null, extra: 1 } }), 400);
    expectError(await t.app.inject({ method: "PUT", url: `/admin/api/conversations/${waiting.id}/assignee`, headers: c.auth, payload: { assigneeId: null } }), 403);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: waiting.id } })).assignedToId).toBeNull();
  });
});
