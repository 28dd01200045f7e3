// A local HTTP server that answers like AppyPay (as the ProxyPay and Stripe tests stand in for theirs): the OAuth2
// token endpoint and, on the same port, the API's routes. The sign-in follows AppyPay's reference (see
// server/integrations/appypay/client.ts); each API family (charges, fiscal documents) adds its routes with `route`.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const STANDIN_CLIENT_ID = "loja-test-client";
export const STANDIN_CLIENT_SECRET = "loja-test-secret-0123456789";
export const STANDIN_RESOURCE = "2aed7612-de64-46b5-9e59-1f48f8902d14";

export interface AppyPayCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON (or form, as an object) body; undefined when there was none. */
  body: unknown;
}

/** What a route answers: a status and a JSON body (none for undefined). */
export type AppyPayAnswer = [status: number, body?: unknown];
type Handler = (call: AppyPayCall, match: RegExpExecArray) => AppyPayAnswer | Promise<AppyPayAnswer>;

export class AppyPayStandin {
  url = "";
  /** Every request, in order, whatever it was answered (the token requests included). */
  calls: AppyPayCall[] = [];
  /** Tokens issued and still honoured. */
  private tokens = new Set<string>();
  /** How long a token lasts (AppyPay: an hour). */
  tokenTtlSeconds = 3600;
  /** Every API call answers 503, like an outage (the token endpoint too when `authDown`). */
  down = false;
  authDown = false;
  /** Each answer waits this long first (to make a client time out). */
  delayMs = 0;
  private routes: { method: string; path: RegExp; handler: Handler }[] = [];
  private server: Server;

  constructor() {
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

  /** The environment that points the shop at this stand-in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      APPYPAY_CLIENT_ID: STANDIN_CLIENT_ID,
      APPYPAY_CLIENT_SECRET: STANDIN_CLIENT_SECRET,
      APPYPAY_RESOURCE: STANDIN_RESOURCE,
      APPYPAY_AUTH_URL: `${this.url}/oauth2/token`,
      APPYPAY_API_URL: `${this.url}/v2.0`,
      ...extra,
    };
  }

  /** Adds an API route under /v2.0 (`path` is matched against the path after it, e.g. /^\/charges\/([^/]+)$/). */
  route(method: string, path: RegExp, handler: Handler): this {
    this.routes.push({ method, path, handler });
    return this;
  }

  /** Adds AppyPay's fiscal documents routes (FiscalDocumentsStandin) and answers them. */
  fiscalDocuments(): FiscalDocumentsStandin {
    return new FiscalDocumentsStandin(this);
  }

  /** Adds AppyPay's charges routes (ChargesStandin) and answers them. */
  charges(): ChargesStandin {
    return new ChargesStandin(this);
  }

  /** Forgets every token, as a revocation would: the next API call with one gets a 401. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The calls to the API (not the sign-ins). */
  apiCalls(): AppyPayCall[] {
    return this.calls.filter((c) => c.path !== "/oauth2/token");
  }

  private async handle(req: IncomingMessage): Promise<AppyPayAnswer> {
    const raw = await new Promise<string>((resolve) => {
      let data = "";
      req.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      req.on("end", () => resolve(data));
    });
    const url = new URL(req.url ?? "/", "http://standin");
    const contentType = req.headers["content-type"];
    let body: unknown = undefined;
    if (raw)
      body = contentType?.startsWith("application/x-www-form-urlencoded")
        ? Object.fromEntries(new URLSearchParams(raw))
        : (() => {
            try {
              return JSON.parse(raw) as unknown;
            } catch {
              return raw;
            }
          })();
    const call: AppyPayCall = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      contentType,
      body,
    };
    this.calls.push(call);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (call.path === "/oauth2/token") return this.signIn(call);
    if (this.down) return [503, { responseStatus: { successful: false, code: 503, message: "Service Unavailable" } }];
    const token = /^Bearer (.+)$/.exec(call.authorization ?? "")?.[1];
    if (!token || !this.tokens.has(token)) return [401, { message: "Unauthorized" }];
    const apiPath = call.path.replace(/^\/v2\.0/, "");
    for (const route of this.routes) {
      if (route.method !== call.method) continue;
      const match = route.path.exec(apiPath);
      if (match) return route.handler({ ...call, path: apiPath }, match);
    }
    return [404, { message: `stand-in: no route for ${call.method} ${apiPath}` }];
  }

  /** AppyPay's "Get a token": the client credentials grant; numbers come back as strings. */
  private signIn(call: AppyPayCall): AppyPayAnswer {
    if (this.authDown) return [503, { error: "temporarily_unavailable" }];
    const form = (call.body ?? {}) as Record<string, string>;
    if (call.method !== "POST" || !call.contentType?.startsWith("application/x-www-form-urlencoded"))
      return [400, { error: "invalid_request" }];
    if (form.grant_type !== "client_credentials") return [400, { error: "unsupported_grant_type" }];
    if (form.client_id !== STANDIN_CLIENT_ID || form.client_secret !== STANDIN_CLIENT_SECRET) return [401, { error: "invalid_client" }];
    if (form.resource !== STANDIN_RESOURCE) return [400, { error: "invalid_resource" }];
    const token = randomBytes(24).toString("base64url");
    this.tokens.add(token);
    const now = Math.floor(Date.now() / 1000);
    return [
      200,
      {
        token_type: "Bearer",
        expires_in: String(this.tokenTtlSeconds),
        ext_expires_in: String(this.tokenTtlSeconds),
        expires_on: String(now + this.tokenTtlSeconds),
        not_before: String(now),
        resource: STANDIN_RESOURCE,
        access_token: token,
      },
    ];
  }
}

/** A fiscal document the stand-in accepted, and where it stands. */
export interface StandinFiscalDocument {
  id: string;
  body: Record<string, unknown>;
  status: "Pending" | "Success" | "Failed";
  documentNo: string | null;
  reason: string | null;
}

/** A tiny valid PDF (the header file-type sniffs) and a 1×1 PNG, as AppyPay returns them (base64). */
const STANDIN_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const STANDIN_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * AppyPay's fiscal documents API as its reference describes it (server/integrations/appypay/fiscal-documents.ts):
 * POST /fiscal-documents answers 202 with an id and keeps the document Pending; the test decides when the AGT
 * "processed" it (`issue`, `reject`) and may deliver the webhook; GET /fiscal-documents/{id} answers the document
 * (its number and base64 PDF and QR once issued; documentStatus as the list gives it); GET
 * /fiscal-documents/taxpayer/{nif} answers the taxpayers the test registered.
 */
export class FiscalDocumentsStandin {
  documents = new Map<string, StandinFiscalDocument>();
  taxpayers = new Map<string, { name: string; status: string }>();
  /** How many POSTs to answer 503 next (an outage that passes). */
  failNextPosts = 0;
  private counter = 0;

  constructor(private readonly appypay: AppyPayStandin) {
    appypay
      .route("POST", /^\/fiscal-documents$/, (call) => {
        if (this.failNextPosts > 0) {
          this.failNextPosts--;
          return [503, { responseStatus: { successful: false, code: 503, message: "Service Unavailable" } }];
        }
        const body = (call.body ?? {}) as Record<string, unknown>;
        if (!body.documentDate || !body.customerTaxID || !body.customerCountry || !body.companyName || !Array.isArray(body.lines))
          return [400, { responseStatus: { successful: false, code: 400, message: "Invalid request" } }];
        const id = randomUUID();
        this.documents.set(id, { id, body, status: "Pending", documentNo: null, reason: null });
        return [202, { id, responseStatus: { code: 101, message: "The request has been accepted for processing." } }];
      })
      .route("GET", /^\/fiscal-documents\/taxpayer\/([^/]+)$/, (_call, match) => {
        const nif = decodeURIComponent(match[1]!);
        const found = this.taxpayers.get(nif);
        return found ? [200, { nif, name: found.name, status: found.status }] : [404, { message: "Taxpayer not found" }];
      })
      .route("GET", /^\/fiscal-documents\/([^/]+)$/, (_call, match) => {
        const doc = this.documents.get(decodeURIComponent(match[1]!));
        if (!doc) return [404, { message: "Not found" }];
        return [
          200,
          {
            id: doc.id,
            documentNo: doc.documentNo ?? "",
            documentStatus: doc.status,
            validationStatus: doc.status === "Failed" ? "I" : doc.status === "Success" ? "V" : undefined,
            providerResultDescription: doc.reason ?? undefined,
            documentType: doc.body.documentType,
            ...(doc.status === "Success"
              ? {
                  docData: { fileType: "application/pdf", file: STANDIN_PDF.toString("base64") },
                  qrCode: { fileType: "image/png", file: STANDIN_PNG.toString("base64") },
                }
              : {}),
          },
        ];
      });
  }

  /** The documents asked for, in order. */
  posted(): StandinFiscalDocument[] {
    return [...this.documents.values()];
  }

  /** The AGT accepted it: it gets its number (FR/NC series of the stand-in). */
  issue(id: string): StandinFiscalDocument {
    const doc = this.documents.get(id)!;
    doc.status = "Success";
    doc.documentNo = `${String(doc.body.documentType)} LOJA2026/${String(++this.counter).padStart(6, "0")}`;
    return doc;
  }

  reject(id: string, reason: string): StandinFiscalDocument {
    const doc = this.documents.get(id)!;
    doc.status = "Failed";
    doc.reason = reason;
    return doc;
  }

  /** AppyPay's non-transactional webhook for a document (its payload is not spelled out: the document's id and state). */
  webhookBody(id: string): Record<string, unknown> {
    const doc = this.documents.get(id)!;
    return {
      fiscalDocument: { id: doc.id, documentNo: doc.documentNo, documentStatus: doc.status },
      responseStatus: { successful: doc.status === "Success", status: doc.status, code: 100, message: "OK", source: "AGT" },
    };
  }
}

/** A Multicaixa Express charge the stand-in accepted, and where it stands. */
export interface StandinCharge {
  id: string;
  body: {
    amount: number;
    currency: string;
    description: string;
    merchantTransactionId: string;
    paymentMethod: string;
    paymentInfo: { phoneNumber: string };
  };
  accept: string | undefined;
  status: "Pending" | "Success" | "Failed";
  code: number;
  message: string;
  /** What AppyPay says it charged (the charged amount unless a test says otherwise). */
  amount: number;
  /** Given back through POST /refunds/{id}. */
  refunded: number;
}

const CHARGE_MESSAGES: Record<number, string> = {
  100: "Obrigado! O seu pagamento foi registado com Sucesso.",
  101: "A solicitação foi aceita para processamento.",
  209: "O seu saldo é insuficiente para prosseguir com a operação.",
  210: "O prazo de pagamento expirou. Deverá autorizar o seu pagamento num prazo máximo de 90 segundos.",
  211: "O prazo de pagamento expirou. Deverá autorizar o seu pagamento num prazo máximo de 90 segundos.",
  231: "Pagamento não autorizado pelo cliente.",
};

/**
 * AppyPay's charges API as its reference describes it (server/integrations/appypay/charges.ts): POST /charges with
 * the asynchronous Accept answers 202 and keeps the charge Pending until the test decides the shopper's answer
 * (`approve`, `fail`); GET /charges/{id} and GET /charges?merchantTransactionId= answer it as it stands; POST
 * /refunds/{id} gives back part or all of a paid one. `webhookBody` is what AppyPay POSTs to the merchant, and
 * `deliver` POSTs it to a running shop.
 */
export class ChargesStandin {
  charges = new Map<string, StandinCharge>();
  /** How many POST /charges to answer 400 next (a refusal), or to hang up on after taking (a lost answer). */
  refuseNext = 0;
  loseNextAnswers = 0;

  constructor(private readonly appypay: AppyPayStandin) {
    appypay
      .route("POST", /^\/charges$/, (call) => {
        const body = (call.body ?? {}) as StandinCharge["body"];
        if (this.refuseNext > 0) {
          this.refuseNext--;
          return [
            400,
            { responseStatus: { successful: false, status: "Failed", code: 800, message: "Request is null or with wrong format." } },
          ];
        }
        const valid =
          typeof body.amount === "number" &&
          body.amount >= 1 &&
          body.currency === "AOA" &&
          /^[A-Za-z0-9]{1,15}$/.test(body.merchantTransactionId ?? "") &&
          /^GPO_/.test(body.paymentMethod ?? "") &&
          /^(244)?9\d{8}$/.test(body.paymentInfo?.phoneNumber ?? "") &&
          /^[A-Za-z0-9 ]+$/.test(body.description ?? "");
        if (!valid) return [400, { responseStatus: { successful: false, status: "Failed", code: 719, message: "Field(s) not provided" } }];
        if ([...this.charges.values()].some((c) => c.body.merchantTransactionId === body.merchantTransactionId))
          return [
            400,
            {
              responseStatus: { successful: false, status: "Failed", code: 726, message: "The requested reference number already exists" },
            },
          ];
        const id = randomUUID();
        this.charges.set(id, {
          id,
          body,
          accept: call.accept,
          status: "Pending",
          code: 101,
          message: CHARGE_MESSAGES[101]!,
          amount: body.amount,
          refunded: 0,
        });
        if (this.loseNextAnswers > 0) {
          this.loseNextAnswers--;
          return [504];
        }
        const async = call.accept === "application/vnd.appypay.asyncapi+json";
        return [
          async ? 202 : 200,
          { id, responseStatus: { successful: true, status: "Pending", code: 101, message: CHARGE_MESSAGES[101], source: "GPO" } },
        ];
      })
      .route("GET", /^\/charges$/, (call) => {
        const mtid = call.query.get("merchantTransactionId");
        const found = [...this.charges.values()].filter((c) => !mtid || c.body.merchantTransactionId === mtid);
        return [200, { payments: found.map((c) => this.payment(c)) }];
      })
      .route("GET", /^\/charges\/([^/]+)$/, (_call, match) => {
        const charge = this.charges.get(decodeURIComponent(match[1]!));
        return charge
          ? [200, { payment: this.payment(charge) }]
          : [404, { responseStatus: { successful: false, code: 720, message: "Transaction was not found" } }];
      })
      .route("POST", /^\/refunds\/([^/]+)$/, (call, match) => {
        const charge = this.charges.get(decodeURIComponent(match[1]!));
        const body = (call.body ?? {}) as { amount?: number; description?: string };
        if (!charge || charge.status !== "Success")
          return [404, { responseStatus: { successful: false, code: 720, message: "Transaction was not found" } }];
        if (typeof body.amount !== "number" || body.amount <= 0 || !body.description)
          return [400, { responseStatus: { successful: false, code: 719, message: "Field(s) not provided" } }];
        if (Math.round((charge.refunded + body.amount) * 100) > Math.round(charge.amount * 100))
          return [
            400,
            {
              responseStatus: {
                successful: false,
                status: "Failed",
                code: 760,
                message: "Refund amount request can not be more than amount paid.",
              },
            },
          ];
        charge.refunded = Math.round((charge.refunded + body.amount) * 100) / 100;
        return [
          200,
          {
            id: randomUUID(),
            responseStatus: { successful: true, status: "Success", code: 100, message: CHARGE_MESSAGES[100], source: "GPO" },
          },
        ];
      });
  }

  /** The charges asked for, in order. */
  posted(): StandinCharge[] {
    return [...this.charges.values()];
  }

  /** The charge made with a merchantTransactionId (the shop's), or the only/last one. */
  last(): StandinCharge {
    return this.posted().at(-1)!;
  }

  /** The shopper approved it in the app (AppyPay charged `amount`, the asked amount unless a test says otherwise). */
  approve(id: string, amount?: number): StandinCharge {
    const charge = this.charges.get(id)!;
    Object.assign(charge, { status: "Success", code: 100, message: CHARGE_MESSAGES[100], amount: amount ?? charge.body.amount });
    return charge;
  }

  /** Declined (231), no balance (209), not approved within 90 s (210/211), or any other failure code. */
  fail(id: string, code: number): StandinCharge {
    const charge = this.charges.get(id)!;
    Object.assign(charge, { status: "Failed", code, message: CHARGE_MESSAGES[code] ?? "Houve um erro no pagamento." });
    return charge;
  }

  /** The transactional webhook's body ("Merchant Webhooks" sample payload). */
  webhookBody(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const charge = this.charges.get(id)!;
    return {
      id: charge.id,
      merchantTransactionId: charge.body.merchantTransactionId,
      amount: charge.amount,
      responseStatus: {
        successful: charge.status === "Success",
        status: charge.status,
        code: charge.code,
        message: charge.message,
        source: "GPO",
        sourceDetails: { attempt: 1, type: "NONE", code: "NONE", message: "OK" },
      },
      ...overrides,
    };
  }

  /** POSTs the webhook to a running shop, as AppyPay does, with the portal's secret as a bearer token. */
  deliver(shopUrl: string, secret: string, id: string): Promise<Response> {
    return fetch(`${shopUrl}/api/payments/appypay`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
      body: JSON.stringify(this.webhookBody(id)),
    });
  }

  private payment(c: StandinCharge) {
    const now = new Date().toISOString();
    return {
      id: c.id,
      merchantTransactionId: c.body.merchantTransactionId,
      type: "Charge",
      operation: "ONE_TIME_PAYMENT",
      amount: c.amount,
      currency: "AOA",
      status: c.status,
      description: c.body.description,
      disputes: false,
      applicationFeeAmount: 0,
      paymentMethod: "GPO",
      createdDate: now,
      updatedDate: now,
      transactionEvents: [
        {
          id: 1,
          transactionId: c.id,
          type: "Charge",
          responseStatus: { successful: c.status === "Success", status: c.status, code: c.code, message: c.message, source: "GPO" },
        },
      ],
      options: {},
      reference: null,
    };
  }
}
