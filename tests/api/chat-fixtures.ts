// Shared by the chat, socket and multi-instance suites: orders to talk about, real files, multipart bodies
// and a small real WebSocket client that records every frame.
import sharp from "sharp";
import WebSocket from "ws";
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../server/db/client.ts";
import { Readable } from "node:stream";
import { receiveFile } from "../../server/domain/media/incoming.ts";
import type { MediaStore } from "../../server/domain/media/store.ts";
import type { ChatFile } from "../../server/domain/chat/service.ts";

export async function createOrder(prisma: PrismaClient, userId: string): Promise<string> {
  const order = await prisma.order.create({
    data: {
      userId,
      paymentMethod: "bank_transfer",
      address: {
        firstName: "Ana",
        lastName: "Silva",
        email: "ana@exemplo.ao",
        street: "Rua 1",
        city: "Luanda",
        state: "",
        zipcode: "1000",
        country: "Angola",
        phone: "923000000",
      },
      subtotal: 10000,
      deliveryFee: 5000,
      totalAmount: 15000,
      statusHistory: { create: { status: "Aguardando Pagamento" } },
    },
    select: { id: true },
  });
  return order.id;
}

export const pngBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();

export const pdfBytes = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

export interface FilePart {
  name?: string;
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/** A real multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.name ?? "file", new Blob([new Uint8Array(f.bytes)], { type: f.contentType }), f.fileName);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { "content-type": response.headers.get("content-type")! } };
}

export async function sendMessage(
  app: FastifyInstance,
  auth: Record<string, string>,
  fields: Record<string, string>,
  files: FilePart[] = [],
) {
  const body = await multipart(fields, files);
  return app.inject({ method: "POST", url: "/api/message/send", payload: body.payload, headers: { ...body.headers, ...auth } });
}

/** The shopper sends a PNG proof of payment for their order (POST /api/order/proof). */
export async function sendProof(app: FastifyInstance, auth: Record<string, string>, orderId: string) {
  const body = await multipart({ orderId }, [{ bytes: await pngBytes(), fileName: "talao.png", contentType: "image/png" }]);
  return app.inject({ method: "POST", url: "/api/order/proof", payload: body.payload, headers: { ...body.headers, ...auth } });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `ws://127.0.0.1:${address.port}/ws`;
}

export interface Frame {
  type: string;
  orderId?: string;
  message?: unknown;
}

/** A real socket that records every frame it receives, in order. */
export class TestSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private waiters = new Set<() => void>();

  constructor(
    url: string,
    readonly ws = new WebSocket(url, { autoPong: true }),
  ) {
    this.opened = new Promise((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    this.closed = new Promise((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const w of this.waiters) w();
    });
    ws.on("close", () => {
      for (const w of this.waiters) w();
    });
  }

  static async open(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
    const socket = new TestSocket(url, new WebSocket(url, { autoPong: options.autoPong ?? true }));
    await socket.opened;
    return socket;
  }

  /** Opens a socket and authenticates it, resolving once `ready` arrived. */
  static async ready(url: string, token: string): Promise<TestSocket> {
    const socket = await TestSocket.open(url);
    socket.send({ type: "auth", token });
    await socket.next((f) => f.type === "ready");
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first recorded frame matching, waiting for it up to `ms`; frames are consumed in order. */
  async next(match: (f: Frame) => boolean, ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = this.frames.findIndex(match);
      if (index >= 0) return this.frames.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  /** All frames received so far matching, after waiting `ms` for stragglers. */
  async settle(match: (f: Frame) => boolean, ms = 300): Promise<Frame[]> {
    await new Promise((r) => setTimeout(r, ms));
    return this.frames.filter(match);
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}

/** The sockets a test file opens, closed together in its afterAll. */
export class SocketPool {
  private readonly sockets: TestSocket[] = [];

  keep(socket: TestSocket): TestSocket {
    this.sockets.push(socket);
    return socket;
  }
  async ready(url: string, token: string): Promise<TestSocket> {
    return this.keep(await TestSocket.ready(url, token));
  }
  async open(url: string): Promise<TestSocket> {
    return this.keep(await TestSocket.open(url));
  }
  closeAll(): void {
    for (const s of this.sockets) s.close();
  }
}

export async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5000, what = "condition"): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const isNewMessage = (orderId: string) => (f: Frame) => f.type === "newMessage" && f.orderId === orderId;

/** A file as an upload leaves it (in the store's temp folder, hashed), for calling the chat services directly. */
export async function uploaded(media: MediaStore, bytes: Uint8Array, fileName: string): Promise<ChatFile> {
  return { upload: await receiveFile(Readable.from([Buffer.from(bytes)]), media.tempDir, fileName), media };
}
