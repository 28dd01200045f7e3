// Fashion drawings (900×900 space, product roughly in 150..750 × 130..760).
import { type Art, type Drawer, type Pal, lighten, darken, mirror } from "./svg.ts";

/** Soft fold lines so fabric does not look like flat plastic. */
const folds = (d: string[], col: string, op = 0.22): string =>
  d.map((path) => `<path d="${path}" fill="none" stroke="${col}" stroke-width="3" stroke-linecap="round" opacity="${op}"/>`).join("");

export const shirt =
  (opts: { pocket: boolean; blouse?: boolean }): Drawer =>
  (p: Pal): Art => {
    const sleeve = `<path d="M320 230 C282 248 264 300 256 380 L232 612 Q260 626 292 622 L308 420 C314 360 320 322 332 300 Z" fill="url(#m)"/>
<path d="M320 230 C282 248 264 300 256 380 L232 612 Q260 626 292 622 L308 420 C314 360 320 322 332 300 Z" fill="url(#edge)"/>
<path d="M232 612 L292 622 L289 ${opts.blouse ? 676 : 662} L228 ${opts.blouse ? 668 : 654} Z" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>
${opts.blouse ? "" : `<circle cx="276" cy="642" r="4.5" fill="#f3efe6" stroke="${p.d}"/>`}
${folds(["M262 450 Q276 470 296 468", "M256 520 Q272 536 292 532"], p.dd)}`;
    const body =
      "M320 230 L398 202 Q450 222 502 202 L580 230 Q598 300 592 420 L598 700 Q560 716 520 718 Q450 742 380 718 Q340 716 302 700 L308 420 Q302 300 320 230 Z";
    const collar = opts.blouse
      ? `<path d="M398 202 Q450 290 502 202" fill="none" stroke="${p.d}" stroke-width="5"/>
<path d="M398 202 Q450 186 502 202 Q450 284 398 202 Z" fill="${p.dd}" opacity=".55"/>`
      : `<path d="M394 204 Q450 178 506 204 L504 186 Q450 164 396 186 Z" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>
<path d="M398 200 Q450 186 502 200 Q450 216 398 200 Z" fill="${p.dd}" opacity=".7"/>
<path d="M396 198 L448 234 L430 284 L368 238 Z" fill="${p.l}" stroke="${p.d}" stroke-width="2"/>
${mirror(`<path d="M396 198 L448 234 L430 284 L368 238 Z" fill="${p.l}" stroke="${p.d}" stroke-width="2"/>`)}`;
    const buttons = opts.blouse
      ? ""
      : [300, 370, 440, 510, 580, 650]
          .map((y) => `<circle cx="450" cy="${y}" r="5" fill="#f6f2ea" stroke="${p.d}" stroke-width="1.5"/>`)
          .join("");
    const pocket = opts.pocket
      ? `<path d="M352 312 h64 v62 l-32 10 l-32 -10 z" fill="none" stroke="${p.d}" stroke-width="2.5"/><path d="M352 322 h64" stroke="${p.d}" stroke-width="1.5" opacity=".6"/>`
      : "";
    const sheen = opts.blouse
      ? `<path d="M360 260 Q380 480 350 700" stroke="#fff" stroke-width="26" opacity=".18" fill="none" filter="url(#blur10)"/><path d="M520 250 Q540 470 530 700" stroke="#fff" stroke-width="18" opacity=".14" fill="none" filter="url(#blur10)"/>`
      : "";
    return {
      svg: `${sleeve}${mirror(sleeve)}
<path d="${body}" fill="url(#m)"/><path d="${body}" fill="url(#edge)"/>
${sheen}
<path d="M441 232 L459 232 L459 731 L441 731 Z" fill="${p.c}" stroke="${p.d}" stroke-width="1.5" opacity="${opts.blouse ? 0 : 1}"/>
${folds(["M330 480 Q370 500 410 490", "M500 560 Q540 580 575 566", "M340 640 Q380 660 420 650", "M480 380 Q520 396 560 388"], p.dd)}
${pocket}${collar}${buttons}`,
      focus: [450, 250],
      zoom: 2,
      ground: { cx: 450, cy: 752, rx: 250 },
    };
  };

/** Short-sleeved top; also used (scaled) in the kids' set. */
function teeShape(p: Pal, opts: { polo?: boolean; leaf?: boolean }): string {
  const body =
    "M322 214 L398 192 Q450 236 502 192 L578 214 L690 292 L650 388 L598 362 L602 712 Q450 728 298 712 L302 362 L250 388 L210 292 Z";
  const hem = `<path d="M210 292 L250 388 L264 381 L225 286 Z" fill="${p.dd}" opacity=".25"/>`;
  const neck = opts.polo
    ? `<path d="M398 192 Q450 176 502 192 Q450 206 398 192 Z" fill="${p.dd}" opacity=".8"/>
<path d="M438 210 L462 210 L462 330 L438 330 Z" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>
<circle cx="450" cy="246" r="5" fill="#f6f2ea" stroke="${p.d}"/><circle cx="450" cy="296" r="5" fill="#f6f2ea" stroke="${p.d}"/>
<path d="M398 190 L446 214 L426 268 L370 212 Z" fill="${p.l}" stroke="${p.d}" stroke-width="2"/>
${mirror(`<path d="M398 190 L446 214 L426 268 L370 212 Z" fill="${p.l}" stroke="${p.d}" stroke-width="2"/>`)}`
    : `<path d="M398 192 Q450 176 502 192 Q450 232 398 192 Z" fill="${p.dd}" opacity=".75"/>
<path d="M396 194 Q450 244 504 194" fill="none" stroke="${p.d}" stroke-width="10"/>`;
  const leaf = opts.leaf
    ? `<g transform="translate(372 296)"><path d="M0 40 C0 10 26 0 44 2 C44 26 28 42 0 40 Z" fill="#5f9153"/><path d="M2 38 Q20 22 40 6" stroke="#dfeed8" stroke-width="2" fill="none"/></g>`
    : "";
  const piqueTexture = opts.polo ? `<path d="${body}" fill="url(#pique)" opacity=".5"/>` : "";
  return `<defs><pattern id="pique" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.3" fill="${darken(p.c, 0.25)}" opacity=".45"/><circle cx="6" cy="6" r="1.3" fill="${lighten(p.c, 0.3)}" opacity=".45"/></pattern></defs>
<path d="${body}" fill="url(#m)"/>${piqueTexture}<path d="${body}" fill="url(#edge)"/>
${hem}${mirror(hem)}
<path d="M300 700 Q450 716 600 700" fill="none" stroke="${p.d}" stroke-width="2" stroke-dasharray="6 5" opacity=".6"/>
${folds(["M320 520 Q360 540 400 530", "M500 600 Q540 620 580 606", "M470 420 Q510 436 560 428"], p.dd)}
${neck}${leaf}`;
}

export const tee =
  (opts: { polo?: boolean; leaf?: boolean }): Drawer =>
  (p: Pal): Art => ({
    svg: teeShape(p, opts),
    focus: opts.leaf ? [400, 300] : [450, 250],
    zoom: 2,
    ground: { cx: 450, cy: 750, rx: 250 },
  });

/** T-shirt over shorts, laid out like a children's outfit. */
export const kidsSet: Drawer = (p: Pal): Art => {
  const shorts = "M326 500 L574 500 L596 716 L470 728 L450 600 L430 728 L304 716 Z";
  const stripes = Array.from(
    { length: 5 },
    (_, i) => `<rect x="200" y="${290 + i * 70}" width="500" height="22" fill="#ffffff" opacity=".55"/>`,
  ).join("");
  return {
    svg: `<defs><clipPath id="teeClip"><path d="M322 214 L398 192 Q450 236 502 192 L578 214 L690 292 L650 388 L598 362 L602 712 Q450 728 298 712 L302 362 L250 388 L210 292 Z"/></clipPath></defs>
<path d="${shorts}" fill="url(#ac)"/><path d="${shorts}" fill="url(#edge)"/>
<rect x="326" y="500" width="248" height="30" fill="${darken(p.a, 0.15)}"/>
<path d="M440 516 q-20 30 -8 56 M460 516 q20 30 8 56" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M304 716 L596 716" stroke="${darken(p.a, 0.3)}" stroke-width="3" stroke-dasharray="7 5"/>
<g transform="translate(450 140) scale(.68) translate(-450 -192)">${teeShape(p, {})}<g clip-path="url(#teeClip)">${stripes}</g></g>`,
    focus: [450, 260],
    ground: { cx: 450, cy: 745, rx: 230 },
  };
};

export const jeans: Drawer = (p: Pal): Art => {
  const leg = "M326 196 L574 196 L598 764 L474 768 L452 392 L448 392 L426 768 L302 764 Z";
  const stitch = "#d9a441";
  return {
    svg: `<defs><pattern id="twill" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="6" height="3" fill="#fff" opacity=".07"/></pattern></defs>
<path d="${leg}" fill="url(#m)"/><path d="${leg}" fill="url(#twill)"/><path d="${leg}" fill="url(#edge)"/>
<path d="M450 392 L452 392 L474 768" fill="none" stroke="${p.dd}" stroke-width="6" opacity=".35"/>
<path d="M448 392 L426 768" fill="none" stroke="${p.dd}" stroke-width="6" opacity=".35"/>
<path d="M324 150 L576 150 L576 198 L324 198 Z" fill="${p.c}" stroke="${p.d}" stroke-width="2"/>
<path d="M330 160 L570 160 M330 188 L570 188" stroke="${stitch}" stroke-width="2" stroke-dasharray="6 4"/>
${[352, 412, 488, 548].map((x) => `<rect x="${x}" y="144" width="12" height="64" rx="3" fill="${p.l}" stroke="${p.d}"/>`).join("")}
<circle cx="450" cy="174" r="11" fill="url(#gold)" stroke="#8a6426"/>
<path d="M458 200 L458 318 Q458 344 432 350" fill="none" stroke="${stitch}" stroke-width="2.2" stroke-dasharray="6 4"/>
<path d="M334 202 Q378 276 412 200" fill="none" stroke="${p.dd}" stroke-width="3"/><path d="M338 208 Q378 268 404 204" fill="none" stroke="${stitch}" stroke-width="2" stroke-dasharray="5 4"/>
${mirror(`<path d="M334 202 Q378 276 412 200" fill="none" stroke="${p.dd}" stroke-width="3"/><path d="M338 208 Q378 268 404 204" fill="none" stroke="${stitch}" stroke-width="2" stroke-dasharray="5 4"/>`)}
<path d="M304 742 L426 746 M474 746 L596 742" stroke="${stitch}" stroke-width="2" stroke-dasharray="6 4"/>
${folds(["M320 470 Q350 486 400 476", "M340 600 Q370 618 410 606", "M500 520 Q540 540 580 528", "M494 660 Q530 676 584 664"], "#ffffff", 0.25)}`,
    focus: [450, 230],
    ground: { cx: 450, cy: 764, rx: 200 },
  };
};

export const dress: Drawer = (p: Pal): Art => {
  const flower = (x: number, y: number, r: number, col: string): string =>
    [0, 72, 144, 216, 288]
      .map(
        (a) =>
          `<circle cx="${x + Math.cos((a * Math.PI) / 180) * r}" cy="${y + Math.sin((a * Math.PI) / 180) * r}" r="${r * 0.8}" fill="${col}"/>`,
      )
      .join("") + `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="#f4c95d"/>`;
  const pattern = `<pattern id="floral" width="90" height="90" patternUnits="userSpaceOnUse">
<rect width="90" height="90" fill="${p.c}"/>
<ellipse cx="40" cy="30" rx="9" ry="4" fill="#6f9a62" transform="rotate(-30 40 30)"/>
<ellipse cx="78" cy="70" rx="8" ry="3.5" fill="#6f9a62" transform="rotate(40 78 70)"/>
${flower(24, 22, 7, p.a)}${flower(64, 62, 6, "#ffffff")}${flower(16, 76, 4, lighten(p.a, 0.35))}
</pattern>`;
  const bodice = "M382 196 L418 190 L450 292 L482 190 L518 196 L548 222 L530 300 L514 382 L386 382 L370 300 L352 222 Z";
  const skirt = "M384 396 L516 396 Q584 560 648 742 Q450 782 252 742 Q316 560 384 396 Z";
  const sleeve = `<path d="M352 222 L384 196 L372 262 Q342 284 314 268 Z" fill="url(#floral)"/><path d="M352 222 L384 196 L372 262 Q342 284 314 268 Z" fill="url(#edge)"/>`;
  return {
    svg: `<defs>${pattern}</defs>
<path d="M418 190 Q450 200 482 190 L450 292 Z" fill="${p.dd}"/>
${sleeve}${mirror(sleeve)}
<path d="${skirt}" fill="url(#floral)"/><path d="${skirt}" fill="url(#edge)"/><path d="${skirt}" fill="url(#topLight)"/>
${folds(["M410 420 Q380 580 330 748", "M450 410 Q448 590 440 760", "M490 420 Q520 580 560 752", "M430 430 Q410 590 390 756"], p.dd, 0.3)}
<path d="${bodice}" fill="url(#floral)"/><path d="${bodice}" fill="url(#edge)"/>
<path d="M418 190 L450 292 L482 190" fill="none" stroke="${p.d}" stroke-width="3"/>
<path d="M382 378 L518 378 L520 402 L380 402 Z" fill="${p.d}"/>
<path d="M512 392 q36 -22 44 2 q-22 12 -44 -2 Z M512 392 q34 22 34 44 q-22 -4 -34 -44 Z M514 394 q6 40 -4 78" fill="${p.d}" stroke="${p.dd}" stroke-width="2"/>`,
    focus: [450, 300],
    ground: { cx: 450, cy: 760, rx: 240 },
  };
};

export const sneaker: Drawer = (p: Pal): Art => {
  // Running shoe, toe to the right; everything on the upper is clipped to its outline.
  const upper =
    "M182 600 C178 540 184 480 206 452 Q222 440 244 452 Q290 480 340 472 Q360 440 392 418 Q410 408 426 420 Q440 440 452 458 C540 490 640 540 720 580 Q752 598 752 618 C600 622 300 606 182 600 Z";
  const laces = Array.from({ length: 5 }, (_, i) => {
    const x = 462 + i * 30;
    const y = 470 + i * 15;
    return `<circle cx="${x - 12}" cy="${y + 14}" r="4" fill="${p.dd}"/><circle cx="${x + 12}" cy="${y - 8}" r="4" fill="${p.dd}"/><path d="M${x - 16} ${y + 18} L${x + 16} ${y - 12}" stroke="#f7f7f5" stroke-width="8" stroke-linecap="round"/>`;
  }).join("");
  return {
    svg: `<g transform="translate(465 560) scale(1.1) translate(-465 -560)"><defs><pattern id="mesh" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" r="1.6" fill="#000" opacity=".13"/></pattern>
<clipPath id="upperClip"><path d="${upper}"/></clipPath></defs>
<path d="${upper}" fill="url(#m)"/>
<g clip-path="url(#upperClip)">
<rect x="150" y="380" width="640" height="260" fill="url(#mesh)"/>
<path d="M170 610 C176 530 190 490 200 470 Q262 500 282 560 Q290 590 286 612 Z" fill="${p.d}"/>
<path d="M600 530 Q700 556 760 620 L596 624 Q584 576 600 530 Z" fill="${p.l}" opacity=".8"/>
<path d="M262 588 C360 570 450 532 520 486" stroke="url(#ac)" stroke-width="16" fill="none" stroke-linecap="round"/>
<path d="M300 600 C392 586 476 552 548 506" stroke="url(#ac)" stroke-width="8" fill="none" stroke-linecap="round" opacity=".85"/>
<path d="M230 500 Q290 520 330 508" stroke="#fff" stroke-width="6" opacity=".3" fill="none" stroke-linecap="round"/>
</g>
<path d="M340 472 Q360 440 392 418 Q410 408 426 420 Q440 440 452 458 Q400 486 340 472 Z" fill="${p.l}"/>
<path d="M206 452 Q222 440 244 452 Q290 480 340 472" stroke="${p.dd}" stroke-width="10" fill="none" stroke-linecap="round"/>
<path d="M204 470 Q192 430 214 424 Q228 430 226 452" fill="none" stroke="url(#ac)" stroke-width="7" stroke-linecap="round"/>
${laces}
<path d="M180 598 C260 606 520 622 690 624 Q735 624 752 618 Q758 640 730 660 Q690 678 630 680 L210 682 Q180 680 176 652 Z" fill="url(#white)"/>
<path d="M188 640 Q300 632 420 644 T640 646 T748 628" stroke="#d6d0c7" stroke-width="3" fill="none"/>
<path d="M194 670 L630 670 Q694 670 728 652 Q716 684 660 690 L212 692 Q188 690 190 670 Z" fill="${darken(p.a, 0.5)}"/></g>`,
    focus: [480, 510],
    ground: { cx: 468, cy: 706, rx: 320 },
  };
};

export const derby: Drawer = (p: Pal): Art => {
  const upper = "M192 654 C182 600 186 560 198 522 Q210 500 236 504 Q300 522 360 512 L420 500 C520 520 620 560 690 600 Q742 626 736 654 Z";
  return {
    svg: `<path d="${upper}" fill="url(#m)"/>
<path d="M420 500 C500 520 560 560 600 600 Q560 640 470 640 Q420 580 420 500 Z" fill="${p.dd}" opacity=".12"/>
<path d="M360 512 Q410 560 452 640" fill="none" stroke="${p.dd}" stroke-width="3"/>
<path d="M366 520 Q414 566 452 632" fill="none" stroke="${p.l}" stroke-width="1.5" stroke-dasharray="5 4"/>
${[0, 1, 2].map((i) => `<path d="M${396 + i * 24} ${510 + i * 10} l26 -12" stroke="#2b1a10" stroke-width="6" stroke-linecap="round"/>`).join("")}
<path d="M198 522 Q210 500 236 504 Q300 522 360 512" stroke="${p.dd}" stroke-width="8" fill="none" stroke-linecap="round"/>
<ellipse cx="640" cy="598" rx="70" ry="18" fill="#fff" opacity=".35" transform="rotate(22 640 598)" filter="url(#blur4)"/>
<ellipse cx="270" cy="560" rx="40" ry="12" fill="#fff" opacity=".25" transform="rotate(-70 270 560)" filter="url(#blur4)"/>
<path d="M180 650 L734 650 Q754 656 744 674 L200 674 Q176 672 180 650 Z" fill="#3a2618"/>
<path d="M186 672 L306 672 L302 716 L194 716 Z" fill="#24170e"/>
<path d="M306 674 L740 674" stroke="#5b3f2b" stroke-width="2"/>`,
    focus: [560, 580],
    ground: { cx: 460, cy: 716, rx: 290 },
  };
};

export const tote: Drawer = (p: Pal): Art => {
  const body = "M250 380 Q252 366 266 366 L634 366 Q648 366 650 380 L690 726 Q692 744 672 744 L228 744 Q208 744 210 726 Z";
  return {
    svg: `<path d="M374 368 C374 170 526 170 526 368" fill="none" stroke="${p.dd}" stroke-width="20" stroke-linecap="round"/>
<path d="${body}" fill="url(#m)"/><path d="${body}" fill="url(#edge)"/>
<path d="M262 392 L638 392 M676 716 L224 716" stroke="${p.l}" stroke-width="2" stroke-dasharray="7 5"/>
<path d="M240 560 L660 560" stroke="${p.d}" stroke-width="2" opacity=".5"/>
<path d="M352 372 C352 150 548 150 548 372" fill="none" stroke="${p.d}" stroke-width="24" stroke-linecap="round"/>
<path d="M352 372 C352 150 548 150 548 372" fill="none" stroke="${p.l}" stroke-width="3" stroke-dasharray="6 5" opacity=".8"/>
${[352, 548].map((x) => `<rect x="${x - 20}" y="366" width="40" height="46" rx="6" fill="${p.d}"/><circle cx="${x}" cy="396" r="6" fill="url(#gold)"/>`).join("")}
<rect x="426" y="384" width="48" height="30" rx="6" fill="url(#gold)" stroke="#8a6426"/>
<rect x="436" y="392" width="28" height="14" rx="3" fill="none" stroke="#8a6426" stroke-width="2"/>
<path d="M300 420 Q450 440 600 420" stroke="#fff" stroke-width="16" opacity=".12" fill="none" filter="url(#blur4)"/>`,
    focus: [450, 400],
    ground: { cx: 450, cy: 744, rx: 260 },
  };
};

export const aviators: Drawer = (p: Pal): Art => {
  // p.c = frame metal tint, p.a = lens tint
  const lens = "M440 386 C440 346 400 332 340 334 C280 336 232 352 228 396 C224 456 260 516 320 522 C390 528 430 476 440 426 Z";
  const half = `<path d="${lens}" fill="url(#lens)" stroke="url(#frameMetal)" stroke-width="7"/>
<path d="M262 380 Q300 356 360 358" stroke="#fff" stroke-width="8" opacity=".35" fill="none" stroke-linecap="round"/>
<path d="M252 430 Q262 480 300 500" stroke="#fff" stroke-width="4" opacity=".18" fill="none"/>
<path d="M230 378 L170 384 Q140 390 150 420 L160 446" fill="none" stroke="url(#frameMetal)" stroke-width="7" stroke-linecap="round"/>
<path d="M150 420 L160 446" stroke="${p.dd}" stroke-width="12" stroke-linecap="round"/>
<ellipse cx="420" cy="446" rx="10" ry="16" fill="#fff" opacity=".5" stroke="#ccc"/>`;
  return {
    svg: `<defs>${`<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(p.a, 0.55)}"/><stop offset="1" stop-color="${lighten(p.a, 0.1)}"/></linearGradient>`}
<linearGradient id="frameMetal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(p.c, 0.45)}"/><stop offset=".5" stop-color="${p.c}"/><stop offset="1" stop-color="${p.d}"/></linearGradient></defs>
${half}${mirror(half)}
<path d="M436 364 Q450 350 464 364" fill="none" stroke="url(#frameMetal)" stroke-width="7"/>
<path d="M346 336 Q450 316 554 336" fill="none" stroke="url(#frameMetal)" stroke-width="6"/>`,
    focus: [450, 400],
    zoom: 2,
    ground: { cx: 450, cy: 560, rx: 260 },
  };
};

export const watch: Drawer = (p: Pal): Art => {
  // p.c = case/bracelet metal, p.a = dial colour
  const cx = 450;
  const cy = 450;
  const links = (dir: 1 | -1): string =>
    Array.from({ length: 6 }, (_, i) => {
      const y = dir === -1 ? cy - 150 - (i + 1) * 44 : cy + 150 + i * 44;
      const w = 150 - i * 3;
      return `<rect x="${cx - w / 2}" y="${y}" width="${w * 0.3}" height="40" rx="6" fill="url(#bracelet)"/><rect x="${cx - w * 0.18}" y="${y}" width="${w * 0.36}" height="40" rx="6" fill="url(#bracelet)"/><rect x="${cx + w * 0.2}" y="${y}" width="${w * 0.3}" height="40" rx="6" fill="url(#bracelet)"/>`;
    }).join("");
  const markers = Array.from({ length: 12 }, (_, i) => {
    const big = i % 3 === 0;
    return `<rect x="${cx - (big ? 5 : 3)}" y="${cy - 128}" width="${big ? 10 : 6}" height="${big ? 30 : 18}" rx="2" fill="url(#markers)" transform="rotate(${i * 30} ${cx} ${cy})"/>`;
  }).join("");
  return {
    svg: `<defs>
<linearGradient id="bracelet" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.d}"/><stop offset=".4" stop-color="${lighten(p.c, 0.55)}"/><stop offset=".7" stop-color="${p.c}"/><stop offset="1" stop-color="${p.dd}"/></linearGradient>
<linearGradient id="bezel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(p.c, 0.6)}"/><stop offset=".5" stop-color="${p.c}"/><stop offset="1" stop-color="${p.dd}"/></linearGradient>
<radialGradient id="dial" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="${lighten(p.a, 0.25)}"/><stop offset="1" stop-color="${darken(p.a, 0.45)}"/></radialGradient>
<linearGradient id="markers" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${lighten(p.c, 0.2)}"/></linearGradient>
</defs>
<g transform="translate(450 450) scale(.92) translate(-450 -450)">
${links(-1)}${links(1)}
<path d="M${cx - 120} ${cy - 110} L${cx - 90} ${cy - 175} L${cx + 90} ${cy - 175} L${cx + 120} ${cy - 110} Z" fill="url(#bezel)"/>
<path d="M${cx - 120} ${cy + 110} L${cx - 90} ${cy + 175} L${cx + 90} ${cy + 175} L${cx + 120} ${cy + 110} Z" fill="url(#bezel)"/>
<rect x="${cx + 158}" y="${cy - 20}" width="30" height="40" rx="6" fill="url(#bezel)"/>
<circle cx="${cx}" cy="${cy}" r="168" fill="url(#bezel)"/>
<circle cx="${cx}" cy="${cy}" r="150" fill="${p.dd}"/>
<circle cx="${cx}" cy="${cy}" r="144" fill="url(#dial)"/>
${markers}
<circle cx="${cx + 80}" cy="${cy + 40}" r="26" fill="${darken(p.a, 0.3)}" stroke="${lighten(p.c, 0.4)}" stroke-width="2" opacity=".9"/>
<rect x="${cx - 6}" y="${cy - 82}" width="12" height="92" rx="5" fill="url(#markers)" transform="rotate(-58 ${cx} ${cy})"/>
<rect x="${cx - 4.5}" y="${cy - 118}" width="9" height="128" rx="4" fill="url(#markers)" transform="rotate(62 ${cx} ${cy})"/>
<rect x="${cx - 1.5}" y="${cy - 128}" width="3" height="160" fill="#e0523a" transform="rotate(150 ${cx} ${cy})"/>
<circle cx="${cx}" cy="${cy}" r="9" fill="url(#bezel)"/>
<path d="M${cx - 110} ${cy - 80} A140 140 0 0 1 ${cx + 40} ${cy - 138}" stroke="#fff" stroke-width="18" opacity=".16" fill="none" stroke-linecap="round"/>
</g>`,
    focus: [450, 450],
    zoom: 1.7,
    ground: { cx: 450, cy: 770, rx: 120 },
  };
};

export const necklace: Drawer = (p: Pal): Art => ({
  svg: `<defs><radialGradient id="gem" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset=".4" stop-color="${lighten(p.a, 0.3)}"/><stop offset="1" stop-color="${darken(p.a, 0.35)}"/></radialGradient></defs>
<path d="M236 110 C236 400 360 520 450 556 C540 520 664 400 664 110" fill="none" stroke="#a8792c" stroke-width="8"/>
<path d="M236 110 C236 400 360 520 450 556 C540 520 664 400 664 110" fill="none" stroke="#f4d27f" stroke-width="6" stroke-dasharray="9 4"/>
<g transform="translate(450 660) scale(1.45) translate(-450 -660)"><circle cx="450" cy="606" r="14" fill="none" stroke="url(#gold)" stroke-width="6"/>
<circle cx="450" cy="680" r="64" fill="url(#gold)" stroke="#a8792c" stroke-width="2"/>
<circle cx="450" cy="680" r="50" fill="none" stroke="#fff3c8" stroke-width="2" opacity=".7"/>
${Array.from({ length: 16 }, (_, i) => {
  const a = (i / 16) * Math.PI * 2;
  return `<circle cx="${450 + Math.cos(a) * 40}" cy="${680 + Math.sin(a) * 40}" r="5" fill="#fdfdfd" stroke="#d8ad52"/>`;
}).join("")}
<circle cx="450" cy="680" r="26" fill="url(#gem)" stroke="#c99a3f" stroke-width="3"/>
<path d="M440 668 l8 -6 l6 10 Z" fill="#fff" opacity=".9"/>
<path d="M424 640 Q440 628 470 632" stroke="#fff" stroke-width="5" opacity=".6" fill="none" stroke-linecap="round"/></g>`,
  focus: [450, 660],
  zoom: 2,
  ground: { cx: 450, cy: 770, rx: 130 },
});

export const fitnessSet: Drawer = (p: Pal): Art => {
  const top = "M362 142 L394 128 Q450 196 506 128 L538 142 L552 250 Q450 282 348 250 Z";
  const legging = "M352 318 L548 318 L562 780 L484 782 L454 430 L446 430 L416 782 L338 780 Z";
  return {
    svg: `<path d="${legging}" fill="url(#m)"/><path d="${legging}" fill="url(#edge)"/>
<path d="M350 318 L550 318 L550 368 Q450 380 350 368 Z" fill="${p.d}"/>
<path d="M354 380 L340 780" stroke="url(#ac)" stroke-width="10"/><path d="M546 380 L560 780" stroke="url(#ac)" stroke-width="10"/>
${folds(["M370 520 Q390 532 420 526", "M490 600 Q516 612 540 604", "M360 680 Q380 690 410 684"], p.dd)}
<path d="${top}" fill="url(#ac)"/><path d="${top}" fill="url(#edge)"/>
<path d="M348 238 Q450 270 552 238 L554 256 Q450 290 346 256 Z" fill="${darken(p.a, 0.25)}"/>
<path d="M394 128 Q450 196 506 128" fill="none" stroke="${darken(p.a, 0.25)}" stroke-width="6"/>`,
    focus: [450, 300],
    ground: { cx: 450, cy: 782, rx: 160 },
  };
};
