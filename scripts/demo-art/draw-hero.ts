// Draws the four storefront hero slides (docs/product/storefront.md#home) as WebP:
//   storefront/src/assets/hero/hero-{1..4}-1600.webp (1600×600) and hero-{1..4}-800.webp (800×600).
//
//   npx tsx scripts/demo-art/draw-hero.ts [--sheet /tmp/hero.png]
//
// The storefront lays the slide text over the bottom of the image (white on a dark fade) and
// crops the image with object-fit: cover, so each scene keeps its subject in the centre
// (x 420..1180 of the 1600 px image, which is what a 640 px wide screen still shows) and
// fills the sides with quiet backdrop only.
//   1 "Últimas Novidades"        clothes rack and shopping bags
//   2 "Entregas em 7 a 14 dias"  smartphone and an airliner (air shipping)
//   3 "Envie sua mercadoria"     container ship under a port crane (cargo)
//   4 "Do Exterior Para Si"      globe, flight routes and parcels (selected imports)
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { phone } from "./art-eletronico.ts";
import { commonDefs, darken, lighten, palette } from "./svg.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const heroDir = join(here, "..", "..", "storefront", "src", "assets", "hero");

/** The illustration of a slide lives in a 760×600 box; backgrounds fill the whole canvas. */
interface Scene {
  /** Background: centre colour → edge colour. */
  bg: [string, string];
  /** Full-width shapes behind the art, in canvas coordinates of the given width. */
  backdrop: (w: number) => string;
  art: string;
  defs?: string;
}

const H = 600;

/** Flat garment silhouettes for the rack (front view, hanging from y = top). */
function garment(kind: "shirt" | "dress" | "tee" | "coat", cx: number, top: number, col: string): string {
  const d = darken(col, 0.25);
  const shade = (path: string): string => `<path d="${path}" fill="${col}"/><path d="${path}" fill="url(#edge)"/>`;
  switch (kind) {
    case "dress":
      return `${shade(`M${cx - 20} ${top} L${cx + 20} ${top} L${cx + 28} ${top + 96} L${cx + 60} ${top + 300} Q${cx} ${top + 316} ${cx - 60} ${top + 300} L${cx - 28} ${top + 96} Z`)}
<rect x="${cx - 29}" y="${top + 90}" width="58" height="12" fill="${d}"/>`;
    case "tee":
      return `${shade(`M${cx - 34} ${top + 4} L${cx - 12} ${top} Q${cx} ${top + 14} ${cx + 12} ${top} L${cx + 34} ${top + 4} L${cx + 62} ${top + 44} L${cx + 46} ${top + 64} L${cx + 38} ${top + 56} L${cx + 40} ${top + 200} L${cx - 40} ${top + 200} L${cx - 38} ${top + 56} L${cx - 46} ${top + 64} L${cx - 62} ${top + 44} Z`)}`;
    case "coat":
      return `${shade(`M${cx - 40} ${top + 6} L${cx - 12} ${top} L${cx} ${top + 40} L${cx + 12} ${top} L${cx + 40} ${top + 6} L${cx + 56} ${top + 260} L${cx + 44} ${top + 270} L${cx + 44} ${top + 280} L${cx - 44} ${top + 280} L${cx - 44} ${top + 270} L${cx - 56} ${top + 260} Z`)}
<path d="M${cx} ${top + 40} L${cx} ${top + 280}" stroke="${d}" stroke-width="3"/>
<path d="M${cx - 12} ${top} L${cx - 26} ${top + 90} L${cx} ${top + 40} M${cx + 12} ${top} L${cx + 26} ${top + 90} L${cx} ${top + 40}" fill="${d}" opacity=".5"/>
${[80, 130, 180].map((y) => `<circle cx="${cx + 8}" cy="${top + y}" r="3.5" fill="${lighten(col, 0.5)}"/>`).join("")}`;
    default:
      return `${shade(`M${cx - 38} ${top + 6} L${cx - 12} ${top} Q${cx} ${top + 10} ${cx + 12} ${top} L${cx + 38} ${top + 6} L${cx + 54} ${top + 40} L${cx + 56} ${top + 210} L${cx + 42} ${top + 212} L${cx + 40} ${top + 240} L${cx - 40} ${top + 240} L${cx - 42} ${top + 212} L${cx - 56} ${top + 210} L${cx - 54} ${top + 40} Z`)}
<path d="M${cx - 12} ${top} L${cx} ${top + 22} L${cx + 12} ${top}" fill="none" stroke="${d}" stroke-width="3"/>
<path d="M${cx} ${top + 22} L${cx} ${top + 240}" stroke="${d}" stroke-width="2"/>`;
  }
}

const hanger = (cx: number, barY: number): string =>
  `<path d="M${cx} ${barY} q0 -10 8 -10 q8 0 8 8 q0 8 -8 10 L${cx} ${barY + 22}" transform="translate(-8 8)" fill="none" stroke="#9aa3ad" stroke-width="3"/>
<path d="M${cx - 36} ${barY + 44} L${cx} ${barY + 26} L${cx + 36} ${barY + 44}" fill="none" stroke="#c9b08a" stroke-width="5" stroke-linecap="round"/>`;

/** Paper shopping bag with rope handles. */
function bag(x: number, y: number, w: number, h: number, col: string): string {
  return `<path d="M${x + w * 0.28} ${y + 4} C${x + w * 0.28} ${y - h * 0.4} ${x + w * 0.72} ${y - h * 0.4} ${x + w * 0.72} ${y + 4}" fill="none" stroke="${darken(col, 0.45)}" stroke-width="5"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${col}"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="url(#edge)"/>
<rect x="${x}" y="${y}" width="${w}" height="${h * 0.12}" fill="${darken(col, 0.12)}"/>
<path d="M${x + w * 0.5} ${y + h * 0.12} L${x + w * 0.5} ${y + h}" stroke="#000" stroke-opacity=".06" stroke-width="2"/>
<circle cx="${x + w * 0.5}" cy="${y + h * 0.55}" r="${w * 0.14}" fill="#fff" opacity=".35"/>`;
}

/** Soft out-of-focus dots spread over the whole width, so wide screens do not look empty. */
const bokeh = (w: number, col: string): string =>
  Array.from({ length: 14 }, (_, i) => {
    const x = ((i * 0.137 + 0.05) % 1) * w;
    const y = 60 + ((i * 211) % 420);
    const r = 18 + ((i * 37) % 60);
    return `<circle cx="${x.toFixed(0)}" cy="${y}" r="${r}" fill="${col}" opacity="${(0.12 + (i % 4) * 0.05).toFixed(2)}"/>`;
  }).join("");

function fashionScene(): Scene {
  const garments: Array<[Parameters<typeof garment>[0], string]> = [
    ["coat", "#c9a27a"],
    ["shirt", "#3f5f8a"],
    ["dress", "#e07a5f"],
    ["tee", "#f2c14e"],
    ["dress", "#2f4858"],
    ["shirt", "#e8c3b9"],
  ];
  const rack = garments
    .map(([kind, col], i) => {
      const cx = 190 + i * 78;
      return `${hanger(cx, 96)}${garment(kind, cx, 140, col)}`;
    })
    .join("");
  return {
    bg: ["#fff6f0", "#f1d2c2"],
    backdrop: (w) => bokeh(w, "#ffffff"),
    art: `<circle cx="390" cy="270" r="260" fill="#fff" opacity=".45"/><circle cx="700" cy="90" r="80" fill="#fff" opacity=".35"/>
<ellipse cx="390" cy="552" rx="330" ry="22" fill="#6b4a3a" opacity=".16" filter="url(#shadow)"/>
<rect x="120" y="92" width="10" height="450" fill="url(#steel)"/><rect x="650" y="92" width="10" height="450" fill="url(#steel)"/>
<rect x="112" y="86" width="556" height="12" rx="6" fill="url(#steelV)"/>
<rect x="84" y="538" width="80" height="10" rx="5" fill="#8f98a2"/><rect x="616" y="538" width="80" height="10" rx="5" fill="#8f98a2"/>
<circle cx="92" cy="554" r="8" fill="#2a2d33"/><circle cx="156" cy="554" r="8" fill="#2a2d33"/><circle cx="624" cy="554" r="8" fill="#2a2d33"/><circle cx="688" cy="554" r="8" fill="#2a2d33"/>
${rack}
${bag(470, 380, 150, 170, "#2f4858")}${bag(596, 420, 120, 130, "#e07a5f")}${bag(380, 440, 110, 112, "#f2c14e")}`,
  };
}

function cloud(x: number, y: number, s: number, op = 0.9): string {
  return `<g transform="translate(${x} ${y}) scale(${s})" opacity="${op}"><circle cx="0" cy="0" r="40" fill="#fff"/><circle cx="44" cy="-16" r="52" fill="#fff"/><circle cx="96" cy="0" r="38" fill="#fff"/><rect x="0" y="0" width="96" height="38" fill="#fff"/></g>`;
}

function airplane(): string {
  // Side view, nose to the right; rotated by the caller.
  return `<path d="M150 38 L250 -70 L290 -70 L232 40 Z" fill="#c9d2dc"/>
<rect x="0" y="0" width="420" height="78" rx="39" fill="url(#h-fuselage)"/>
<path d="M380 6 Q440 20 446 40 Q440 62 380 74 Z" fill="#eef2f6"/>
<path d="M404 22 Q422 26 428 36 L404 36 Z" fill="#2b3a55"/>
${Array.from({ length: 11 }, (_, i) => `<rect x="${110 + i * 24}" y="24" width="11" height="14" rx="5" fill="#2b3a55"/>`).join("")}
<path d="M10 20 L-30 -90 L14 -90 L90 14 Z" fill="#e07a5f"/>
<path d="M20 40 L-40 60 L-20 70 L60 56 Z" fill="#c9d2dc"/>
<path d="M170 56 L300 150 L344 150 L260 50 Z" fill="#dfe5ec"/>
<rect x="226" y="82" width="84" height="32" rx="16" fill="url(#steel)"/><ellipse cx="310" cy="98" rx="6" ry="16" fill="#3a3f47"/>`;
}

function airScene(): Scene {
  const pal = palette("#1c2430", "#4a7bd0");
  const ph = phone("pro")(pal);
  return {
    bg: ["#f4f9fe", "#c6ddf3"],
    defs: `${commonDefs(pal)}<linearGradient id="h-fuselage" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".6" stop-color="#eef2f6"/><stop offset="1" stop-color="#b8c3cf"/></linearGradient>`,
    backdrop: (w) =>
      `${cloud(w * 0.06, 420, 1.3, 0.8)}${cloud(w * 0.2, 120, 0.8, 0.6)}${cloud(w * 0.82, 150, 1, 0.8)}${cloud(w * 0.9, 470, 1.2, 0.7)}${cloud(w * 0.5, 70, 0.6, 0.5)}`,
    art: `<path d="M-60 520 C20 470 70 380 110 300" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="14 12" stroke-linecap="round"/>
<g transform="translate(90 250) rotate(-22) scale(.72)">${airplane()}</g>
${cloud(30, 430, 0.9)}
<g transform="translate(250 70) scale(.64)">${ph.svg}</g>
${cloud(560, 500, 1.1)}`,
  };
}

function container(x: number, y: number, w: number, h: number, col: string): string {
  const ribs = Array.from(
    { length: Math.floor(w / 8) },
    (_, i) => `<rect x="${x + 4 + i * 8}" y="${y + 3}" width="3" height="${h - 6}" fill="#000" opacity=".12"/>`,
  ).join("");
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${col}"/>${ribs}<rect x="${x}" y="${y}" width="${w}" height="4" fill="#fff" opacity=".25"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${darken(col, 0.35)}" stroke-width="2"/>`;
}

function cargoScene(): Scene {
  const colours = ["#d9534f", "#2f6fb0", "#f0a830", "#3c9d6b", "#8e5ea2", "#e07a5f", "#2f4858"];
  const stacks: string[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 7; col++) {
      if (row === 2 && (col === 0 || col === 5)) continue; // uneven top row looks loaded, not tiled
      const c = colours[(row * 3 + col * 5) % colours.length] ?? "#d9534f";
      stacks.push(container(250 + col * 64, 330 - row * 34, 62, 32, c));
    }
  }
  return {
    bg: ["#f6fbfa", "#cfe3df"],
    backdrop: (w) => `<rect x="0" y="470" width="${w}" height="${H - 470}" fill="url(#h-sea)"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M${(i * 197) % w} ${500 + (i % 4) * 24} q20 -8 40 0 t40 0" stroke="#fff" stroke-width="3" fill="none" opacity=".5"/>`).join("")}`,
    defs: `<linearGradient id="h-sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc3d6"/><stop offset="1" stop-color="#3f87a8"/></linearGradient>
<linearGradient id="h-hull" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f4858"/><stop offset="1" stop-color="#1b2a36"/></linearGradient>`,
    art: `<circle cx="580" cy="140" r="70" fill="#ffe7b8" opacity=".8"/><circle cx="580" cy="140" r="110" fill="#ffe7b8" opacity=".25"/>
<path d="M60 470 L60 70 M150 470 L150 70" stroke="#e8a33d" stroke-width="14"/>
<path d="M60 200 L150 130 M60 130 L150 200 M60 330 L150 260 M60 260 L150 330" stroke="#e8a33d" stroke-width="5"/>
<rect x="30" y="62" width="560" height="22" fill="#e8a33d"/><path d="M30 62 L-20 84 L30 84 Z" fill="#e8a33d"/>
<path d="M60 62 L110 10 L150 62" fill="none" stroke="#e8a33d" stroke-width="6"/><path d="M110 10 L590 62" stroke="#c98a2c" stroke-width="3"/>
<rect x="420" y="84" width="44" height="20" fill="#3a3f47"/>
<path d="M432 104 L432 172 M452 104 L452 172" stroke="#3a3f47" stroke-width="2"/>
${container(400, 172, 84, 34, "#3c9d6b")}
<rect x="180" y="268" width="56" height="96" fill="#f3f4f2"/><rect x="172" y="256" width="72" height="16" fill="#d9dcdf"/>
${[0, 1, 2].map((i) => `<rect x="${188 + i * 16}" y="282" width="10" height="10" fill="#2f4858"/>`).join("")}
<rect x="206" y="224" width="22" height="34" fill="#d9534f"/>
${stacks.join("")}
<path d="M150 364 L720 364 L690 460 L176 460 Z" fill="url(#h-hull)"/>
<path d="M160 428 L702 428 L690 460 L176 460 Z" fill="#b33a3a"/>
<path d="M150 364 L720 364" stroke="#fff" stroke-width="4" opacity=".7"/>
<ellipse cx="430" cy="468" rx="300" ry="10" fill="#1d4a5e" opacity=".35"/>
<path d="M620 140 l10 -8 l10 8 M660 110 l8 -6 l8 6" stroke="#3a3f47" stroke-width="2.5" fill="none"/>`,
  };
}

function parcel(x: number, y: number, s: number): string {
  // Isometric cardboard box with tape, 100×100 front face at scale 1.
  return `<g transform="translate(${x} ${y}) scale(${s})">
<path d="M0 30 L100 30 L100 130 L0 130 Z" fill="#d9a86c"/>
<path d="M100 30 L150 0 L150 100 L100 130 Z" fill="#b9884f"/>
<path d="M0 30 L50 0 L150 0 L100 30 Z" fill="#ebc48f"/>
<path d="M25 15 L125 15 L125 0 L75 0 Z M40 30 L60 30 L60 130 L40 130 Z" fill="#c8955a" opacity=".9"/>
<path d="M20 96 h30 v20 h-30 z" fill="#fff" opacity=".75"/>
</g>`;
}

function globeScene(): Scene {
  return {
    bg: ["#faf8fd", "#dcd2ee"],
    backdrop: (w) => bokeh(w, "#ffffff"),
    defs: `<radialGradient id="h-ocean" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#a9d4f2"/><stop offset=".7" stop-color="#4a8fd0"/><stop offset="1" stop-color="#2f6fb0"/></radialGradient>
<clipPath id="h-globe"><circle cx="380" cy="280" r="210"/></clipPath>`,
    art: `<circle cx="380" cy="280" r="262" fill="#fff" opacity=".4"/>
<ellipse cx="380" cy="540" rx="260" ry="22" fill="#4b3b6b" opacity=".16" filter="url(#shadow)"/>
<circle cx="380" cy="280" r="210" fill="url(#h-ocean)"/>
<g clip-path="url(#h-globe)" fill="#9fcf8a">
<path d="M352 190 Q400 176 444 196 Q470 214 468 250 Q500 262 494 300 Q480 350 450 390 Q430 440 404 452 Q388 440 392 400 Q380 360 364 330 Q336 320 322 290 Q316 250 330 224 Z"/>
<path d="M330 90 Q370 70 420 84 Q440 110 420 140 Q390 160 360 150 Q330 140 324 116 Z"/>
<path d="M180 260 Q210 240 244 262 Q262 300 246 350 Q230 410 206 440 Q192 400 186 350 Q170 300 180 260 Z"/>
<path d="M510 130 Q570 120 600 170 L600 250 Q560 230 530 200 Q500 170 510 130 Z"/>
<g fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"><ellipse cx="380" cy="280" rx="210" ry="70"/><ellipse cx="380" cy="280" rx="80" ry="210"/><ellipse cx="380" cy="280" rx="160" ry="210"/><path d="M170 280 H590"/></g>
</g>
<circle cx="380" cy="280" r="210" fill="url(#topLight)"/>
<path d="M370 326 a14 14 0 1 1 28 0 c0 12 -14 24 -14 24 s-14 -12 -14 -24 z" fill="#e04f4f"/><circle cx="384" cy="326" r="5" fill="#fff"/>
<path d="M130 250 C200 40 540 20 660 200" fill="none" stroke="#7a5cc7" stroke-width="3" stroke-dasharray="10 10"/>
<g transform="translate(620 140) rotate(40)"><path d="M0 -22 L6 -6 L26 4 L26 10 L6 6 L4 20 L10 26 L10 30 L0 27 L-10 30 L-10 26 L-4 20 L-6 6 L-26 10 L-26 4 L-6 -6 Z" fill="#5a3fb0"/></g>
${parcel(470, 390, 1)}${parcel(580, 420, 0.8)}${parcel(520, 300, 0.75)}`,
  };
}

function render(scene: Scene, w: number): string {
  // The art box is centred; on the 800 px image it is a little smaller so nothing touches the edges.
  // (y offset 47 keeps the art's horizon at y 470, where the cargo scene's full-width sea begins)
  const artTransform = w >= 1200 ? `translate(${(w - 760) / 2} 0)` : `translate(${(w - 760 * 0.9) / 2} 47) scale(.9)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${H}" viewBox="0 0 ${w} ${H}">
<defs>${scene.defs ?? ""}
${scene.defs?.includes('id="edge"') ? "" : commonDefs(palette("#888888", "#444444"))}
<radialGradient id="h-bg" gradientUnits="userSpaceOnUse" cx="${w / 2}" cy="${H * 0.4}" r="${Math.max(w * 0.6, H)}"><stop offset="0" stop-color="${scene.bg[0]}"/><stop offset="1" stop-color="${scene.bg[1]}"/></radialGradient>
</defs>
<rect width="${w}" height="${H}" fill="url(#h-bg)"/>
${scene.backdrop(w)}
<g transform="${artTransform}">${scene.art}</g>
</svg>`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sheetAt = args.indexOf("--sheet");
  const sheet = sheetAt >= 0 ? args[sheetAt + 1] : undefined;
  await mkdir(heroDir, { recursive: true });
  const scenes = [fashionScene(), airScene(), cargoScene(), globeScene()];
  const files: string[] = [];
  for (const [i, scene] of scenes.entries()) {
    for (const [w, budget] of [
      [1600, 60 * 1024],
      [800, 35 * 1024],
    ] as const) {
      const png = await sharp(Buffer.from(render(scene, w)))
        .png()
        .toBuffer();
      let quality = 70;
      let webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
      while (webp.length > budget && quality > 45) {
        quality -= 5;
        webp = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
      }
      const file = join(heroDir, `hero-${i + 1}-${w}.webp`);
      await writeFile(file, webp);
      files.push(file);
      console.log(`${file}: ${(webp.length / 1024).toFixed(1)} kB (q${quality})`);
    }
  }
  if (sheet) {
    const tiles = await Promise.all(files.map((f) => sharp(f).resize({ height: 300 }).png().toBuffer()));
    await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#ffffff" } })
      .composite(tiles.map((input, i) => ({ input, left: i % 2 === 0 ? 0 : 800, top: Math.floor(i / 2) * 300 })))
      .png()
      .toFile(sheet);
    console.log(`contact sheet: ${sheet}`);
  }
}

await main();
