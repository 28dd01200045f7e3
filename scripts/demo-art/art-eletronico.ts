// Electronics drawings (900×900 space). Screens show abstract wallpapers, never text.
import { type Art, type Drawer, type Pal, lighten, darken, mirror } from "./svg.ts";

/** Abstract phone/tablet wallpaper: soft gradient plus two flowing waves in the accent colour. */
function wallpaper(id: string, p: Pal, w: number, h: number): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${darken(p.a, 0.55)}"/><stop offset=".55" stop-color="${p.a}"/><stop offset="1" stop-color="${lighten(p.a, 0.45)}"/></linearGradient>
<linearGradient id="${id}w" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".05"/><stop offset="1" stop-color="#fff" stop-opacity=".45"/></linearGradient>
<symbol id="${id}s" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"><rect width="${w}" height="${h}" fill="url(#${id})"/>
<path d="M0 ${h * 0.62} C${w * 0.3} ${h * 0.48} ${w * 0.55} ${h * 0.8} ${w} ${h * 0.55} L${w} ${h} L0 ${h} Z" fill="url(#${id}w)"/>
<path d="M0 ${h * 0.78} C${w * 0.35} ${h * 0.66} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.72} L${w} ${h} L0 ${h} Z" fill="#000" opacity=".18"/>
<circle cx="${w * 0.78}" cy="${h * 0.2}" r="${w * 0.22}" fill="#fff" opacity=".12"/></symbol>`;
}

const lens = (x: number, y: number, r: number): string =>
  `<circle cx="${x}" cy="${y}" r="${r + 5}" fill="#1b1d22" stroke="url(#steel)" stroke-width="3"/>
<circle cx="${x}" cy="${y}" r="${r}" fill="url(#lensGlass)"/>
<circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="#05070b"/>
<circle cx="${x - r * 0.35}" cy="${y - r * 0.35}" r="${r * 0.18}" fill="#fff" opacity=".55"/>`;

const lensDefs = `<radialGradient id="lensGlass" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#4a5f8a"/><stop offset=".5" stop-color="#1a2238"/><stop offset="1" stop-color="#07090f"/></radialGradient>`;

/** Back and front of a phone, side by side like a press photo. */
export const phone =
  (kind: "pro" | "basic"): Drawer =>
  (p: Pal): Art => {
    const W = 250;
    const H = 520;
    const cam =
      kind === "pro"
        ? `<rect x="${-W / 2 + 18}" y="${-H / 2 + 18}" width="128" height="136" rx="32" fill="${p.d}" stroke="${p.l}" stroke-width="2"/>
<rect x="${-W / 2 + 18}" y="${-H / 2 + 18}" width="128" height="136" rx="32" fill="url(#topLight)"/>
${lens(-W / 2 + 52, -H / 2 + 52, 20)}${lens(-W / 2 + 52, -H / 2 + 118, 20)}${lens(-W / 2 + 112, -H / 2 + 85, 20)}
<circle cx="${-W / 2 + 112}" cy="${-H / 2 + 40}" r="7" fill="#fff6d8" stroke="#bbb"/>`
        : `<rect x="${-W / 2 + 20}" y="${-H / 2 + 20}" width="70" height="140" rx="35" fill="${p.d}" stroke="${p.l}" stroke-width="2"/>
${lens(-W / 2 + 55, -H / 2 + 55, 19)}${lens(-W / 2 + 55, -H / 2 + 122, 19)}
<circle cx="${-W / 2 + 108}" cy="${-H / 2 + 40}" r="7" fill="#fff6d8" stroke="#bbb"/>`;
    return {
      svg: `<defs>${lensDefs}${wallpaper("wp", p, W - 20, H - 20)}
<linearGradient id="back" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.l}"/><stop offset=".6" stop-color="${p.c}"/><stop offset="1" stop-color="${p.d}"/></linearGradient></defs>
<g transform="translate(335 440) rotate(-10)">
<rect x="${-W / 2 - 4}" y="${-H / 2 - 4}" width="${W + 8}" height="${H + 8}" rx="44" fill="${p.dd}"/>
<rect x="${-W / 2}" y="${-H / 2}" width="${W}" height="${H}" rx="40" fill="url(#back)"/>
<path d="M${-W / 2 + 30} ${-H / 2 + 6} L${W / 2 - 90} ${-H / 2 + 6} L${-W / 2 + 6} ${H / 2 - 150} Z" fill="#fff" opacity=".12"/>
${cam}
</g>
<g transform="translate(560 470) rotate(7)">
<rect x="${W / 2 + 1}" y="${-H / 2 + 110}" width="6" height="60" rx="3" fill="${p.d}"/>
<rect x="${W / 2 + 1}" y="${-H / 2 + 190}" width="6" height="36" rx="3" fill="${p.d}"/>
<rect x="${-W / 2 - 4}" y="${-H / 2 - 4}" width="${W + 8}" height="${H + 8}" rx="44" fill="${p.c}"/>
<rect x="${-W / 2}" y="${-H / 2}" width="${W}" height="${H}" rx="40" fill="#0b0c10"/>
<use href="#wps" x="${-W / 2 + 10}" y="${-H / 2 + 10}" width="${W - 20}" height="${H - 20}" clip-path="url(#scr)"/>
<clipPath id="scr"><rect x="${-W / 2 + 10}" y="${-H / 2 + 10}" width="${W - 20}" height="${H - 20}" rx="32"/></clipPath>
<rect x="${-W / 2 + 28}" y="${-H / 2 + 90}" width="${W - 56}" height="70" rx="18" fill="#fff" opacity=".18"/>
${[0, 1, 2, 3].map((i) => `<rect x="${-W / 2 + 30 + i * 50}" y="${H / 2 - 92}" width="38" height="38" rx="11" fill="#fff" opacity=".3"/>`).join("")}
<circle cx="0" cy="${-H / 2 + 30}" r="8" fill="#05060a"/>
<path d="M${-W / 2 + 10} ${-H / 2 + 40} L${W / 2 - 60} ${-H / 2 + 10} L${W / 2 - 10} ${-H / 2 + 10} L${-W / 2 + 10} ${H / 2 - 170} Z" fill="#fff" opacity=".07"/>
</g>`,
      focus: [290, 270],
      zoom: 2.2,
      ground: { cx: 450, cy: 752, rx: 270 },
    };
  };

export const tablet: Drawer = (p: Pal): Art => {
  const W = 620;
  const H = 420;
  return {
    svg: `<defs>${wallpaper("wp", p, W - 36, H - 36)}<clipPath id="scr"><rect x="${-W / 2 + 18}" y="${-H / 2 + 18}" width="${W - 36}" height="${H - 36}" rx="16"/></clipPath></defs>
<g transform="translate(450 450) rotate(-4)">
<rect x="${-W / 2 - 4}" y="${-H / 2 - 4}" width="${W + 8}" height="${H + 8}" rx="38" fill="url(#steelV)"/>
<rect x="${-W / 2}" y="${-H / 2}" width="${W}" height="${H}" rx="34" fill="#0c0d11"/>
<use href="#wps" x="${-W / 2 + 18}" y="${-H / 2 + 18}" width="${W - 36}" height="${H - 36}" clip-path="url(#scr)"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${-W / 2 + 60 + i * 82}" y="${H / 2 - 110}" width="56" height="56" rx="15" fill="#fff" opacity=".28"/>`).join("")}
<rect x="${-W / 2 + 60}" y="${-H / 2 + 60}" width="200" height="110" rx="20" fill="#fff" opacity=".18"/>
<circle cx="0" cy="${-H / 2 + 9}" r="4" fill="#222"/>
<path d="M${-W / 2 + 18} ${-H / 2 + 18} L${-W / 2 + 260} ${-H / 2 + 18} L${-W / 2 + 18} ${H / 2 - 60} Z" fill="#fff" opacity=".07"/>
</g>
<g transform="translate(450 720) rotate(-4)"><rect x="-230" y="-7" width="440" height="14" rx="7" fill="url(#steelV)"/><path d="M210 -7 L246 0 L210 7 Z" fill="#9aa3ad"/></g>`,
    focus: [300, 330],
    ground: { cx: 450, cy: 735, rx: 320 },
  };
};

export const laptop: Drawer = (p: Pal): Art => {
  // p.c = aluminium tint, p.a = wallpaper colour
  const keys = Array.from({ length: 4 }, (_, r) => {
    const y = 560 + r * 11;
    const t = r / 4;
    const x0 = 214 - t * 26;
    const x1 = 686 + t * 26;
    const n = 14;
    const kw = (x1 - x0) / n;
    return Array.from(
      { length: n },
      (_, k) => `<rect x="${(x0 + k * kw + 1.5).toFixed(1)}" y="${y}" width="${(kw - 3).toFixed(1)}" height="8" rx="2" fill="#2c2f36"/>`,
    ).join("");
  }).join("");
  return {
    svg: `<defs>${wallpaper("wp", p, 492, 300)}</defs>
<rect x="184" y="186" width="532" height="352" rx="18" fill="url(#m)"/>
<rect x="192" y="194" width="516" height="336" rx="12" fill="#0c0d11"/>
<use href="#wps" x="204" y="206" width="492" height="300"/>
<rect x="228" y="236" width="150" height="90" rx="12" fill="#fff" opacity=".16"/>
<rect x="330" y="478" width="240" height="18" rx="9" fill="#fff" opacity=".25"/>
<circle cx="450" cy="200" r="3" fill="#333"/>
<path d="M204 206 L400 206 L204 420 Z" fill="#fff" opacity=".06"/>
<path d="M160 540 L740 540 L808 616 Q810 628 796 628 L104 628 Q90 628 92 616 Z" fill="url(#m)"/>
<path d="M206 550 L694 550 L726 600 L174 600 Z" fill="${p.d}" opacity=".6"/>
${keys}
<path d="M394 604 L506 604 L512 622 L388 622 Z" fill="${p.d}" opacity=".45"/>
<path d="M92 616 L808 616 L806 628 Q804 640 790 640 L110 640 Q96 640 94 628 Z" fill="${p.d}"/>
<rect x="400" y="628" width="100" height="6" rx="3" fill="${p.dd}" opacity=".5"/>`,
    focus: [450, 560],
    zoom: 2,
    ground: { cx: 450, cy: 642, rx: 360 },
  };
};

export const powerBank: Drawer = (p: Pal): Art => ({
  svg: `<path d="M330 238 L636 238 Q652 238 652 254 L652 660 L620 690 L314 690 L314 262 Z" fill="${p.dd}"/>
<rect x="300" y="256" width="320" height="440" rx="34" fill="url(#m)"/>
<rect x="300" y="256" width="320" height="440" rx="34" fill="url(#edge)"/>
<path d="M316 270 L470 270 L316 520 Z" fill="#fff" opacity=".08"/>
<rect x="330" y="246" width="300" height="18" rx="9" fill="${p.d}"/>
<rect x="380" y="248" width="46" height="10" rx="5" fill="#111"/><rect x="450" y="248" width="60" height="12" rx="3" fill="#111"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${414 + i * 30}" cy="640" r="6" fill="${i < 3 ? p.a : lighten(p.c, 0.3)}"/>`).join("")}
<circle cx="460" cy="470" r="70" fill="none" stroke="${p.l}" stroke-width="2" opacity=".6"/>
<circle cx="460" cy="470" r="50" fill="none" stroke="${p.l}" stroke-width="2" opacity=".4"/>
<path d="M580 720 C640 720 700 700 706 650 C712 600 650 590 640 630 C630 670 700 690 740 640" fill="none" stroke="#6d727b" stroke-width="12" stroke-linecap="round"/>
<path d="M580 720 C640 720 700 700 706 650 C712 600 650 590 640 630 C630 670 700 690 740 640" fill="none" stroke="#a9aeb6" stroke-width="3" stroke-linecap="round" opacity=".8"/>
<rect x="530" y="706" width="56" height="28" rx="8" fill="url(#blkH)"/><rect x="518" y="712" width="14" height="16" rx="3" fill="url(#steel)"/>
<rect x="734" y="618" width="28" height="48" rx="8" fill="url(#blkH)" transform="rotate(40 750 645)"/>`,
  focus: [460, 620],
  ground: { cx: 480, cy: 736, rx: 250 },
});

export const headphones =
  (gamer: boolean): Drawer =>
  (p: Pal): Art => {
    const cup = `<rect x="252" y="380" width="36" height="110" rx="10" fill="url(#steel)"/>
<ellipse cx="268" cy="570" rx="92" ry="128" fill="${p.dd}"/>
<ellipse cx="258" cy="570" rx="84" ry="120" fill="url(#m)"/>
<ellipse cx="250" cy="570" rx="62" ry="94" fill="${p.d}" opacity=".35"/>
<ellipse cx="250" cy="570" rx="62" ry="94" fill="url(#topLight)"/>
<path d="M330 470 Q364 570 330 680" stroke="${darken(p.c, 0.6)}" stroke-width="18" fill="none" stroke-linecap="round"/>
${gamer ? `<ellipse cx="250" cy="570" rx="66" ry="98" fill="none" stroke="${p.a}" stroke-width="6" filter="url(#blur4)"/><ellipse cx="250" cy="570" rx="66" ry="98" fill="none" stroke="${lighten(p.a, 0.5)}" stroke-width="2"/>` : ""}`;
    return {
      svg: `<path d="M268 470 C250 170 650 170 632 470" stroke="${p.dd}" stroke-width="30" fill="none" stroke-linecap="round"/>
<path d="M300 330 C352 214 548 214 600 330" stroke="url(#m)" stroke-width="38" fill="none" stroke-linecap="round"/>
<path d="M316 304 C370 222 530 222 584 304" stroke="#fff" stroke-width="6" opacity=".25" fill="none" stroke-linecap="round"/>
${cup}${mirror(cup)}
${gamer ? `<path d="M250 660 C260 740 360 760 420 730" stroke="#24262b" stroke-width="12" fill="none" stroke-linecap="round"/><ellipse cx="428" cy="726" rx="22" ry="16" fill="#1a1b1f"/>` : ""}`,
      focus: [300, 560],
      zoom: 1.9,
      ground: { cx: 450, cy: 752, rx: 260 },
    };
  };

export const earbuds: Drawer = (p: Pal): Art => {
  const bud = (x: number, y: number, rot: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">
<rect x="-17" y="10" width="34" height="130" rx="17" fill="url(#m)"/>
<rect x="-17" y="10" width="34" height="130" rx="17" fill="url(#edge)"/>
<rect x="-10" y="122" width="20" height="12" rx="5" fill="url(#steel)"/>
<circle cx="0" cy="0" r="46" fill="url(#m)"/>
<ellipse cx="-14" cy="-4" rx="26" ry="30" fill="${p.dd}"/>
<ellipse cx="-14" cy="-4" rx="18" ry="22" fill="#2a2c31"/>
<circle cx="14" cy="-24" r="10" fill="#fff" opacity=".35"/>
</g>`;
  return {
    svg: `<rect x="300" y="400" width="300" height="250" rx="100" fill="url(#m)"/>
<rect x="300" y="400" width="300" height="250" rx="100" fill="url(#edge)"/>
<path d="M306 500 L594 500" stroke="${p.dd}" stroke-width="3" opacity=".6"/>
<path d="M340 420 Q450 404 560 420" stroke="#fff" stroke-width="10" opacity=".5" fill="none" stroke-linecap="round"/>
<circle cx="450" cy="560" r="6" fill="${p.a}"/><circle cx="450" cy="560" r="12" fill="${p.a}" opacity=".3"/>
${bud(230, 560, 18)}${bud(680, 560, -22)}`,
    focus: [450, 520],
    ground: { cx: 450, cy: 706, rx: 300 },
  };
};

export const tv: Drawer = (p: Pal): Art => ({
  // p.a tints the sunset on screen
  svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2a5c"/><stop offset=".5" stop-color="${lighten(p.a, 0.1)}"/><stop offset=".78" stop-color="#ffd27a"/><stop offset="1" stop-color="#ffb06b"/></linearGradient>
<linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7a76a"/><stop offset="1" stop-color="#3a2d5a"/></linearGradient>
<clipPath id="scr"><rect x="118" y="198" width="664" height="376"/></clipPath></defs>
<path d="M230 596 L190 670 L214 670 L256 596 Z" fill="#222428"/>${mirror('<path d="M230 596 L190 670 L214 670 L256 596 Z" fill="#222428"/>')}
<rect x="106" y="186" width="688" height="400" rx="8" fill="#111317"/>
<rect x="106" y="578" width="688" height="14" rx="4" fill="#1c1e23"/>
<g clip-path="url(#scr)">
<rect x="118" y="198" width="664" height="376" fill="url(#sky)"/>
<circle cx="560" cy="420" r="54" fill="#fff1c2"/>
<path d="M118 440 L220 360 L300 410 L400 320 L500 420 L600 380 L700 430 L782 390 L782 470 L118 470 Z" fill="#4b3c73"/>
<path d="M118 470 L260 410 L360 450 L470 400 L600 460 L700 430 L782 460 L782 490 L118 490 Z" fill="#33294f"/>
<rect x="118" y="488" width="664" height="86" fill="url(#lake)"/>
<rect x="520" y="500" width="80" height="5" rx="2" fill="#fff1c2" opacity=".7"/><rect x="536" y="516" width="48" height="4" rx="2" fill="#fff1c2" opacity=".5"/>
<path d="M118 198 L420 198 L118 470 Z" fill="#fff" opacity=".06"/>
</g>
<circle cx="450" cy="585" r="2.5" fill="#888"/>`,
  focus: [560, 430],
  zoom: 1.7,
  ground: { cx: 450, cy: 670, rx: 320 },
});

export const monitor: Drawer = (p: Pal): Art => ({
  svg: `<defs>${wallpaper("wp", p, 640, 360)}<clipPath id="scr"><path d="M140 214 Q450 244 760 214 L760 546 Q450 576 140 546 Z"/></clipPath></defs>
<rect x="430" y="540" width="40" height="150" fill="url(#steel)"/>
<path d="M330 700 Q450 680 570 700 L580 716 Q450 700 320 716 Z" fill="url(#blkH)"/>
<path d="M300 716 L600 716 Q610 716 606 724 L294 724 Q290 716 300 716 Z" fill="#15171b"/>
<path d="M128 200 Q450 232 772 200 L772 560 Q450 592 128 560 Z" fill="#111317"/>
<use href="#wps" x="140" y="214" width="620" height="362" clip-path="url(#scr)"/>
<g clip-path="url(#scr)"><rect x="180" y="260" width="180" height="110" rx="12" fill="#fff" opacity=".15"/><path d="M140 214 L420 214 L140 470 Z" fill="#fff" opacity=".06"/></g>
<path d="M128 560 Q450 592 772 560 L772 572 Q450 604 128 572 Z" fill="#1d1f24"/>
<rect x="440" y="584" width="20" height="4" rx="2" fill="${p.a}"/>`,
  focus: [450, 640],
  zoom: 1.6,
  ground: { cx: 450, cy: 722, rx: 230 },
});

export const gamepad: Drawer = (p: Pal): Art => {
  const shape =
    "M450 330 C520 330 580 320 630 330 C700 345 740 420 760 520 C780 610 760 660 720 666 C690 670 665 640 640 600 C620 570 600 560 560 560 L340 560 C300 560 280 570 260 600 C235 640 210 670 180 666 C140 660 120 610 140 520 C160 420 200 345 270 330 C320 320 380 330 450 330 Z";
  const stick = (x: number, y: number): string =>
    `<circle cx="${x}" cy="${y}" r="44" fill="${p.dd}" opacity=".5"/><circle cx="${x}" cy="${y}" r="36" fill="url(#blk)"/><circle cx="${x}" cy="${y}" r="26" fill="#2e3137" stroke="#3c4048" stroke-width="4"/><circle cx="${x - 8}" cy="${y - 8}" r="8" fill="#fff" opacity=".12"/>`;
  const btn = (x: number, y: number, col: string): string =>
    `<circle cx="${x}" cy="${y + 3}" r="17" fill="#000" opacity=".25"/><circle cx="${x}" cy="${y}" r="17" fill="${col}"/><circle cx="${x - 5}" cy="${y - 5}" r="5" fill="#fff" opacity=".35"/>`;
  return {
    svg: `<path d="M270 330 Q300 304 380 312" stroke="${p.dd}" stroke-width="18" fill="none" stroke-linecap="round"/>
<path d="M630 330 Q600 304 520 312" stroke="${p.dd}" stroke-width="18" fill="none" stroke-linecap="round"/>
<path d="${shape}" fill="url(#m)"/><path d="${shape}" fill="url(#edge)"/>
<path d="M230 360 Q450 330 670 360" stroke="#fff" stroke-width="10" opacity=".22" fill="none" stroke-linecap="round"/>
<circle cx="300" cy="440" r="58" fill="${p.d}" opacity=".35"/>
<path d="M288 396 h24 v32 h32 v24 h-32 v32 h-24 v-32 h-32 v-24 h32 Z" fill="url(#blk)"/>
<circle cx="600" cy="440" r="66" fill="${p.d}" opacity=".35"/>
${btn(600, 398, "#5fb7e5")}${btn(642, 440, "#e5646a")}${btn(558, 440, "#e6c65c")}${btn(600, 482, "#6cc07a")}
${stick(372, 520)}${stick(528, 520)}
<rect x="400" y="380" width="100" height="58" rx="14" fill="${p.d}" opacity=".5"/>
<rect x="412" y="346" width="76" height="6" rx="3" fill="${p.a}"/>
<circle cx="450" cy="470" r="12" fill="url(#blk)"/>
<circle cx="376" cy="400" r="7" fill="${p.dd}"/><circle cx="524" cy="400" r="7" fill="${p.dd}"/>`,
    focus: [600, 450],
    zoom: 2,
    ground: { cx: 450, cy: 690, rx: 300 },
  };
};

export const drone: Drawer = (p: Pal): Art => {
  const rotor = (x: number, y: number, s: number): string =>
    `<g transform="translate(${x} ${y}) scale(${s})">
<ellipse cx="0" cy="-14" rx="120" ry="24" fill="${p.dd}" opacity=".14" filter="url(#blur4)"/>
<path d="M-118 -18 Q-60 -30 0 -14 Q-60 -4 -118 -10 Z M118 -10 Q60 2 0 -14 Q60 -30 118 -22 Z" fill="#2a2d33" opacity=".85"/>
<rect x="-16" y="-14" width="32" height="40" rx="8" fill="url(#blkH)"/>
<ellipse cx="0" cy="-14" rx="10" ry="5" fill="#555"/>
</g>`;
  return {
    svg: `<path d="M450 470 L250 380 M450 470 L650 380" stroke="${p.d}" stroke-width="20" stroke-linecap="round"/>
${rotor(250, 372, 0.82)}${rotor(650, 372, 0.82)}
<path d="M450 470 L200 560 M450 470 L700 560" stroke="${p.c}" stroke-width="24" stroke-linecap="round"/>
<path d="M360 420 Q450 380 540 420 L560 500 Q450 540 340 500 Z" fill="url(#m)"/>
<path d="M380 420 Q450 392 520 420 L526 450 Q450 430 374 450 Z" fill="#fff" opacity=".3"/>
<path d="M360 500 Q450 530 540 500" stroke="${p.dd}" stroke-width="4" fill="none"/>
<circle cx="420" cy="470" r="5" fill="${p.a}"/><circle cx="480" cy="470" r="5" fill="${p.a}"/>
<rect x="410" y="512" width="80" height="40" rx="12" fill="url(#blk)"/>
<circle cx="450" cy="572" r="34" fill="url(#blk)"/>
<circle cx="450" cy="572" r="20" fill="url(#lensGlass)"/><circle cx="444" cy="566" r="5" fill="#fff" opacity=".5"/>
${rotor(200, 560, 1)}${rotor(700, 560, 1)}
<defs>${lensDefs}</defs>`,
    focus: [450, 540],
    zoom: 2.2,
    ground: { cx: 450, cy: 700, rx: 260 },
  };
};

export const smartSpeaker: Drawer = (p: Pal): Art => {
  const body = "M320 300 L320 668 Q320 712 450 716 Q580 712 580 668 L580 300 Z";
  return {
    svg: `<defs><pattern id="fabric" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="1.7" fill="#000" opacity=".22"/><circle cx="7" cy="7" r="1.5" fill="#fff" opacity=".12"/></pattern></defs>
<path d="${body}" fill="url(#mh)"/><path d="${body}" fill="url(#fabric)"/><path d="${body}" fill="url(#edge)"/>
<ellipse cx="450" cy="300" rx="130" ry="34" fill="${p.dd}"/>
<ellipse cx="450" cy="296" rx="126" ry="30" fill="url(#blk)"/>
<ellipse cx="450" cy="296" rx="104" ry="23" fill="none" stroke="${p.a}" stroke-width="6" filter="url(#blur4)"/>
<ellipse cx="450" cy="296" rx="104" ry="23" fill="none" stroke="${lighten(p.a, 0.4)}" stroke-width="2.5"/>
${[-40, 0, 40].map((dx) => `<circle cx="${450 + dx}" cy="296" r="4" fill="#9aa0a8"/>`).join("")}
<rect x="330" y="330" width="40" height="330" fill="#fff" opacity=".07"/>`,
    focus: [450, 320],
    zoom: 2,
    ground: { cx: 450, cy: 714, rx: 170 },
  };
};

export const smartwatch: Drawer = (p: Pal): Art => {
  // p.c = strap colour, p.a = case metal tint
  const ring = (r: number, col: string, frac: number): string => {
    const c = 2 * Math.PI * r;
    return `<circle cx="450" cy="460" r="${r}" fill="none" stroke="${col}" stroke-width="14" opacity=".25"/><circle cx="450" cy="460" r="${r}" fill="none" stroke="${col}" stroke-width="14" stroke-linecap="round" stroke-dasharray="${(c * frac).toFixed(1)} ${c.toFixed(1)}" transform="rotate(-90 450 460)"/>`;
  };
  const holes = [620, 660, 700].map((y) => `<ellipse cx="450" cy="${y}" rx="7" ry="5" fill="${p.dd}"/>`).join("");
  return {
    svg: `<defs><linearGradient id="case" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(p.a, 0.5)}"/><stop offset=".5" stop-color="${p.a}"/><stop offset="1" stop-color="${darken(p.a, 0.4)}"/></linearGradient></defs>
<path d="M378 330 L388 130 Q450 118 512 130 L522 330 Z" fill="url(#mh)"/>
<path d="M378 590 L388 790 Q450 802 512 790 L522 590 Z" fill="url(#mh)"/>
${holes}
<rect x="582" y="400" width="20" height="56" rx="8" fill="url(#case)"/><rect x="584" y="480" width="14" height="40" rx="6" fill="url(#case)"/>
<rect x="330" y="324" width="260" height="276" rx="66" fill="url(#case)"/>
<rect x="344" y="338" width="232" height="248" rx="54" fill="#07080b"/>
${ring(86, "#ff4f6d", 0.78)}${ring(66, "#a6e34f", 0.6)}${ring(46, "#39c8e8", 0.9)}
<path d="M356 360 Q420 340 480 344" stroke="#fff" stroke-width="6" opacity=".12" fill="none" stroke-linecap="round"/>`,
    focus: [450, 460],
    zoom: 1.6,
    ground: { cx: 450, cy: 796, rx: 110 },
  };
};

export const airFryer: Drawer = (p: Pal): Art => {
  const body = "M322 262 Q322 214 368 212 L532 212 Q578 214 578 262 L602 700 Q602 732 568 732 L332 732 Q298 732 298 700 Z";
  return {
    svg: `<path d="${body}" fill="url(#m)"/><path d="${body}" fill="url(#edge)"/>
${[0, 1, 2, 3, 4].map((i) => `<rect x="${388 + i * 26}" y="222" width="14" height="6" rx="3" fill="${p.dd}" opacity=".6"/>`).join("")}
<rect x="368" y="250" width="164" height="120" rx="22" fill="#101216"/>
<circle cx="450" cy="306" r="34" fill="none" stroke="${p.a}" stroke-width="4"/>
<circle cx="450" cy="306" r="34" fill="none" stroke="${p.a}" stroke-width="10" opacity=".25" filter="url(#blur4)"/>
<path d="M450 288 L450 304 M438 296 A16 16 0 1 0 462 296" stroke="${p.a}" stroke-width="3.5" fill="none" stroke-linecap="round"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${392 + i * 38}" cy="352" r="4" fill="${i === 1 ? p.a : "#5a5f68"}"/>`).join("")}
<path d="M378 258 L470 258 L378 330 Z" fill="#fff" opacity=".07"/>
<path d="M314 420 L586 420 L598 700 Q598 724 570 724 L330 724 Q302 724 302 700 Z" fill="${p.d}" opacity=".25"/>
<path d="M314 420 L586 420" stroke="${p.dd}" stroke-width="3" opacity=".6"/>
<rect x="392" y="470" width="116" height="150" rx="24" fill="${p.dd}" opacity=".4"/>
<rect x="398" y="462" width="104" height="150" rx="22" fill="url(#blk)"/>
<rect x="410" y="474" width="80" height="14" rx="7" fill="#fff" opacity=".12"/>
<path d="M330 440 Q340 560 330 700" stroke="#fff" stroke-width="12" opacity=".12" fill="none" stroke-linecap="round"/>`,
    focus: [450, 310],
    zoom: 2,
    ground: { cx: 450, cy: 732, rx: 200 },
  };
};
