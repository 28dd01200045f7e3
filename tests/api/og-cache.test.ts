// A product's preview picture is rendered once per photo: simultaneous requests share one render, and the result
// is kept on disk, so evictions and restarts do not render it again; anonymous callers cannot make the server
// spend a render's CPU per request.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { OgImageCache, ogCacheDir } from "../../server/pages/og-cache.ts";
import { renderOgImage } from "../../server/pages/og-image.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("product preview pictures", () => {
  it("twenty simultaneous requests render once; the preview is kept on disk and served from there", async () => {
    const list = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json().products as { _id: string; image: string[] }[];
    const product = list.find((p) => p.image.length > 0)!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: "GET", url: `/og/product/${product._id}.jpg` })),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const kept = readdirSync(ogCacheDir(t.config.dataDir)).filter((name) => name.endsWith(".jpg"));
    expect(kept).toHaveLength(1);

    // Whatever is on disk is what is served (a new cache, as after a restart, renders nothing).
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const sha = kept[0]!.slice(0, -".jpg".length);
    let renders = 0;
    const restarted = new OgImageCache(ogCacheDir(t.config.dataDir), async () => {
      renders++;
      return renderOgImage(photo);
    });
    const fromDisk = await restarted.get(sha);
    expect(renders).toBe(0);
    expect(fromDisk.equals(answers[0]!.rawPayload)).toBe(true);
  });

  it("shares one render among simultaneous callers and keeps it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-og-"));
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    let renders = 0;
    const cache = new OgImageCache(dir, async () => {
      renders++;
      return renderOgImage(photo);
    });
    const sha = "a".repeat(64);
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get(sha)));
    expect(renders).toBe(1);
    expect(new Set(results.map((b) => b.toString("base64"))).size).toBe(1);
    expect(existsSync(path.join(dir, `${sha}.jpg`))).toBe(true);
    await cache.get(sha);
    expect(renders).toBe(1);
    await expect(cache.get("../../etc/passwd")).rejects.toThrow();
  });
});
