// Furniture drawings (900×900 space), front or slightly raised views.
import { type Art, type Drawer, type Pal, lighten, darken, mirror } from "./svg.ts";

/** Nubby upholstery texture laid over a fabric shape. */
const boucleDef = (p: Pal): string =>
  `<pattern id="boucle" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="2" cy="3" r="1.6" fill="${lighten(p.c, 0.45)}" opacity=".22"/><circle cx="6.5" cy="7" r="1.6" fill="${darken(p.c, 0.3)}" opacity=".12"/><circle cx="7" cy="1.5" r="1.1" fill="${lighten(p.c, 0.45)}" opacity=".16"/></pattern>`;

const upholster = (shape: string, fill = "url(#m)"): string =>
  `${shape.replace("/>", ` fill="${fill}"/>`)}${shape.replace("/>", ' fill="url(#boucle)"/>')}${shape.replace("/>", ' fill="url(#topLight)"/>')}`;

const woodLeg = (x1: number, y1: number, x2: number, y2: number, w = 14, fill = "url(#wood)"): string =>
  `<path d="M${x1 - w / 2} ${y1} L${x1 + w / 2} ${y1} L${x2 + w / 3} ${y2} L${x2 - w / 3} ${y2} Z" fill="${fill}"/>`;

export const sofa =
  (seats: 2 | 3): Drawer =>
  (p: Pal): Art => {
    const cw = 170; // cushion width
    const inner = seats * cw;
    const x0 = 450 - inner / 2;
    const cushions = Array.from({ length: seats }, (_, i) => {
      const x = x0 + i * cw;
      return `${upholster(`<rect x="${x + 4}" y="332" width="${cw - 8}" height="190" rx="40"/>`)}
${upholster(`<rect x="${x + 2}" y="504" width="${cw - 4}" height="98" rx="28"/>`, "url(#seat)")}`;
    }).join("");
    const pillow = (x: number, rot: number): string =>
      `<g transform="rotate(${rot} ${x} 460)"><rect x="${x - 58}" y="402" width="116" height="116" rx="30" fill="url(#ac)"/><rect x="${x - 58}" y="402" width="116" height="116" rx="30" fill="url(#topLight)"/></g>`;
    return {
      svg: `<defs>${boucleDef(p)}<linearGradient id="seat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(p.c, 0.35)}"/><stop offset="1" stop-color="${p.c}"/></linearGradient></defs>
${woodLeg(x0 - 40, 670, x0 - 34, 736)}${woodLeg(x0 + inner + 40, 670, x0 + inner + 34, 736)}
${woodLeg(x0 + 20, 670, x0 + 24, 716, 10, "url(#walnut)")}${woodLeg(x0 + inner - 20, 670, x0 + inner - 24, 716, 10, "url(#walnut)")}
${upholster(`<rect x="${x0 - 30}" y="300" width="${inner + 60}" height="300" rx="56"/>`)}
${upholster(`<rect x="${x0 - 10}" y="586" width="${inner + 20}" height="88" rx="20"/>`, p.d)}
${cushions}
${seats === 2 ? `<path d="M${x0} 634 L${x0 + inner} 634" stroke="${p.dd}" stroke-width="3" opacity=".5"/>` : ""}
${pillow(x0 + 80, -8)}${pillow(x0 + inner - 80, 8)}
${upholster(`<rect x="${x0 - 100}" y="410" width="116" height="272" rx="52"/>`)}
${upholster(`<rect x="${x0 + inner - 16}" y="410" width="116" height="272" rx="52"/>`)}`,
      focus: [x0 + 80, 470],
      zoom: 1.9,
      ground: { cx: 450, cy: 732, rx: inner / 2 + 110 },
    };
  };

export const armchair: Drawer = (p: Pal): Art => ({
  svg: `<defs>${boucleDef(p)}</defs>
${woodLeg(300, 480, 284, 744, 18)}${mirror(woodLeg(300, 480, 284, 744, 18))}
${woodLeg(340, 480, 346, 706, 14, "url(#walnut)")}${mirror(woodLeg(340, 480, 346, 706, 14, "url(#walnut)"))}
<g transform="rotate(-3 450 400)">${upholster('<rect x="316" y="262" width="268" height="280" rx="64"/>')}</g>
<path d="M350 350 Q450 330 550 350" stroke="${p.dd}" stroke-width="3" opacity=".3" fill="none"/>
<rect x="300" y="620" width="300" height="16" rx="6" fill="url(#wood)"/>
${upholster('<rect x="300" y="530" width="300" height="96" rx="34"/>')}
<rect x="262" y="468" width="88" height="20" rx="10" fill="url(#wood)"/>${mirror('<rect x="262" y="468" width="88" height="20" rx="10" fill="url(#wood)"/>')}`,
  focus: [450, 520],
  ground: { cx: 450, cy: 740, rx: 200 },
});

export const bed: Drawer = (p: Pal): Art => {
  // p.c = upholstery, p.a = duvet colour
  const channels = Array.from(
    { length: 7 },
    (_, i) => `<path d="M${290 + i * 55} 250 L${290 + i * 55} 470" stroke="${p.dd}" stroke-width="3" opacity=".35"/>`,
  ).join("");
  return {
    svg: `<defs>${boucleDef(p)}</defs>
${upholster('<rect x="222" y="220" width="456" height="270" rx="28"/>')}
${channels}
<path d="M250 470 L650 470 L722 630 L178 630 Z" fill="url(#white)"/>
<path d="M276 470 Q300 430 350 432 L430 436 Q452 440 446 476 L442 506 L286 508 Q262 500 276 470 Z" fill="#fbfaf7" stroke="#dedad3"/>
${mirror('<path d="M276 470 Q300 430 350 432 L430 436 Q452 440 446 476 L442 506 L286 508 Q262 500 276 470 Z" fill="#fbfaf7" stroke="#dedad3"/>')}
<path d="M226 552 L674 552 L714 632 L716 700 L184 700 L186 632 Z" fill="url(#ac)"/>
<path d="M226 552 L674 552 L684 572 L216 572 Z" fill="#fff" opacity=".35"/>
<path d="M300 600 Q380 620 440 604 M520 640 Q600 660 650 640" stroke="${darken(p.a, 0.3)}" stroke-width="3" fill="none" opacity=".5"/>
<path d="M470 556 L520 556 L560 700 L500 700 Z" fill="${darken(p.a, 0.25)}" opacity=".55"/>
${upholster('<rect x="168" y="688" width="564" height="50" rx="12"/>', p.d)}
<rect x="190" y="738" width="14" height="22" fill="#2b2b2b"/><rect x="696" y="738" width="14" height="22" fill="#2b2b2b"/>`,
    focus: [450, 380],
    zoom: 1.7,
    ground: { cx: 450, cy: 758, rx: 300 },
  };
};

export const wardrobe: Drawer = (p: Pal): Art => {
  const door = (x: number, mirrorDoor: boolean): string =>
    `<rect x="${x}" y="176" width="120" height="552" rx="3" fill="url(#m)" stroke="${p.d}" stroke-width="2"/>
${mirrorDoor ? `<rect x="${x + 14}" y="196" width="92" height="512" rx="4" fill="url(#mirrorG)"/><path d="M${x + 24} 300 L${x + 90} 220 M${x + 24} 350 L${x + 100} 260" stroke="#fff" stroke-width="8" opacity=".5"/>` : ""}`;
  return {
    svg: `<defs><linearGradient id="mirrorG" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef4f7"/><stop offset=".5" stop-color="#c4d3dc"/><stop offset="1" stop-color="#9fb2bf"/></linearGradient>
<pattern id="grain" width="60" height="200" patternUnits="userSpaceOnUse"><path d="M10 0 Q16 100 8 200 M34 0 Q28 90 38 200 M50 0 Q56 110 48 200" stroke="${p.dd}" stroke-width="1.2" fill="none" opacity=".18"/></pattern></defs>
<path d="M632 160 L676 188 L676 752 L632 740 Z" fill="${p.d}"/>
<rect x="256" y="160" width="380" height="584" rx="4" fill="url(#m)"/>
${door(262, false)}${door(386, true)}${door(510, false)}
<rect x="256" y="160" width="380" height="584" fill="url(#grain)"/>
<rect x="256" y="160" width="380" height="16" fill="${p.l}"/>
<rect x="256" y="728" width="380" height="20" fill="${p.dd}"/>
<rect x="368" y="400" width="8" height="110" rx="4" fill="url(#steel)"/><rect x="396" y="400" width="8" height="110" rx="4" fill="url(#steel)"/><rect x="520" y="400" width="8" height="110" rx="4" fill="url(#steel)"/>`,
    focus: [440, 450],
    zoom: 1.7,
    ground: { cx: 466, cy: 750, rx: 240 },
  };
};

export const diningSet: Drawer = (p: Pal): Art => {
  // p.c = upholstery, table in wood
  const backChair = (x: number): string =>
    `${woodLeg(x + 20, 600, x + 16, 700, 10, "url(#walnut)")}${woodLeg(x + 100, 600, x + 104, 700, 10, "url(#walnut)")}
<rect x="${x}" y="300" width="120" height="200" rx="26" fill="url(#m)"/><rect x="${x}" y="300" width="120" height="200" rx="26" fill="url(#topLight)"/>`;
  const endChair = `${woodLeg(96, 590, 84, 742, 12)}${woodLeg(176, 590, 184, 742, 12)}
<path d="M68 360 Q78 350 94 356 L106 590 L80 590 Z" fill="url(#m)"/>
<rect x="72" y="570" width="124" height="30" rx="12" fill="url(#m)"/>`;
  return {
    svg: `${backChair(290)}${backChair(490)}
${endChair}${mirror(endChair)}
<path d="M176 446 L724 446 L752 472 L148 472 Z" fill="url(#wood)"/>
<path d="M190 450 L720 450" stroke="#fff" stroke-width="3" opacity=".35"/>
<rect x="146" y="470" width="608" height="28" rx="5" fill="url(#walnut)"/>
${woodLeg(214, 498, 222, 700, 18, "url(#walnut)")}${woodLeg(686, 498, 678, 700, 18, "url(#walnut)")}
${woodLeg(180, 498, 176, 744, 22, "url(#wood)")}${woodLeg(720, 498, 724, 744, 22, "url(#wood)")}
<path d="M400 446 Q450 470 500 446 Z" fill="${p.a}"/>
<ellipse cx="450" cy="446" rx="52" ry="10" fill="${lighten(p.a, 0.2)}"/>
<circle cx="432" cy="434" r="14" fill="#e7b04b"/><circle cx="458" cy="430" r="15" fill="#d9573c"/><circle cx="474" cy="438" r="12" fill="#9bbd4f"/>`,
    focus: [450, 430],
    zoom: 1.8,
    ground: { cx: 450, cy: 744, rx: 360 },
  };
};

export const barStools: Drawer = (p: Pal): Art => {
  const stool = (x: number): string =>
    `<path d="M${x - 60} 360 L${x - 84} 760 M${x + 60} 360 L${x + 84} 760" stroke="url(#blkH)" stroke-width="12" stroke-linecap="round"/>
<path d="M${x - 30} 360 L${x - 40} 724 M${x + 30} 360 L${x + 40} 724" stroke="#3a3d44" stroke-width="10" stroke-linecap="round"/>
<ellipse cx="${x}" cy="610" rx="74" ry="16" fill="none" stroke="#2a2d33" stroke-width="9"/>
<ellipse cx="${x}" cy="346" rx="104" ry="34" fill="${p.dd}"/>
<path d="M${x - 104} 330 L${x - 104} 348 Q${x} 396 ${x + 104} 348 L${x + 104} 330 Z" fill="url(#m)"/>
<ellipse cx="${x}" cy="328" rx="104" ry="32" fill="${p.l}"/>
<ellipse cx="${x - 20}" cy="322" rx="56" ry="12" fill="#fff" opacity=".25"/>`;
  return {
    svg: `${stool(320)}${stool(590)}`,
    focus: [590, 340],
    zoom: 2,
    ground: { cx: 455, cy: 758, rx: 300 },
  };
};

export const officeChair: Drawer = (p: Pal): Art => {
  const back = "M356 150 Q450 128 544 150 L562 430 Q450 462 338 430 Z";
  return {
    svg: `<defs><pattern id="meshG" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 5 H10 M5 0 V10" stroke="${lighten(p.c, 0.35)}" stroke-width="1.2" opacity=".55"/></pattern></defs>
<path d="M450 680 L240 730 M450 680 L340 756 M450 680 L560 756 M450 680 L660 730" stroke="url(#blk)" stroke-width="22" stroke-linecap="round"/>
${[240, 340, 560, 660].map((x) => `<circle cx="${x}" cy="${x === 340 || x === 560 ? 760 : 738}" r="18" fill="#16181c"/>`).join("")}
<rect x="436" y="540" width="28" height="150" rx="6" fill="url(#steel)"/>
<rect x="428" y="600" width="44" height="90" rx="10" fill="url(#blk)"/>
<path d="${back}" fill="${p.dd}"/><path d="${back}" fill="url(#meshG)"/>
<path d="${back}" fill="none" stroke="${p.d}" stroke-width="12"/>
<path d="M374 350 Q450 334 526 350 L522 390 Q450 376 378 390 Z" fill="${p.d}"/>
<rect x="300" y="400" width="18" height="130" rx="8" fill="url(#blk)"/><rect x="582" y="400" width="18" height="130" rx="8" fill="url(#blk)"/>
<rect x="272" y="388" width="74" height="20" rx="10" fill="url(#blk)"/><rect x="554" y="388" width="74" height="20" rx="10" fill="url(#blk)"/>
<path d="M318 476 Q450 456 582 476 L592 540 Q450 568 308 540 Z" fill="url(#m)"/>
<path d="M330 484 Q450 468 570 484" stroke="#fff" stroke-width="6" opacity=".18" fill="none"/>`,
    focus: [450, 300],
    zoom: 1.8,
    ground: { cx: 450, cy: 760, rx: 240 },
  };
};

export const desk: Drawer = (p: Pal): Art => {
  // p.c = drawer unit colour; top in wood; p.a = plant pot colour
  const drawers = [440, 540, 640]
    .map(
      (y) =>
        `<rect x="162" y="${y}" width="186" height="92" rx="4" fill="url(#m)" stroke="${p.d}" stroke-width="2"/><rect x="225" y="${y + 20}" width="60" height="8" rx="4" fill="url(#steel)"/>`,
    )
    .join("");
  return {
    svg: `<rect x="700" y="426" width="16" height="314" fill="#25272c"/><rect x="750" y="426" width="14" height="300" fill="#3a3d44"/>
<rect x="360" y="440" width="340" height="140" fill="${darken(p.c, 0.08)}" opacity=".55"/>
<rect x="150" y="426" width="210" height="314" fill="${p.d}"/>${drawers}
<path d="M146 398 L774 398 L784 410 L136 410 Z" fill="url(#wood)"/>
<rect x="136" y="410" width="648" height="20" rx="3" fill="url(#walnut)"/>
<path d="M620 398 L700 398 L690 320 L630 320 Z" fill="url(#ac)"/>
${[
  [640, 320, -30],
  [660, 300, -10],
  [678, 318, 25],
  [694, 300, 45],
  [650, 290, -50],
]
  .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="16" ry="46" fill="#4f8a4b" transform="rotate(${r} ${x} ${y})"/>`)
  .join("")}
<rect x="250" y="372" width="150" height="26" rx="3" fill="#2f3e5a"/><rect x="260" y="350" width="130" height="22" rx="3" fill="#c9573f"/><rect x="255" y="368" width="140" height="4" fill="#fff"/>
<rect x="430" y="388" width="150" height="10" rx="3" fill="url(#steelV)"/>`,
    focus: [250, 470],
    ground: { cx: 460, cy: 744, rx: 330 },
  };
};

export const arcLamp: Drawer = (p: Pal): Art => ({
  // p.c = metal finish, p.a = light colour
  svg: `<defs><radialGradient id="glowL" cx=".5" cy="0" r="1"><stop offset="0" stop-color="${p.a}" stop-opacity=".55"/><stop offset="1" stop-color="${p.a}" stop-opacity="0"/></radialGradient>
<linearGradient id="marble" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".6" stop-color="#e9e7e3"/><stop offset="1" stop-color="#cfccc6"/></linearGradient></defs>
<path d="M610 430 L560 760 L860 760 L790 430 Z" fill="url(#glowL)" opacity=".6"/>
<path d="M246 700 C226 300 380 140 560 160 C650 170 700 240 704 320" stroke="url(#mh)" stroke-width="12" fill="none" stroke-linecap="round"/>
<path d="M606 430 Q614 330 700 326 Q786 330 794 430 Z" fill="url(#m)"/>
<path d="M640 360 Q680 340 720 344" stroke="#fff" stroke-width="6" opacity=".4" fill="none" stroke-linecap="round"/>
<ellipse cx="700" cy="430" rx="94" ry="14" fill="${lighten(p.a, 0.5)}"/>
<ellipse cx="700" cy="430" rx="60" ry="8" fill="#fff"/>
<path d="M160 710 L340 710 L336 744 Q250 756 164 744 Z" fill="url(#marble)"/>
<ellipse cx="250" cy="710" rx="90" ry="20" fill="#f7f6f3" stroke="#d8d5cf"/>
<path d="M190 720 Q220 736 260 726 M280 734 Q300 724 320 736" stroke="#b9b6b0" stroke-width="1.5" fill="none"/>`,
  focus: [700, 400],
  zoom: 1.9,
  ground: { cx: 300, cy: 748, rx: 140 },
});

export const vases: Drawer = (p: Pal): Art => {
  // p.c = main glaze; the three vases use shades of it
  const plume = (x: number, y: number, r: number): string =>
    `<ellipse cx="${x}" cy="${y}" rx="26" ry="70" fill="#efe2c6" transform="rotate(${r} ${x} ${y})" filter="url(#blur4)"/>
<ellipse cx="${x}" cy="${y}" rx="16" ry="58" fill="#f7eedb" transform="rotate(${r} ${x} ${y})"/>`;
  return {
    svg: `<path d="M360 300 Q350 220 300 160 M360 300 Q372 200 402 130 M360 300 Q390 240 450 200" stroke="#c9b48a" stroke-width="4" fill="none"/>
${plume(300, 160, -30)}${plume(402, 130, 12)}${plume(450, 200, 48)}
<path d="M334 740 Q298 600 320 490 Q340 430 346 372 L346 300 L374 300 L374 372 Q380 430 400 490 Q422 600 386 740 Z" fill="url(#mh)"/>
<ellipse cx="360" cy="300" rx="14" ry="4" fill="${p.dd}"/>
<path d="M468 740 Q420 670 440 610 Q466 550 520 544 L520 520 L560 520 L560 544 Q614 550 640 610 Q660 670 612 740 Z" fill="${lighten(p.c, 0.35)}"/>
<path d="M468 740 Q420 670 440 610 Q466 550 520 544 L520 520 L560 520 L560 544 Q614 550 640 610 Q660 670 612 740 Z" fill="url(#edge)"/>
<ellipse cx="540" cy="520" rx="20" ry="5" fill="${p.d}"/>
<rect x="636" y="620" width="104" height="120" rx="14" fill="${darken(p.c, 0.2)}"/>
<rect x="636" y="620" width="104" height="120" rx="14" fill="url(#edge)"/>
<ellipse cx="688" cy="622" rx="52" ry="10" fill="${darken(p.c, 0.4)}"/>
<path d="M330 420 Q326 560 342 700" stroke="#fff" stroke-width="8" opacity=".2" fill="none" stroke-linecap="round"/>`,
    focus: [540, 620],
    zoom: 1.8,
    ground: { cx: 530, cy: 742, rx: 240 },
  };
};

export const rattanChair: Drawer = (p: Pal): Art => {
  const shell = "M250 430 Q250 214 450 204 Q650 214 650 430 L650 640 Q650 662 628 662 L272 662 Q250 662 250 640 Z";
  return {
    svg: `<defs><pattern id="weave" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 0 L14 14 M14 0 L0 14" stroke="${p.dd}" stroke-width="2.4" opacity=".45"/><path d="M0 7 L7 0 M7 14 L14 7" stroke="${lighten(p.c, 0.4)}" stroke-width="1.2" opacity=".5"/></pattern></defs>
<rect x="278" y="660" width="14" height="84" fill="url(#steelV)"/><rect x="608" y="660" width="14" height="84" fill="url(#steelV)"/>
<path d="${shell}" fill="url(#m)"/><path d="${shell}" fill="url(#weave)"/><path d="${shell}" fill="url(#edge)"/>
<path d="M300 450 Q300 296 450 288 Q600 296 600 450 L600 580 L300 580 Z" fill="${p.dd}" opacity=".55"/>
<path d="M300 450 Q300 296 450 288 Q600 296 600 450 L600 580 L300 580 Z" fill="url(#weave)"/>
<rect x="330" y="330" width="240" height="200" rx="46" fill="url(#ac)"/><rect x="330" y="330" width="240" height="200" rx="46" fill="url(#topLight)"/>
<rect x="286" y="520" width="328" height="76" rx="28" fill="url(#ac)"/><rect x="286" y="520" width="328" height="76" rx="28" fill="url(#topLight)"/>`,
    focus: [560, 480],
    zoom: 1.9,
    ground: { cx: 450, cy: 744, rx: 220 },
  };
};

export const kitchen: Drawer = (p: Pal): Art => {
  const lower = Array.from({ length: 5 }, (_, i) => {
    const x = 104 + i * 139;
    const drawer = i === 1;
    return drawer
      ? [0, 1, 2]
          .map(
            (k) =>
              `<rect x="${x}" y="${530 + k * 66}" width="135" height="62" rx="3" fill="url(#m)" stroke="${p.d}"/><rect x="${x + 40}" y="${540 + k * 66}" width="55" height="6" rx="3" fill="url(#steel)"/>`,
          )
          .join("")
      : `<rect x="${x}" y="530" width="135" height="196" rx="3" fill="url(#m)" stroke="${p.d}"/><rect x="${x + 40}" y="542" width="55" height="6" rx="3" fill="url(#steel)"/>`;
  }).join("");
  const upper = [0, 1, 3, 4]
    .map((i) => {
      const x = 104 + i * 139;
      return `<rect x="${x}" y="160" width="135" height="196" rx="3" fill="url(#m)" stroke="${p.d}"/><rect x="${x + 40}" y="338" width="55" height="6" rx="3" fill="url(#steel)"/>`;
    })
    .join("");
  return {
    svg: `<defs><pattern id="tiles" width="40" height="20" patternUnits="userSpaceOnUse"><rect width="40" height="20" fill="#f4f2ee"/><path d="M0 19.5 H40 M20 0 V20" stroke="#d9d5ce" stroke-width="1.2"/></pattern></defs>
<rect x="100" y="356" width="700" height="150" fill="url(#tiles)"/>
<path d="M384 160 L516 160 L516 300 L560 352 L340 352 L384 300 Z" fill="url(#steel)"/>
<rect x="340" y="348" width="220" height="10" fill="#9aa3ad"/>
${upper}
<rect x="96" y="154" width="708" height="8" fill="${p.d}"/>
<rect x="92" y="506" width="716" height="24" rx="3" fill="url(#wood)"/>
<rect x="390" y="502" width="120" height="5" fill="#1b1c20"/>
<path d="M640 506 L640 450 Q640 430 660 430 L684 430" stroke="url(#steel)" stroke-width="9" fill="none" stroke-linecap="round"/>
${lower}
<rect x="104" y="726" width="692" height="22" fill="#2c2e33"/>
${(
  [
    [136, 424, 15],
    [164, 424, 15],
    [150, 408, 16],
    [126, 440, 12],
    [174, 440, 12],
    [150, 430, 14],
  ] as Array<[number, number, number]>
)
  .map(
    ([x, y, r]) =>
      `<circle cx="${x}" cy="${y}" r="${r}" fill="#5b9352"/><circle cx="${x - 4}" cy="${y - 4}" r="${r * 0.4}" fill="#7fb26f"/>`,
  )
  .join("")}
<path d="M128 452 L172 452 L166 504 L134 504 Z" fill="${p.a}"/><rect x="124" y="448" width="52" height="10" rx="3" fill="${darken(p.a, 0.15)}"/>`,
    focus: [560, 500],
    zoom: 1.8,
    ground: { cx: 450, cy: 750, rx: 380 },
  };
};

export const bunkBed: Drawer = (p: Pal): Art => {
  // p.c = frame colour, p.a = top bedding; bottom bedding is a lighter accent
  const post = (x: number): string =>
    `<rect x="${x}" y="170" width="26" height="578" rx="6" fill="url(#mh)"/><rect x="${x - 2}" y="164" width="30" height="16" rx="8" fill="${p.l}"/>`;
  const rungs = [290, 380, 470, 560, 650].map((y) => `<rect x="552" y="${y}" width="88" height="12" rx="5" fill="${p.d}"/>`).join("");
  return {
    svg: `${post(200)}${post(674)}
<rect x="214" y="288" width="440" height="60" rx="18" fill="url(#ac)"/>
<rect x="230" y="276" width="110" height="40" rx="16" fill="#fbfaf7" stroke="#ddd"/>
<rect x="214" y="570" width="470" height="60" rx="18" fill="${lighten(p.a, 0.45)}"/>
<rect x="230" y="556" width="110" height="40" rx="16" fill="#fbfaf7" stroke="#ddd"/>
<rect x="214" y="342" width="470" height="36" rx="4" fill="url(#m)"/>
<rect x="214" y="626" width="470" height="36" rx="4" fill="url(#m)"/>
<rect x="214" y="220" width="330" height="18" rx="6" fill="url(#m)"/>
<rect x="214" y="256" width="330" height="14" rx="6" fill="url(#m)"/>
<path d="M552 210 L552 744 M640 210 L640 744" stroke="url(#mh)" stroke-width="16" stroke-linecap="round"/>
${rungs}`,
    focus: [420, 330],
    zoom: 1.8,
    ground: { cx: 450, cy: 748, rx: 300 },
  };
};
