// Toasts without react-toastify on the critical path: the library is its own chunk, fetched right after the
// first screen (or at the first toast). Toasts raised before its container mounts wait in its own queue.
type ToastLib = typeof import("react-toastify");

let lib: Promise<ToastLib> | undefined;

export const loadToasts = (): Promise<ToastLib> => (lib ??= import("react-toastify"));

const show = (kind: "success" | "error" | "info") => (message: string) => {
  void loadToasts().then(({ toast: t }) => t[kind](message));
};

/** SPEC.md §8 toast types in use: success, info, error. */
export const toast = { success: show("success"), error: show("error"), info: show("info") };
