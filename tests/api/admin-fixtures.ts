// Shared set-up for the staff API suites: real rows in the real test database (orders and messages are
// written with Prisma because these suites test the staff side, not the shopper's checkout).
import sharp from "sharp";
import { expect } from "vitest";
import type { TestApp } from "../helpers/app.ts";
import { Prisma } from "../../server/db/client.ts";
import { storeBytes } from "../../server/domain/media/service.ts";
import { sniffType } from "../../server/domain/media/sniff.ts";
import { ATTACHMENT_TYPES } from "../../shared/chat.ts";
import { isPaidStatus } from "../../shared/orders.ts";
import type { PaymentRequestSchema } from "../../server/schemas/payment-requests.ts";

export const pngBytes = (width = 640, height = 480, color = { r: 200, g: 40, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A tiny but real one-page PDF (file-type sniffs the %PDF header). */
export const pdfBytes = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

export function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string | RegExp) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
}

/** A multipart body built by hand, so tests control every part (names, types, extra fields). */
export function multipart(parts: { name: string; value?: string; file?: { bytes: Buffer; filename: string; type: string } }[]) {
  const boundary = `----loja${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.bytes, Buffer.from("\r\n"));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ""}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const address = (over: Partial<Record<string, string>> = {}) => ({
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@exemplo.ao",
  street: "Rua da Missão 12",
  city: "Luanda",
  state: "Luanda",
  zipcode: "1000",
  country: "Angola",
  phone: "923000000",
  ...over,
});

/** An order placed by `userId` for the first live product of the seeded catalogue. */
export async function makeOrder(
  t: TestApp,
  userId: string,
  opts: { status?: string; createdAt?: Date; quantity?: number; phone?: string; paymentReference?: string } = {},
) {
  const product = await t.prisma.product.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { createdAt: "asc" } });
  const quantity = opts.quantity ?? 2;
  const subtotal = product.price.mul(quantity);
  const fee = new Prisma.Decimal(5000);
  return t.prisma.order.create({
    data: {
      userId,
      status: opts.status ?? "Aguardando Pagamento",
      // An order made in a paid status stands for one whose payment was confirmed.
      paid: isPaidStatus(opts.status ?? "Aguardando Pagamento"),
      paymentMethod: "bank_transfer",
      address: address(opts.phone ? { phone: opts.phone } : {}),
      ...(opts.paymentReference ? { paymentReference: opts.paymentReference } : {}),
      subtotal,
      deliveryFee: fee,
      totalAmount: subtotal.add(fee),
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      lines: {
        create: [
          {
            position: 0,
            productId: product.id,
            name: product.name,
            image: "/media/x",
            price: product.price,
            size: product.sizes[0] ?? "M",
            quantity,
          },
        ],
      },
      statusHistory: { create: [{ status: opts.status ?? "Aguardando Pagamento" }] },
    },
  });
}

/** A payment request on the order, asked by `staff` (docs/product/payment-requests.md). */
export async function askPayment(
  t: TestApp,
  staff: { auth: Record<string, string> },
  orderId: string,
  amount: number,
  reason = "Entrega para a Huíla",
) {
  const res = await t.app.inject({
    method: "POST",
    url: `/admin/api/orders/${orderId}/payment-requests`,
    headers: staff.auth,
    payload: { amount, reason },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { request: PaymentRequestSchema }).request;
}

/** An admin imports a bank statement (the CSV header and these lines): its summary. */
export async function importStatement(t: TestApp, admin: { auth: Record<string, string> }, rows: string[]) {
  const text = ["Data Movimento;Data Valor;Descritivo;Débito;Crédito;Saldo", ...rows].join("\n");
  const form = multipart([{ name: "file", file: { bytes: Buffer.from(text), filename: "extrato.csv", type: "text/csv" } }]);
  const res = await t.app.inject({
    method: "POST",
    url: "/admin/api/bank-statements",
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { matched: number; unmatched: number };
}

/** The shop's bank statement names the request's reference: the import (by an admin) pays it. */
export async function payRequestByTransfer(t: TestApp, admin: { auth: Record<string, string> }, request: PaymentRequestSchema) {
  const amount = request.amount.toFixed(2).replace(".", ",");
  const row = `28-11-2026;28-11-2026;TRF ${request.reference};;${amount};1,00`;
  expect((await importStatement(t, admin, [row])).matched).toBe(1);
}

/** A customer message in an order's chat, optionally with a stored attachment. */
export async function clientMessage(
  t: TestApp,
  orderId: string,
  userId: string,
  text: string,
  opts: { at?: Date; file?: { bytes: Buffer; fileName: string } } = {},
) {
  const media = opts.file
    ? await storeBytes(t.prisma, t.deps.media, opts.file.bytes, {
        mimeType: (await sniffType(opts.file.bytes, ATTACHMENT_TYPES))!,
        kind: "attachment",
        ownerId: userId,
        fileName: opts.file.fileName,
      })
    : null;
  return t.prisma.message.create({
    data: { orderId, sender: "client", authorId: userId, text, mediaId: media?.id ?? null, ...(opts.at ? { createdAt: opts.at } : {}) },
  });
}
