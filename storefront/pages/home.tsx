import { preload } from "react-dom";
import { HeroCarousel } from "../features/catalogue/hero-carousel.tsx";
import { PolicyStrip } from "../components/policy-strip.tsx";
import { ProductGrid } from "../features/catalogue/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { WhenNear } from "../components/when-near.tsx";
import { HOME_URL, type HomeReply } from "../features/catalogue/api/catalogue.ts";
import { heroOrder, type HeroSlide } from "../features/catalogue/hero-slides.ts";
import { useCachedApi } from "../lib/cached-api.ts";
import { HOME_SECTIONS } from "../../shared/home-page.ts";

// Random order once per visit, fixed at the first showing: by then the page the server sent (or index.html's boot
// script) has said which slide comes first and started its picture.
let slides: HeroSlide[] | undefined;
const visitSlides = () => (slides ??= heroOrder());

export default function HomePage() {
  const ready = useSkeletonDelay();
  const { data } = useCachedApi<HomeReply>(HOME_URL);
  const slides = visitSlides();
  const first = slides[0];
  if (first?.src) preload(first.src, { as: "image", imageSrcSet: first.srcSet, imageSizes: "100vw", fetchPriority: "high" });

  if (!ready) return <Skeleton count={8} />;
  return (
    <>
      <HeroCarousel slides={slides} />
      <HomeList list="latest" products={data?.latest} />
      {/* Below the first screen: drawn as the shopper scrolls near it (docs/design/performance.md#main-thread-work-issue-46). */}
      <WhenNear id="home-below" minHeight={BELOW_HEIGHT}>
        <HomeList list="bestsellers" products={data?.bestsellers} />
        <PolicyStrip />
      </WhenNear>
    </>
  );
}

/** Room kept for the best sellers and the policy strip until they are drawn (about their height on a phone). */
const BELOW_HEIGHT = 2000;

function HomeList({ list, products }: { list: keyof typeof HOME_SECTIONS; products: HomeReply["latest"] | undefined }) {
  return (
    <section className="section">
      <Title first={HOME_SECTIONS[list].first} second={HOME_SECTIONS[list].second} />
      <p className="lead">{HOME_SECTIONS[list].lead}</p>
      <ProductGrid products={products ?? []} />
    </section>
  );
}
