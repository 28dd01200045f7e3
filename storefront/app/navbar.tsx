import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router-dom";
import { BagIcon, SearchIcon, UserIcon } from "../components/icons.tsx";
import { useCart } from "../features/cart/cart-provider.tsx";
import { useSearch } from "../features/catalogue/search-provider.tsx";
import { useSession } from "../features/auth/session.tsx";

export function Navbar() {
  const { token, logout } = useSession();
  const { count } = useCart();
  const { setShowSearch } = useSearch();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const profile = useRef<HTMLDivElement>(null);

  // A tap or click anywhere else closes the menu (touch screens have no hover to leave).
  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: PointerEvent) => {
      if (!profile.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [menuOpen]);

  // Opens only: hover may have opened it already, and a toggle would close it under the pointer.
  const onProfile = () => {
    if (token) setMenuOpen(true);
    else void navigate("/login");
  };

  return (
    <header className="navbar">
      <Link to="/" className="logo" aria-label="Loja, página inicial">
        LOJA<span>.</span>
      </Link>
      <nav className="nav-links" aria-label="Principal">
        <NavLink to="/" end>
          INÍCIO
        </NavLink>
        <NavLink to="/collection">COLEÇÃO</NavLink>
        <NavLink to="/novos">NOVOS</NavLink>
        <NavLink to="/about">SOBRE</NavLink>
        <NavLink to="/contact">CONTACTO</NavLink>
      </nav>
      <div className="nav-icons">
        <button
          type="button"
          className="icon-btn"
          aria-label="Pesquisar"
          onClick={() => {
            setShowSearch(true);
            void navigate("/collection");
          }}
        >
          <SearchIcon />
        </button>
        <div
          ref={profile}
          className="profile"
          onPointerEnter={(e) => token && e.pointerType === "mouse" && setMenuOpen(true)}
          onPointerLeave={(e) => e.pointerType === "mouse" && setMenuOpen(false)}
        >
          <button type="button" className="icon-btn" aria-label="Perfil" aria-expanded={token ? menuOpen : undefined} onClick={onProfile}>
            <UserIcon />
          </button>
          {token && menuOpen && (
            <div className="menu" role="menu">
              <Link to="/account" role="menuitem" onClick={() => setMenuOpen(false)}>
                Minha conta
              </Link>
              <Link to="/orders" role="menuitem" onClick={() => setMenuOpen(false)}>
                Encomendas
              </Link>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenuOpen(false);
                  logout();
                }}
              >
                Logout
              </button>
            </div>
          )}
        </div>
        <Link to="/cart" className="icon-btn cart-icon" aria-label={`Carrinho, ${count} artigos`}>
          <BagIcon />
          <span className="badge" data-testid="cart-count">
            {count}
          </span>
        </Link>
      </div>
    </header>
  );
}
