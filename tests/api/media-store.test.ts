// Files off the event loop: media bytes live in the media store (content-addressed files under DATA_DIR,
// or an S3-compatible bucket), uploads are streamed to a temp file, /media is streamed with ranges and conditional
// requests, attachments are private, names are sanitised, and rows from before keep working after the move.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { TEST_JWT_SECRET, buildTestApp, createStaff, registerCustomer, type Customer, type TestApp } from "../helpers/app.ts";
import { adminQuery, templateReady, withDatabase } from "../helpers/test-db.ts";
import { start } from "../../server/bootstrap.ts";
import { createPglite, pgliteDir } from "../../server/db/client.ts";
import { startFakeS3, type FakeS3 } from "../helpers/fake-s3.ts";
import { AwsV4Signer } from "aws4fetch";
import { S3MediaStore } from "../../server/domain/media/s3-store.ts";
import { loadConfig } from "../../server/config.ts";
import { moveStoredBytes } from "../../server/domain/media/service.ts";
import { FileMediaStore, type MediaStore } from "../../server/domain/media/store.ts";
import { BandwidthLimiter } from "../../server/domain/media/bandwidth.ts";
import { parseRange } from "../../server/domain/media/range.ts";
import { createOrder, multipart, pdfBytes, pngBytes, sendMessage } from "./chat-fixtures.ts";
import { PDF_NOT_IN_ORDER } from "../../shared/chat.ts";
import { shortOrderId } from "../../shared/orders.ts";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const bigPdf = () => Buffer.concat([pdfBytes(), randomBytes(300_000)]);

let t: TestApp;
let owner: Customer;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp({ limits: { messagesPerMinute: 1000 } });
  owner = await registerCustomer(t.app);
  orderId = await createOrder(t.prisma, owner.userId);
});
afterAll(() => t.close());

async function sendFile(bytes: Uint8Array, fileName: string, contentType = "application/pdf") {
  const res = await sendMessage(t.app, owner.auth, { orderId }, [{ bytes, fileName, contentType }]);
  expect(res.statusCode).toBe(200);
  return res.json().message as { fileUrl: string; fileName: string | null; _id: string };
}

const tempFiles = () => readdirSync(t.deps.media.tempDir);

describe("the files store", () => {
  it("keeps an attachment as DATA_DIR/media/<prefix>/<sha256> (0600 in 0700 folders), the row without bytes", async () => {
    const pdf = bigPdf();
    const message = await sendFile(pdf, "fatura.pdf");
    const file = path.join(t.config.dataDir, "media", sha(pdf).slice(0, 2), sha(pdf));
    expect(statSync(file).size).toBe(pdf.byteLength);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const row = await t.prisma.media.findFirstOrThrow({ where: { publicId: message.fileUrl.split("/").pop()! } });
    expect(row).toMatchObject({
      bytes: null,
      sha256: sha(pdf),
      size: pdf.byteLength,
      mimeType: "application/pdf",
      kind: "attachment",
      ownerId: owner.userId,
    });
    expect(tempFiles()).toEqual([]);
  });

  it("stores the same bytes once: two messages, two rows and URLs, one file", async () => {
    const png = await pngBytes();
    const [a, b] = [await sendFile(png, "a.png", "image/png"), await sendFile(png, "b.png", "image/png")];
    expect(a.fileUrl).not.toBe(b.fileUrl);
    expect(await t.prisma.media.count({ where: { sha256: sha(png) } })).toBe(2);
    expect(readdirSync(path.join(t.config.dataDir, "media", sha(png).slice(0, 2))).filter((f) => f === sha(png))).toHaveLength(1);
  });

  it("leaves no temp file behind a refused upload (415, 413)", async () => {
    expect(
      (await sendMessage(t.app, owner.auth, { orderId }, [{ bytes: Buffer.from("<html>"), fileName: "x.png", contentType: "image/png" }]))
        .statusCode,
    ).toBe(415);
    expect(
      (
        await sendMessage(t.app, owner.auth, { orderId }, [
          { bytes: new Uint8Array(10 * 1024 * 1024 + 1), fileName: "x.pdf", contentType: "application/pdf" },
        ])
      ).statusCode,
    ).toBe(413);
    // Removed once the answer is sent (onResponse), which may finish just after the client has it.
    await vi.waitFor(() => expect(tempFiles()).toEqual([]));
  });
});

describe("GET /media/:id", () => {
  let pdf: Buffer;
  let url: string;
  beforeAll(async () => {
    pdf = bigPdf();
    url = (await sendFile(pdf, "fatura\u202Efdp.exe")).fileUrl;
  });

  it("streams the whole file with its type, length, ETag = sha256, nosniff and private caching", async () => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      etag: `"${sha(pdf)}"`,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=31536000",
    });
  });

  it("names the file in Content-Disposition without the right-to-left override", async () => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.headers["content-disposition"]).toBe(`inline; filename="faturafdp.exe"; filename*=UTF-8''faturafdp.exe`);
  });

  it("answers ranges with 206 and Content-Range, a suffix range, and 416 beyond the end", async () => {
    const part = await t.app.inject({ method: "GET", url, headers: { range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${pdf.byteLength}`);
    expect(part.rawPayload.equals(pdf.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: "GET", url, headers: { range: "bytes=-10" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.byteLength - 10))).toBe(true);
    const open = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${pdf.byteLength - 5}-` } });
    expect(open.rawPayload.equals(pdf.subarray(pdf.byteLength - 5))).toBe(true);
    const beyond = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${pdf.byteLength}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${pdf.byteLength}`);
    // If-Range naming another version: the whole file.
    const other = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-9", "if-range": '"other"' } });
    expect(other.statusCode).toBe(200);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const res = await t.app.inject({ method: "GET", url, headers: { "if-none-match": `"${sha(pdf)}"` } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe("");
  });

  it("caches product images publicly and immutably", async () => {
    const admin = await createStaff(t, "admin");
    const body = await multipart({}, [{ bytes: await pngBytes(), fileName: "foto.png", contentType: "image/png" }]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/admin/api/uploads",
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(upload.statusCode).toBe(200);
    const { url: full, thumbnailUrl } = upload.json().image as { url: string; thumbnailUrl: string };
    for (const u of [full, thumbnailUrl]) {
      const res = await t.app.inject({ method: "GET", url: u });
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toBe("image/webp");
    }
  });
});

describe("rows written before the media store (bytes in the database)", () => {
  it("are moved into the store in batches, resumably after a crash, then served the same with no bytes left", async () => {
    const files = await Promise.all([pngBytes(), Promise.resolve(bigPdf()), Promise.resolve(bigPdf())]);
    const ids: string[] = [];
    for (const [i, bytes] of files.entries()) {
      const row = await t.prisma.media.create({
        data: {
          publicId: randomBytes(16).toString("base64url"),
          mimeType: i === 0 ? "image/png" : "application/pdf",
          size: bytes.byteLength,
          sha256: sha(bytes),
          kind: "attachment",
          ownerId: owner.userId,
          fileName: `antigo-${i}`,
          bytes: new Uint8Array(bytes),
        },
      });
      ids.push(row.publicId);
    }
    // A store that dies after its first file: the start crashed part-way.
    const real = t.deps.media as FileMediaStore;
    let puts = 0;
    const crashing: MediaStore = Object.assign(Object.create(real) as FileMediaStore, {
      putBytes: async (bytes: Uint8Array, hash: string) => {
        if (++puts > 1) throw new Error("crash");
        return real.putBytes(bytes, hash);
      },
    });
    await expect(moveStoredBytes(t.prisma, crashing, 2)).rejects.toThrow("crash");
    expect(await t.prisma.media.count({ where: { publicId: { in: ids }, bytes: { not: null } } })).toBe(2);
    expect(await moveStoredBytes(t.prisma, real, 2)).toBe(2);
    expect(await moveStoredBytes(t.prisma, real, 2)).toBe(0);
    expect(await t.prisma.media.count({ where: { bytes: { not: null } } })).toBe(0);
    for (const [i, publicId] of ids.entries()) {
      const res = await t.app.inject({ method: "GET", url: `/media/${publicId}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(files[i]!)).toBe(true);
    }
  });
});

describe("upgrading: a database with bytes in its media rows", () => {
  it("after start(), serves the same files from the store and keeps no bytes in the rows", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "loja-upgrade-"));
    let databaseUrl = "";
    await templateReady(inject("dbKind"), inject("dbTemplate"));
    if (inject("dbKind") === "postgres") {
      const name = `loja_upgrade_${randomBytes(4).toString("hex")}`;
      await adminQuery(inject("dbServerUrl"), `CREATE DATABASE "${name}" TEMPLATE "${inject("dbTemplate")}"`);
      databaseUrl = withDatabase(inject("dbServerUrl"), name);
    } else {
      // The embedded database from the migrated template: this test is about the media rows, and building a
      // database from the first migration on takes a minute on a loaded machine (migrations.test.ts covers that).
      const pglite = await createPglite({ dataDir: pgliteDir(dataDir), loadDataDir: new Blob([await readFile(inject("dbTemplate"))]) });
      await pglite.close();
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      PAYMENT_DEADLINE_WORKER: "false",
    });
    const pdf = bigPdf();
    // A release before the media store wrote the file into its row.
    const first = await start(config, { serveApps: false });
    const row = await first.deps.db.prisma.media.create({
      data: {
        publicId: randomBytes(16).toString("base64url"),
        mimeType: "application/pdf",
        size: pdf.byteLength,
        sha256: sha(pdf),
        kind: "attachment",
        fileName: "antigo.pdf",
        bytes: new Uint8Array(pdf),
      },
    });
    await first.close();

    const upgraded = await start(config, { serveApps: false });
    try {
      const res = await upgraded.app.inject({ method: "GET", url: `/media/${row.publicId}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers.etag).toBe(`"${sha(pdf)}"`);
      expect(await upgraded.deps.db.prisma.media.count({ where: { bytes: { not: null } } })).toBe(0);
      expect(statSync(path.join(dataDir, "media", sha(pdf).slice(0, 2), sha(pdf))).size).toBe(pdf.byteLength);
    } finally {
      await upgraded.close();
      if (databaseUrl)
        await adminQuery(inject("dbServerUrl"), `DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // two real starts
});

describe("the S3-compatible store (MEDIA_S3_*)", () => {
  const keys = { bucket: "loja-media", accessKeyId: "AKIDLOJATEST", secretAccessKey: "segredo-de-teste", region: "af-south-1" };
  let s3: FakeS3;
  let app: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    s3 = await startFakeS3(keys);
    app = await buildTestApp({
      env: {
        MEDIA_S3_ENDPOINT: s3.endpoint,
        MEDIA_S3_BUCKET: keys.bucket,
        MEDIA_S3_ACCESS_KEY_ID: keys.accessKeyId,
        MEDIA_S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
        MEDIA_S3_REGION: keys.region,
      },
      limits: { messagesPerMinute: 1000 },
    });
    customer = await registerCustomer(app.app);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it("puts an upload into the bucket as media/<prefix>/<sha256>, signed, and serves it and its ranges from there", async () => {
    expect(app.deps.media.kind).toBe("s3");
    const order = await createOrder(app.prisma, customer.userId);
    const pdf = bigPdf();
    const res = await sendMessage(app.app, customer.auth, { orderId: order }, [
      { bytes: pdf, fileName: "talão.pdf", contentType: "application/pdf" },
    ]);
    expect(res.statusCode).toBe(200);
    const key = `media/${sha(pdf).slice(0, 2)}/${sha(pdf)}`;
    expect(s3.objects.get(key)?.equals(pdf)).toBe(true);
    expect(s3.requests.find((r) => r.method === "PUT")?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDLOJATEST\/\d{8}\/af-south-1\/s3\/aws4_request, /,
    );
    expect(readdirSync(app.deps.media.tempDir)).toEqual([]);
    const url = res.json().message.fileUrl as string;
    const whole = await app.app.inject({ method: "GET", url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await app.app.inject({ method: "GET", url, headers: { range: "bytes=10-19" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(pdf.subarray(10, 20))).toBe(true);
    expect(s3.requests.at(-1)).toMatchObject({ method: "GET", key, range: "bytes=10-19" });
    // The same bytes again: a HEAD finds them, no second PUT.
    await sendMessage(app.app, customer.auth, { orderId: order }, [
      { bytes: pdf, fileName: "de novo.pdf", contentType: "application/pdf" },
    ]);
    expect(s3.requests.filter((r) => r.method === "PUT")).toHaveLength(1);
  });

  it("is refused by the bucket when signed with another secret (the stand-in checks signatures as S3 does)", async () => {
    const tempDir = mkdtempSync(path.join(tmpdir(), "loja-s3-"));
    try {
      const wrong = new S3MediaStore(
        {
          endpoint: s3.endpoint,
          bucket: keys.bucket,
          accessKeyId: keys.accessKeyId,
          secretAccessKey: "outro-segredo",
          region: keys.region,
        },
        tempDir,
      );
      await expect(wrong.has(sha(pdfBytes()))).rejects.toThrow(/HEAD answered 403/);
      const right = new S3MediaStore(
        {
          endpoint: s3.endpoint,
          bucket: keys.bucket,
          accessKeyId: keys.accessKeyId,
          secretAccessKey: keys.secretAccessKey,
          region: keys.region,
        },
        tempDir,
      );
      await expect(right.has(sha(pdfBytes()))).resolves.toBe(false);
    } finally {
      rmSync(tempDir, { recursive: true, force: true });
    }
  });

  it("signs (aws4fetch, as the store and the stand-in use it) exactly as AWS's own GET Object example", async () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const signed = await new AwsV4Signer({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      headers: { range: "bytes=0-9", "x-amz-content-sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      service: "s3",
      datetime: "20130524T000000Z",
      allHeaders: true,
    }).sign();
    expect(signed.headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("refuses to start with only part of the MEDIA_S3_* settings", () => {
    expect(() => loadConfig({ MEDIA_S3_ENDPOINT: s3.endpoint })).toThrow(
      /^MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY must be set too/,
    );
    expect(loadConfig({}).mediaS3).toBeUndefined();
  });
});

describe("GET /api/order/attachment (the storefront's PDF viewer asks before rendering)", () => {
  const ask = (orderId: string, url: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: "GET", url: `/api/order/attachment?${new URLSearchParams({ orderId, url }).toString()}`, headers });

  it("says yes, naming the order, only for a PDF attached to the caller's own order", async () => {
    const pdfUrl = (await sendFile(pdfBytes(), "recibo.pdf")).fileUrl;
    const yes = await ask(orderId, pdfUrl);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ success: true, orderId, shortId: shortOrderId(orderId), fileName: "recibo.pdf" });
    expect(yes.headers["cache-control"]).toBe("no-store");

    const imageUrl = (await sendFile(await pngBytes(), "foto.png", "image/png")).fileUrl;
    for (const url of [
      imageUrl,
      "/api/product/list",
      "https://outro.example/media/AbCdEfGhIjKlMnOpQrStUv",
      "/media/AbCdEfGhIjKlMnOpQrStUv",
    ]) {
      const no = await ask(orderId, url);
      expect(no.statusCode).toBe(404);
      expect(no.json()).toEqual({ success: false, message: PDF_NOT_IN_ORDER });
    }
    // The same PDF URL named with another of the owner's orders is not that order's attachment.
    const otherOrder = await createOrder(t.prisma, owner.userId);
    expect((await ask(otherOrder, pdfUrl)).json()).toEqual({ success: false, message: PDF_NOT_IN_ORDER });
  });

  it("is the order's owner's question only: 404 for someone else, 401 without a session, before the query is looked at", async () => {
    const pdfUrl = (await sendFile(pdfBytes(), "recibo.pdf")).fileUrl;
    const stranger = await registerCustomer(t.app);
    const res = await ask(orderId, pdfUrl, stranger.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Pedido inválido ou não encontrado.");
    expect((await ask(orderId, pdfUrl, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/order/attachment" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/order/attachment", headers: owner.auth })).statusCode).toBe(400);
  });
});

describe("ranges and the bandwidth cap (pure rules)", () => {
  it("parses one byte range, a suffix, an open end; ignores what it does not understand", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-200", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-5", 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(parseRange("items=0-1", 100)).toBeUndefined();
    expect(parseRange("bytes=9-1", 100)).toBeUndefined();
  });

  it("lets a client burst, then makes it wait in proportion to what it took; other clients are not affected", () => {
    let now = 0;
    const limiter = new BandwidthLimiter(1000, 2000, () => now);
    expect(limiter.reserve("a", 2000)).toBe(0);
    expect(limiter.reserve("a", 500)).toBe(500);
    expect(limiter.reserve("b", 1000)).toBe(0);
    now += 1500; // refilled 1500 bytes: the 500 of debt paid, 1000 in hand
    expect(limiter.reserve("a", 1000)).toBe(0);
    expect(limiter.reserve("a", 1000)).toBe(1000);
  });
});
