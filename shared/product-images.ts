// Product pictures: the widths the server stores (WebP renditions made at upload) and the `sizes` the pages give
// the browser, so it picks the same file whether the server wrote the <img> (server/pages), the app did
// (storefront ProductImage), or the boot script preloaded it (storefront/paint-first.ts).

/** Width of the thumbnail made at upload (cards, small screens). */
export const THUMB_WIDTH = 400;
/**
 * Width of the middle rendition: the product page's main picture fills a phone's width (PRODUCT_MAIN_SIZES), and
 * 360–412 px phones at 1.75–2× want 630–824 px; 800 px covers them all (a 412 px phone at 2× takes it, 3 % short)
 * without the 1,000 px image's extra bytes. Desktops at 1× (45vw of up to ~1,700 px) take it too.
 */
export const MIDDLE_WIDTH = 800;
/** Width of the full image (the product page on wide or dense screens). */
export const FULL_WIDTH = 1000;

/** A product card's picture in the grids (2 columns on phones, up to 5 on wide screens). */
export const CARD_SIZES = "(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw";

/** The product page's main picture. */
export const PRODUCT_MAIN_SIZES = "(min-width: 768px) 45vw, 100vw";

/**
 * The srcset of a picture's renditions, smallest first. A picture made before the middle rendition existed has
 * none until the backfill makes it (docs/design/media.md): its `middle` is then its full image, left out here.
 */
export const productSrcset = (thumb: string, full: string, middle?: string): string =>
  middle && middle !== full
    ? `${thumb} ${THUMB_WIDTH}w, ${middle} ${MIDDLE_WIDTH}w, ${full} ${FULL_WIDTH}w`
    : `${thumb} ${THUMB_WIDTH}w, ${full} ${FULL_WIDTH}w`;

/** productSrcset as the source of a browser function (thumb, full, middle) => srcset, for the boot script (storefront/paint-first.ts). */
export const PRODUCT_SRCSET_SOURCE = `(t,f,m)=>t+" ${THUMB_WIDTH}w, "+(m&&m!==f?m+" ${MIDDLE_WIDTH}w, ":"")+f+" ${FULL_WIDTH}w"`;
