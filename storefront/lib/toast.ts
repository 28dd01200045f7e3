// Toasts without react-toastify on the critical path: the library is its own chunk, fetched a few seconds after
// the first screen (or at the first toast). Toasts raised before its container mounts wait in its own queue.
type ToastLib = typeof import("react-toastify");

let lib: Promise<ToastLib> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** A failed download (offline) is forgotten, so the next toast tries again. */
export const loadToasts = (): Promise<ToastLib> =>
  (lib ??= import("react-toastify").catch((error: unknown) => {
    lib = undefined;
    throw error;
  }));

/** Calls `cb` once a toast has been raised (at once if one already was); returns the unsubscribe. */
export function onFirstToast(cb: () => void): () => void {
  if (wanted) {
    cb();
    return () => {};
  }
  listeners.add(cb);
  return () => listeners.delete(cb);
}

interface ToastOptions {
  /** Tapping the toast does this (e.g. opens the chat it is about). */
  onClick?: () => void;
}

const show =
  (kind: "success" | "error" | "info") =>
  (message: string, options: ToastOptions = {}) => {
    if (!wanted) {
      wanted = true;
      for (const cb of listeners) cb();
      listeners.clear();
    }
    // The message is the toast's id: the same notice raised twice (two taps, two failed requests) shows once.
    const toastId = `${kind}:${message}`;
    if (kind === "error") shownErrors.set(toastId, currentPage);
    loadToasts().then(
      ({ toast: t }) => {
        if (!t.isActive(toastId)) t[kind](message, { toastId, ...(options.onClick ? { onClick: options.onClick } : {}) });
      },
      () => {}, // Offline before the library ever arrived: this notice is lost, the page goes on.
    );
  };

/** Error toasts raised so far: id → the page (path) they concern. */
const shownErrors = new Map<string, string>();
/** The router's path, told by the toast host on every move. */
let currentPage = "";

/**
 * On a move to another page the errors raised on the last one go: they no longer apply there. Success and info
 * toasts stay, as they often announce the move itself ("Pedido realizado", "Sessão expirada").
 */
export function dismissErrorToasts(pathname: string): void {
  currentPage = pathname;
  const stale = [...shownErrors].filter(([, page]) => page !== pathname).map(([id]) => id);
  if (!stale.length) return;
  stale.forEach((id) => shownErrors.delete(id));
  loadToasts().then(
    ({ toast: t }) => stale.forEach((id) => t.dismiss(id)),
    () => {},
  );
}

/** Takes an error toast away before its 5 s (what it said was put right, e.g. the form it named is now complete). */
function dismissError(message: string): void {
  const id = `error:${message}`;
  if (!shownErrors.delete(id)) return;
  loadToasts().then(
    ({ toast: t }) => t.dismiss(id),
    () => {},
  );
}

/** Toast types in use: success, info, error. */
export const toast = { success: show("success"), error: show("error"), info: show("info"), dismissError };
