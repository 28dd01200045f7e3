import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Navigate, Route, Routes, useLocation, useNavigationType } from "react-router-dom";
import HomePage from "../pages/home.tsx";
import { ErrorBoundary } from "./error-page.tsx";
import { RouteMeta } from "./page-meta.tsx";

// Declarative routes rather than the data router: about 15 KB less to download before the first paint
// (tests/bench/storefront-weight.ts). Every screen but the home page is its own chunk; Home is where most
// visits land, so it ships with the app and saves a round trip.
const loaders = {
  collection: () => import("../pages/collection.tsx"),
  novos: () => import("../pages/novos.tsx"),
  about: () => import("../pages/about.tsx"),
  contact: () => import("../pages/contact.tsx"),
  product: () => import("../pages/product.tsx"),
  cart: () => import("../pages/cart.tsx"),
  login: () => import("../pages/login.tsx"),
  forgotPassword: () => import("../pages/forgot-password.tsx"),
  resetPassword: () => import("../pages/reset-password.tsx"),
  placeOrder: () => import("../pages/place-order.tsx"),
  orders: () => import("../pages/orders.tsx"),
  message: () => import("../pages/message.tsx"),
  verify: () => import("../pages/verify.tsx"),
  pdfViewer: () => import("../pages/pdf-viewer.tsx"),
  privacy: () => import("../pages/privacy-policy.tsx"),
  returnsPolicy: () => import("../pages/returns-policy.tsx"),
  transfer: () => import("../pages/transfer-confirmation.tsx"),
  account: () => import("../pages/account.tsx"),
  notFound: () => import("../pages/not-found.tsx"),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

type PageName = keyof typeof loaders;
const Page = {} as Record<PageName, ComponentType>;
for (const [name, load] of Object.entries(loaders) as [PageName, () => Promise<{ default: ComponentType }>][]) Page[name] = lazy(load);

/**
 * Once the first page is up and the network is idle, fetch the other pages' small chunks
 * (a few KB together, never pdf.js) so later taps open at once even on a slow connection.
 * One page at a time, each in its own idle moment: all at once were one task of ~50 ms on a phone (18 pages'
 * preload links and module evaluations), blocking a tap for that long.
 */
export const prefetchPages = (idle: (cb: () => void) => void) => {
  const queue = Object.values(loaders);
  const next = () => {
    const load = queue.shift();
    if (load)
      void load().then(
        () => idle(next),
        () => idle(next),
      );
  };
  next();
};

/** Lazy pages the server may have drawn already (server/routes/shop/pages.ts), by path. */
const SERVER_DRAWN: [RegExp, PageName][] = [
  [/^\/collection$/, "collection"],
  [/^\/product\//, "product"],
];

/**
 * Loads the page module for `pathname` when the server drew that page, so the app's first render replaces the
 * server's markup with the page itself rather than with the loading spinner while the chunk arrives. A failed
 * download is left to the lazy page, which tries again and shows the error page.
 */
export async function preparePage(pathname: string): Promise<void> {
  const name = SERVER_DRAWN.find(([path]) => path.test(pathname))?.[1];
  if (!name) return;
  try {
    Page[name] = (await loaders[name]()).default;
  } catch {
    // The lazy component stays.
  }
}

/** The storefront's screens (docs/product/storefront.md#routes). */
function PageRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/Home" element={<Navigate to="/" replace />} />
      <Route path="/collection" element={<Page.collection />} />
      <Route path="/novos" element={<Page.novos />} />
      <Route path="/about" element={<Page.about />} />
      <Route path="/contact" element={<Page.contact />} />
      <Route path="/product/:productId" element={<Page.product />} />
      <Route path="/cart" element={<Page.cart />} />
      <Route path="/login" element={<Page.login />} />
      <Route path="/forgot-password" element={<Page.forgotPassword />} />
      <Route path="/reset-password" element={<Page.resetPassword />} />
      <Route path="/place-order" element={<Page.placeOrder />} />
      <Route path="/orders" element={<Page.orders />} />
      <Route path="/message/:orderId?" element={<Page.message />} />
      <Route path="/verify" element={<Page.verify />} />
      <Route path="/pdf-viewer" element={<Page.pdfViewer />} />
      <Route path="/privacypolicy" element={<Page.privacy />} />
      <Route path="/trocas-e-devolucoes" element={<Page.returnsPolicy />} />
      <Route path="/confirmacaotransferencia" element={<Page.transfer />} />
      <Route path="/account" element={<Page.account />} />
      <Route path="*" element={<Page.notFound />} />
    </Routes>
  );
}

const Loading = () => (
  <div className="pdf-loading">
    <span className="spinner" />
  </div>
);

/** A new page starts at the top; back and forward keep the browser's own position. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== "POP") window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/** The routed content: a page that fails (or whose chunk fails to download) shows the fallback page. */
export function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <RouteMeta />
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<Loading />}>
          <PageRoutes />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
