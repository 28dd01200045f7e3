import { useLocation } from "react-router-dom";
import { CloseIcon, SearchIcon } from "../components/icons.tsx";
import { useSearch } from "../features/catalogue/search-provider.tsx";

/** Shown only on collection routes, once the search icon opened it (SPEC.md §2). */
export function SearchBar() {
  const { search, setSearch, showSearch, setShowSearch } = useSearch();
  const { pathname } = useLocation();
  if (!showSearch || !pathname.startsWith("/collection")) return null;
  return (
    <div className="search-bar">
      <label className="search-box">
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Pesquisar" aria-label="Pesquisar produtos" autoFocus />
        <SearchIcon />
      </label>
      <button type="button" className="icon-btn" aria-label="Fechar pesquisa" onClick={() => setShowSearch(false)}>
        <CloseIcon />
      </button>
    </div>
  );
}
