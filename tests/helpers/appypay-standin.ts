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
