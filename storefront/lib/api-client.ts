import { toast } from "./toast.ts";
import { readToken } from "./token.ts";

// The one HTTP client (DESIGN.md): Bearer token when signed in, the 401 rule, and the error toast.
// No timeout on purpose (SPEC.md §7): slow 3G requests must be allowed to finish.

export interface ApiFailure { success: false; message: string }

/** Thrown for every failed call; `message` is already shown to the shopper unless `quiet` was asked. */
export class ApiError extends Error {
  /** `fromServer`: the message is the server's own, not a local fallback. Status 0: no response. */
  constructor(readonly status: number, message: string, readonly fromServer = false) {
    super(message);
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The session registers how to log out; the client calls it on any 401. */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler) => {
  onUnauthorized = handler;
};

export interface RequestOptions {
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  /** Do not toast the failure: the caller shows its own message. */
  quiet?: boolean;
}

const messageOf = (data: unknown): string | undefined =>
  data && typeof data === "object" && "message" in data && typeof data.message === "string" && data.message ? data.message : undefined;

/**
 * Calls the shopper API and returns its JSON body.
 * Rejects with ApiError on a network failure, a non-2xx status or `success: false`.
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
    onUnauthorized();
    throw new ApiError(401, messageOf(data) ?? "Sessão expirada", Boolean(messageOf(data)));
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
