// Machine and tool drawings (900×900 space), side or three-quarter views.
import { type Art, type Drawer, type Pal, lighten, darken } from "./svg.ts";

/** Tyre with rim and hub; tread drawn as a dashed outer ring. */
const wheel = (x: number, y: number, r: number, rim: string, treads = true): string =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#1d1f23"/>
${treads ? `<circle cx="${x}" cy="${y}" r="${r - 5}" fill="none" stroke="#34373d" stroke-width="10" stroke-dasharray="10 8"/>` : ""}
<circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="${rim}"/>
<circle cx="${x}" cy="${y}" r="${r * 0.6}" fill="url(#topLight)"/>
<circle cx="${x}" cy="${y}" r="${r * 0.22}" fill="${darken(rim, 0.3)}"/>
${[0, 60, 120, 180, 240, 300].map((a) => `<circle cx="${(x + Math.cos((a * Math.PI) / 180) * r * 0.38).toFixed(1)}" cy="${(y + Math.sin((a * Math.PI) / 180) * r * 0.38).toFixed(1)}" r="${Math.max(2, r * 0.05)}" fill="${darken(rim, 0.45)}"/>`).join("")}`;

const vents = (x: number, y: number, n: number, w: number, gap: number, col: string): string =>
  Array.from(
    { length: n },
    (_, i) => `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${gap * 0.45}" rx="${gap * 0.22}" fill="${col}"/>`,
  ).join("");

export const drill: Drawer = (p: Pal): Art => {
  const housing = "M290 300 Q290 248 344 248 L566 248 Q606 248 616 288 L626 340 Q616 384 572 386 L420 386 Q320 386 290 360 Z";
  return {
    svg: `<path d="M404 384 L508 384 L478 610 L374 610 Z" fill="url(#blkH)"/>
<path d="M424 420 L480 420 L462 560 L404 560 Z" fill="url(#m)" opacity=".9"/>
<path d="M486 396 Q516 404 512 446 L490 444 Z" fill="#1f2125"/>
<path d="${housing}" fill="url(#m)"/>
<path d="M290 300 Q290 248 344 248 L402 248 L402 386 L340 386 Q292 372 290 340 Z" fill="url(#blk)"/>
${vents(312, 282, 5, 60, 16, "#0e0f12")}
<path d="M420 262 L590 262" stroke="#fff" stroke-width="8" opacity=".3" stroke-linecap="round"/>
<rect x="612" y="282" width="32" height="92" rx="8" fill="url(#blk)"/>
<path d="M644 290 L716 300 L716 354 L644 366 Z" fill="url(#blkH)"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M${652 + i * 13} 296 L${652 + i * 13} 362" stroke="#4a4e56" stroke-width="3"/>`).join("")}
<rect x="716" y="318" width="110" height="16" rx="3" fill="url(#steelV)"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${730 + i * 16} 318 l8 16" stroke="#7f8790" stroke-width="2"/>`).join("")}
<path d="M316 612 Q316 596 336 596 L540 596 Q560 596 560 612 L560 696 Q560 716 540 716 L336 716 Q316 716 316 696 Z" fill="url(#blk)"/>
<rect x="316" y="596" width="244" height="26" rx="10" fill="url(#m)"/>
${[0, 1, 2].map((i) => `<rect x="${352 + i * 26}" y="650" width="16" height="8" rx="3" fill="${p.a}"/>`).join("")}
<circle cx="612" cy="380" r="7" fill="#fff9dc"/>`,
    focus: [660, 330],
    zoom: 2,
    ground: { cx: 470, cy: 720, rx: 250 },
  };
};

export const grinder: Drawer = (_p: Pal): Art => ({
  svg: `<path d="M160 446 Q120 446 110 470" stroke="#1d1f23" stroke-width="14" fill="none" stroke-linecap="round"/>
<rect x="160" y="420" width="70" height="54" rx="20" fill="url(#blk)"/>
<rect x="220" y="380" width="380" height="134" rx="60" fill="url(#m)"/>
<rect x="220" y="380" width="110" height="134" rx="50" fill="url(#blk)"/>
${vents(250, 404, 5, 60, 18, "#0e0f12")}
<rect x="380" y="372" width="110" height="18" rx="8" fill="url(#blk)"/>
<path d="M360 396 L560 396" stroke="#fff" stroke-width="8" opacity=".3" stroke-linecap="round"/>
<path d="M590 370 L700 370 Q724 370 724 394 L724 520 L590 520 Z" fill="url(#steel)"/>
<rect x="660" y="240" width="34" height="140" rx="16" fill="url(#blkH)" transform="rotate(12 677 380)"/>
<ellipse cx="690" cy="560" rx="150" ry="46" fill="#6b6f76"/>
<ellipse cx="690" cy="556" rx="150" ry="44" fill="url(#steelV)"/>
<ellipse cx="690" cy="556" rx="40" ry="12" fill="#3b3e44"/>
<path d="M548 540 Q560 500 690 496 Q820 500 836 540 Q780 520 690 520 Q600 520 548 540 Z" fill="url(#blkH)"/>
<rect x="650" y="512" width="80" height="30" rx="6" fill="#5d636b"/>`,
  focus: [680, 520],
  zoom: 1.9,
  ground: { cx: 470, cy: 610, rx: 330 },
});

export const generator: Drawer = (p: Pal): Art => ({
  svg: `<rect x="170" y="300" width="560" height="410" rx="34" fill="none" stroke="url(#blk)" stroke-width="22"/>
<path d="M222 300 Q222 228 292 224 L610 224 Q680 228 680 300 Z" fill="url(#m)"/>
<path d="M260 246 L640 246" stroke="#fff" stroke-width="8" opacity=".3" stroke-linecap="round"/>
<circle cx="560" cy="240" r="24" fill="url(#blk)"/><circle cx="360" cy="262" r="16" fill="#f5f5f5" stroke="#555" stroke-width="4"/>
<rect x="206" y="330" width="220" height="350" rx="18" fill="url(#steel)"/>
${vents(230, 360, 6, 120, 20, "#7c848e")}
<circle cx="300" cy="560" r="58" fill="url(#blk)"/><circle cx="300" cy="560" r="34" fill="#3a3e45"/><rect x="282" y="520" width="36" height="14" rx="6" fill="#111"/>
<rect x="446" y="390" width="240" height="250" rx="40" fill="url(#m)"/>
${vents(474, 500, 5, 184, 22, p.dd)}
<rect x="464" y="322" width="206" height="64" rx="8" fill="url(#blk)"/>
${[500, 560, 620].map((x) => `<circle cx="${x}" cy="354" r="18" fill="#e9e9e6"/><circle cx="${x - 6}" cy="350" r="3" fill="#333"/><circle cx="${x + 6}" cy="350" r="3" fill="#333"/>`).join("")}
<rect x="206" y="680" width="490" height="22" rx="6" fill="#2a2d33"/>
${wheel(238, 724, 40, "#c8ccd1", false)}${wheel(660, 724, 40, "#c8ccd1", false)}`,
  focus: [560, 360],
  zoom: 2,
  ground: { cx: 450, cy: 760, rx: 300 },
});

export const compressor: Drawer = (_p: Pal): Art => ({
  svg: `<path d="M712 500 L776 340" stroke="url(#blkH)" stroke-width="18" stroke-linecap="round"/>
<rect x="170" y="500" width="560" height="180" rx="90" fill="url(#m)"/>
<path d="M230 530 L670 530" stroke="#fff" stroke-width="12" opacity=".3" stroke-linecap="round"/>
<rect x="220" y="380" width="200" height="130" rx="30" fill="url(#blk)"/>
${vents(244, 400, 5, 120, 18, "#0f1013")}
<rect x="440" y="400" width="110" height="110" rx="10" fill="url(#steel)"/>
${vents(430, 360, 5, 130, 10, "#9aa2ab")}
<rect x="560" y="440" width="80" height="20" rx="4" fill="url(#steelV)"/>
<circle cx="600" cy="420" r="26" fill="#f4f4f2" stroke="url(#steel)" stroke-width="6"/><path d="M600 420 L612 404" stroke="#d33" stroke-width="3"/>
<circle cx="660" cy="430" r="22" fill="#f4f4f2" stroke="url(#steel)" stroke-width="6"/><path d="M660 430 L648 416" stroke="#d33" stroke-width="3"/>
<rect x="300" y="680" width="20" height="50" fill="#2a2d33"/><rect x="640" y="680" width="20" height="60" fill="#2a2d33"/><rect x="620" y="736" width="60" height="12" rx="4" fill="#1d1f23"/>
${wheel(270, 720, 48, "#dcdfe3", false)}`,
  focus: [620, 420],
  zoom: 2.1,
  ground: { cx: 460, cy: 760, rx: 300 },
});

export const tractor: Drawer = (p: Pal): Art => ({
  // p.c = body colour, p.a = rim colour
  svg: `<rect x="560" y="310" width="18" height="150" rx="6" fill="url(#blkH)"/><rect x="554" y="300" width="30" height="16" rx="4" fill="#2a2d33"/>
<path d="M200 170 L450 170 L470 470 L188 470 Z" fill="#2a2d33"/>
<path d="M214 186 L436 186 L452 456 L204 456 Z" fill="#cfe3ef" opacity=".55"/>
<path d="M230 200 L330 200 L214 360 Z" fill="#fff" opacity=".4"/>
<rect x="190" y="156" width="276" height="26" rx="8" fill="url(#m)"/>
<path d="M330 456 L330 380 Q330 360 350 360 L390 360" stroke="#1d1f23" stroke-width="10" fill="none"/>
<path d="M390 472 L700 440 Q752 436 760 470 L766 600 L390 600 Z" fill="url(#m)"/>
${vents(470, 500, 4, 160, 20, p.dd)}
<rect x="748" y="470" width="20" height="120" rx="4" fill="#2a2d33"/>
<rect x="740" y="486" width="26" height="14" rx="4" fill="#fff4c4"/>
<path d="M410 470 L700 446" stroke="#fff" stroke-width="8" opacity=".3" stroke-linecap="round"/>
<rect x="380" y="600" width="340" height="44" fill="#25272c"/>
<path d="M120 600 Q130 400 310 390 Q470 400 486 560" stroke="url(#m)" stroke-width="34" fill="none"/>
${wheel(310, 600, 170, p.a)}
${wheel(660, 660, 100, p.a)}
<path d="M580 600 Q590 540 660 536 Q740 540 752 600" stroke="url(#m)" stroke-width="22" fill="none"/>`,
  focus: [360, 420],
  zoom: 1.6,
  ground: { cx: 460, cy: 768, rx: 330 },
});

export const waterPump: Drawer = (p: Pal): Art => ({
  svg: `<rect x="200" y="340" width="500" height="350" rx="30" fill="none" stroke="url(#blk)" stroke-width="20"/>
<rect x="226" y="292" width="220" height="86" rx="36" fill="url(#m)"/>
<circle cx="400" cy="300" r="16" fill="url(#blk)"/>
<path d="M250 310 L420 310" stroke="#fff" stroke-width="6" opacity=".3" stroke-linecap="round"/>
<rect x="236" y="390" width="200" height="270" rx="18" fill="url(#steel)"/>
${vents(256, 410, 5, 110, 18, "#7c848e")}
<circle cx="330" cy="580" r="56" fill="url(#m)"/><circle cx="330" cy="580" r="34" fill="${p.d}"/><rect x="312" y="544" width="36" height="14" rx="6" fill="#111"/>
<rect x="440" y="400" width="70" height="90" rx="12" fill="url(#blk)"/>
<circle cx="580" cy="560" r="96" fill="url(#steelV)"/>
<circle cx="580" cy="560" r="96" fill="url(#edge)"/>
${Array.from({ length: 8 }, (_, i) => {
  const a = (i / 8) * Math.PI * 2;
  return `<circle cx="${(580 + Math.cos(a) * 80).toFixed(1)}" cy="${(560 + Math.sin(a) * 80).toFixed(1)}" r="6" fill="#6d747d"/>`;
}).join("")}
<circle cx="580" cy="560" r="36" fill="#8e969f"/>
<rect x="660" y="534" width="100" height="52" rx="6" fill="url(#steelV)"/><rect x="752" y="522" width="20" height="76" rx="4" fill="#8e969f"/>
<rect x="554" y="400" width="52" height="80" rx="6" fill="url(#steel)"/><rect x="542" y="390" width="76" height="18" rx="4" fill="#8e969f"/>
<rect x="206" y="690" width="488" height="14" rx="6" fill="#2a2d33"/>`,
  focus: [590, 540],
  zoom: 1.9,
  ground: { cx: 460, cy: 704, rx: 300 },
});

export const concreteMixer: Drawer = (p: Pal): Art => ({
  svg: `<path d="M330 520 L250 730 M560 520 L620 730" stroke="url(#blkH)" stroke-width="20" stroke-linecap="round"/>
<rect x="360" y="520" width="160" height="90" rx="10" fill="url(#steel)"/>
${vents(376, 536, 3, 128, 22, "#7c848e")}
${wheel(280, 720, 50, "#c8ccd1", false)}
<g transform="translate(440 400) rotate(-28)">
<path d="M-220 -60 Q-230 0 -220 60 L-140 140 L60 140 L170 70 L170 -70 L60 -140 L-140 -140 Z" fill="url(#m)"/>
<path d="M-220 -60 Q-230 0 -220 60 L-140 140 L60 140 L170 70 L170 -70 L60 -140 L-140 -140 Z" fill="url(#edge)"/>
<rect x="-80" y="-148" width="46" height="296" rx="6" fill="${p.dd}"/>
${Array.from({ length: 14 }, (_, i) => `<rect x="-82" y="${-144 + i * 21}" width="50" height="8" fill="#2a2d33"/>`).join("")}
<ellipse cx="170" cy="0" rx="26" ry="72" fill="${p.dd}"/>
<ellipse cx="172" cy="0" rx="18" ry="60" fill="#2a2420"/>
<path d="M-120 -120 L50 -120" stroke="#fff" stroke-width="12" opacity=".3" stroke-linecap="round"/>
</g>
<circle cx="610" cy="560" r="42" fill="none" stroke="#2a2d33" stroke-width="8"/>
<path d="M610 518 L610 602 M568 560 L652 560" stroke="#2a2d33" stroke-width="6"/>`,
  focus: [560, 330],
  zoom: 1.8,
  ground: { cx: 440, cy: 760, rx: 270 },
});

export const sewingMachine: Drawer = (p: Pal): Art => {
  // p.c = body (usually white), p.a = trim
  return {
    svg: `<rect x="170" y="566" width="570" height="128" rx="26" fill="url(#m)"/>
<rect x="170" y="566" width="570" height="128" rx="26" fill="url(#edge)"/>
<rect x="196" y="560" width="130" height="14" rx="4" fill="url(#steelV)"/>
<rect x="572" y="272" width="156" height="310" rx="32" fill="url(#m)"/>
<rect x="196" y="244" width="532" height="120" rx="44" fill="url(#m)"/>
<rect x="176" y="244" width="130" height="236" rx="28" fill="url(#m)"/>
<rect x="176" y="244" width="130" height="236" rx="28" fill="url(#edge)"/>
<path d="M310 330 C380 300 460 340 560 300" stroke="url(#ac)" stroke-width="10" fill="none" stroke-linecap="round"/>
<rect x="226" y="480" width="12" height="62" fill="url(#steel)"/><rect x="230" y="540" width="4" height="22" fill="#9aa2ab"/>
<path d="M206 548 L262 548 L262 560 L206 560 Z" fill="url(#steel)"/>
<rect x="598" y="370" width="104" height="56" rx="8" fill="#c9e6d8" stroke="#5c6b66" stroke-width="3"/>
<rect x="612" y="386" width="30" height="24" rx="3" fill="#3f5a52" opacity=".7"/><rect x="650" y="386" width="38" height="10" rx="3" fill="#3f5a52" opacity=".5"/>
${[0, 1, 2].map((i) => `<circle cx="${614 + i * 36}" cy="470" r="12" fill="url(#ac)"/>`).join("")}
<rect x="604" y="508" width="92" height="26" rx="13" fill="#e6e4df" stroke="#bdbab4"/>
<ellipse cx="740" cy="330" rx="22" ry="62" fill="url(#steel)"/><ellipse cx="736" cy="330" rx="10" ry="40" fill="#9aa2ab"/>
<rect x="616" y="190" width="8" height="58" fill="url(#steelV)"/>
<rect x="596" y="200" width="48" height="44" rx="6" fill="url(#ac)"/><ellipse cx="620" cy="200" rx="24" ry="6" fill="${lighten(p.a, 0.3)}"/>
<path d="M620 200 Q500 200 420 236 Q300 250 232 480" stroke="${p.a}" stroke-width="1.6" fill="none"/>
<path d="M230 260 L560 260" stroke="#fff" stroke-width="8" opacity=".5" stroke-linecap="round"/>`,
    focus: [300, 470],
    zoom: 1.8,
    ground: { cx: 455, cy: 696, rx: 300 },
  };
};

export const overlock: Drawer = (p: Pal): Art => {
  const cones = [330, 410, 490, 570]
    .map((x, i) => {
      const col = ["#e25d5d", "#4b8ad6", "#f0c24c", "#58b07a"][i] ?? p.a;
      return `<path d="M${x - 30} 378 L${x - 16} 240 L${x + 16} 240 L${x + 30} 378 Z" fill="${col}"/><path d="M${x - 30} 378 L${x - 16} 240 L${x - 4} 240 L${x - 12} 378 Z" fill="#fff" opacity=".25"/><rect x="${x - 4}" y="200" width="8" height="40" fill="#aab1b9"/>`;
    })
    .join("");
  return {
    svg: `<rect x="280" y="170" width="340" height="10" rx="5" fill="url(#steelV)"/><rect x="445" y="170" width="10" height="220" fill="url(#steelV)"/>
${cones}
<rect x="220" y="380" width="460" height="310" rx="46" fill="url(#m)"/>
<rect x="220" y="380" width="460" height="310" rx="46" fill="url(#edge)"/>
<rect x="250" y="430" width="240" height="180" rx="26" fill="${p.d}" opacity=".35"/>
<path d="M260 410 L640 410" stroke="#fff" stroke-width="8" opacity=".4" stroke-linecap="round"/>
<rect x="230" y="600" width="180" height="20" rx="4" fill="url(#steelV)"/>
<rect x="296" y="540" width="10" height="62" fill="url(#steel)"/><rect x="316" y="540" width="10" height="62" fill="url(#steel)"/>
<path d="M520 450 C560 470 620 440 650 470" stroke="url(#ac)" stroke-width="8" fill="none" stroke-linecap="round"/>
<circle cx="600" cy="560" r="24" fill="url(#ac)"/>
<ellipse cx="690" cy="500" rx="20" ry="64" fill="url(#steel)"/>`,
    focus: [330, 560],
    zoom: 2,
    ground: { cx: 450, cy: 692, rx: 260 },
  };
};

export const pressureWasher: Drawer = (p: Pal): Art => {
  const body = "M340 300 Q340 256 384 256 L516 256 Q560 256 560 300 L584 680 Q584 712 552 712 L348 712 Q316 712 316 680 Z";
  return {
    svg: `<path d="M384 258 L392 150 L508 150 L516 258" stroke="url(#blkH)" stroke-width="18" fill="none" stroke-linejoin="round"/>
<path d="M600 740 L700 270" stroke="url(#steelV)" stroke-width="10" stroke-linecap="round"/>
<path d="${body}" fill="url(#m)"/><path d="${body}" fill="url(#edge)"/>
<path d="M364 290 L536 290" stroke="#fff" stroke-width="8" opacity=".35" stroke-linecap="round"/>
<circle cx="450" cy="336" r="28" fill="url(#blk)"/><rect x="446" y="312" width="8" height="22" rx="3" fill="${p.a}"/>
<circle cx="450" cy="520" r="104" fill="${p.dd}" opacity=".35"/>
<circle cx="450" cy="520" r="92" fill="url(#blk)"/>
${[80, 68, 56, 44].map((r) => `<circle cx="450" cy="520" r="${r}" fill="none" stroke="#0f1013" stroke-width="7"/>`).join("")}
<circle cx="450" cy="520" r="24" fill="url(#m)"/>
<rect x="558" y="560" width="50" height="26" rx="6" fill="url(#blk)"/>
<path d="M580 700 Q606 730 640 726 L672 718 L688 680 L662 664 L638 700" fill="#1f2125"/>
${wheel(350, 700, 52, "#2a2d33", false)}`,
    focus: [450, 480],
    zoom: 1.8,
    ground: { cx: 470, cy: 752, rx: 250 },
  };
};

export const shopVac: Drawer = (p: Pal): Art => ({
  svg: `<path d="M300 400 L600 400 L584 702 Q450 724 316 702 Z" fill="url(#steel)"/>
<path d="M300 400 L600 400 L584 702 Q450 724 316 702 Z" fill="url(#edge)"/>
<path d="M280 404 Q290 304 450 296 Q610 304 620 404 Z" fill="url(#m)"/>
<rect x="276" y="396" width="348" height="22" rx="8" fill="${p.d}"/>
<path d="M400 300 Q400 240 450 240 Q500 240 500 300" stroke="url(#blkH)" stroke-width="22" fill="none"/>
<path d="M330 330 Q450 300 570 330" stroke="#fff" stroke-width="8" opacity=".35" fill="none" stroke-linecap="round"/>
<rect x="300" y="430" width="20" height="44" rx="6" fill="url(#m)"/><rect x="580" y="430" width="20" height="44" rx="6" fill="url(#m)"/>
${[340, 560].map((x) => `<rect x="${x - 8}" y="702" width="16" height="20" fill="#2a2d33"/><circle cx="${x}" cy="732" r="16" fill="#1d1f23"/>`).join("")}
<rect x="586" y="470" width="46" height="46" rx="8" fill="url(#blk)"/>
<path d="M628 494 C760 500 790 620 720 680 C660 730 540 740 500 760" stroke="#24262b" stroke-width="30" fill="none" stroke-linecap="round"/>
<path d="M628 494 C760 500 790 620 720 680 C660 730 540 740 500 760" stroke="#3d4047" stroke-width="30" fill="none" stroke-dasharray="4 10"/>
<path d="M506 760 L420 770 L404 750 L498 740 Z" fill="url(#blk)"/>`,
  focus: [450, 340],
  zoom: 2,
  ground: { cx: 500, cy: 752, rx: 300 },
});

export const welder: Drawer = (p: Pal): Art => ({
  svg: `<path d="M340 290 Q450 200 560 290" stroke="url(#blkH)" stroke-width="20" fill="none"/>
<path d="M640 330 L700 290 L700 590 L640 630 Z" fill="${p.d}"/>
${Array.from({ length: 7 }, (_, i) => `<path d="M655 ${360 + i * 30} L688 ${338 + i * 30}" stroke="${p.dd}" stroke-width="8" stroke-linecap="round"/>`).join("")}
<path d="M280 330 L340 290 L700 290 L640 330 Z" fill="${p.l}"/>
<rect x="280" y="330" width="360" height="300" rx="14" fill="url(#m)"/>
<rect x="304" y="352" width="312" height="130" rx="10" fill="url(#blk)"/>
<rect x="324" y="374" width="110" height="52" rx="6" fill="#0d2a1c"/>
<rect x="334" y="386" width="18" height="30" rx="2" fill="#6cff9f" opacity=".85"/><rect x="358" y="386" width="18" height="30" rx="2" fill="#6cff9f" opacity=".85"/><rect x="382" y="386" width="18" height="30" rx="2" fill="#6cff9f" opacity=".85"/>
<circle cx="540" cy="416" r="44" fill="url(#blkH)" stroke="#555a62" stroke-width="4"/><path d="M540 416 L566 386" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
<circle cx="340" cy="456" r="6" fill="${p.a}"/><circle cx="366" cy="456" r="6" fill="#f2c94c"/>
<circle cx="380" cy="566" r="30" fill="#1d1f23" stroke="${p.dd}" stroke-width="6"/><circle cx="380" cy="566" r="12" fill="#c98a3b"/>
<circle cx="540" cy="566" r="30" fill="#1d1f23" stroke="${p.dd}" stroke-width="6"/><circle cx="540" cy="566" r="12" fill="#c98a3b"/>
<path d="M380 596 C380 690 250 700 210 740" stroke="#1d1f23" stroke-width="14" fill="none" stroke-linecap="round"/>
<path d="M540 596 C540 700 680 690 720 740" stroke="#1d1f23" stroke-width="14" fill="none" stroke-linecap="round"/>
<path d="M214 736 L150 760 L140 744 L204 720 Z" fill="#f2c94c"/><rect x="110" y="746" width="40" height="8" rx="3" fill="#333" transform="rotate(-18 130 750)"/>
<path d="M716 736 L780 748 L790 766 L720 756 Z" fill="#d8553b"/><path d="M782 746 L808 730 M782 766 L810 770" stroke="#b0753a" stroke-width="6" stroke-linecap="round"/>`,
  focus: [470, 420],
  zoom: 1.9,
  ground: { cx: 470, cy: 660, rx: 280 },
});

export const floorJack: Drawer = (p: Pal): Art => ({
  svg: `<path d="M250 600 L130 300" stroke="url(#blkH)" stroke-width="18" stroke-linecap="round"/>
<path d="M130 300 L106 240" stroke="#c43d2f" stroke-width="24" stroke-linecap="round"/>
<path d="M200 588 L640 588 L700 632 L700 690 L200 690 Z" fill="url(#m)"/>
<path d="M214 600 L630 600" stroke="#fff" stroke-width="8" opacity=".35" stroke-linecap="round"/>
<rect x="230" y="540" width="120" height="60" rx="22" fill="url(#steel)"/>
<path d="M500 600 L690 500 L714 528 L540 640 Z" fill="${p.d}"/>
<rect x="668" y="470" width="80" height="26" rx="8" fill="url(#steel)"/><rect x="672" y="492" width="70" height="18" rx="4" fill="#5d636b"/>
${[280, 380, 480, 580].map((x) => `<circle cx="${x}" cy="640" r="8" fill="${p.dd}"/>`).join("")}
${wheel(646, 706, 28, "#c8ccd1", false)}${wheel(240, 706, 30, "#c8ccd1", false)}`,
  focus: [660, 520],
  zoom: 2,
  ground: { cx: 440, cy: 736, rx: 300 },
});

export const robotArm: Drawer = (p: Pal): Art => {
  const joint = (x: number, y: number, r: number): string =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#m)"/><circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="url(#blk)"/><circle cx="${x}" cy="${y}" r="${r * 0.3}" fill="${p.a}"/>`;
  const link = (x1: number, y1: number, x2: number, y2: number, w: number): string =>
    `<path d="M${x1} ${y1} L${x2} ${y2}" stroke="${p.d}" stroke-width="${w + 6}" stroke-linecap="round"/><path d="M${x1} ${y1} L${x2} ${y2}" stroke="${p.c}" stroke-width="${w}" stroke-linecap="round"/><path d="M${x1} ${y1} L${x2} ${y2}" stroke="#fff" stroke-width="${w * 0.2}" stroke-linecap="round" opacity=".28" transform="translate(${-w * 0.22} ${-w * 0.12})"/>`;
  return {
    svg: `<rect x="290" y="680" width="220" height="54" rx="10" fill="url(#blkH)"/>
<rect x="322" y="600" width="156" height="90" rx="24" fill="url(#mh)"/>
${link(400, 560, 330, 300, 84)}
${joint(400, 560, 66)}
${link(330, 300, 600, 240, 64)}
${joint(330, 300, 56)}
${link(600, 240, 660, 340, 42)}
${joint(600, 240, 40)}
<rect x="640" y="336" width="44" height="34" rx="6" fill="url(#blk)"/>
<path d="M642 370 L636 430 L652 430 L656 372 M682 370 L688 430 L672 430 L668 372" fill="url(#steel)" stroke="#6d747d" stroke-width="2"/>`,
    focus: [620, 320],
    zoom: 1.9,
    ground: { cx: 400, cy: 734, rx: 200 },
  };
};
