// SPEC.md §9: PDF zoom starts at 1.2, moves by 0.2, stays within 0.6 and 3.
export const ZOOM_START = 1.2;
const ZOOM_STEP = 0.2;
const ZOOM_MIN = 0.6;
const ZOOM_MAX = 3;

/** Rounded to one decimal so repeated steps do not drift (1.2 + 0.2 + 0.2 ≠ 1.6 in floats). */
export const stepZoom = (zoom: number, direction: 1 | -1): number =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round((zoom + direction * ZOOM_STEP) * 10) / 10));
