import { useState } from "react";
import { useLocation } from "react-router-dom";
import { BottomNav } from "./bottom-nav.tsx";
import { BusyProvider } from "../lib/busy.tsx";
import { CartProvider } from "../features/cart/cart-provider.tsx";
import { FloatingSupport, showsFloatingSupport } from "./floating-support.tsx";
import { Footer } from "./footer.tsx";
import { MessageNotices } from "./message-notices.tsx";
import { Navbar } from "./navbar.tsx";
import { RoutedPage } from "./router.tsx";
import { SearchBar } from "./search-bar.tsx";
import { SearchProvider } from "../features/catalogue/search-provider.tsx";
import { SessionProvider } from "../features/auth/session.tsx";
import { SettingsProvider } from "../features/settings/settings-provider.tsx";
import { ToastHost } from "./toast-host.tsx";
import { clearCache } from "../lib/cached-api.ts";

/** The chrome is hidden on the PDF viewer and the chat (docs/product/storefront.md#layout). */
const isBare = (path: string) => path.startsWith("/pdf-viewer") || path.startsWith("/message");

function Chrome() {
  const { pathname } = useLocation();
  const [reloadKey, setReloadKey] = useState(0);
  const bare = isBare(pathname);
  // The page and the bottom nav keep room for the support button where it shows (styles.css).
  const support = !bare && showsFloatingSupport(pathname);

  return (
    <>
      {!bare && <Navbar />}
      {!bare && <SearchBar />}
      <main className={bare ? "bare" : support ? "page has-support" : "page"} key={reloadKey}>
        <RoutedPage />
      </main>
      {!bare && <Footer />}
      {support && <FloatingSupport />}
      {!bare && (
        <BottomNav
          withSupport={support}
          onReload={() => {
            clearCache();
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}

export function RootLayout() {
  return (
    <SessionProvider>
      <SettingsProvider>
        <ShopShell />
      </SettingsProvider>
    </SessionProvider>
  );
}

/** Everything under the session and the shop's settings. */
export function ShopShell() {
  return (
    <CartProvider>
      <SearchProvider>
        <BusyProvider>
          <Chrome />
          <ToastHost />
          <MessageNotices />
        </BusyProvider>
      </SearchProvider>
    </CartProvider>
  );
}
