// A client for ProxyPay's API v2: Multicaixa "Pagamento por Referência" (docs/design/money.md#multicaixa-proxypay).
//
// Sources, checked on 2026-11-23:
// - ProxyPay's documentation, https://developer.proxypay.co.ao/v2/ : base URLs (production
//   https://api.proxypay.co.ao, sandbox https://api.sandbox.proxypay.co.ao), the headers
//   `Authorization: Token <api key>` and `Accept: application/vnd.proxypay.v2+json`, JSON bodies with
//   `Content-Type: application/json`, 401 for a wrong key and 406 for a format that is not theirs.
// - Public clients of the same API, for what the stored excerpt of the docs did not show:
//   nellcorp/proxypay-go, uhttred/django-proxypay, nextbss/proxypay-kotlin and the Multicaixa/ProxyPay
//   WooCommerce plugin (Naked-Cat-Plugins) agree that
//   `POST /reference_ids` answers a bare JSON number (the 9-digit reference), `PUT /references/{id}` takes
//   `{ amount, end_datetime, custom_fields }` and answers 204, `DELETE /references/{id}` removes a
//   reference, `GET /payments` lists the payments not yet acknowledged, `DELETE /payments/{id}`
//   acknowledges one, and webhooks carry `X-Signature`: the hex HMAC-SHA256 of the raw body keyed with
//   the API key. `end_datetime` is an ISO 8601 date-time; `amount` is sent as a number (the Python client
//   does; the PHP and Kotlin ones send the same value as a string). The payment fields below are the ones
//   those clients model (amounts come back as strings).
import { hmacSha256Matches } from "./hmac.ts";

export const PROXYPAY_PRODUCTION_URL = "https://api.proxypay.co.ao";
const PROXYPAY_ACCEPT = "application/vnd.proxypay.v2+json";
/** The webhook header that carries the signature (lower-case, as Node hands headers over). */
export const PROXYPAY_SIGNATURE_HEADER = "x-signature";

const DEFAULT_TIMEOUT_MS = 10_000;

/** Custom fields ProxyPay keeps on a reference and echoes back on its payment (string values). */
export type ProxyPayCustomFields = Record<string, string>;

/** A payment as ProxyPay reports it, by `GET /payments` and in the webhook body. */
export interface ProxyPayPayment {
  /** ProxyPay's payment id: the key for idempotency and for acknowledging. */
  id: number;
  /** What was paid, as a decimal string ("12500.00"). */
  amount: string;
  /** The reference that was paid (the number the shopper typed at the ATM). */
  reference_id: number;
  /** When the payment happened (ISO 8601). */
  datetime: string;
  custom_fields?: ProxyPayCustomFields | null;
  transaction_id?: number;
  terminal_type?: string;
  terminal_id?: string;
  terminal_location?: string | null;
  terminal_transaction_id?: number;
  terminal_period_id?: number;
  entity_id?: number;
  product_id?: number | string;
  period_id?: number;
  period_start_datetime?: string;
  period_end_datetime?: string;
  parameter_id?: string | null;
  fee?: string | null;
}

interface ProxyPayClientOptions {
  apiKey: string;
  /** Defaults to ProxyPay's production API; tests point it at a local stand-in. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface CreateReferenceInput {
  /** In kwanzas. */
  amount: number;
  /** After this instant the reference can no longer be paid (the order's payment deadline). */
  endDatetime: Date;
  customFields?: ProxyPayCustomFields;
}

/** Any failure talking to ProxyPay: `status` is the HTTP status, or 0 when no answer came (network, timeout). */
export class ProxyPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = "ProxyPayError";
  }
}

export class ProxyPayClient {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor({ apiKey, baseUrl = PROXYPAY_PRODUCTION_URL, timeoutMs = DEFAULT_TIMEOUT_MS }: ProxyPayClientOptions) {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.timeoutMs = timeoutMs;
  }

  /** Reserves a reference id, then sets its amount and deadline. Returns the reference id (9 digits). */
  async createReference({ amount, endDatetime, customFields }: CreateReferenceInput): Promise<string> {
    const raw = await this.call("POST", "/reference_ids");
    const referenceId = parseReferenceId(raw);
    await this.call("PUT", `/references/${referenceId}`, {
      amount: Number(amount.toFixed(2)),
      end_datetime: endDatetime.toISOString(),
      custom_fields: customFields ?? {},
    });
    return referenceId;
  }

  /** Withdraws a reference so it can no longer be paid. One already gone (404) is fine. */
  async deleteReference(referenceId: string): Promise<void> {
    try {
      await this.call("DELETE", `/references/${encodeURIComponent(referenceId)}`);
    } catch (error) {
      if (error instanceof ProxyPayError && error.status === 404) return;
      throw error;
    }
  }

  /** The payments ProxyPay holds that we have not acknowledged yet (the polling fallback to the webhook). */
  async listPayments(): Promise<ProxyPayPayment[]> {
    const raw = await this.call("GET", "/payments");
    const payments: unknown = raw === "" ? [] : JSON.parse(raw);
    if (!Array.isArray(payments)) throw new ProxyPayError("ProxyPay: lista de pagamentos inesperada", 200, raw);
    return payments as ProxyPayPayment[];
  }

  /** Tells ProxyPay a payment is recorded, so `listPayments` stops returning it. */
  async acknowledgePayment(paymentId: number | string): Promise<void> {
    await this.call("DELETE", `/payments/${encodeURIComponent(String(paymentId))}`);
  }

  /** One request; answers the raw body text, or throws ProxyPayError for a non-2xx, a network error or the timeout. */
  private async call(method: string, path: string, body?: unknown): Promise<string> {
    const headers: Record<string, string> = { Authorization: `Token ${this.apiKey}`, Accept: PROXYPAY_ACCEPT };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ProxyPayError(
        timedOut ? `ProxyPay: sem resposta em ${this.timeoutMs} ms (${method} ${path})` : `ProxyPay inacessível (${method} ${path})`,
        0,
      );
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new ProxyPayError(`ProxyPay respondeu ${response.status} a ${method} ${path}`, response.status, text);
    return text;
  }
}

/** `POST /reference_ids` answers a JSON number; a quoted one is accepted too. */
function parseReferenceId(raw: string): string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw.trim();
  }
  const id = typeof value === "number" || typeof value === "string" ? String(value) : "";
  if (!/^\d{1,15}$/.test(id)) throw new ProxyPayError("ProxyPay: id de referência inesperado", 200, raw);
  return id;
}

/** A ProxyPay payment as Loja records it (Payment.externalId, amount, bankReference, receivedAt). */
export interface ReceivedProxyPayPayment {
  /** ProxyPay's payment id, as a string: the key that makes a replayed notification count once. */
  paymentId: string;
  /** In kwanzas. */
  amount: number;
  /** The Multicaixa reference that was paid (the order's multicaixaReference). */
  referenceId: string;
  receivedAt: Date;
  customFields: ProxyPayCustomFields;
}

/**
 * Checks and converts one payment from a webhook body (after its signature is verified) or from
 * `listPayments`; null when a field Loja relies on is missing or malformed.
 */
export function readProxyPayPayment(value: unknown): ReceivedProxyPayPayment | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, amount, reference_id, datetime, custom_fields } = value as Record<string, unknown>;
  const paymentId = typeof id === "number" || typeof id === "string" ? String(id) : "";
  const referenceId = typeof reference_id === "number" || typeof reference_id === "string" ? String(reference_id) : "";
  const paid = typeof amount === "number" || (typeof amount === "string" && /^\d+(\.\d+)?$/.test(amount)) ? Number(amount) : NaN;
  const receivedAt = typeof datetime === "string" ? new Date(datetime) : new Date(NaN);
  if (!/^\d+$/.test(paymentId) || !/^\d+$/.test(referenceId) || !(paid > 0) || Number.isNaN(receivedAt.getTime())) return null;
  const customFields: ProxyPayCustomFields = {};
  if (typeof custom_fields === "object" && custom_fields !== null) {
    for (const [key, field] of Object.entries(custom_fields)) if (typeof field === "string") customFields[key] = field;
  }
  return { paymentId, amount: Math.round(paid * 100) / 100, referenceId, receivedAt, customFields };
}

/**
 * Whether `signatureHex` (the `X-Signature` header) is ProxyPay's signature of exactly `rawBody`.
 * Constant-time; a missing, malformed or wrong-length signature is simply false.
 */
export const verifyProxyPaySignature = (rawBody: Buffer | string, signatureHex: string | undefined, apiKey: string): boolean =>
  hmacSha256Matches(rawBody, signatureHex, apiKey);
