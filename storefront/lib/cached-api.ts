import { useCallback, useEffect, useSyncExternalStore } from "react";
import { api, ApiError, messageOf } from "./api-client.ts";

// Public catalogue answers kept in memory by URL for the whole visit: going back to a page shows it at once
// instead of asking again, and two screens asking for the same thing share one request. Hand-written rather than
// @tanstack/react-query (installed for the console): that would add about 12 KB brotli to a first visit budgeted
// at 90 KB (tests/e2e/storefront-weight.test.ts), and these screens need only "fetch once, share, forget on reload".

interface Cached<T> {
  data?: T;
  error?: ApiError;
  loading: boolean;
}

const entries = new Map<string, Cached<unknown>>();
const listeners = new Map<string, Set<() => void>>();

/** An answer as index.html's boot script (paint-first.ts) received it. */
interface EarlyReply {
  status: number;
  body: unknown;
}

declare global {
  interface Window {
    /** Requests the boot script started before the app arrived, by URL; each is used once. */
    __lojaEarly?: Record<string, Promise<EarlyReply | null> | undefined>;
  }
}

function set(url: string, entry: Cached<unknown>) {
  entries.set(url, entry);
  for (const listener of [...(listeners.get(url) ?? [])]) listener();
}

const succeeded = (body: unknown) => Boolean(body && typeof body === "object" && "success" in body && body.success === true);

/** The boot script's answer for `url`, if it started one: the data, a 404 as ApiError, or undefined to ask again. */
async function early(url: string): Promise<unknown> {
  const started = window.__lojaEarly?.[url];
  if (!started) return undefined;
  window.__lojaEarly![url] = undefined;
  const reply = await started.catch(() => null);
  if (reply?.status === 404) {
    const message = messageOf(reply.body);
    throw new ApiError(404, message ?? "Erro 404", Boolean(message));
  }
  return reply && reply.status < 300 && succeeded(reply.body) ? reply.body : undefined;
}

/** Starts loading `url` unless it is loaded, loading, or known not to exist (404). A failed request is tried again. */
function request(url: string): void {
  const current = entries.get(url);
  if (current && (current.loading || current.data !== undefined || current.error?.status === 404)) return;
  set(url, { loading: true });
  early(url)
    .then((reply) => reply ?? api(url, { quiet: true }))
    .then(
      (data) => set(url, { data, loading: false }),
      (e: unknown) => set(url, { error: e instanceof ApiError ? e : new ApiError(0, String(e)), loading: false }),
    );
}

/** What is known of `url` now, without asking. */
export const peek = <T>(url: string): Cached<T> | undefined => entries.get(url) as Cached<T> | undefined;

/** An answer the page already carries (the server-rendered product): no request needed. */
export const seed = (url: string, entry: Cached<unknown>) => set(url, entry);

/** Forgets every answer: the bottom tab's reload asks the server again. */
export function clearCache(): void {
  for (const url of [...entries.keys()]) {
    entries.delete(url);
    for (const listener of [...(listeners.get(url) ?? [])]) listener();
  }
}

const subscribe = (url: string | null) => (listener: () => void) => {
  if (!url) return () => {};
  const set = listeners.get(url) ?? new Set();
  listeners.set(url, set);
  set.add(listener);
  return () => void set.delete(listener);
};

/** The cached answer for `url` (null: nothing to ask), loading it when it is not there yet. */
export function useCachedApi<T>(url: string | null): Cached<T> {
  const entry = useSyncExternalStore(
    useCallback((listener: () => void) => subscribe(url)(listener), [url]),
    () => (url ? entries.get(url) : undefined),
  ) as Cached<T> | undefined;
  // On arrival (which retries a failed request) and when the cache was cleared; not after each answer.
  const missing = entry === undefined;
  useEffect(() => {
    if (url) request(url);
  }, [url, missing]);
  return entry ?? { loading: url !== null };
}
