import { preload } from "react-dom";
import { HeroCarousel } from "../features/catalogue/hero-carousel.tsx";
import { PolicyStrip } from "../components/policy-strip.tsx";
import { ProductGrid } from "../features/catalogue/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { HOME_URL, type HomeReply } from "../features/catalogue/api/catalogue.ts";
import { heroOrder } from "../features/catalogue/hero-slides.ts";
import { useCachedApi } from "../lib/cached-api.ts";

// Random order once per visit; index.html's boot script picked the first slide and already started its picture.
const slides = heroOrder();

export default function HomePage() {
  const ready = useSkeletonDelay();
  const { data } = useCachedApi<HomeReply>(HOME_URL);
  const first = slides[0];
  if (first?.src) preload(first.src, { as: "image", imageSrcSet: first.srcSet, imageSizes: "100vw", fetchPriority: "high" });

  if (!ready) return <Skeleton count={8} />;
  return (
    <>
      <HeroCarousel slides={slides} />
      <section className="section">
        <Title first="ÚLTIMAS" second="NOVIDADES" />
        <p className="lead">Os produtos mais recentes a chegar à loja, importados e 100% originais.</p>
        <ProductGrid products={data?.latest ?? []} />
      </section>
      <section className="section">
        <Title first="MAIS" second="VENDIDOS" />
        <p className="lead">Os preferidos dos nossos clientes.</p>
        <ProductGrid products={data?.bestsellers ?? []} />
      </section>
      <PolicyStrip />
    </>
  );
}
