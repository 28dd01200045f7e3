// The middle rendition for pictures stored before it existed (docs/design/media.md#the-middle-rendition): the
// picture-renditions job makes it off the request path, a batch at a time, once per picture however many rounds
// run, skips a picture it cannot read, and the shop's lists and pages name it as soon as it is made.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../helpers/app.ts";
import { backfillMiddleRenditions, prepareProductImage, storeBytes } from "../../server/domain/media/service.ts";
import { shopJobs } from "../../server/jobs/index.ts";
import { pngBytes } from "./admin-fixtures.ts";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A product whose picture was stored as uploads stored it before: a full image and a thumbnail, no middle. */
async function productWithOldPicture(color: { r: number; g: number; b: number }) {
  const prepared = await prepareProductImage(await pngBytes(1600, 1200, color));
  const webp = (r: typeof prepared.full, kind: "product" | "thumbnail") =>
    storeBytes(t.prisma, t.deps.media, r.data, { mimeType: "image/webp", width: r.width, height: r.height, kind });
  const [full, thumb] = [await webp(prepared.full, "product"), await webp(prepared.thumb, "thumbnail")];
  const product = await t.prisma.product.create({
    data: {
      name: `Quadro ${color.r}`,
      description: "Pintado à mão",
      price: 12_000,
      sizes: ["Único"],
      category: "Mobília",
      subCategory: "Decoração",
      images: { create: [{ position: 0, mediaId: full.id, thumbId: thumb.id }] },
    },
  });
  return { productId: product.id, mediaId: full.id, url: `/media/${full.publicId}` };
}

const shopProduct = async (id: string) =>
  (await t.app.inject({ method: "GET", url: "/api/product/list" })).json().products.find((p: { _id: string }) => p._id === id) as {
    image: string[];
    thumbnail: string[];
    middle: string[];
  };

const middleOf = async (mediaId: string) =>
  (await t.prisma.media.findUniqueOrThrow({ where: { id: mediaId }, include: { middle: true } })).middle;

const job = () => shopJobs(t.deps, t.app.log).find((j) => j.name === "picture-renditions")!;

describe("the middle rendition of a picture stored before it existed", () => {
  it("is made by the job, from the full image, and the shop's list, cards and product page name it at once", async () => {
    const old = await productWithOldPicture({ r: 30, g: 140, b: 60 });
    // Until then the picture's middle is its full image, which srcset leaves out.
    const before = await shopProduct(old.productId);
    expect(before.middle).toEqual(before.image);
    const page = (await t.app.inject({ method: "GET", url: `/product/${old.productId}` })).body;
    expect(page).toContain(`srcset="${before.thumbnail[0]} 400w, ${before.image[0]} 1000w"`);

    while (await job().run()) {
      /* full batches: the next round at once */
    }
    const middle = await middleOf(old.mediaId);
    expect(middle).toMatchObject({ kind: "middle", width: 800, height: 600, mimeType: "image/webp" });
    const served = await t.app.inject({ method: "GET", url: `/media/${middle!.publicId}` });
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });

    // The list was cached before the round: the round invalidated it.
    const after = await shopProduct(old.productId);
    expect(after.middle).toEqual([`/media/${middle!.publicId}`]);
    const html = (await t.app.inject({ method: "GET", url: `/product/${old.productId}` })).body;
    expect(html).toContain(`srcset="${after.thumbnail[0]} 400w, ${after.middle[0]} 800w, ${after.image[0]} 1000w"`);
    const home = (await t.app.inject({ method: "GET", url: "/api/catalogue/home" })).json();
    expect(home.latest.find((p: { _id: string }) => p._id === old.productId).middle).toEqual(after.middle);
  });

  it("is made once per picture, however many rounds run at the same time, and a second pass finds nothing", async () => {
    const pictures = [await productWithOldPicture({ r: 1, g: 1, b: 1 }), await productWithOldPicture({ r: 2, g: 2, b: 2 })];
    const rounds = await Promise.all([1, 2, 3].map(() => backfillMiddleRenditions(t.prisma, t.deps.media, undefined)));
    expect(rounds.reduce((sum, r) => sum + r.made, 0)).toBe(2);
    for (const p of pictures) expect(await middleOf(p.mediaId)).not.toBeNull();
    // The losers' rows were rolled back: every middle row belongs to a picture.
    expect(await t.prisma.media.count({ where: { kind: "middle", middleOf: null } })).toBe(0);
    expect(await backfillMiddleRenditions(t.prisma, t.deps.media, undefined)).toMatchObject({ made: 0, more: false });
  });

  it("skips a picture it cannot read (logged) and makes the others; the next pass looks at it again", async () => {
    const broken = await productWithOldPicture({ r: 5, g: 5, b: 5 });
    await t.prisma.media.update({ where: { id: broken.mediaId }, data: { sha256: "0".repeat(64) } });
    const good = await productWithOldPicture({ r: 6, g: 6, b: 6 });
    const failed: string[] = [];
    const round = await backfillMiddleRenditions(t.prisma, t.deps.media, undefined, (id) => failed.push(id));
    expect(failed).toEqual([broken.mediaId]);
    expect(round.made).toBe(1);
    expect(await middleOf(good.mediaId)).not.toBeNull();
    expect(await middleOf(broken.mediaId)).toBeNull();
    const again: string[] = [];
    await backfillMiddleRenditions(t.prisma, t.deps.media, undefined, (id) => again.push(id));
    expect(again).toEqual([broken.mediaId]);
    await t.prisma.product.deleteMany({ where: { id: broken.productId } });
  });

  it("covers a shop seeded before it: its demo pictures get one, 10 per round, and an unused upload is left alone", async () => {
    // Twelve pictures of a data directory seeded by an earlier release: no middle rendition.
    const seeded = await t.prisma.media.findMany({
      where: { kind: "product", middleId: { not: null }, productImages: { some: {} } },
      select: { id: true, middleId: true },
      orderBy: { id: "asc" },
      take: 12,
    });
    await t.prisma.media.updateMany({ where: { id: { in: seeded.map((m) => m.id) } }, data: { middleId: null } });
    await t.prisma.media.deleteMany({ where: { id: { in: seeded.map((m) => m.middleId!) } } });
    const unused = await storeBytes(t.prisma, t.deps.media, (await prepareProductImage(await pngBytes(900, 900))).full.data, {
      mimeType: "image/webp",
      kind: "product",
    });

    const made: number[] = [];
    const running = job();
    for (let more = true; more;) {
      const before = await t.prisma.media.count({ where: { kind: "middle" } });
      more = (await running.run()) === true;
      made.push((await t.prisma.media.count({ where: { kind: "middle" } })) - before);
    }
    expect(made).toEqual([10, 2]);
    expect(await t.prisma.media.count({ where: { kind: "product", productImages: { some: {} }, middleId: null } })).toBe(0);
    expect(await middleOf(unused.id)).toBeNull();
    const demo = (await t.app.inject({ method: "GET", url: "/api/product/list" })).json().products as {
      image: string[];
      middle: string[];
    }[];
    expect(demo.every((p) => p.middle.every((m, i) => m !== p.image[i]))).toBe(true);
  });
});
