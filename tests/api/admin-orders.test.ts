import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { clientMessage, expectError, makeOrder, pdfBytes, pngBytes } from "./admin-fixtures.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
let support: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
  support = await createStaff(t, "support");
});
afterAll(() => t.close());

const get = (url: string, auth = admin.auth) => t.app.inject({ method: "GET", url: `/admin/api${url}`, headers: auth });
const put = (url: string, payload: unknown, auth = admin.auth) =>
  t.app.inject({ method: "PUT", url: `/admin/api${url}`, headers: auth, payload: payload as object });
const list = (filter: object, extra = "") => get(`/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]${extra}`);

describe("GET /admin/api/orders", () => {
  it("filters by status tab, customer and searches by short id or customer name", async () => {
    const maria = await registerCustomer(t.app, { name: "Maria Kiala" });
    const joao = await registerCustomer(t.app, { name: "João Neto" });
    const a = await makeOrder(t, maria.userId);
    const b = await makeOrder(t, joao.userId, { status: "Enviado" });

    const enviados: AdminOrder[] = (await list({ status: "Enviado" })).json();
    expect(enviados.map((o) => o.id)).toContain(b.id);
    expect(enviados.every((o) => o.status === "Enviado")).toBe(true);

    const short = a.id.slice(-6).toUpperCase();
    const bySearch: AdminOrder[] = (await list({ q: `#${short}` })).json();
    expect(bySearch.map((o) => o.id)).toEqual([a.id]);
    expect(bySearch[0]!.shortId).toBe(short);

    expect((await list({ q: "kiala" })).json().map((o: AdminOrder) => o.id)).toEqual([a.id]);
    expect((await list({ customerId: joao.userId })).json().map((o: AdminOrder) => o.id)).toEqual([b.id]);
    const row = (await list({ id: [a.id] })).json()[0];
    expect(row).toMatchObject({
      customer: { id: maria.userId, name: "Maria Kiala" },
      itemCount: 2,
      paymentMethod: "bank_transfer",
      status: "Aguardando Pagamento",
    });
    expect(row.totalAmount).toBe(row.subtotal + 5000);
  });

  it("finds a customer's orders by phone, typed with spaces or without the country code", async () => {
    const c = await registerCustomer(t.app, { name: "Cliente Telefone" });
    await t.prisma.user.update({ where: { id: c.userId }, data: { phone: "+244923456789" } });
    const o = await makeOrder(t, c.userId);
    for (const q of ["923 456 789", "+244 923456789", "923456789"]) {
      expect(
        (await list({ q })).json().map((x: AdminOrder) => x.id),
        q,
      ).toEqual([o.id]);
    }
  });

  it("sorts newest first by default and pages with Content-Range", async () => {
    const c = await registerCustomer(t.app);
    const older = await makeOrder(t, c.userId, { createdAt: new Date("2020-01-01T10:00:00Z") });
    const newer = await makeOrder(t, c.userId, { createdAt: new Date("2030-01-01T10:00:00Z") });
    const res = await get("/orders?range=[0,0]");
    expect(res.json()[0].id).toBe(newer.id);
    const total = await t.prisma.order.count();
    expect(res.headers["content-range"]).toBe(`orders 0-0/${total}`);
    const asc = await get(`/orders?range=[0,0]&sort=${encodeURIComponent('["createdAt","ASC"]')}`);
    expect(asc.json()[0].id).toBe(older.id);
    const byTotal = (await get(`/orders?range=[0,99]&sort=${encodeURIComponent('["totalAmount","DESC"]')}`))
      .json()
      .map((o: AdminOrder) => o.totalAmount);
    expect(byTotal).toEqual([...byTotal].sort((x: number, y: number) => y - x));
  });

  it("refuses unknown filters and sort fields", async () => {
    expectError(await list({ userId: "x" }), 400, "Filtro desconhecido: userId");
    expectError(await get(`/orders?sort=${encodeURIComponent('["address","ASC"]')}`), 400);
  });
});

describe("GET /admin/api/orders/:id", () => {
  it("shows lines, address, totals, payment method, the chat's attachments and the status timeline", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await clientMessage(t, order.id, c.userId, "Segue o comprovativo", { file: { bytes: pdfBytes(), fileName: "comprovativo.pdf" } });
    await clientMessage(t, order.id, c.userId, "E uma foto", { file: { bytes: await pngBytes(50, 50), fileName: "foto.png" } });
    await clientMessage(t, order.id, c.userId, "Só texto");
    const res = await get(`/orders/${order.id}`, support.auth);
    expect(res.statusCode).toBe(200);
    const o: AdminOrder = res.json();
    expect(o.lines).toHaveLength(1);
    expect(o.lines[0]!.quantity).toBe(2);
    expect(o.address.city).toBe("Luanda");
    expect(o.deliveryFee).toBe(5000);
    expect(o.attachments.map((a) => [a.type, a.fileName, a.sender])).toEqual([
      ["pdf", "comprovativo.pdf", "client"],
      ["image", "foto.png", "client"],
    ]);
    expect((await t.app.inject({ method: "GET", url: o.attachments[0]!.url })).headers["content-type"]).toBe("application/pdf");
    expect(o.history).toEqual([expect.objectContaining({ status: "Aguardando Pagamento", by: null })]);
    expect(o.unread).toBe(3);
  });

  it("answers 404 for an unknown order and 400 for a malformed id", async () => {
    expectError(await get("/orders/naoexiste"), 404, "Pedido não encontrado");
    expectError(await get("/orders/x%27%3B--"), 400);
  });
});

describe("PUT /admin/api/orders/:id (status)", () => {
  it("moves an order to Pagamento Confirmado then Entregue, recording who and when on the order", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    // The ledger already covers the total (money recorded on a reopened order): the move needs no more.
    await t.prisma.order.update({ where: { id: order.id }, data: { amountPaid: order.totalAmount } });
    const paid = await put(`/orders/${order.id}`, { status: "Pagamento Confirmado" }, support.auth);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "Pagamento Confirmado", paid: true });
    const done = await put(`/orders/${order.id}`, { status: "Entregue", note: "Entregue em mão" });
    const o: AdminOrder = done.json();
    expect(o.status).toBe("Entregue");
    expect(o.history.map((h) => [h.status, h.by?.name ?? null, h.note])).toEqual([
      ["Aguardando Pagamento", null, null],
      ["Pagamento Confirmado", "Suporte Teste", null],
      ["Entregue", "Admin Teste", "Entregue em mão"],
    ]);
    expect(Date.parse(o.history[2]!.at)).toBeGreaterThan(Date.now() - 60_000);
    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.status).toBe("Entregue");
  });

  it("refuses unknown statuses, extra fields, the same status again and unknown orders", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    expectError(await put(`/orders/${order.id}`, { status: "Perdido" }), 400);
    expectError(await put(`/orders/${order.id}`, { status: "Entregue", totalAmount: 1 }), 400, "Campo não permitido: totalAmount");
    expectError(await put(`/orders/${order.id}`, {}), 400);
    expectError(await put(`/orders/${order.id}`, { status: "Aguardando Pagamento" }), 409);
    expectError(await put("/orders/naoexiste", { status: "Entregue" }), 404);
    expect(await t.prisma.orderStatusChange.count({ where: { orderId: order.id } })).toBe(1);
  });
});

describe("PUT /admin/api/orders/:id (the order state machine)", () => {
  const historyOf = async (orderId: string) =>
    (await t.prisma.orderStatusChange.findMany({ where: { orderId }, orderBy: { createdAt: "asc" }, include: { changedBy: true } })).map(
      (h) => [h.status, h.changedBy?.name ?? null, h.note],
    );

  it("refuses support a backwards move or cancelling a paid order (403), nothing changes", async () => {
    const c = await registerCustomer(t.app);
    const delivered = await makeOrder(t, c.userId, { status: "Entregue" });
    expectError(
      await put(`/orders/${delivered.id}`, { status: "Aguardando Pagamento", reason: "Engano no registo" }, support.auth),
      403,
      'Só um administrador pode mudar um pedido de "Entregue" para "Aguardando Pagamento"',
    );
    const paid = await makeOrder(t, c.userId, { status: "Pagamento Confirmado" });
    expectError(await put(`/orders/${paid.id}`, { status: "Cancelado", reason: "O cliente desistiu" }, support.auth), 403);
    // An unpaid order cannot skip its payment: only an admin, with a reason, may send it on.
    const unpaid = await makeOrder(t, c.userId);
    expectError(await put(`/orders/${unpaid.id}`, { status: "Enviado" }, support.auth), 403);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: paid.id } })).status).toBe("Pagamento Confirmado");
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: unpaid.id } })).status).toBe("Aguardando Pagamento");
    expect(await historyOf(delivered.id)).toEqual([["Entregue", null, null]]);
  });

  it("refuses an admin's backwards move without a reason (409) and keeps the reason of one with it", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId, { status: "Enviado" });
    expectError(
      await put(`/orders/${order.id}`, { status: "Em Preparação" }),
      409,
      'Indique o motivo para mudar o pedido de "Enviado" para "Em Preparação"',
    );
    expectError(await put(`/orders/${order.id}`, { status: "Em Preparação", reason: "   " }), 409);
    const back = await put(`/orders/${order.id}`, { status: "Em Preparação", reason: "Devolvido pela transportadora" });
    expect(back.statusCode, back.body).toBe(200);
    expect(await historyOf(order.id)).toEqual([
      ["Enviado", null, null],
      ["Em Preparação", "Admin Teste", "Devolvido pela transportadora"],
    ]);
    expectError(await put(`/orders/${order.id}`, { status: "Enviado", reason: "x".repeat(501) }), 400);
  });

  it("lets support make every forward move, recorded by name", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await t.prisma.order.update({ where: { id: order.id }, data: { amountPaid: order.totalAmount } });
    for (const status of ["Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue"]) {
      const res = await put(`/orders/${order.id}`, { status }, support.auth);
      expect(res.statusCode, res.body).toBe(200);
    }
    const cancelled = await makeOrder(t, c.userId);
    expect((await put(`/orders/${cancelled.id}`, { status: "Cancelado", note: "Pedido repetido" }, support.auth)).json()).toMatchObject({
      status: "Cancelado",
      paid: false,
    });
    expect((await historyOf(order.id)).map(([status, by]) => [status, by])).toEqual([
      ["Aguardando Pagamento", null],
      ["Pagamento Confirmado", "Suporte Teste"],
      ["Em Preparação", "Suporte Teste"],
      ["Enviado", "Suporte Teste"],
      ["Entregue", "Suporte Teste"],
    ]);
    expect(await historyOf(cancelled.id)).toEqual([
      ["Aguardando Pagamento", null, null],
      ["Cancelado", "Suporte Teste", "Pedido repetido"],
    ]);
  });

  it("tells each caller the moves it may offer (allowedMoves)", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId, { status: "Pagamento Confirmado" });
    // Once paid an order may skip ahead (shared/orders.ts FORWARD_MOVES); going back or cancelling is an exception.
    expect((await get(`/orders/${order.id}`, support.auth)).json().allowedMoves).toEqual({
      forward: ["Em Preparação", "Enviado", "Entregue"],
      exceptions: [],
    });
    expect((await get(`/orders/${order.id}`)).json().allowedMoves).toEqual({
      forward: ["Em Preparação", "Enviado", "Entregue"],
      exceptions: ["Aguardando Pagamento", "Cancelado"],
    });
    const row = (await list({ id: [order.id] })).json()[0];
    expect(row.allowedMoves.forward).toEqual(["Em Preparação", "Enviado", "Entregue"]);
    const waiting = await makeOrder(t, c.userId);
    expect((await get(`/orders/${waiting.id}`, support.auth)).json().allowedMoves).toEqual({
      forward: ["Pagamento Confirmado", "Cancelado"],
      exceptions: [],
    });
  });
});
