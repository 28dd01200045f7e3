/** Width of the thumbnails made at upload (sharp) and of the full images. */
export const THUMB_WIDTH = 400;
export const FULL_WIDTH = 1000;

/** A product card's picture in the grids (2 columns on phones, up to 5 on wide screens). */
export const CARD_SIZES = "(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw";

/** The product page's main picture: its `sizes`, shared with index.html's boot script, which preloads it (paint-first.ts). */
export const PRODUCT_MAIN_SIZES = "(min-width: 768px) 45vw, 100vw";
