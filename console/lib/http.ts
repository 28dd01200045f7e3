import { HttpError, fetchUtils } from "react-admin";
import { API_URL } from "./api-url.ts";
import { getToken } from "./session.ts";
import { shellMessages } from "../i18n/shell.ts";

// The one HTTP client of the console: adds the staff Bearer token; errors surface the server's
// Portuguese `message` (fetchJson puts body.message into HttpError); the 401 rule lives in auth-provider.

export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
};

/** A file the staff API answers (the CSV exports): its bytes, or the server's Portuguese message as an HttpError. */
export const apiDownload = async (path: string): Promise<Blob> => {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, { headers });
  } catch {
    throw new HttpError(shellMessages.http_error, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(body?.message ?? shellMessages.http_error, res.status, body);
  }
  return res.blob();
};

/** For calls outside ra-data-simple-rest's shapes (multipart, custom replies). */
export const apiFetch = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body && typeof init.body === "string" && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, { ...init, headers });
  } catch {
    throw new HttpError(shellMessages.http_error, 0);
  }
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || body === null) throw new HttpError(body?.message ?? shellMessages.http_error, res.status, body);
  return body;
};
