// Abandoned-cart reminders (docs/product/notifications.md#abandoned-cart): one reminder per cart contents left
// untouched for the shop's delay, none once an order was placed, none when staff turned them off, again after the
// contents change and stay untouched, by the channels the shopper accepts; two instances remind once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOtherInstance, buildTestApp, createStaff, uniqueEmail, type TestApp } from "../helpers/app.ts";
import { sendCartReminders } from "../../server/notifications/cart-reminders.ts";
import { composeMail } from "../../server/notifications/mail/facts.ts";
import { outboxRepository } from "../../server/notifications/outbox/repository.ts";
import type { MailContext } from "../../server/notifications/mail/templates.ts";
import { shopJobs } from "../../server/jobs/index.ts";
import { updateCart } from "../../server/domain/cart/service.ts";
import { createOrder } from "./chat-fixtures.ts";
import { expectError } from "./admin-fixtures.ts";

const ctx: MailContext = { baseUrl: "https://loja.exemplo.ao", shop: { phones: [], emails: [] } };
const HOUR = 60 * 60_000;
let t: TestApp;
let productId: string;
let otherProductId: string;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const product = (name: string, price: number) =>
    t.prisma.product.create({
      data: { name, description: "—", price, sizes: ["M", "L"], category: "Mulher", subCategory: "Topo" },
      select: { id: true },
    });
  productId = (await product('Vestido; "Kizomba"', 12500)).id;
  otherProductId = (await product("Camisa de linho", 9000)).id;
});
afterAll(() => t.close());

const shopper = async (choices: { notifyEmail?: boolean; notifyPush?: boolean; push?: boolean } = {}) => {
  const user = await t.prisma.user.create({
    data: { name: "Ana", email: uniqueEmail(`carrinho${counter++}`), notifyEmail: choices.notifyEmail, notifyPush: choices.notifyPush },
    select: { id: true, email: true },
  });
  if (choices.push)
    await t.prisma.pushSubscription.create({
      data: { userId: user.id, endpoint: `https://push.exemplo.ao/${user.id}`, p256dh: "key", auth: "auth" },
    });
  return user;
};
/** Puts a line in the shopper's cart as changed `hoursAgo` hours ago. */
const cartLine = (userId: string, quantity: number, hoursAgo: number, product = productId, size = "M") =>
  t.prisma.$executeRaw`
    INSERT INTO cart_lines (user_id, product_id, size, quantity, updated_at)
    VALUES (${userId}, ${product}, ${size}, ${quantity}, ${new Date(Date.now() - hoursAgo * HOUR)})
    ON CONFLICT (user_id, product_id, size) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = EXCLUDED.updated_at`;
const round = (now = new Date()) => sendCartReminders({ db: t.prisma, now });
const mailsTo = async (email: string) =>
  (await outboxRepository(t.prisma).list({ take: 1000 }))
    .filter((m) => m.to === email && m.kind === "cart-reminder")
    .map((m) => ({ ...m, ...composeMail(m, ctx) }));
const setReminders = (enabled: boolean, hours = 24) =>
  t.prisma.shopSettings.update({ where: { id: 1 }, data: { cartReminderEnabled: enabled, cartReminderHours: hours } });

describe("abandoned-cart reminders", () => {
  it("reminds a cart untouched for a day once, by e-mail listing its lines with a link to /cart, and by push", async () => {
    const ana = await shopper({ push: true });
    await cartLine(ana.id, 2, 25);
    await cartLine(ana.id, 1, 30, otherProductId, "L");
    const first = await round();
    expect(first.reminded).toContain(ana.id);
    expect(first.pushes.find((p) => p.userId === ana.id)?.payload).toMatchObject({ url: "/cart" });
    expect((await round()).reminded).not.toContain(ana.id);
    const mails = await mailsTo(ana.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Deixou artigos no seu carrinho");
    expect(mails[0]!.text).toContain('2 × Vestido; "Kizomba" (M) — 25');
    expect(mails[0]!.text).toContain("1 × Camisa de linho (L)");
    expect(mails[0]!.text).toContain("https://loja.exemplo.ao/cart");
  });

  it("waits for the shop's delay: nothing for a cart touched within it", async () => {
    const ana = await shopper();
    await cartLine(ana.id, 1, 30);
    await cartLine(ana.id, 1, 2, otherProductId);
    expect((await round()).reminded).not.toContain(ana.id);
    expect((await round(new Date(Date.now() + 23 * HOUR))).reminded).toContain(ana.id);
  });

  it("sends nothing for a cart that became an order", async () => {
    const ana = await shopper();
    await cartLine(ana.id, 1, 30);
    await createOrder(t.prisma, ana.id);
    expect((await round()).reminded).not.toContain(ana.id);
    expect(await mailsTo(ana.email!)).toHaveLength(0);
  });

  it("sends nothing while staff turned reminders off, and follows the delay they set", async () => {
    const ana = await shopper();
    await cartLine(ana.id, 1, 5);
    try {
      await setReminders(false, 4);
      expect((await round()).reminded).not.toContain(ana.id);
      await setReminders(true, 6);
      expect((await round()).reminded).not.toContain(ana.id);
      await setReminders(true, 4);
      expect((await round()).reminded).toContain(ana.id);
    } finally {
      await setReminders(true);
    }
  });

  it("never reminds the same contents twice, and reminds again once they change and stay untouched", async () => {
    const ana = await shopper();
    await cartLine(ana.id, 1, 50);
    // Reminded ten hours ago.
    expect((await round(new Date(Date.now() - 10 * HOUR))).reminded).toContain(ana.id);
    // Touched again (the same line set again) but the same contents: no second reminder.
    await cartLine(ana.id, 1, 26);
    expect((await round()).reminded).not.toContain(ana.id);
    // New contents, just changed: not yet.
    await cartLine(ana.id, 3, 1);
    expect((await round()).reminded).not.toContain(ana.id);
    // A day later, untouched.
    expect((await round(new Date(Date.now() + 24 * HOUR))).reminded).toContain(ana.id);
    const mails = await mailsTo(ana.email!);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => /(\d) × Vestido/.exec(m.text)?.[1]).sort()).toEqual(["1", "3"]);
  });

  it("counts removing a line as a touch: no reminder right after it, one once the cart stays untouched", async () => {
    const ana = await shopper();
    await cartLine(ana.id, 1, 30);
    await cartLine(ana.id, 1, 30, otherProductId, "L");
    await updateCart(t.prisma, ana.id, { itemId: otherProductId, size: "L", quantity: 0 });
    expect((await round()).reminded).not.toContain(ana.id);
    expect((await round(new Date(Date.now() + 25 * HOUR))).reminded).toContain(ana.id);
  });

  it("sends no second reminder when a product leaves the shop: the contents changed, but not by the shopper", async () => {
    const leaving = await t.prisma.product.create({
      data: { name: "Saia", description: "—", price: 5000, sizes: ["M"], category: "Mulher", subCategory: "Topo" },
      select: { id: true },
    });
    const ana = await shopper();
    await cartLine(ana.id, 1, 30);
    await cartLine(ana.id, 1, 30, leaving.id);
    expect((await round()).reminded).toContain(ana.id);
    await t.prisma.product.update({ where: { id: leaving.id }, data: { hidden: true } });
    expect((await round(new Date(Date.now() + 24 * HOUR))).reminded).not.toContain(ana.id);
    expect(await mailsTo(ana.email!)).toHaveLength(1);
  });

  it("respects the shopper's choices: no e-mail when e-mails are off, no push when pushes are off, nothing when both are", async () => {
    const noMail = await shopper({ notifyEmail: false, push: true });
    const noPush = await shopper({ notifyPush: false, push: true });
    const neither = await shopper({ notifyEmail: false, notifyPush: false, push: true });
    for (const user of [noMail, noPush, neither]) await cartLine(user.id, 1, 30);
    const { reminded, pushes } = await round();
    expect(reminded).toEqual(expect.arrayContaining([noMail.id, noPush.id]));
    expect(reminded).not.toContain(neither.id);
    expect(await mailsTo(noMail.email!)).toHaveLength(0);
    expect(pushes.map((p) => p.userId)).toContain(noMail.id);
    expect(await mailsTo(noPush.email!)).toHaveLength(1);
    expect(pushes.map((p) => p.userId)).not.toContain(noPush.id);
    expect(await mailsTo(neither.email!)).toHaveLength(0);
  });

  it("leaves alone carts of closed accounts and carts left for longer than a week past the delay", async () => {
    const closed = await shopper();
    await t.prisma.user.update({ where: { id: closed.id }, data: { active: false } });
    await cartLine(closed.id, 1, 30);
    const old = await shopper();
    await cartLine(old.id, 1, 24 * 9);
    const { reminded } = await round();
    expect(reminded).not.toContain(closed.id);
    expect(reminded).not.toContain(old.id);
  });

  it("reminds once when two instances run their rounds at the same time", async () => {
    const other = t.db.kind === "postgres" ? await buildOtherInstance(t) : undefined;
    try {
      const users = await Promise.all([1, 2, 3, 4].map(() => shopper()));
      for (const user of users) await cartLine(user.id, 2, 30);
      const second = other ?? t;
      // The rounds themselves, without the cluster lock: the claims alone keep each reminder single.
      const [a, b] = await Promise.all([round(), sendCartReminders({ db: second.prisma })]);
      const reminded = [...a.reminded, ...b.reminded].filter((id) => users.some((u) => u.id === id));
      expect(reminded.sort()).toEqual(users.map((u) => u.id).sort());
      for (const user of users) expect(await mailsTo(user.email!)).toHaveLength(1);
      // Through the jobs, as deployed: the cluster lock lets one round run at a time.
      const late = await shopper();
      await cartLine(late.id, 1, 30);
      const jobOf = (app: TestApp) => shopJobs(app.deps, app.app.log).find((job) => job.name === "cart-reminders")!;
      await Promise.all([t, second].map((app) => app.db.onlyOneInstance("loja-job:cart-reminders", jobOf(app).run)));
      expect(await mailsTo(late.email!)).toHaveLength(1);
    } finally {
      await other?.close();
    }
  });
});

describe("the reminder settings", () => {
  const valid = {
    phones: ["+244 923 000 001", "+244 923 000 002", "+244 923 000 003"],
    emails: ["contacto@loja.ao", "contact@loja.ao"],
    addresses: ["Rua A, Luanda"],
    bankName: "Banco BAI",
    accountHolder: "Loja Lda",
    accountNumber: "123456789",
    iban: "AO06 0040 0000 1234 5678 1014 2",
  };

  it("are an admin's to turn off and to set between 1 and 168 whole hours, audited", async () => {
    const admin = await createStaff(t, "admin");
    const support = await createStaff(t, "support");
    const put = (body: object, auth = admin.auth) =>
      t.app.inject({
        method: "PUT",
        url: "/admin/api/settings/1",
        headers: auth,
        payload: { ...valid, currentPassword: admin.password, ...body },
      });
    const shown = (await t.app.inject({ method: "GET", url: "/admin/api/settings/1", headers: admin.auth })).json();
    expect(shown).toMatchObject({ cartReminderEnabled: true, cartReminderHours: 24 });
    for (const hours of [0, 169, 2.5]) expectError(await put({ cartReminderHours: hours }), 400, /lembrete de carrinho/i);
    expectError(await put({ cartReminderEnabled: false }, support.auth), 403);
    const saved = await put({ cartReminderEnabled: false, cartReminderHours: 48 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ cartReminderEnabled: false, cartReminderHours: 48 });
    expect(saved.json().changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(["cartReminderEnabled", "cartReminderHours"]),
    );
    // Left out: unchanged.
    expect((await put({})).json()).toMatchObject({ cartReminderEnabled: false, cartReminderHours: 48 });
    await setReminders(true);
  });
});
