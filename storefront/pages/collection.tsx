import { useMemo, useState } from "react";
import { useCatalogue } from "../features/catalogue/catalogue-provider.tsx";
import { useSearch } from "../features/catalogue/search-provider.tsx";
import { ChevronIcon } from "../components/icons.tsx";
import { ProductGrid } from "../components/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { TAXONOMY as CATEGORIES } from "../../shared/catalogue.ts";
import { filterCollection, type SortKey } from "../features/catalogue/selections.ts";

const toggle = (list: readonly string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

export default function CollectionPage() {
  const ready = useSkeletonDelay();
  const { products } = useCatalogue();
  const { search, showSearch } = useSearch();
  const [categories, setCategories] = useState<readonly string[]>([]);
  const [subCategories, setSubCategories] = useState<readonly string[]>([]);
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [sort, setSort] = useState<SortKey>("relevant");
  const [filtersOpen, setFiltersOpen] = useState(false);

  const shown = useMemo(
    () => filterCollection(products, { search: showSearch ? search : "", categories, subCategories, sort }),
    [products, showSearch, search, categories, subCategories, sort],
  );

  return (
    <div className="collection">
      <aside className="filters">
        <button type="button" className="filters-toggle" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((v) => !v)}>
          FILTROS <ChevronIcon open={filtersOpen} />
        </button>
        <div className={filtersOpen ? "filter-panel open" : "filter-panel"}>
          <p className="strong">CATEGORIAS</p>
          {Object.entries(CATEGORIES).map(([cat, subs]) => {
            const isOpen = expanded.includes(cat);
            return (
              <div key={cat} className="filter-group">
                <div className="filter-row">
                  <label>
                    <input type="checkbox" checked={categories.includes(cat)} onChange={() => setCategories((c) => toggle(c, cat))} /> {cat}
                  </label>
                  <button type="button" className="icon-btn" aria-label={`Subcategorias de ${cat}`} aria-expanded={isOpen} onClick={() => setExpanded((e) => toggle(e, cat))}>
                    <ChevronIcon open={isOpen} />
                  </button>
                </div>
                {isOpen && (
                  <div className="filter-subs">
                    {subs.map((sub) => (
                      <label key={sub}>
                        <input type="checkbox" checked={subCategories.includes(sub)} onChange={() => setSubCategories((s) => toggle(s, sub))} /> {sub}
                      </label>
                    ))}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </aside>
      <section className="collection-main">
        <div className="collection-head">
          <Title first="TODAS AS" second="COLEÇÕES" as="h1" />
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)} aria-label="Ordenar">
            <option value="relevant">Ordenar por: Relevante</option>
            <option value="low-high">Preço: menor para maior</option>
            <option value="high-low">Preço: maior para menor</option>
          </select>
        </div>
        {!ready ? <Skeleton count={12} /> : shown.length ? <ProductGrid products={shown} lead /> : <p className="empty">Nenhum produto encontrado</p>}
      </section>
    </div>
  );
}
