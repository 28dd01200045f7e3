// Support replies e-mailed to a shopper with no page open: replies in the window joined in one mail linking to
// the order's chat, nothing twice, nothing for read replies, online shoppers or shoppers who opted out.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { composeMail } from "../../server/notifications/mail/facts.ts";
import { outboxRepository } from "../../server/notifications/outbox/repository.ts";
import { sweepSupportReplyDigests } from "../../server/notifications/reply-digest.ts";
import type { MailContext } from "../../server/notifications/mail/templates.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { createOrder } from "./chat-fixtures.ts";

const ctx: MailContext = { baseUrl: "https://loja.exemplo.ao", shop: { phones: [], emails: [] } };
let counter = 0;

describe("support reply digests", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(inject("dbKind"), inject("dbTemplate"), inject("dbServerUrl"));
  });
  afterAll(() => db?.close());

  const shopper = async (notifyEmail = true) => {
    const user = await db.prisma.user.create({
      data: { name: "Ana", email: `digest.${process.pid}.${counter++}@exemplo.ao`, notifyEmail },
      select: { id: true, email: true },
    });
    return { ...user, orderId: await createOrder(db.prisma, user.id) };
  };
  const reply = (orderId: string, text: string, secondsAgo: number, extra: { readByClientAt?: Date; sender?: string } = {}) =>
    db.prisma.message.create({
      data: {
        orderId,
        sender: extra.sender ?? "support",
        text,
        createdAt: new Date(Date.now() - secondsAgo * 1000),
        readByClientAt: extra.readByClientAt,
      },
    });
  const sweep = (isOnline: (userId: string) => boolean = () => false, now = new Date()) =>
    sweepSupportReplyDigests({ db: db.prisma, isOnline, now });
  /** The mails to `email` as they would be sent (rendered from their facts). */
  const mailsTo = async (email: string) =>
    (await outboxRepository(db.prisma).list({ take: 500 })).filter((m) => m.to === email).map((m) => ({ ...m, ...composeMail(m, ctx) }));

  it("joins the replies of the window in one mail to the shopper with a link to the order's chat, once", async () => {
    const ana = await shopper();
    await reply(ana.orderId, "Já confirmámos o stock.", 90);
    await reply(ana.orderId, "Enviamos amanhã.", 30);
    await reply(ana.orderId, "Estado: Enviado", 20, { sender: "shop" });
    expect(await sweep()).toContain(ana.orderId);
    expect(await sweep()).not.toContain(ana.orderId);
    const mails = await mailsTo(ana.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("support-replies");
    expect(mails[0]!.subject).toMatch(/^2 novas respostas/);
    expect(mails[0]!.text).toContain("> Já confirmámos o stock.");
    expect(mails[0]!.text).toContain("> Enviamos amanhã.");
    expect(mails[0]!.text).not.toContain("Estado: Enviado");
    expect(mails[0]!.text).toContain(`https://loja.exemplo.ao/message/${ana.orderId}`);
  });

  it("waits until the first reply is a minute old, so later replies join it", async () => {
    const ana = await shopper();
    await reply(ana.orderId, "Primeira", 10);
    expect(await sweep()).not.toContain(ana.orderId);
    await reply(ana.orderId, "Segunda", 5);
    expect(await sweep(() => false, new Date(Date.now() + 60_000))).toContain(ana.orderId);
    const [mail] = await mailsTo(ana.email!);
    expect(mail!.text).toContain("Primeira");
    expect(mail!.text).toContain("Segunda");
  });

  it("mails a reply written after the last digest on its own", async () => {
    const ana = await shopper();
    await reply(ana.orderId, "Antiga", 300);
    await sweep();
    await reply(ana.orderId, "Nova", 70);
    expect(await sweep()).toContain(ana.orderId);
    const mails = await mailsTo(ana.email!);
    expect(mails).toHaveLength(2);
    const newest = mails.find((m) => m.text.includes("Nova"))!;
    expect(newest.text).not.toContain("Antiga");
  });

  it("sends nothing for read replies, shoppers with an open page, or shoppers who turned e-mail off", async () => {
    const read = await shopper();
    await reply(read.orderId, "Lida", 90, { readByClientAt: new Date() });
    const online = await shopper();
    await reply(online.orderId, "Vista na app", 90);
    const optedOut = await shopper(false);
    await reply(optedOut.orderId, "Sem e-mail", 90);
    const mailed = await sweep((userId) => userId === online.id);
    expect(mailed).not.toContain(read.orderId);
    expect(mailed).not.toContain(online.orderId);
    expect(mailed).not.toContain(optedOut.orderId);
    for (const s of [read, online, optedOut]) expect(await mailsTo(s.email!)).toEqual([]);
    // Still unread once the shopper left the page: the next sweep mails it.
    expect(await sweep()).toContain(online.orderId);
  });
});
