import { CARD_SIZES, THUMB_WIDTH, productSrcset } from "../../shared/product-images.ts";

// Product pictures: the small WebP thumbnail for lists, the middle and full images only for wider slots,
// lazy and async so the first screen paints before the pictures below it arrive; only the page's largest
// picture (`priority`) is fetched at high priority, the rest at low.
interface Props {
  image: readonly string[];
  thumbnail?: readonly string[];
  /** The 800 px renditions (shared/product-images.ts), for the slots a phone fills at 2×. */
  middle?: readonly string[];
  index?: number;
  alt: string;
  /** Layout width hint for srcset. */
  sizes?: string;
  eager?: boolean;
  /** The page's largest picture (its LCP): fetched ahead of other images. */
  priority?: boolean;
  className?: string;
}

export function ProductImage({ image, thumbnail, middle, index = 0, alt, sizes = CARD_SIZES, eager, priority, className }: Props) {
  const full = image[index] ?? image[0] ?? "";
  const thumb = thumbnail?.[index];
  const mid = middle?.[index];
  return (
    <img
      className={className}
      src={thumb ?? full}
      srcSet={thumb ? productSrcset(thumb, full, mid) : undefined}
      sizes={thumb ? sizes : undefined}
      alt={alt}
      width={THUMB_WIDTH}
      height={THUMB_WIDTH}
      loading={eager || priority ? "eager" : "lazy"}
      // Every other product picture yields to it (and to the app's scripts) on a slow connection.
      fetchPriority={priority ? "high" : "low"}
      decoding="async"
    />
  );
}
