import { useCatalogue } from "../features/catalogue/catalogue-provider.tsx";
import { ProductGrid } from "../components/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { novos } from "../features/catalogue/selections.ts";

export default function NovosPage() {
  const ready = useSkeletonDelay();
  const { products } = useCatalogue();
  return (
    <section className="section">
      <h1 className="page-title">ÚLTIMAS NOVIDADES</h1>
      {ready ? <ProductGrid products={novos(products)} className="grid grid-novos" lead /> : <Skeleton count={10} />}
    </section>
  );
}
