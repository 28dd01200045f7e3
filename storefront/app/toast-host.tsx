import { lazy, Suspense, useEffect, useState } from "react";
import { loadToasts, onFirstToast } from "../lib/toast.ts";

/**
 * The container (and react-toastify with it) is fetched this long after start, or at the first toast:
 * on 3G its 10 KB would otherwise compete with the first screen's pictures.
 */
const MOUNT_AFTER = 3000;

/** SPEC.md §9 toasts: top-right, 5 s, pause on hover and focus loss, drag 80 % to dismiss. */
const Container = lazy(async () => {
  const { ToastContainer } = await loadToasts();
  return { default: () => <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} /> };
});

export function ToastHost() {
  const [mounted, setMounted] = useState(false);
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
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
