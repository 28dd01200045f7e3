import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { ErrorPage } from "./error-page.tsx";
import { RootLayout } from "./layout.tsx";
import HomePage from "../pages/home.tsx";

// Every screen but the home page is its own chunk: a shopper on 3G downloads only the page they open.
// Home is where most visits land, so it ships with the app and saves a round trip before the first paint.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The screens of SPEC.md §2, under the shared layout. */
export const pageRoutes: RouteObject[] = [
  { path: "/", element: <HomePage /> },
  { path: "/Home", element: <Navigate to="/" replace /> },
  { path: "/collection", ...page(() => import("../pages/collection.tsx")) },
  { path: "/novos", ...page(() => import("../pages/novos.tsx")) },
  { path: "/about", ...page(() => import("../pages/about.tsx")) },
  { path: "/contact", ...page(() => import("../pages/contact.tsx")) },
  { path: "/product/:productId", ...page(() => import("../pages/product.tsx")) },
  { path: "/cart", ...page(() => import("../pages/cart.tsx")) },
  { path: "/login", ...page(() => import("../pages/login.tsx")) },
  { path: "/place-order", ...page(() => import("../pages/place-order.tsx")) },
  { path: "/orders", ...page(() => import("../pages/orders.tsx")) },
  { path: "/message/:orderId?", ...page(() => import("../pages/message.tsx")) },
  { path: "/verify", ...page(() => import("../pages/verify.tsx")) },
  { path: "/pdf-viewer", ...page(() => import("../pages/pdf-viewer.tsx")) },
  { path: "/privacypolicy", ...page(() => import("../pages/privacy-policy.tsx")) },
  { path: "/confirmacaotransferencia", ...page(() => import("../pages/transfer-confirmation.tsx")) },
  { path: "*", ...page(() => import("../pages/not-found.tsx")) },
];

/** Shown while a deep link's page chunk arrives on first load. */
const Loading = () => (
  <div className="pdf-loading">
    <span className="spinner" />
  </div>
);

export const createRouter = () =>
  createBrowserRouter([{ element: <RootLayout />, errorElement: <ErrorPage />, hydrateFallbackElement: <Loading />, children: pageRoutes }]);
