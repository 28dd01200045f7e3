import { toast } from "./toast.ts";
import { readToken, writeToken } from "./token.ts";
import { SESSION_EXPIRED } from "../../shared/session.ts";

// The one HTTP client: Bearer token when signed in, the 401 rule (docs/design/contracts.md#the-401-rule), and the
// error toast. No timeout on purpose: slow 3G requests must be allowed to finish.

/** Thrown for every failed call; `message` is already shown to the shopper unless `quiet` was asked. */
export class ApiError extends Error {
  /** `fromServer`: the message is the server's own, not a local fallback. Status 0: no response. */
  constructor(
    readonly status: number,
    message: string,
    readonly fromServer = false,
  ) {
    super(message);
  }
}

/** The notice for a 401 anywhere (or a real-time 'invalid token'): the server's own words. */
const SESSION_EXPIRED_MESSAGE = SESSION_EXPIRED;

/**
 * Thrown instead of ApiError when the server refused the token: the session has already been expired (and the
 * shopper told), so callers show nothing of their own.
 */
export class SessionExpiredError extends Error {
  constructor() {
    super(SESSION_EXPIRED_MESSAGE);
  }
}

const expiryListeners = new Set<() => void>();

/** The session follows expiries here (drops its token state, goes to /login); returns the unsubscribe. */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => void expiryListeners.delete(listener);
}

/**
 * A 401, or the real-time client's 'invalid token', ends the session: the token goes (and with it
 * the signed-in cart), one info toast, then /login. Only while a token is held, so parallel 401s give one notice.
 */
export function expireSession(): void {
  if (!readToken()) return;
  writeToken("");
  toast.info(SESSION_EXPIRED_MESSAGE);
  for (const listener of [...expiryListeners]) listener();
}

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Do not toast the failure: the caller shows its own message. */
  quiet?: boolean;
}

/** The `message` of an error answer, if it has one. */
export const messageOf = (data: unknown): string | undefined =>
  data && typeof data === "object" && "message" in data && typeof data.message === "string" && data.message ? data.message : undefined;

/**
 * Calls the shopper API and returns its JSON body.
 * Rejects with SessionExpiredError on a 401, else with ApiError on a network failure, a non-2xx status or
 * `success: false`.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
  } catch {
    return fail(0, "Sem ligação à internet. Tente novamente.", opts.quiet);
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (res.status === 401) {
    expireSession();
    throw new SessionExpiredError();
  }
  const success = data && typeof data === "object" && "success" in data ? data.success !== false : true;
  if (!res.ok || !success) {
    const serverMessage = messageOf(data);
    return fail(res.status, serverMessage ?? `Erro ${res.status}`, opts.quiet, Boolean(serverMessage));
  }
  return data as T;
}

function fail(status: number, message: string, quiet?: boolean, fromServer = false): never {
  if (!quiet) toast.error(message);
  throw new ApiError(status, message, fromServer);
}
