import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import { ErrorBoundary } from "./error-page.tsx";
import { dismissErrorToasts, loadToasts, onFirstToast } from "../lib/toast.ts";

/**
 * The container (and react-toastify with it) is fetched this long after start, or at the first toast:
 * on 3G its 10 KB would otherwise compete with the first screen's pictures.
 */
const MOUNT_AFTER = 3000;

/**
 * Toasts: top-right, 5 s, pause on hover and focus loss, drag 80 % to dismiss; several at once are one pile (the
 * newest on top, a tap or hover spreads them) instead of a column down the page (docs/product/storefront.md#toasts).
 */
const loadContainer = () =>
  lazy(async () => {
    const { ToastContainer } = await loadToasts();
    return {
      default: () => (
        <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} stacked />
      ),
    };
  });

export function ToastHost() {
  const [mounted, setMounted] = useState(false);
  // Offline (an installed shop opened without a network), the library's chunk cannot arrive: the page must still
  // work, without toasts, and try again once the connection is back. A lazy component keeps its failure, so each
  // try is a new one.
  const [attempt, setAttempt] = useState(0);
  const Container = useMemo(loadContainer, [attempt]);
  useEffect(() => {
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, []);
  const { pathname } = useLocation();
  // An old error must not follow the shopper onto the next page. A layout effect: it runs before the new page's
  // effects, so an error the new page raises at once is counted as that page's.
  useLayoutEffect(() => dismissErrorToasts(pathname), [pathname]);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), MOUNT_AFTER);
    const off = onFirstToast(() => setMounted(true));
    return () => {
      clearTimeout(timer);
      off();
    };
  }, []);
  if (!mounted) return null;
  return (
    <ErrorBoundary key={attempt} fallback={null}>
      <Suspense fallback={null}>
        <Container />
      </Suspense>
    </ErrorBoundary>
  );
}
