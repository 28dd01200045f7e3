// A backup keeps the web-push key pair beside the token secret, and a restore puts both back: browsers'
// subscriptions are bound to the public key, so a restore without it would silently end every one of them.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { restoreSecrets, writeBackup } from "../../server/backup/snapshot.ts";
import { loadVapidKeys } from "../../server/notifications/push/vapid-keys.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("backup and restore of the push keys", () => {
  // On the embedded database only (`embeddedOnly` in vitest.config.ts): on PostgreSQL backups are pg_dump's.
  it("the backup holds vapid.json; a restore puts it back (0600), keeping the replaced pair aside", async () => {
    const keys = loadVapidKeys({ dataDir: t.config.dataDir, env: {} });
    const folder = await writeBackup(t.db, t.config.dataDir, mkdtempSync(path.join(tmpdir(), "loja-backup-")));
    expect(JSON.parse(readFileSync(path.join(folder, "vapid.json"), "utf8"))).toMatchObject({ publicKey: keys.publicKey });

    const elsewhere = mkdtempSync(path.join(tmpdir(), "loja-restore-"));
    writeFileSync(path.join(elsewhere, "vapid.json"), JSON.stringify({ publicKey: "outra", privateKey: "outra" }));
    expect(restoreSecrets(folder, elsewhere, "agora")).toEqual(expect.arrayContaining(["vapid.json"]));
    expect(loadVapidKeys({ dataDir: elsewhere, env: {} }).publicKey).toBe(keys.publicKey);
    expect(statSync(path.join(elsewhere, "vapid.json")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path.join(elsewhere, "vapid.json.replaced-agora"), "utf8")).publicKey).toBe("outra");
  });
});
