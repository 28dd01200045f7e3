// Small SVG toolkit shared by the product and hero drawings.
// Everything is plain strings: librsvg (through sharp) renders them, no DOM needed.

/** A product palette derived from one base colour and one accent colour. */
export interface Pal {
  /** base colour */
  c: string;
  /** lighter base (lit faces) */
  l: string;
  /** darker base (shaded faces, seams) */
  d: string;
  /** much darker base (inside of openings, deep shadow) */
  dd: string;
  /** accent (stripes, lights, trims) */
  a: string;
}

/** What a product drawer returns: its SVG (900×900 space) plus where the detail view zooms in. */
export interface Art {
  svg: string;
  /** Point of interest for the detail (zoom) view. */
  focus: [number, number];
  /** Zoom factor of the detail view; 1.8 unless the drawer knows better. */
  zoom?: number;
  /** Floor contact shadow: centre x, y and half-width. */
  ground?: { cx: number; cy: number; rx: number };
}

export type Drawer = (p: Pal) => Art;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full =
    h.length === 3
      ? h
          .split("")
          .map((ch) => ch + ch)
          .join("")
      : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear mix of two hex colours, t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const out = ca.map((v, i) => Math.round(clamp(v + ((cb[i] ?? 0) - v) * t, 0, 255)));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
export const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);
export const darken = (c: string, t: number): string => mix(c, "#000000", t);

export function palette(base: string, accent: string): Pal {
  return { c: base, l: lighten(base, 0.28), d: darken(base, 0.22), dd: darken(base, 0.5), a: accent };
}

/** Vertical (default) or horizontal linear gradient from evenly spaced colour stops. */
export function lg(id: string, colours: string[], horizontal = false): string {
  const stops = colours
    .map((col, i) => `<stop offset="${colours.length === 1 ? 0 : i / (colours.length - 1)}" stop-color="${col}"/>`)
    .join("");
  const dir = horizontal ? 'x1="0" y1="0" x2="1" y2="0"' : 'x1="0" y1="0" x2="0" y2="1"';
  return `<linearGradient id="${id}" ${dir}>${stops}</linearGradient>`;
}

/** Mirror a drawing about the vertical centre line x = 450 (for symmetric parts). */
export const mirror = (s: string, cx = 450): string => `<g transform="translate(${2 * cx} 0) scale(-1 1)">${s}</g>`;

/** Shared gradients, patterns and filters every product drawing may use by id. */
export function commonDefs(p: Pal): string {
  return [
    lg("m", [p.l, p.c, p.d]),
    lg("mh", [p.l, p.c, p.c, p.d], true),
    lg("ac", [lighten(p.a, 0.25), p.a, darken(p.a, 0.2)]),
    lg("steel", ["#f3f5f7", "#b8c0c8", "#eef1f4", "#8f98a2"], true),
    lg("steelV", ["#f5f7f9", "#c3cad1", "#8f98a2"]),
    lg("blk", ["#4b5058", "#2a2d33", "#17191d"]),
    lg("blkH", ["#555b63", "#2a2d33", "#2a2d33", "#121417"], true),
    lg("glass", ["#2a3448", "#121826", "#0a0d14"]),
    lg("wood", ["#e6c79b", "#d2ad7a", "#bd915c"]),
    lg("walnut", ["#8c5e3d", "#6d4429", "#54321d"]),
    lg("gold", ["#fbe7a6", "#d8ad52", "#f4d27f", "#a8792c"], true),
    lg("white", ["#ffffff", "#f1f1f0", "#d9d8d5"]),
    // Side shading laid over a shape: darker edges, untouched middle (reads as volume).
    `<linearGradient id="edge" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".2"/><stop offset=".22" stop-color="#000" stop-opacity="0"/><stop offset=".78" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".24"/></linearGradient>`,
    `<linearGradient id="topLight" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient>`,
    `<filter id="blur4" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>`,
    `<filter id="blur10" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>`,
    `<filter id="shadow" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="16"/></filter>`,
  ].join("");
}

/** Studio backdrops: top colour, bottom colour, glow colour. */
export const backdrops = {
  studio: ["#f7f6f3", "#e4e0da", "#ffffff"],
  warm: ["#faf1e7", "#ead8c5", "#fff8ef"],
  cool: ["#f0f4f7", "#d8e0e7", "#ffffff"],
  sage: ["#f1f4ee", "#d9e1d3", "#fbfdf9"],
  blush: ["#faf0ef", "#ead9d7", "#fffafa"],
} as const;
export type Backdrop = keyof typeof backdrops;

export interface FrameOptions {
  art: Art;
  pal: Pal;
  backdrop: Backdrop;
  /** main: as drawn; zoom: close-up on art.focus; tilt: turned a little, further away. */
  mode: "main" | "zoom" | "tilt";
}

/** Wraps a product drawing in a soft studio scene: backdrop gradient, glow, floor shadow. */
export function frame({ art, pal, backdrop, mode }: FrameOptions): string {
  const [top, bottom, glow] = backdrops[backdrop];
  const g = art.ground ?? { cx: 450, cy: 748, rx: 300 };
  const [fx, fy] = art.focus;
  const z = art.zoom ?? 1.8;
  const transform =
    mode === "zoom"
      ? `translate(450 450) scale(${z}) translate(${-fx} ${-fy})`
      : mode === "tilt"
        ? "translate(450 470) rotate(-7) scale(0.86) translate(-450 -450)"
        : "";
  // The floor shadow sits under the object: a wide faint one plus a tight darker contact one.
  const shadow = `<ellipse cx="${g.cx}" cy="${g.cy}" rx="${g.rx}" ry="${Math.max(14, g.rx * 0.09)}" fill="#3b3128" opacity=".26" filter="url(#shadow)"/>
<ellipse cx="${g.cx}" cy="${g.cy - 2}" rx="${g.rx * 0.78}" ry="${Math.max(6, g.rx * 0.035)}" fill="#2a221c" opacity=".22" filter="url(#blur4)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900" viewBox="0 0 900 900">
<defs>${commonDefs(pal)}
${lg("bg", [top, top, bottom])}
<radialGradient id="glow" cx=".5" cy=".42" r=".55"><stop offset="0" stop-color="${glow}"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
<radialGradient id="vig" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".08"/></radialGradient>
</defs>
<rect width="900" height="900" fill="url(#bg)"/>
<rect width="900" height="900" fill="url(#glow)" opacity=".9"/>
<g transform="${transform}">${shadow}${art.svg}</g>
<rect width="900" height="900" fill="url(#vig)"/>
</svg>`;
}
