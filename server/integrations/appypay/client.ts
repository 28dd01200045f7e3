// The one HTTP client of AppyPay's API v2.0 (an Angolan payment gateway to EMIS GPO, and a certified issuer of
// fiscal documents): OAuth2 client-credentials sign-in with the token kept until it expires, JSON requests with a
// timeout, and one error type. Multicaixa Express charges and fiscal documents are built on it (one contract with
// AppyPay serves both: docs/design/money.md#appypay).
//
// Source: AppyPay's public reference (appypay.stoplight.io, copied in the public repository fredypdp/AppyPay-Docs),
// read on 2026-11-28:
// - "Authentication and Authorization", "Get a token": the OAuth2 client credentials grant against Azure AD,
//   `POST <auth url>` with the form `grant_type=client_credentials, client_id, client_secret, resource`, answering
//   `{ token_type: "Bearer", expires_in: "3599", expires_on: "<unix seconds>", access_token }` (numbers as
//   strings). "Token will expire every 1 hour"; their best practices: cache it locally and reuse it until it expires.
// - "Errors": conventional HTTP statuses (200, 202 accepted for processing, 400, 401, 403, 404, 405, 415, 500) with
//   a body `{ id, responseStatus: { successful, status, code, message, source } }` on charges.

export const APPYPAY_AUTH_URL = "https://login.microsoftonline.com/auth.appypay.co.ao/oauth2/token";
export const APPYPAY_API_URL = "https://gwy-api.appypay.co.ao/v2.0";

const DEFAULT_TIMEOUT_MS = 15_000;
/** A token is renewed this long before AppyPay says it expires (clocks differ; a request takes time). */
const RENEW_BEFORE_MS = 120_000;

export interface AppyPayCredentials {
  clientId: string;
  clientSecret: string;
  /** The merchant's resource id (a UUID AppyPay gives with the credentials). */
  resource: string;
  authUrl: string;
  apiUrl: string;
}

/** Any failure talking to AppyPay: `status` is the HTTP status, or 0 when no answer came (network, timeout). */
export class AppyPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's body, parsed as JSON when it was JSON. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "AppyPayError";
  }

  /** AppyPay's own explanation of a refusal (`responseStatus.message`), when the body carries one. */
  get providerMessage(): string | undefined {
    const status = (this.body as { responseStatus?: { message?: unknown } } | undefined)?.responseStatus;
    return typeof status?.message === "string" ? status.message : undefined;
  }
}

export interface AppyPayRequest {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** An Accept header of the endpoint's own (e.g. the asynchronous charge API's). */
  accept?: string;
}

interface CachedToken {
  value: string;
  /** When to ask for a new one (ms since the epoch). */
  renewAt: number;
}

export class AppyPayClient {
  private cached: CachedToken | undefined;
  /** One sign-in at a time: concurrent requests wait for the same token. */
  private signingIn: Promise<CachedToken> | undefined;
  private readonly apiUrl: string;

  constructor(
    private readonly credentials: AppyPayCredentials,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.apiUrl = credentials.apiUrl.replace(/\/+$/, "");
  }

  /**
   * One API call with the merchant's bearer token; answers the status and the parsed JSON body (undefined when
   * empty). A 401 means the token was revoked or expired early: it is renewed once and the call made again.
   * Throws AppyPayError for any other non-2xx answer, a network error or the timeout.
   */
  async request<T = unknown>(method: string, path: string, options: AppyPayRequest = {}): Promise<{ status: number; body: T }> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.token();
      const answer = await this.call(method, path, token, options);
      if (answer.status === 401 && attempt === 1) {
        if (this.cached?.value === token) this.cached = undefined;
        continue;
      }
      if (answer.status < 200 || answer.status > 299)
        throw new AppyPayError(`AppyPay respondeu ${answer.status} a ${method} ${path}`, answer.status, answer.body);
      return { status: answer.status, body: answer.body as T };
    }
  }

  /** The cached token, or a new one (the one sign-in in flight when several requests need it at once). */
  private async token(): Promise<string> {
    if (this.cached && Date.now() < this.cached.renewAt) return this.cached.value;
    this.signingIn ??= this.signIn().finally(() => (this.signingIn = undefined));
    this.cached = await this.signingIn;
    return this.cached.value;
  }

  private async signIn(): Promise<CachedToken> {
    const { clientId, clientSecret, resource, authUrl } = this.credentials;
    const form = new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret, resource });
    const answer = await this.fetchJson("POST", authUrl, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
      what: "POST (token)",
    });
    const body = answer.body as { access_token?: unknown; expires_in?: unknown; expires_on?: unknown } | undefined;
    if (answer.status !== 200 || typeof body?.access_token !== "string" || !body.access_token)
      throw new AppyPayError(`AppyPay recusou as credenciais (${answer.status})`, answer.status, answer.body);
    // expires_on is when it expires (unix seconds); expires_in how long it lasts (seconds); both strings.
    const expiresOn = Number(body.expires_on) * 1000;
    const expiresIn = Number(body.expires_in) * 1000;
    const expiresAt = Number.isFinite(expiresOn) && expiresOn > 0 ? expiresOn : Date.now() + (Number.isFinite(expiresIn) ? expiresIn : 0);
    return { value: body.access_token, renewAt: Math.max(Date.now(), expiresAt - RENEW_BEFORE_MS) };
  }

  private call(method: string, path: string, token: string, { body, query, accept }: AppyPayRequest) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
    const url = `${this.apiUrl}${path}${search.size ? `?${search}` : ""}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: accept ?? "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return this.fetchJson(method, url, { headers, body: body === undefined ? undefined : JSON.stringify(body), what: `${method} ${path}` });
  }

  private async fetchJson(
    method: string,
    url: string,
    init: { headers: Record<string, string>; body?: string; what: string },
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(url, { method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new AppyPayError(
        timedOut ? `AppyPay: sem resposta em ${this.timeoutMs} ms (${init.what})` : `AppyPay inacessível (${init.what})`,
        0,
      );
    }
    const text = await response.text().catch(() => "");
    let body: unknown = undefined;
    if (text)
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    return { status: response.status, body };
  }
}
