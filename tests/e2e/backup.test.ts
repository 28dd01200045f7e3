// Backups of the embedded database: `npm run backup` taken from a running shop in the middle of a
// burst of order placements, restored with `npm run restore` into a fresh data dir, opens as a shop that holds
// every order acknowledged before the backup began (and the customers' sign-ins: the secret comes along), with the
// media files: a chat attachment and the catalogue's images are served the same from the restored shop.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { placementBurst, placeThenCancel, postJson } from "../helpers/placement-burst.ts";
import { startShopProcess, type ShopProcess } from "../helpers/shop-process.ts";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const npm = (args: string[], dataDir: string) =>
  run("npm", args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" } });
const WORKERS = 6;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const shops: ShopProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.stop().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("npm run backup / npm run restore", () => {
  it("a backup taken during a burst of orders restores every order acknowledged before it began", async () => {
    const shop = await startShopProcess();
    shops.push(shop);
    const { products, orders, tokens: customers } = await placementBurst(shop.url, { customers: WORKERS, lines: 2, emailPrefix: "backup" });
    const acknowledged: { id: string; at: number; by: string }[] = [];
    let stop = false;
    let tenth!: () => void;
    const tenAcknowledged = new Promise<void>((resolve) => (tenth = resolve));
    const workers = customers.map(async (token, w) => {
      for (let n = 0; !stop; n++) {
        // Placed and cancelled again, so the customer never reaches 3 unpaid orders (the backup keeps both alike).
        const r = await placeThenCancel(shop.url, orders[w]!, token, `b-w${w}-n${n}`);
        if (r.status === 429) return; // this customer's placements per minute are spent: the others carry on
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        if (acknowledged.push({ id: r.body.orderId!, at: Date.now(), by: token }) === 10) tenth();
      }
    });
    const burstEnded = Promise.all(workers).then(() => {
      if (acknowledged.length < 10) throw new Error(`the burst ended after ${acknowledged.length} orders`);
    });
    await Promise.race([tenAcknowledged, burstEnded]);

    // The customer of one of those orders attaches a PDF to it (the first acknowledged is any worker's: its own
    // customer sends it): its file is in the media store, not the database.
    const attachment = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(200_000)]);
    const form = new FormData();
    form.append("orderId", acknowledged[0]!.id);
    form.append("file", new Blob([attachment], { type: "application/pdf" }), "comprovativo.pdf");
    const sent = await fetch(`${shop.url}/api/message/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${acknowledged[0]!.by}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const attachmentUrl = ((await sent.json()) as { message: { fileUrl: string } }).message.fileUrl;
    const productImage = products[0]!.image[0]!;
    const productImageBytes = Buffer.from(await (await fetch(`${shop.url}${productImage}`)).arrayBuffer());

    const outDir = mkdtempSync(path.join(tmpdir(), "loja-backups-"));
    dirs.push(outDir);
    const backupBegan = Date.now();
    const before = acknowledged.filter((a) => a.at < backupBegan).map((a) => a.id);
    const { stdout } = await npm(["run", "--silent", "backup", "--", "--out", outDir], shop.dataDir);
    const during = acknowledged.length - before.length;
    stop = true;
    await Promise.all(workers);
    const folder = /Backup written to (\S+)/.exec(stdout)?.[1];
    expect(folder).toBeTruthy();
    expect(statSync(path.join(folder!, "pglite.tar.gz")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(folder!, "media", sha256(attachment).slice(0, 2), sha256(attachment))).size).toBe(attachment.byteLength);
    await shop.stop();

    // Restore into a fresh data dir and open the shop there.
    const restoredDir = mkdtempSync(path.join(tmpdir(), "loja-restored-"));
    dirs.push(restoredDir);
    await npm(["run", "--silent", "restore", "--", folder!], restoredDir);
    const restored = await startShopProcess({ dataDir: restoredDir });
    shops.push(restored);
    const present = new Set<string>();
    for (const token of customers) {
      const r = await postJson<{ orders: { _id: string }[] }>(`${restored.url}/api/order/userorders`, {}, token);
      expect(r.status).toBe(200);
      for (const o of r.body.orders) present.add(o._id);
    }
    const missing = before.filter((id) => !present.has(id));
    console.log(
      `backup during a burst: ${before.length} orders acknowledged before it began (${during} more while it ran), ${before.length - missing.length} restored`,
    );
    expect(missing).toEqual([]);
    const restoredAttachment = await fetch(`${restored.url}${attachmentUrl}`);
    expect(restoredAttachment.status).toBe(200);
    expect(Buffer.from(await restoredAttachment.arrayBuffer()).equals(attachment)).toBe(true);
    expect(Buffer.from(await (await fetch(`${restored.url}${productImage}`)).arrayBuffer()).equals(productImageBytes)).toBe(true);
  }, 300_000);

  it("says to use pg_dump on PostgreSQL and exits non-zero", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-pg-"));
    dirs.push(dir);
    const result = await run("npm", ["run", "--silent", "backup"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "postgresql://u@127.0.0.1:1/x" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toMatch(/pg_dump/);
  });
});
