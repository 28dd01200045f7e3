// Stripe's REST API, the two calls Loja needs (Checkout Sessions), with fetch: no SDK, the base URL is
// configurable so tests run against a local server that answers like Stripe.

interface StripeConfig {
  secretKey: string;
  apiBase: string;
}

interface CheckoutLine {
  name: string;
  /** Smallest currency unit: AOA has two decimals for Stripe, so cents. */
  unitAmount: number;
  quantity: number;
}

interface CheckoutSession {
  id: string;
  url: string | null;
  status: string | null;
  payment_status: string;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
}

const STRIPE_UNAVAILABLE = "Não foi possível contactar o serviço de pagamento por cartão. Tente novamente.";

/** Stripe could not be reached or answered nonsense: the shop answers 502 with this message (plugins/error-handler.ts). */
export class StripeUnavailableError extends Error {
  readonly status = 502;
  constructor() {
    super(STRIPE_UNAVAILABLE);
  }
}
const TIMEOUT_MS = 15_000;

function isSession(value: unknown): value is CheckoutSession {
  const v = value as Partial<CheckoutSession> | null;
  return typeof v === "object" && v !== null && typeof v.id === "string" && typeof v.payment_status === "string";
}

export function createStripeClient(config: StripeConfig) {
  const base = config.apiBase.replace(/\/+$/, "");

  async function call(method: "GET" | "POST", path: string, form?: URLSearchParams, idempotencyKey?: string): Promise<CheckoutSession> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new StripeUnavailableError();
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok || !isSession(body)) throw new StripeUnavailableError();
    return body;
  }

  return {
    /** POST /v1/checkout/sessions, form-encoded as Stripe expects. */
    createCheckoutSession(input: { orderId: string; currency: string; lines: CheckoutLine[]; successUrl: string; cancelUrl: string }) {
      const form = new URLSearchParams();
      form.set("mode", "payment");
      form.set("success_url", input.successUrl);
      form.set("cancel_url", input.cancelUrl);
      form.set("client_reference_id", input.orderId);
      form.set("metadata[orderId]", input.orderId);
      input.lines.forEach((line, i) => {
        form.set(`line_items[${i}][price_data][currency]`, input.currency);
        form.set(`line_items[${i}][price_data][product_data][name]`, line.name);
        form.set(`line_items[${i}][price_data][unit_amount]`, String(line.unitAmount));
        form.set(`line_items[${i}][quantity]`, String(line.quantity));
      });
      // Stripe's own idempotency: a retried call for one order never opens a second session.
      return call("POST", "/v1/checkout/sessions", form, `loja-order-${input.orderId}`);
    },
    retrieveCheckoutSession: (id: string) => call("GET", `/v1/checkout/sessions/${encodeURIComponent(id)}`),
    /** Closes an open session so a cancelled order can no longer be paid. */
    expireCheckoutSession: (id: string) => call("POST", `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, new URLSearchParams()),
  };
}
export type StripeClient = ReturnType<typeof createStripeClient>;
