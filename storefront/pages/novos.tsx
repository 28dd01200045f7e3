import { ProductGrid } from "../features/catalogue/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { NOVOS_URL, type ProductPageReply } from "../features/catalogue/api/catalogue.ts";
import { useCachedApi } from "../lib/cached-api.ts";

export default function NovosPage() {
  const ready = useSkeletonDelay();
  const { data } = useCachedApi<ProductPageReply>(NOVOS_URL);
  return (
    <section className="section">
      <h1 className="page-title">ÚLTIMAS NOVIDADES</h1>
      {ready ? <ProductGrid products={data?.products ?? []} className="grid grid-novos" lead /> : <Skeleton count={10} />}
    </section>
  );
}
