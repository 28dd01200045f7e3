import { useEffect, useState } from "react";
import { HERO_INTERVAL, HERO_TRANSITION, type HeroSlide } from "./hero-slides.ts";

/**
 * Advances every 20 s and wraps; slides cross-fade in 1 s. Not clickable (docs/product/storefront.md#home).
 * Hidden slides overlap the visible one, so lazy loading would not hold their images back:
 * only the current and the next slide's images are mounted, the rest as the carousel reaches them.
 */
export function HeroCarousel({ slides }: { slides: readonly HeroSlide[] }) {
  const [index, setIndex] = useState(0);
  const [mounted, setMounted] = useState(2);
  useEffect(() => {
    const t = setInterval(() => {
      setIndex((i) => (i + 1) % slides.length);
      setMounted((m) => Math.min(slides.length, m + 1));
    }, HERO_INTERVAL);
    return () => clearInterval(t);
  }, [slides.length]);

  return (
    <section className="hero" aria-roledescription="carousel">
      {slides.map((s, i) => (
        <div
          key={s.title}
          className="hero-slide"
          data-testid="hero-slide"
          aria-hidden={i !== index}
          style={{ opacity: i === index ? 1 : 0, transition: `opacity ${HERO_TRANSITION}ms ease-in-out` }}
        >
          {s.src && i < mounted && (
            <img src={s.src} srcSet={s.srcSet} sizes="100vw" alt="" fetchPriority={i === 0 ? "high" : "low"} decoding="async" />
          )}
          <div className="hero-text">
            <p className="hero-subtitle">{s.subtitle}</p>
            <h1 className="hero-title">{s.title}</h1>
            <p className="hero-cta">{s.cta}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
