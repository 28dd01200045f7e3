// Product pictures: the widths the server stores (WebP renditions made at upload) and the `sizes` the pages give
// the browser, so it picks the same file whether the server wrote the <img> (server/pages), the app did
// (storefront ProductImage), or the boot script preloaded it (storefront/paint-first.ts).

/** Width of the thumbnail made at upload (cards, small screens). */
export const THUMB_WIDTH = 400;
/** Width of the full image (the product page on wide or dense screens). */
export const FULL_WIDTH = 1000;

/** A product card's picture in the grids (2 columns on phones, up to 5 on wide screens). */
export const CARD_SIZES = "(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw";

/** The product page's main picture. */
export const PRODUCT_MAIN_SIZES = "(min-width: 768px) 45vw, 100vw";

/** The srcset of a picture with both renditions. */
export const productSrcset = (thumb: string, full: string): string => `${thumb} ${THUMB_WIDTH}w, ${full} ${FULL_WIDTH}w`;
