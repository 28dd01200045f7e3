import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface Search {
  search: string;
  setSearch: (s: string) => void;
  showSearch: boolean;
  setShowSearch: (v: boolean) => void;
}

const SearchContext = createContext<Search>({ search: "", setSearch: () => {}, showSearch: false, setShowSearch: () => {} });

export function SearchProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState("");
  const [showSearch, setShowSearch] = useState(false);
  const value = useMemo(() => ({ search, setSearch, showSearch, setShowSearch }), [search, showSearch]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export const useSearch = () => useContext(SearchContext);
