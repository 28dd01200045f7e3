import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { buildTestApp, createStaff, registerCustomer, TEST_JWT_SECRET, type Customer, type TestApp } from "../helpers/app.ts";
import { listConversationMessages, markReadBySupport, sendSupportReply } from "../../server/domain/chat/service.ts";
import { MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { createOrder, pdfBytes, pngBytes, sendMessage, uploaded } from "./chat-fixtures.ts";

const NOT_FOUND = "Pedido inválido ou não encontrado.";
const EXPIRED = "Sessão expirada. Por favor, faça login novamente.";

let t: TestApp;
let owner: Customer;
let stranger: Customer;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
  owner = await registerCustomer(t.app);
  stranger = await registerCustomer(t.app);
  orderId = await createOrder(t.prisma, owner.userId);
});
afterAll(() => t.close());

const list = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/message/${encodeURIComponent(id)}`, headers });

function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string | RegExp) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
  else expect(body.message.length).toBeGreaterThan(0);
}

describe("POST /api/message/send", () => {
  it("stores a text message from the order's owner and returns it in the shopper contract's Message shape", async () => {
    const res = await sendMessage(t.app, owner.auth, { orderId, text: "Olá, quando chega a minha encomenda?" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toEqual({
      _id: expect.any(String),
      orderId,
      sender: "client",
      text: "Olá, quando chega a minha encomenda?",
      fileUrl: null,
      type: null,
      fileName: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const row = await t.prisma.message.findUnique({ where: { id: body.message._id } });
    expect(row).toMatchObject({ orderId, sender: "client", authorId: owner.userId });
  });

  it("accepts an image alone, sniffed from its bytes, and serves it from its /media URL", async () => {
    const png = await pngBytes();
    const res = await sendMessage(t.app, owner.auth, { orderId }, [{ bytes: png, fileName: "comprovativo.png", contentType: "image/png" }]);
    expect(res.statusCode).toBe(200);
    const { message } = res.json();
    expect(message).toMatchObject({ type: "image", text: "", fileName: "comprovativo.png" });
    expect(message.fileUrl).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/);
    const file = await t.app.inject({ method: "GET", url: message.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^image\/png/);
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
  });

  it("accepts a PDF with text (fields in any order) and labels it pdf", async () => {
    // File first, fields after: the server reads the whole form before deciding.
    const form = new FormData();
    form.append("file", new Blob([pdfBytes()], { type: "application/pdf" }), "fatura.pdf");
    form.append("text", "Segue a fatura");
    form.append("orderId", orderId);
    const response = new Response(form);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/message/send",
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { "content-type": response.headers.get("content-type")!, ...owner.auth },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ type: "pdf", text: "Segue a fatura", fileName: "fatura.pdf" });
    const file = await t.app.inject({ method: "GET", url: res.json().message.fileUrl });
    expect(file.headers["content-type"]).toMatch(/^application\/pdf/);
  });

  it("refuses a message with neither text nor file (400), also when the text is only spaces", async () => {
    expectError(await sendMessage(t.app, owner.auth, { orderId }), 400, "Escreva uma mensagem ou anexe um ficheiro");
    expectError(await sendMessage(t.app, owner.auth, { orderId, text: "   \n " }), 400, "Escreva uma mensagem ou anexe um ficheiro");
  });

  it("accepts 4000 characters of text and refuses 4001 (400)", async () => {
    expect((await sendMessage(t.app, owner.auth, { orderId, text: "a".repeat(4000) })).statusCode).toBe(200);
    expectError(
      await sendMessage(t.app, owner.auth, { orderId, text: "a".repeat(4001) }),
      400,
      "A mensagem pode ter no máximo 4000 caracteres",
    );
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const before = await t.prisma.media.count();
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    big.set(await pngBytes());
    expectError(
      await sendMessage(t.app, owner.auth, { orderId, text: "grande" }, [{ bytes: big, fileName: "grande.png", contentType: "image/png" }]),
      413,
    );
    expect(await t.prisma.media.count()).toBe(before);
  });

  it("refuses disguised files with 415: HTML named .png, SVG, and a script sent as a PDF", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const before = await t.prisma.message.count();
    expectError(await sendMessage(t.app, owner.auth, { orderId }, [{ bytes: html, fileName: "foto.png", contentType: "image/png" }]), 415);
    expectError(
      await sendMessage(t.app, owner.auth, { orderId }, [{ bytes: svg, fileName: "logo.svg", contentType: "image/svg+xml" }]),
      415,
    );
    expectError(
      await sendMessage(t.app, owner.auth, { orderId }, [
        { bytes: Buffer.from("alert(1)"), fileName: "a.pdf", contentType: "application/pdf" },
      ]),
      415,
    );
    expect(await t.prisma.message.count()).toBe(before);
  });

  it("refuses a second file, an unknown field and a body that is not multipart", async () => {
    const png = await pngBytes();
    const two = await sendMessage(t.app, owner.auth, { orderId }, [
      { bytes: png, fileName: "a.png", contentType: "image/png" },
      { bytes: png, fileName: "b.png", contentType: "image/png" },
    ]);
    expect([400, 413]).toContain(two.statusCode);
    expect(two.json().success).toBe(false);
    expectError(await sendMessage(t.app, owner.auth, { orderId, text: "x", sender: "support" }), 400, "Campo não permitido: sender");
    const json = await t.app.inject({ method: "POST", url: "/api/message/send", payload: { orderId, text: "x" }, headers: owner.auth });
    expectError(json, 415);
  });

  it("answers 'Pedido inválido ou não encontrado.' for a missing, unknown or someone else's order", async () => {
    expectError(await sendMessage(t.app, owner.auth, { text: "sem pedido" }), 400, NOT_FOUND);
    expectError(await sendMessage(t.app, owner.auth, { orderId: "nao-existe", text: "x" }), 404, NOT_FOUND);
    const before = await t.prisma.message.count({ where: { orderId } });
    expectError(await sendMessage(t.app, stranger.auth, { orderId, text: "intruso" }), 404, NOT_FOUND);
    expect(await t.prisma.message.count({ where: { orderId } })).toBe(before);
  });

  it("needs a valid token: missing, forged and expired ones are 401", async () => {
    expectError(await sendMessage(t.app, {}, { orderId, text: "x" }), 401, EXPIRED);
    const forged = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("outro-segredo-que-nao-e-o-da-loja-0123456789"));
    expectError(await sendMessage(t.app, { authorization: `Bearer ${forged}` }, { orderId, text: "x" }), 401, EXPIRED);
    const expired = await new SignJWT({ role: "customer" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(owner.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expectError(await sendMessage(t.app, { authorization: `Bearer ${expired}` }, { orderId, text: "x" }), 401, EXPIRED);
  });
});

describe("GET /api/message/:orderId", () => {
  it("lists the order's messages oldest first, support's replies included, and marks support's messages read", async () => {
    const other = await createOrder(t.prisma, owner.userId);
    const staff = await createStaff(t, "support");
    await sendMessage(t.app, owner.auth, { orderId: other, text: "primeira" });
    const reply = await sendSupportReply(t.prisma, {
      orderId: other,
      staffUserId: staff.userId,
      text: "Resposta do suporte",
      file: null,
    });
    await sendMessage(t.app, owner.auth, { orderId: other, text: "terceira" });

    const res = await list(other, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { success, messages } = res.json();
    expect(success).toBe(true);
    expect(messages.map((m: { text: string; sender: string }) => [m.sender, m.text])).toEqual([
      ["client", "primeira"],
      ["support", "Resposta do suporte"],
      ["client", "terceira"],
    ]);
    expect(Object.keys(messages[1]).sort()).toEqual(["_id", "createdAt", "fileName", "fileUrl", "orderId", "sender", "text", "type"]);
    const row = await t.prisma.message.findUnique({ where: { id: reply.message._id } });
    expect(row?.readByClientAt).toBeInstanceOf(Date);
  });

  it("carries the order's status beside the messages (the chat's header), following a change", async () => {
    const other = await createOrder(t.prisma, owner.userId);
    const status = async () => ((await list(other, owner.auth)).json() as { status: string }).status;
    expect(await status()).toBe((await t.prisma.order.findUniqueOrThrow({ where: { id: other } })).status);
    await t.prisma.order.update({ where: { id: other }, data: { status: "Enviado" } });
    expect(await status()).toBe("Enviado");
  });

  it("hides other customers' orders and unknown ids behind the same 404", async () => {
    expectError(await list(orderId, stranger.auth), 404, NOT_FOUND);
    expectError(await list("nao-existe", owner.auth), 404, NOT_FOUND);
    expectError(await list("x".repeat(150), owner.auth), 404, NOT_FOUND);
  });

  it("needs a valid token (401)", async () => {
    expectError(await list(orderId, {}), 401, EXPIRED);
    expectError(await list(orderId, { authorization: "Bearer abc.def.ghi" }), 401, EXPIRED);
  });
});

describe("staff side of the chat (domain functions used by the console API)", () => {
  it("sendSupportReply stores a support message with its event and marks the customer's messages read", async () => {
    const id = await createOrder(t.prisma, owner.userId);
    const staff = await createStaff(t, "support");
    await sendMessage(t.app, owner.auth, { orderId: id, text: "preciso de ajuda" });
    const png = await pngBytes();
    const posted = await sendSupportReply(t.prisma, {
      orderId: id,
      staffUserId: staff.userId,
      text: " Já verificámos ",
      file: await uploaded(t.deps.media, png, "guia.png"),
    });
    expect(posted).toMatchObject({ orderId: id, ownerId: owner.userId });
    expect(posted.message).toMatchObject({
      orderId: id,
      sender: "support",
      text: "Já verificámos",
      type: "image",
      fileName: "guia.png",
      authorName: "Suporte Teste",
    });
    // Committed with its event (the shopper's push follows from it), ready to publish.
    expect(await t.prisma.message.findUnique({ where: { id: posted.message._id } })).not.toBeNull();
    const events = await t.prisma.domainEvent.findMany({ where: { orderId: id, name: "message.posted" }, orderBy: { id: "asc" } });
    expect(events.at(-1)?.payload).toMatchObject({ messageId: posted.message._id, sender: "support", waitingStarts: false });
    const unread = await t.prisma.message.count({ where: { orderId: id, sender: "client", readBySupportAt: null } });
    expect(unread).toBe(0);
  });

  it("listConversationMessages lists any order's messages with read markers; markReadBySupport counts what it marked", async () => {
    const id = await createOrder(t.prisma, owner.userId);
    await sendMessage(t.app, owner.auth, { orderId: id, text: "um" });
    await sendMessage(t.app, owner.auth, { orderId: id, text: "dois" });
    const messages = await listConversationMessages(t.prisma, id);
    expect(messages.map((m) => m.text)).toEqual(["um", "dois"]);
    expect(messages[0]).toMatchObject({ readBySupportAt: null, authorName: null });
    expect(await markReadBySupport(t.prisma, id)).toBe(2);
    expect(await markReadBySupport(t.prisma, id)).toBe(0);
    await expect(listConversationMessages(t.prisma, "nao-existe")).rejects.toMatchObject({ status: 404 });
  });

  it("sendSupportReply refuses empty and over-long text and unknown orders", async () => {
    const staff = await createStaff(t, "admin");
    await expect(sendSupportReply(t.prisma, { orderId, staffUserId: staff.userId, text: " ", file: null })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      sendSupportReply(t.prisma, { orderId, staffUserId: staff.userId, text: "a".repeat(4001), file: null }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      sendSupportReply(t.prisma, { orderId: "nao-existe", staffUserId: staff.userId, text: "x", file: null }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("rate limit", () => {
  it("limits each customer's sending to the configured rate with a Portuguese 429, other customers unaffected", async () => {
    const limited = await buildTestApp({ limits: { messagesPerMinute: 3 } });
    try {
      const a = await registerCustomer(limited.app);
      const b = await registerCustomer(limited.app);
      const orderA = await createOrder(limited.prisma, a.userId);
      const orderB = await createOrder(limited.prisma, b.userId);
      for (let i = 0; i < 3; i++) expect((await sendMessage(limited.app, a.auth, { orderId: orderA, text: `m${i}` })).statusCode).toBe(200);
      const res = await sendMessage(limited.app, a.auth, { orderId: orderA, text: "demais" });
      expectError(res, 429, /^Demasiados pedidos/);
      expect((await sendMessage(limited.app, b.auth, { orderId: orderB, text: "eu posso" })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
