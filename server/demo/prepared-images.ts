// The demo catalogue's photos, prepared (WebP full image, middle rendition and thumbnail) once per installation rather than once per
// data directory. Preparing all of them costs ~14 s of CPU, and a first start pays it for every new data directory.
// A test run would pay it four times: two database templates, the browser tests' data directory, the first-start
// test. So each prepared photo is kept in node_modules/.cache (where build tools keep what they can remake), named
// by the photo's bytes and PRODUCT_IMAGE_RENDITION. A cache that cannot be read or written is only a miss.
// docs/design/operations.md#the-demo-catalogue
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { PRODUCT_IMAGE_RENDITION, prepareProductImage, type PreparedProductImage } from "../domain/media/service.ts";

const IMAGES_DIR = fileURLToPath(new URL("./images", import.meta.url));
const CACHE_DIR = fileURLToPath(new URL("../../node_modules/.cache/loja/demo-images", import.meta.url));

type Kept = Record<keyof PreparedProductImage, { width: number; height: number; data: string }>;

async function fromCache(file: string): Promise<PreparedProductImage | undefined> {
  try {
    const kept = JSON.parse(await readFile(file, "utf8")) as Kept;
    const rendition = (r: Kept["full"]) => ({ width: r.width, height: r.height, data: Buffer.from(r.data, "base64") });
    return { full: rendition(kept.full), middle: rendition(kept.middle), thumb: rendition(kept.thumb) };
  } catch {
    return undefined;
  }
}

async function toCache(cacheDir: string, file: string, image: PreparedProductImage): Promise<void> {
  const rendition = (r: PreparedProductImage["full"]) => ({ width: r.width, height: r.height, data: r.data.toString("base64") });
  const kept: Kept = { full: rendition(image.full), middle: rendition(image.middle), thumb: rendition(image.thumb) };
  // Whole or not at all: a start that reads it meanwhile (another test run, another data dir) never sees half.
  const partial = `${file}.${process.pid}.partial`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(partial, JSON.stringify(kept));
    await rename(partial, file);
  } catch {
    // A read-only installation prepares again next time.
  }
}

async function prepareOne(name: string, cacheDir: string): Promise<PreparedProductImage> {
  const bytes = await readFile(path.join(IMAGES_DIR, name));
  const key = createHash("sha256").update(PRODUCT_IMAGE_RENDITION).update(bytes).digest("hex").slice(0, 32);
  const file = path.join(cacheDir, `${key}.json`);
  const kept = await fromCache(file);
  if (kept) return kept;
  const prepared = await prepareProductImage(bytes);
  await toCache(cacheDir, file, prepared);
  return prepared;
}

/** The demo photos named `files` (in server/demo/images), prepared: from the cache, or made (and kept) now. */
export async function prepareDemoImages(files: readonly string[], cacheDir = CACHE_DIR): Promise<Map<string, PreparedProductImage>> {
  const prepared = new Map<string, PreparedProductImage>();
  const unique = [...new Set(files)];
  // Small batches: sharp keeps both cores busy without holding every bitmap at once.
  for (let i = 0; i < unique.length; i += 8) {
    await Promise.all(unique.slice(i, i + 8).map(async (name) => prepared.set(name, await prepareOne(name, cacheDir))));
  }
  return prepared;
}
