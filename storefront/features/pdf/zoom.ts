// PDF zoom starts at 1.2, moves by 0.2, stays within 0.6 and 3 (docs/product/chat.md#pdf-zoom). On a screen too narrow for 1.2 (a
// 390 px phone: an A4 page at 1.2 is 715 px wide) it starts at the zoom that fits the page's width instead, and
// the steps go from there.
export const ZOOM_START = 1.2;
const ZOOM_STEP = 0.2;
const ZOOM_MIN = 0.6;
const ZOOM_MAX = 3;

/** The first zoom for a page `pageWidth` wide at zoom 1 in `available` px: 1.2, or less to fit. */
export const fitZoom = (pageWidth: number, available: number): number =>
  pageWidth > 0 && available > 0 ? Math.min(ZOOM_START, Math.floor((available / pageWidth) * 100) / 100) : ZOOM_START;

/**
 * The next zoom, rounded to one decimal so repeated steps do not drift (1.2 + 0.2 + 0.2 ≠ 1.6 in floats). A fitted
 * zoom below the minimum (a PDF on a 320 px phone) is the floor for that page instead.
 */
export const stepZoom = (zoom: number, direction: 1 | -1): number =>
  Math.min(ZOOM_MAX, Math.max(Math.min(ZOOM_MIN, zoom), Math.round((zoom + direction * ZOOM_STEP) * 10) / 10));
