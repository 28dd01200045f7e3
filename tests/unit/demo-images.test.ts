// The demo photos' cache (server/demo/prepared-images.ts): a photo prepared once is read back byte for byte, and a
// damaged or unreadable cache only means preparing again.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareDemoImages } from "../../server/demo/prepared-images.ts";
import { demoProducts } from "../../server/demo/catalogue.ts";

const photos = demoProducts[0]!.images.slice(0, 2);

describe("the demo photos' cache", () => {
  it("keeps each prepared photo and gives back the same renditions", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-demo-images-"));
    const made = await prepareDemoImages(photos, dir);
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(photos.length);
    const kept = await prepareDemoImages(photos, dir);
    for (const name of photos) {
      expect(kept.get(name)!.full.data.equals(made.get(name)!.full.data)).toBe(true);
      expect(kept.get(name)!.thumb).toEqual(made.get(name)!.thumb);
      expect(kept.get(name)!.middle).toEqual(made.get(name)!.middle);
      expect(made.get(name)!.thumb.width).toBeLessThanOrEqual(400);
      expect(made.get(name)!.middle.width).toBeLessThanOrEqual(800);
    }
  });

  it("prepares again when a kept photo is damaged, and still works where nothing can be written", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "loja-demo-images-"));
    const made = await prepareDemoImages(photos, dir);
    for (const file of readdirSync(dir)) writeFileSync(path.join(dir, file), "{ half");
    const again = await prepareDemoImages(photos, dir);
    expect(again.get(photos[0]!)!.full.data.equals(made.get(photos[0]!)!.full.data)).toBe(true);

    // A folder that cannot be made (its parent is a file), as for root, whom permissions do not stop.
    const aFile = path.join(dir, "not-a-folder");
    writeFileSync(aFile, "");
    expect((await prepareDemoImages(photos, path.join(aFile, "cache"))).size).toBe(photos.length);
  });
});
