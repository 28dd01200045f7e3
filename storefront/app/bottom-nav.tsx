import type { MouseEvent, ReactNode } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { BoxIcon, GridIcon, HomeIcon, SparkIcon } from "../components/icons.tsx";

const TABS: readonly { to: string; label: string; icon: ReactNode }[] = [
  { to: "/", label: "Home", icon: <HomeIcon /> },
  { to: "/collection", label: "Coleção", icon: <GridIcon /> },
  { to: "/novos", label: "Novos", icon: <SparkIcon /> },
  { to: "/orders", label: "Encomendas", icon: <BoxIcon /> },
];

/**
 * Mobile tabs; tapping the current one reloads it without re-downloading the app. `withSupport` keeps a
 * slot at the right end for the floating support button, so on phones it never lies over the page.
 */
export function BottomNav({ onReload, withSupport = false }: { onReload: () => void; withSupport?: boolean }) {
  const { pathname } = useLocation();
  const tap = (to: string) => (e: MouseEvent) => {
    if (pathname === to) {
      e.preventDefault();
      onReload();
    }
  };
  return (
    <nav className={withSupport ? "bottom-nav has-support" : "bottom-nav"} aria-label="Navegação inferior">
      {TABS.map((t) => (
        <NavLink key={t.to} to={t.to} end onClick={tap(t.to)}>
          {t.icon}
          <span>{t.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
