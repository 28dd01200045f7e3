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
const put = (url: string, payload: unknown, auth = admin.auth) => t.app.inject({ method: "PUT", url: `/admin/api${url}`, headers: auth, payload: payload as object });
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
    expect(row).toMatchObject({ customer: { id: maria.userId, name: "Maria Kiala" }, itemCount: 2, paymentMethod: "cod", status: "Aguardando Pagamento" });
    expect(row.totalAmount).toBe(row.subtotal + 5000);
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
    const byTotal = (await get(`/orders?range=[0,99]&sort=${encodeURIComponent('["totalAmount","DESC"]')}`)).json().map((o: AdminOrder) => o.totalAmount);
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
    expect(o.attachments.map((a) => [a.type, a.fileName, a.sender])).toEqual([["pdf", "comprovativo.pdf", "client"], ["image", "foto.png", "client"]]);
    expect((await t.app.inject({ method: "GET", url: o.attachments[0]!.url })).headers["content-type"]).toBe("application/pdf");
    expect(o.history).toEqual([expect.objectContaining({ status: "Aguardando Pagamento", by: null })]);
    expect(o.unread).toBe(3);
  });

  it("answers 404 for an unknown order and 400 for a malformed id", async () => {
    expectError(await get("/orders/naoexiste"), 404, "Encomenda não encontrada");
    expectError(await get("/orders/x%27%3B--"), 400);
  });
});

describe("PUT /admin/api/orders/:id (status)", () => {
  it("moves an order to Pagamento Confirmado then Entregue, recording who and when on the order", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
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
    expect((await t.prisma.orderStatusChange.count({ where: { orderId: order.id } }))).toBe(1);
  });
});
