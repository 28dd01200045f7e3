import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { ErrorPage } from "./error-page.tsx";
import { RootLayout } from "./layout.tsx";

// Every screen is its own chunk: a shopper on 3G downloads only the page they open.
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: "/", ...page(() => import("../pages/home.tsx")) },
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
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
