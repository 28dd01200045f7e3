import { startTransition, useEffect, useState } from "react";

/** Every skeleton shows for 1000 ms (docs/product/storefront.md#skeletons). */
const SKELETON_DELAY = 1000;

let firstPage = true;

/** When the page first painted: index.html's skeleton has been on screen since then. */
const firstPaint = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? performance.now();

/**
 * True once the skeleton has been shown for `ms`. The first page of a visit counts from the first paint,
 * when index.html (or the first screen the server wrote) already showed the skeleton, so a slow phone does not
 * wait for it twice, and a page whose skeleton second is already over starts with its content: the app taking over
 * a server-drawn page shows no skeleton again.
 */
export function useSkeletonDelay(ms = SKELETON_DELAY): boolean {
  const [done, setDone] = useState(() => firstPage && performance.now() - firstPaint() >= ms);
  useEffect(() => {
    const shownAt = firstPage ? firstPaint() : performance.now();
    firstPage = false;
    if (done) return;
    // A transition: the page that replaces the skeleton (a grid of cards) is built in slices the browser can
    // interrupt, not in one long task that holds a tap back on a slow phone.
    const t = setTimeout(() => startTransition(() => setDone(true)), Math.max(0, ms - (performance.now() - shownAt)));
    return () => clearTimeout(t);
  }, [ms, done]);
  return done;
}

/** `count` grey placeholders laid out like the content they stand for. */
export function Skeleton({ count, variant = "card" }: { count: number; variant?: "card" | "row" | "bubble" }) {
  return (
    <div className={`skeleton skeleton-${variant}`} aria-busy="true" aria-label="A carregar">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-item" data-testid="skeleton" />
      ))}
    </div>
  );
}
