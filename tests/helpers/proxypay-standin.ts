// A local HTTP server that answers like ProxyPay's API v2 for the endpoints Loja uses (as the Stripe tests
// stand in for Stripe): reference ids, references, pending payments, acknowledgement, and webhook signing.
// What it checks and answers follows ProxyPay's documentation (see server/integrations/proxypay.ts).
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProxyPayCustomFields, ProxyPayPayment } from "../../server/integrations/proxypay.ts";
import { buildTestApp, type TestApp } from "./app.ts";

export const STANDIN_API_KEY = "pp_test_key_0123456789abcdef";
export const STANDIN_ENTITY_ID = 12345;
const ACCEPT = "application/vnd.proxypay.v2+json";

export interface StandinReference {
  id: string;
  amount: number;
  end_datetime: string;
  custom_fields: ProxyPayCustomFields;
  deleted: boolean;
}

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

export class ProxyPayStandin {
  readonly apiKey: string;
  url = "";
  /** Every request, in order, whatever it was answered. */
  calls: RecordedCall[] = [];
  /** Issued reference ids, and the references set on them. */
  issuedIds = new Set<string>();
  references = new Map<string, StandinReference>();
  /** Payments not yet acknowledged (what GET /payments returns). */
  pending = new Map<number, ProxyPayPayment>();
  /** Every call answers 500, like an outage. */
  down = false;
  /** Each answer waits this long first (to make a client time out). */
  delayMs = 0;
  private nextReference = 100_000_001;
  private nextPayment = 80_000_000_001;
  private server: Server;

  constructor(apiKey = STANDIN_API_KEY) {
    this.apiKey = apiKey;
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        if (res.destroyed) return;
        if (body === undefined) res.writeHead(status).end();
        else res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A shopper pays `referenceId` at a Multicaixa terminal: the payment waits in GET /payments until acknowledged. */
  pay(referenceId: string, amount: number): ProxyPayPayment {
    const reference = this.references.get(referenceId);
    // A Multicaixa terminal refuses a withdrawn or expired reference.
    if (!reference || reference.deleted || Date.parse(reference.end_datetime) <= Date.now())
      throw new Error(`stand-in: reference ${referenceId} cannot be paid`);
    const now = new Date();
    const payment: ProxyPayPayment = {
      id: this.nextPayment++,
      amount: amount.toFixed(2),
      reference_id: Number(referenceId),
      datetime: now.toISOString(),
      custom_fields: { ...reference.custom_fields },
      transaction_id: 1000 + this.pending.size,
      terminal_type: "ATM",
      terminal_id: "0000000001",
      terminal_location: "LUANDA",
      terminal_transaction_id: 1,
      entity_id: STANDIN_ENTITY_ID,
      product_id: 1,
      period_id: 1,
      period_start_datetime: now.toISOString(),
      period_end_datetime: now.toISOString(),
      parameter_id: null,
      fee: null,
    };
    this.pending.set(payment.id, payment);
    return payment;
  }

  /** The `X-Signature` ProxyPay would send with this webhook body: hex HMAC-SHA256 keyed with the API key. */
  signWebhook(body: string | Buffer): string {
    return createHmac("sha256", this.apiKey).update(body).digest("hex");
  }

  /** The webhook ProxyPay would POST for a payment: the raw JSON body and its headers. */
  webhookFor(payment: ProxyPayPayment): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(payment);
    return { body, headers: { "content-type": "application/json", "x-signature": this.signWebhook(body) } };
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: unknown;
    let malformed = false;
    if (raw !== "") {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = true;
      }
    }
    const path = req.url ?? "";
    const method = req.method ?? "";
    this.calls.push({
      method,
      path,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      contentType: req.headers["content-type"],
      body,
    });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.down) return [500, { message: "Internal Server Error" }];
    if (req.headers.authorization !== `Token ${this.apiKey}`) return [401, { message: "Unauthorized" }];
    if (req.headers.accept !== ACCEPT) return [406, { message: "Not Acceptable" }];
    if (malformed) return [400, { message: "Bad Request" }];

    if (method === "POST" && path === "/reference_ids") {
      const id = String(this.nextReference++);
      this.issuedIds.add(id);
      return [200, Number(id)];
    }
    const reference = /^\/references\/(\d+)$/.exec(path);
    if (reference) return this.onReference(method, reference[1]!, body);
    if (method === "GET" && path === "/payments") return [200, [...this.pending.values()]];
    const payment = /^\/payments\/(\d+)$/.exec(path);
    if (payment && method === "DELETE") {
      return this.pending.delete(Number(payment[1])) ? [204, undefined] : [404, { message: "Not Found" }];
    }
    return [404, { message: "Not Found" }];
  }

  private onReference(method: string, id: string, body: unknown): [number, unknown] {
    if (method === "PUT") {
      if (!this.issuedIds.has(id)) return [404, { message: "Not Found" }];
      const { amount, end_datetime, custom_fields } = (body ?? {}) as Record<string, unknown>;
      const amountOk = (typeof amount === "number" || typeof amount === "string") && Number(amount) > 0;
      const endOk = typeof end_datetime === "string" && !Number.isNaN(Date.parse(end_datetime));
      if (!amountOk || !endOk) return [400, { message: "Bad Request" }];
      this.references.set(id, {
        id,
        amount: Number(amount),
        end_datetime: end_datetime,
        custom_fields: (custom_fields ?? {}) as ProxyPayCustomFields,
        deleted: false,
      });
      return [204, undefined];
    }
    if (method === "DELETE") {
      const ref = this.references.get(id);
      if (!ref || ref.deleted) return [404, { message: "Not Found" }];
      ref.deleted = true;
      return [204, undefined];
    }
    return [405, { message: "Method Not Allowed" }];
  }
}

/**
 * A test app whose ProxyPay is a fresh stand-in (entity 12345), its notifications signed with the stand-in's key;
 * the payment-deadline job does not run (the tests drive its rounds). `close` stops both.
 */
export async function appWithProxyPay(): Promise<{ t: TestApp; proxypay: ProxyPayStandin; close: () => Promise<void> }> {
  const proxypay = await new ProxyPayStandin().start();
  const t = await buildTestApp({
    env: {
      PROXYPAY_API_KEY: STANDIN_API_KEY,
      PROXYPAY_ENTITY: String(STANDIN_ENTITY_ID),
      PROXYPAY_BASE_URL: proxypay.url,
      PAYMENT_DEADLINE_WORKER: "false",
    },
  });
  return {
    t,
    proxypay,
    close: async () => {
      await t.close();
      await proxypay.stop();
    },
  };
}
