// Four hero slides, in random order (docs/product/storefront.md#home). Images are WebP at 800 and 1600 px wide;
// a missing file leaves its slide on the plain background instead of breaking the build.
import { HERO_TEXTS } from "../../../shared/home-page.ts";

export { HERO_INTERVAL, HERO_TRANSITION } from "../../../shared/home-page.ts";
const files = import.meta.glob<string>("../../src/assets/hero/*.webp", { eager: true, query: "?url", import: "default" });

export interface HeroSlide {
  title: string;
  subtitle: string;
  cta: string;
  /** "url 800w, url 1600w", empty when the images are absent. */
  srcSet: string;
  src: string;
}

const fileUrl = (n: number, width: number) => files[`../../src/assets/hero/hero-${n}-${width}.webp`];

export const HERO_SLIDES: readonly HeroSlide[] = HERO_TEXTS.map((t, i) => {
  const small = fileUrl(i + 1, 800);
  const large = fileUrl(i + 1, 1600);
  return {
    ...t,
    src: small ?? large ?? "",
    srcSet: [small && `${small} 800w`, large && `${large} 1600w`].filter(Boolean).join(", "),
  };
});

declare global {
  interface Window {
    /**
     * The first slide (index in HERO_SLIDES): the one the server put in the page it sent, or else the one index.html's
     * boot script picked and preloaded (paint-first.ts).
     */
    __lojaHeroFirst?: number;
  }
}

/** A random order whose first slide is the one the boot script already started downloading, if any. */
export function heroOrder(random: () => number = Math.random): HeroSlide[] {
  const order = shuffled(HERO_SLIDES, random);
  const first = typeof window === "undefined" ? undefined : HERO_SLIDES[window.__lojaHeroFirst ?? -1];
  return first ? [first, ...order.filter((s) => s !== first)] : order;
}

/** Fisher–Yates: a fresh random order, so the first slide is random too. */
export const shuffled = <T>(items: readonly T[], random: () => number = Math.random): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
