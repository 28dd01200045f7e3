import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType, useSearchParams } from "react-router-dom";
import { useSearch } from "../features/catalogue/search-provider.tsx";
import { ChevronIcon, CloseIcon } from "../components/icons.tsx";
import { ProductCards } from "../features/catalogue/product-card.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { TAXONOMY as CATEGORIES } from "../../shared/catalogue.ts";
import { COLLECTION_SORTS, COLLECTION_TITLE, searchResultsLabel, showProductsLabel } from "../../shared/collection-page.ts";
import {
  collectionPageUrl,
  collectionSearch,
  PAGE_SIZE,
  readCollectionQuery,
  type CollectionQuery,
  type CollectionSort,
  type ProductPageReply,
} from "../features/catalogue/api/catalogue.ts";
import { peek, useCachedApi } from "../lib/cached-api.ts";

const toggle = (list: readonly string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** Where the shopper had scrolled on each visited collection (by history entry), to return there on back. */
const scrollPlaces = new Map<string, number>();

/** Starts loading the next page before the shopper reaches the end of the grid. */
const PREFETCH_MARGIN = "800px 0px";

export default function CollectionPage() {
  const [params, setParams] = useSearchParams();
  const { pages, ...query } = readCollectionQuery(params);
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const { setShowSearch } = useSearch();
  const [expanded, setExpanded] = useState<readonly string[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);

  // Back from a product with the pages still in memory: show them at once, at the place the shopper left.
  const [returning] = useState(
    () =>
      navigationType === "POP" &&
      scrollPlaces.has(key) &&
      Array.from({ length: pages }, (_, i) => peek(collectionPageUrl(query, i + 1))?.data).every(Boolean),
  );
  const skeletonDone = useSkeletonDelay();
  const first = useCachedApi<ProductPageReply>(collectionPageUrl(query, 1));
  const last = useCachedApi<ProductPageReply>(collectionPageUrl(query, pages));
  const total = first.data?.total;
  const hasMore = total !== undefined && pages * PAGE_SIZE < total;
  const chosen = query.categories.length + query.subCategories.length;

  useLayoutEffect(() => {
    if (returning) window.scrollTo(0, scrollPlaces.get(key) ?? 0);
    // Only on arrival: later keys are this same visit's pages being added.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const remember = () => scrollPlaces.set(key, window.scrollY);
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [key]);

  // The search text filters only while the search box is shown: an address with `q` opens it.
  useEffect(() => {
    if (query.q) setShowSearch(true);
  }, [query.q, setShowSearch]);

  /** Another filter or sort starts again from the first page; the history keeps one entry for the collection. */
  const show = (change: Partial<CollectionQuery>) => setParams(collectionSearch({ ...query, ...change }, 1), { replace: true });

  // A tick shows at once: the address (and the query read from it) changes in a transition that waits for the
  // filtered products, which on a slow network takes seconds, and a controlled checkbox would stay unticked until then.
  const [ticked, setTicked] = useState<Pick<CollectionQuery, "categories" | "subCategories"> | null>(null);
  const categoriesKey = query.categories.join("\n");
  const subCategoriesKey = query.subCategories.join("\n");
  useEffect(() => setTicked(null), [categoriesKey, subCategoriesKey]);
  const shownFilters = ticked ?? query;
  const tick = (change: Partial<Pick<CollectionQuery, "categories" | "subCategories">>) => {
    setTicked({ categories: shownFilters.categories, subCategories: shownFilters.subCategories, ...change });
    show({ categories: shownFilters.categories, subCategories: shownFilters.subCategories, ...change });
  };

  const loadMore = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set("page", String(pages + 1));
          return next;
        },
        { replace: true },
      ),
    [pages, setParams],
  );

  const ready = returning || (skeletonDone && (first.data || first.error));

  return (
    <div className="collection">
      <aside className="filters">
        <button
          type="button"
          className="filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="filter-panel"
          onClick={() => setFiltersOpen((v) => !v)}
        >
          FILTROS{chosen > 0 && ` (${chosen})`} <ChevronIcon open={filtersOpen} />
        </button>
        {/* On phones the open panel is a sheet over the products (they stay where they were), closed by the backdrop,
            the × or its button that says how many products the filters leave; on wider screens it is the sidebar. */}
        {filtersOpen && <div className="filter-backdrop" aria-hidden="true" onClick={() => setFiltersOpen(false)} />}
        <div id="filter-panel" className={filtersOpen ? "filter-panel open" : "filter-panel"}>
          <div className="filter-head">
            <p className="strong">CATEGORIAS</p>
            <button type="button" className="icon-btn filter-close" aria-label="Fechar filtros" onClick={() => setFiltersOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          {Object.entries(CATEGORIES).map(([cat, subs]) => {
            const isOpen = expanded.includes(cat);
            return (
              <div key={cat} className="filter-group">
                <div className="filter-row">
                  <label>
                    <input
                      type="checkbox"
                      checked={shownFilters.categories.includes(cat)}
                      onChange={() => tick({ categories: toggle(shownFilters.categories, cat) })}
                    />{" "}
                    {cat}
                  </label>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Subcategorias de ${cat}`}
                    aria-expanded={isOpen}
                    onClick={() => setExpanded((e) => toggle(e, cat))}
                  >
                    <ChevronIcon open={isOpen} />
                  </button>
                </div>
                {isOpen && (
                  <div className="filter-subs">
                    {subs.map((sub) => (
                      <label key={sub}>
                        <input
                          type="checkbox"
                          checked={shownFilters.subCategories.includes(sub)}
                          onChange={() => tick({ subCategories: toggle(shownFilters.subCategories, sub) })}
                        />{" "}
                        {sub}
                      </label>
                    ))}
                  </div>
                )}
              </div>
            );
          })}
          <button type="button" className="btn filter-apply" onClick={() => setFiltersOpen(false)} data-testid="filter-apply">
            {showProductsLabel(total)}
          </button>
        </div>
      </aside>
      <section className="collection-main">
        <div className="collection-head">
          <div>
            <Title first={COLLECTION_TITLE.first} second={COLLECTION_TITLE.second} as="h1" />
            {total !== undefined && (
              <p className="muted" data-testid="collection-total">
                {searchResultsLabel(total, query.q)}
              </p>
            )}
          </div>
          <select value={query.sort} onChange={(e) => show({ sort: e.target.value as CollectionSort })} aria-label="Ordenar">
            {COLLECTION_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {!ready ? (
          <Skeleton count={12} />
        ) : first.error ? (
          <p className="empty">{first.error.message}</p>
        ) : total === 0 ? (
          <p className="empty">Nenhum produto encontrado{query.q.trim() ? ` para «${query.q.trim()}»` : ""}</p>
        ) : (
          <>
            <div className="grid">
              {Array.from({ length: pages }, (_, i) => (
                <PageCards key={i} url={collectionPageUrl(query, i + 1)} first={i === 0} />
              ))}
            </div>
            {hasMore && <MoreProducts onMore={last.data ? loadMore : undefined} />}
          </>
        )}
      </section>
    </div>
  );
}

/** One page of the collection's cards; only the first page's top pictures are the page's largest paint. */
function PageCards({ url, first }: { url: string; first: boolean }) {
  const { data } = useCachedApi<ProductPageReply>(url);
  return data ? <ProductCards products={data.products} lead={first} eager={first} /> : null;
}

/**
 * The next page comes when the end of the grid nears the screen (infinite scroll); the "Ver mais" button does the
 * same where IntersectionObserver is missing or for a shopper who prefers to tap. `onMore` is absent while a page loads.
 */
function MoreProducts({ onMore }: { onMore?: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !onMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), {
      rootMargin: PREFETCH_MARGIN,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onMore]);
  return (
    <div className="collection-more" ref={sentinel}>
      <button type="button" className="btn btn-outline" onClick={onMore} disabled={!onMore} aria-busy={!onMore}>
        Ver mais
      </button>
    </div>
  );
}
