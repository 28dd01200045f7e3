import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { listProducts, type Product } from "./api/list-products.ts";

// The product list is loaded once for every screen (SPEC.md: the product page waits for it).
export interface Catalogue {
  products: Product[];
  loaded: boolean;
  reload: () => void;
}

export const CatalogueContext = createContext<Catalogue>({ products: [], loaded: false, reload: () => {} });

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const [products, setProducts] = useState<Product[]>([]);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(() => {
    listProducts()
      .then(setProducts)
      .catch(() => {})
      .finally(() => setLoaded(true));
  }, []);

  useEffect(() => {
    reload();
  }, [reload]);

  const value = useMemo(() => ({ products, loaded, reload }), [products, loaded, reload]);
  return <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>;
}

export const useCatalogue = () => useContext(CatalogueContext);
