// The owner's numbers (GET /admin/api/dashboard/numbers): revenue from paid orders per Luanda day, orders by
// status, money awaiting payment, best sellers, the average paid order and how orders were paid, for today, 7 and
// 30 days; cancelled and unpaid orders never count as revenue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createStaff, registerCustomer, type TestApp } from "../helpers/app.ts";
import { luandaIsoDay } from "../../shared/dashboard.ts";
import { AWAITING_PAYMENT, CANCELLED, DELIVERED, PAYMENT_CONFIRMED, SHIPPED } from "../../shared/orders.ts";
import type { DashboardNumbers } from "../../server/schemas/admin-common.ts";
import { MULTICAIXA_ACTOR } from "../../server/domain/payments/multicaixa.ts";

const DAY = 86_400_000;
const ADDRESS = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@exemplo.ao",
  street: "Rua 1",
  city: "Luanda",
  state: "Luanda",
  zipcode: "",
  country: "Angola",
  phone: "923000000",
};

describe("the owner's numbers", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  const now = Date.now();

  /** An order of `lines` placed `daysAgo` days ago with `status`; paid through `paidBy` when given. */
  async function order(o: {
    userId: string;
    daysAgo: number;
    status: string;
    lines: { name: string; price: number; quantity: number }[];
    method?: "bank_transfer" | "stripe";
    paidBy?: string;
    amountPaid?: number;
    deadline?: Date;
  }) {
    const subtotal = o.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const created = await t.prisma.order.create({
      data: {
        userId: o.userId,
        status: o.status,
        paymentMethod: o.method ?? "bank_transfer",
        address: ADDRESS,
        subtotal,
        deliveryFee: 0,
        totalAmount: subtotal,
        amountPaid: o.amountPaid ?? 0,
        paymentDeadline: o.deadline ?? null,
        createdAt: new Date(now - o.daysAgo * DAY),
        lines: { create: o.lines.map((l, position) => ({ ...l, position, image: "", size: "Único", productId: null })) },
      },
    });
    if (o.paidBy)
      await t.prisma.payment.create({
        data: { orderId: created.id, amount: subtotal, bankReference: `REF-${created.id}`, receivedAt: new Date(), actor: o.paidBy },
      });
    return created.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createStaff(t, "admin");
    support = await createStaff(t, "support");
    const { userId } = await registerCustomer(t.app);
    const phone = { name: "Telemóvel X", price: 100_000, quantity: 1 };
    const case_ = { name: "Capa", price: 5_000, quantity: 4 };
    await order({ userId, daysAgo: 0, status: PAYMENT_CONFIRMED, lines: [phone, case_], paidBy: "Admin Teste" }); // 120 000, transfer
    await order({ userId, daysAgo: 0, status: DELIVERED, lines: [case_], paidBy: MULTICAIXA_ACTOR }); // 20 000, Multicaixa
    await order({ userId, daysAgo: 3, status: SHIPPED, lines: [{ name: "Sofá", price: 30_000, quantity: 1 }], method: "stripe" }); // card
    await order({ userId, daysAgo: 3, status: CANCELLED, lines: [{ name: "Sofá", price: 999_999, quantity: 1 }] });
    await order({ userId, daysAgo: 10, status: DELIVERED, lines: [phone], paidBy: "Admin Teste" }); // only in 30 days
    await order({
      userId,
      daysAgo: 1,
      status: AWAITING_PAYMENT,
      lines: [{ name: "Mesa", price: 15_000, quantity: 1 }],
      deadline: new Date(now + 2 * DAY),
    });
    await order({
      userId,
      daysAgo: 2,
      status: AWAITING_PAYMENT,
      lines: [{ name: "Cadeira", price: 20_000, quantity: 1 }],
      amountPaid: 5_000,
      deadline: new Date(now + DAY),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const numbers = async (period?: string, auth = admin.auth) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/admin/api/dashboard/numbers${period ? `?period=${period}` : ""}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { numbers: DashboardNumbers }).numbers;
  };

  it("counts the last 7 days' paid orders by Luanda day, with every day of the period listed", async () => {
    const n = await numbers("7d");
    expect(n.revenueByDay).toHaveLength(7);
    expect(n.revenueByDay.at(-1)).toEqual({ day: luandaIsoDay(new Date(now)), orders: 2, revenue: 140_000 });
    expect(n.revenueByDay.find((d) => d.day === luandaIsoDay(new Date(now - 3 * DAY)))).toMatchObject({ orders: 1, revenue: 30_000 });
    expect(n).toMatchObject({
      revenue: 170_000,
      paidOrders: 3,
      averageOrderValue: 56_667,
      paidBy: { transfer: 1, multicaixa: 1, card: 1 },
    });
    expect(n.ordersByStatus).toEqual(
      expect.arrayContaining([
        { status: AWAITING_PAYMENT, count: 2 },
        { status: CANCELLED, count: 1 },
        { status: PAYMENT_CONFIRMED, count: 1 },
      ]),
    );
  });

  it("ranks the best sellers by the money they brought, with their units; cancelled orders bring nothing", async () => {
    const n = await numbers("7d");
    expect(n.topProducts.map(({ name, units, revenue }) => ({ name, units, revenue }))).toEqual([
      { name: "Telemóvel X", units: 1, revenue: 100_000 },
      { name: "Capa", units: 8, revenue: 40_000 },
      { name: "Sofá", units: 1, revenue: 30_000 },
    ]);
  });

  it("covers today only, or 30 days, as asked; 7 days when not said", async () => {
    expect(await numbers("today")).toMatchObject({ revenue: 140_000, paidOrders: 2, revenueByDay: [{ orders: 2 }] });
    expect(await numbers("30d")).toMatchObject({ revenue: 270_000, paidOrders: 4 });
    expect((await numbers()).period).toBe("7d");
  });

  it("states the money awaiting payment now: how many orders, what they still owe, the nearest deadline", async () => {
    const n = await numbers("today");
    expect(n.awaiting).toEqual({ count: 2, total: 30_000, oldestDeadline: new Date(now + DAY).toISOString() });
  });

  it("is for staff: support reads it, a shopper or nobody cannot, and an unknown period is refused", async () => {
    expect((await numbers("7d", support.auth)).revenue).toBe(170_000);
    const shopper = await registerCustomer(t.app);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/dashboard/numbers", headers: shopper.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/admin/api/dashboard/numbers" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/admin/api/dashboard/numbers?period=ano", headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it("counts revenue net of what was refunded, as Clientes counts a customer's money", async () => {
    const month = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/admin/api/dashboard", headers: admin.auth })).json() as {
          stats: { revenueMonth: number };
        }
      ).stats.revenueMonth;
    const before = await numbers("today");
    const monthBefore = await month();
    const { userId } = await registerCustomer(t.app);
    const id = await order({
      userId,
      daysAgo: 0,
      status: PAYMENT_CONFIRMED,
      lines: [{ name: "Vestido", price: 31_910, quantity: 1 }],
      amountPaid: 31_910,
    });
    const refunded = await t.app.inject({
      method: "POST",
      url: `/admin/api/orders/${id}/refunds`,
      headers: admin.auth,
      payload: { amount: 2_990, bankReference: "BAI-DEV-45", note: "Tamanho errado" },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await numbers("today")).revenue).toBe(before.revenue + 31_910 - 2_990);
    expect(await month()).toBe(monthBefore + 31_910 - 2_990);
  });
});
