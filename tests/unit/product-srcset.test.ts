// One srcset rule for product pictures (shared/product-images.ts), whether the server writes it, the app does, or
// the boot script preloads a picture with it (storefront/paint-first.ts runs PRODUCT_SRCSET_SOURCE in the browser).
import { describe, expect, it } from "vitest";
import { PRODUCT_SRCSET_SOURCE, productSrcset } from "../../shared/product-images.ts";

const inBrowser = new Function(`return ${PRODUCT_SRCSET_SOURCE}`)() as (t: string, f: string, m?: string) => string;

describe("a product picture's srcset", () => {
  it("lists the thumbnail, the middle rendition and the full image, smallest first", () => {
    expect(productSrcset("/media/t", "/media/f", "/media/m")).toBe("/media/t 400w, /media/m 800w, /media/f 1000w");
  });

  it("leaves the middle rendition out while a picture has none (its middle is then its full image)", () => {
    expect(productSrcset("/media/t", "/media/f", "/media/f")).toBe("/media/t 400w, /media/f 1000w");
    expect(productSrcset("/media/t", "/media/f")).toBe("/media/t 400w, /media/f 1000w");
  });

  it("is the same in the boot script's copy", () => {
    for (const middle of ["/media/m", "/media/f", undefined]) {
      expect(inBrowser("/media/t", "/media/f", middle)).toBe(productSrcset("/media/t", "/media/f", middle));
    }
  });
});
