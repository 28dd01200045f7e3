import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// A global full-screen spinner overlay, shown while any long action runs (docs/product/storefront.md#busy-overlay).
interface Busy {
  run: <T>(work: Promise<T>) => Promise<T>;
}

const BusyContext = createContext<Busy>({ run: (w) => w });

export function BusyProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const run = useCallback(async <T,>(work: Promise<T>): Promise<T> => {
    setPending((n) => n + 1);
    try {
      return await work;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);
  const value = useMemo(() => ({ run }), [run]);
  return (
    <BusyContext.Provider value={value}>
      {children}
      {pending > 0 && (
        <div className="overlay" role="status" aria-label="A carregar">
          <span className="spinner" />
        </div>
      )}
    </BusyContext.Provider>
  );
}

export const useBusy = () => useContext(BusyContext);
