import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { CloseIcon, SearchIcon } from "../components/icons.tsx";
import { useSearch } from "../features/catalogue/search-provider.tsx";

/** Typing pauses this long before the collection asks again: one request per word, not per letter. */
const SEARCH_DEBOUNCE = 300;

/** `params` with the search text `q` (none when blank), back on the first page. */
const withSearch = (params: URLSearchParams, q: string) => {
  const next = new URLSearchParams(params);
  if (q.trim()) next.set("q", q.trim());
  else next.delete("q");
  next.delete("page");
  return next;
};

/** Shown only on collection routes, once the search icon opened it (docs/product/storefront.md#search-bar). */
export function SearchBar() {
  const { showSearch, setShowSearch } = useSearch();
  const { pathname } = useLocation();
  if (!showSearch || !pathname.startsWith("/collection")) return null;
  return <SearchBox onClose={() => setShowSearch(false)} />;
}

/** Drives the collection's `?q=`: the filter applies only while the box is shown, so closing it clears the text. */
function SearchBox({ onClose }: { onClose: () => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [text, setText] = useState(q);

  useEffect(() => {
    if (text.trim() === q) return;
    const t = setTimeout(() => setParams((p) => withSearch(p, text), { replace: true }), SEARCH_DEBOUNCE);
    return () => clearTimeout(t);
  }, [text, q, setParams]);

  return (
    <div className="search-bar">
      <label className="search-box">
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Pesquisar"
          aria-label="Pesquisar produtos"
          autoFocus
        />
        <SearchIcon />
      </label>
      <button
        type="button"
        className="icon-btn"
        aria-label="Fechar pesquisa"
        onClick={() => {
          if (q) setParams((p) => withSearch(p, ""), { replace: true });
          onClose();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
