import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * How far below the screen a part starts to be drawn: half a phone screen, so it is there before it shows, yet the
 * product page's related products (about a screen and a half down) wait for the shopper's first scroll.
 */
const NEAR_MARGIN = "0px 0px 400px 0px";

/** Parts drawn once this visit: a later page shows them at once (the shopper already scrolled that far once). */
const drawnOnce = new Set<string>();

/**
 * A part of the page below its first screen (the home's best sellers, the product's related products, the footer),
 * drawn when the shopper scrolls near it rather than with the first screen: a visit that stays on the first screen
 * does not pay for its components, its layout or its pictures' requests on the phone's main thread
 * (docs/design/performance.md#main-thread-work-issue-46). `minHeight` keeps the page as tall meanwhile, so the
 * scroll bar and anything below do not jump. Without IntersectionObserver (old browsers, tests) it draws at once.
 */
export function WhenNear({ id, minHeight, children }: { id: string; minHeight: number; children: ReactNode }) {
  const [near, setNear] = useState(() => drawnOnce.has(id) || typeof IntersectionObserver === "undefined");
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !spot.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        drawnOnce.add(id);
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(spot.current);
    return () => observer.disconnect();
  }, [id, near]);
  if (near) return children;
  return <div ref={spot} style={{ minHeight }} aria-hidden="true" />;
}
