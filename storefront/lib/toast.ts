// Toasts without react-toastify on the critical path: the library is its own chunk, fetched a few seconds after
// the first screen (or at the first toast). Toasts raised before its container mounts wait in its own queue.
type ToastLib = typeof import("react-toastify");

let lib: Promise<ToastLib> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

export const loadToasts = (): Promise<ToastLib> => (lib ??= import("react-toastify"));

/** Calls `cb` once a toast has been raised (at once if one already was); returns the unsubscribe. */
export function onFirstToast(cb: () => void): () => void {
  if (wanted) {
    cb();
    return () => {};
  }
  listeners.add(cb);
  return () => listeners.delete(cb);
}

export interface ToastOptions {
  /** Tapping the toast does this (e.g. opens the chat it is about). */
  onClick?: () => void;
}

const show = (kind: "success" | "error" | "info") => (message: string, options: ToastOptions = {}) => {
  if (!wanted) {
    wanted = true;
    for (const cb of listeners) cb();
    listeners.clear();
  }
  void loadToasts().then(({ toast: t }) => t[kind](message, options.onClick ? { onClick: options.onClick } : undefined));
};

/** SPEC.md §8 toast types in use: success, info, error. */
export const toast = { success: show("success"), error: show("error"), info: show("info") };
