import { useEffect, useState } from "react";

/** SPEC.md §9: every skeleton shows for 1000 ms. */
export const SKELETON_DELAY = 1000;

/** True once the skeleton time has passed. */
export function useSkeletonDelay(ms = SKELETON_DELAY): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
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
