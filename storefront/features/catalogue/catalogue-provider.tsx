import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { listProducts, type Product } from "./api/list-products.ts";
import { getSettings, type ShopSettings } from "../settings/api/get-settings.ts";

// The product list is loaded once for every screen (SPEC.md: the product page waits for it).
export interface Catalogue {
  products: Product[];
  loaded: boolean;
  settings: ShopSettings | null;
  reload: () => void;
}

export const CatalogueContext = createContext<Catalogue>({ products: [], loaded: false, settings: null, reload: () => {} });

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const [products, setProducts] = useState<Product[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [settings, setSettings] = useState<ShopSettings | null>(null);

  const reload = useCallback(() => {
    listProducts()
      .then(setProducts)
      .catch(() => {})
      .finally(() => setLoaded(true));
  }, []);

  useEffect(() => {
    reload();
    getSettings().then(setSettings, () => {});
  }, [reload]);

  const value = useMemo(() => ({ products, loaded, settings, reload }), [products, loaded, settings, reload]);
  return <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>;
}

export const useCatalogue = () => useContext(CatalogueContext);
