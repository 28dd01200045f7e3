// Shoppers' uploads are bounded: at most 40 MB of files per order and 100 MB per account (chat files and proofs
// alike), and no upload is taken while the disk holding the media has less free space than MEDIA_MIN_FREE_MB.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, registerCustomer, type TestApp } from "../helpers/app.ts";
import { expectError, makeOrder, multipart } from "./admin-fixtures.ts";
import {
  ACCOUNT_QUOTA_REACHED,
  ACCOUNT_UPLOAD_QUOTA_BYTES,
  ORDER_QUOTA_REACHED,
  ORDER_UPLOAD_QUOTA_BYTES,
} from "../../server/domain/media/quota.ts";
import { DISK_FULL } from "../../server/domain/media/disk-space.ts";
import { pdfWithText } from "../helpers/tiny-pdf.ts";

/** A PDF of about `bytes` (a comment pads it; each upload differs, so nothing is deduplicated away). */
const paddedPdf = (bytes: number) => Buffer.concat([pdfWithText([`Ficheiro ${Math.random()}`]), Buffer.from(`%${"x".repeat(bytes)}\n`)]);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
});
afterAll(() => t.close());

const sendFile = (auth: Record<string, string>, orderId: string, bytes: Buffer) => {
  const form = multipart([
    { name: "orderId", value: orderId },
    { name: "file", file: { bytes, filename: "ficheiro.pdf", type: "application/pdf" } },
  ]);
  return t.app.inject({ method: "POST", url: "/api/message/send", headers: { ...auth, ...form.headers }, payload: form.payload });
};

/**
 * What the shopper already sent, without uploading tens of megabytes: one real file through the chat, whose media
 * row then stands for `bytes` sent (the quotas are counted from the media rows).
 */
async function alreadySent(auth: Record<string, string>, orderId: string, bytes: number): Promise<void> {
  const res = await sendFile(auth, orderId, paddedPdf(1024));
  expect(res.statusCode, res.body).toBe(200);
  const message = await t.prisma.message.findFirstOrThrow({ where: { orderId, mediaId: { not: null } }, orderBy: { createdAt: "desc" } });
  await t.prisma.media.update({ where: { id: message.mediaId! }, data: { size: bytes } });
}

describe("upload quotas", () => {
  it("refuses a file that would take an order over its quota; another order still takes files", async () => {
    const c = await registerCustomer(t.app);
    const order = await makeOrder(t, c.userId);
    await alreadySent(c.auth, order.id, ORDER_UPLOAD_QUOTA_BYTES - 4096);
    expect((await sendFile(c.auth, order.id, paddedPdf(2048))).statusCode).toBe(200);
    expectError(await sendFile(c.auth, order.id, paddedPdf(4096)), 413, ORDER_QUOTA_REACHED);
    const other = await makeOrder(t, c.userId);
    expect((await sendFile(c.auth, other.id, paddedPdf(1024))).statusCode).toBe(200);
  });

  it("refuses a file that would take the account over its quota, proofs included", async () => {
    const c = await registerCustomer(t.app);
    // Spread over orders, each under its own quota.
    let sent = 0;
    while (sent < ACCOUNT_UPLOAD_QUOTA_BYTES - 4096) {
      const bytes = Math.min(ORDER_UPLOAD_QUOTA_BYTES - 1024, ACCOUNT_UPLOAD_QUOTA_BYTES - 4096 - sent);
      await alreadySent(c.auth, (await makeOrder(t, c.userId)).id, bytes);
      sent += bytes;
    }
    const fresh = await makeOrder(t, c.userId);
    expect((await sendFile(c.auth, fresh.id, paddedPdf(2048))).statusCode).toBe(200);
    expectError(await sendFile(c.auth, fresh.id, paddedPdf(4096)), 413, ACCOUNT_QUOTA_REACHED);
    // Proofs count too.
    const form = multipart([
      { name: "orderId", value: fresh.id },
      { name: "file", file: { bytes: paddedPdf(4096), filename: "comprovativo.pdf", type: "application/pdf" } },
    ]);
    const proof = await t.app.inject({
      method: "POST",
      url: "/api/order/proof",
      headers: { ...c.auth, ...form.headers },
      payload: form.payload,
    });
    expectError(proof, 413, ACCOUNT_QUOTA_REACHED);
  });
});

describe("the disk-space guard", () => {
  let full: TestApp;
  beforeAll(async () => {
    // More free space than any disk has: the guard must refuse, as on a nearly full disk.
    full = await buildTestApp({ env: { MEDIA_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
  });
  afterAll(() => full.close());

  it("refuses uploads with 507 before the disk fills, and stores nothing", async () => {
    const c = await registerCustomer(full.app);
    const order = await makeOrder(full, c.userId);
    const form = multipart([
      { name: "orderId", value: order.id },
      { name: "file", file: { bytes: paddedPdf(1024), filename: "f.pdf", type: "application/pdf" } },
    ]);
    const res = await full.app.inject({
      method: "POST",
      url: "/api/message/send",
      headers: { ...c.auth, ...form.headers },
      payload: form.payload,
    });
    expectError(res, 507, DISK_FULL);
    expect(await full.prisma.message.count({ where: { orderId: order.id } })).toBe(0);
  });
});
