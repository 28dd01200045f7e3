// AppyPay's charges API for Multicaixa Express (GPO), on the one AppyPay client (docs/design/money.md#appypay).
//
// Source: AppyPay's public reference (appypay.stoplight.io, copied in the public repository fredypdp/AppyPay-Docs),
// read on 2026-11-28:
// - "Post a Charge": `POST /charges` { amount, currency: "AOA", description (no special characters),
//   merchantTransactionId (1–15 letters and digits, unique), paymentMethod ("GPO_<key>"), paymentInfo: { phoneNumber
//   (9–15 characters, with or without 244) } }. Synchronous by default (up to 90 s); with
//   `Accept: application/vnd.appypay.asyncapi+json` answered **202** `{ id, responseStatus }` and the outcome POSTed
//   to the merchant's transactional webhook, with the same body as the sample payload.
// - "Get a charge": `GET /charges/{id}` → `{ payment: { id, merchantTransactionId, amount, currency, status
//   (Requested | Pending | Success | Failed), transactionEvents: [{ responseStatus: { code, message, … } }] } }`.
//   "Get all charges": `GET /charges?merchantTransactionId=` → `{ payments: [...] }` (how a charge whose answer was
//   lost is found).
// - "Merchant Webhooks": `{ id, merchantTransactionId, amount, responseStatus }`, sent more than once for one
//   transaction; "as a security measure, double check the transaction by calling the GET /charges endpoint".
// - "Post a charge refund": `POST /refunds/{id}` { amount, description }, partial or total (GPO supports it),
//   answered `{ id, responseStatus }`; 760 when more than was paid.
// - "Errors": 100 success, 101 accepted (pending), 209 insufficient balance, 210/211 not authorised within 90 s,
//   231 declined by the customer, 319 pending at the provider; status Success | Pending | Failed | Cancelled | Expired.
import { AppyPayError, type AppyPayClient } from "./client.ts";

export const ASYNC_ACCEPT = "application/vnd.appypay.asyncapi+json";

export interface ChargeRequest {
  amount: number;
  description: string;
  merchantTransactionId: string;
  /** "GPO_<key from the merchant portal>" (APPYPAY_GPO_METHOD). */
  paymentMethod: string;
  /** The mobile's 9 national digits. */
  phoneNumber: string;
}

/** Where a charge stands, as AppyPay says it: the only source the shop settles a charge on. */
export interface GatewayCharge {
  id: string;
  merchantTransactionId: string | null;
  amount: number | null;
  state: "pending" | "success" | "failed";
  /** The latest response code (100, 101, 209, 231, …); null when AppyPay gave none. */
  code: number | null;
  message: string | null;
}

/** AppyPay's answer to a new charge: its id, and the outcome when AppyPay answered it at once. */
export interface AcceptedCharge {
  id: string;
  state: GatewayCharge["state"];
  code: number | null;
  message: string | null;
}

interface ResponseStatus {
  successful?: unknown;
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const number = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** AppyPay's status words (Requested, Pending, Success, Failed, Cancelled, Expired) as the shop's three states. */
function stateOf(status: unknown): GatewayCharge["state"] {
  if (status === "Success") return "success";
  if (status === "Failed" || status === "Cancelled" || status === "Expired") return "failed";
  return "pending";
}

/** One charge as "Get a charge" and "Get all charges" describe it; the code is the latest event's. */
function readCharge(payment: Record<string, unknown>): GatewayCharge | null {
  const id = text(payment.id);
  if (!id) return null;
  const events = Array.isArray(payment.transactionEvents) ? (payment.transactionEvents as { responseStatus?: ResponseStatus }[]) : [];
  const latest = events.at(-1)?.responseStatus ?? (payment.responseStatus as ResponseStatus | undefined);
  return {
    id,
    merchantTransactionId: text(payment.merchantTransactionId),
    amount: number(payment.amount),
    state: stateOf(payment.status ?? latest?.status),
    code: number(latest?.code),
    message: text(latest?.message),
  };
}

export class AppyPayCharges {
  constructor(private readonly client: AppyPayClient) {}

  /** Asks for a charge, asynchronously: AppyPay answers at once (202) and tells the outcome to the webhook. */
  async create(request: ChargeRequest): Promise<AcceptedCharge> {
    const { status, body } = await this.client.request<{ id?: unknown; responseStatus?: ResponseStatus }>("POST", "/charges", {
      accept: ASYNC_ACCEPT,
      body: {
        amount: request.amount,
        currency: "AOA",
        description: request.description,
        merchantTransactionId: request.merchantTransactionId,
        paymentMethod: request.paymentMethod,
        paymentInfo: { phoneNumber: request.phoneNumber },
      },
    });
    const id = text(body?.id);
    if (!id) throw new AppyPayError(`AppyPay respondeu ${status} sem id a POST /charges`, status, body);
    const answer = body?.responseStatus;
    return { id, state: stateOf(answer?.status), code: number(answer?.code), message: text(answer?.message) };
  }

  /** The charge as AppyPay has it now; null when it does not know the id. */
  async get(id: string): Promise<GatewayCharge | null> {
    try {
      const { body } = await this.client.request<{ payment?: Record<string, unknown> }>("GET", `/charges/${encodeURIComponent(id)}`);
      return body?.payment ? readCharge(body.payment) : null;
    } catch (error) {
      if (error instanceof AppyPayError && error.status === 404) return null;
      throw error;
    }
  }

  /** The charge made with our merchantTransactionId (when AppyPay's answer to it was lost); null when there is none. */
  async findByMerchantTransactionId(merchantTransactionId: string): Promise<GatewayCharge | null> {
    const { body } = await this.client.request<{ payments?: unknown }>("GET", "/charges", { query: { merchantTransactionId } });
    const payments = Array.isArray(body?.payments) ? (body.payments as Record<string, unknown>[]) : [];
    const found = payments.find((p) => p.merchantTransactionId === merchantTransactionId);
    return found ? readCharge(found) : null;
  }

  /** Gives back part or all of a paid charge; answers AppyPay's refund id and whether it succeeded. */
  async refund(
    id: string,
    amount: number,
    description: string,
  ): Promise<{ id: string; state: GatewayCharge["state"]; message: string | null }> {
    const { status, body } = await this.client.request<{ id?: unknown; responseStatus?: ResponseStatus }>(
      "POST",
      `/refunds/${encodeURIComponent(id)}`,
      { body: { amount, description } },
    );
    const refundId = text(body?.id);
    if (!refundId) throw new AppyPayError(`AppyPay respondeu ${status} sem id a POST /refunds`, status, body);
    return { id: refundId, state: stateOf(body?.responseStatus?.status), message: text(body?.responseStatus?.message) };
  }
}
