import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

// Whether the search box is open (the header's search icon opens it). The text itself lives in
// /collection's address (`?q=`), so back and shared links keep it: app/search-bar.tsx.
interface Search {
  showSearch: boolean;
  setShowSearch: (v: boolean) => void;
}

const SearchContext = createContext<Search>({ showSearch: false, setShowSearch: () => {} });

export function SearchProvider({ children }: { children: ReactNode }) {
  const [showSearch, setShowSearch] = useState(false);
  const value = useMemo(() => ({ showSearch, setShowSearch }), [showSearch]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export const useSearch = () => useContext(SearchContext);
