import { lazy, Suspense } from "react";
import { loadToasts } from "../lib/toast.ts";

/** SPEC.md §9 toasts: top-right, 5 s, pause on hover and focus loss, drag 80 % to dismiss. */
const Container = lazy(async () => {
  const { ToastContainer } = await loadToasts();
  return { default: () => <ToastContainer position="top-right" autoClose={5000} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} /> };
});

export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
