// What routes and plugins reach through `app.deps`: built once by bootstrap.ts's createDeps (or a test) and
// passed to buildApp.
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { ListCache } from "./domain/catalogue/list-cache.ts";
import type { AttemptLimiter } from "./domain/users/attempt-limiter.ts";
import type { TokenService } from "./domain/users/tokens.ts";
import type { Sessions } from "./domain/users/sessions.ts";
import type { FileCache } from "./domain/media/file-cache.ts";
import type { MediaStore } from "./domain/media/store.ts";
import type { Hub } from "./realtime/hub.ts";
import type { ClusterBus } from "./cluster/bus.ts";
import type { CartAdder } from "./domain/cart/adder.ts";
import { createStripeClient, type StripeClient } from "./integrations/stripe.ts";
import { ProxyPayClient } from "./integrations/proxypay.ts";
import type { Notifier } from "./notifications/notifier.ts";
import type { ShopSettingsCache } from "./domain/settings/settings-cache.ts";
import type { Lifecycle } from "./ops/lifecycle.ts";
import { AppyPayClient } from "./integrations/appypay/client.ts";
import { AppyPayFiscalDocuments, type FiscalProvider } from "./integrations/appypay/fiscal-documents.ts";
import { AppyPayCharges } from "./integrations/appypay/charges.ts";
import type { McxExpressSetup } from "./domain/payments/mcx-express.ts";

/** The payment providers' HTTP clients, each present only when configured. */
export interface PaymentClients {
  stripe?: StripeClient;
  proxypay?: ProxyPayClient;
  /** Multicaixa Express charges through AppyPay: with APPYPAY_GPO_METHOD (and its credentials and webhook secret). */
  mcxExpress?: AppyPayCharges;
}

/** One AppyPay client (one token) for charges and fiscal documents, when AppyPay is configured. */
export const createAppyPayClient = (config: Pick<Config, "appypay">): AppyPayClient | undefined =>
  config.appypay ? new AppyPayClient(config.appypay) : undefined;

export function createPaymentClients(config: Pick<Config, "stripe" | "proxypay" | "appypay">, appypay?: AppyPayClient): PaymentClients {
  const client = appypay ?? createAppyPayClient(config);
  return {
    stripe: config.stripe ? createStripeClient(config.stripe) : undefined,
    proxypay: config.proxypay ? new ProxyPayClient({ apiKey: config.proxypay.apiKey, baseUrl: config.proxypay.baseUrl }) : undefined,
    mcxExpress: client && config.appypay?.gpoMethod ? new AppyPayCharges(client) : undefined,
  };
}

/** Multicaixa Express's gateway and settings (docs/design/money.md#multicaixa-express-appypay); undefined: not offered. */
export function mcxExpressSetup({ payments, config }: Pick<AppDeps, "payments" | "config">): McxExpressSetup | undefined {
  const method = config.appypay?.gpoMethod;
  if (!payments.mcxExpress || !method || !config.appypay) return undefined;
  return { gateway: payments.mcxExpress, paymentMethod: method, reconcileMs: config.appypay.reconcileMs };
}

/**
 * The certified issuer of fiscal documents (FISCAL_PROVIDER), undefined when none is configured: then nothing is
 * asked and admins attach the documents issued in the AGT portal (docs/design/fiscal-documents.md).
 */
export function createFiscalProvider(
  config: Pick<Config, "appypay" | "fiscalProvider">,
  appypay?: AppyPayClient,
): FiscalProvider | undefined {
  if (config.fiscalProvider !== "appypay" || !config.appypay) return undefined;
  return new AppyPayFiscalDocuments(appypay ?? new AppyPayClient(config.appypay));
}

export interface AppDeps {
  config: Config;
  db: Database;
  tokens: TokenService;
  /** Whether a token's session is still open (logout, password, deactivation and role changes end them). */
  sessions: Sessions;
  /** The shopper product list, built once and served pre-compressed until the catalogue changes. */
  productListCache: ListCache;
  /** Metadata of recently served media files. */
  files: FileCache;
  /** Sign-in, sign-up and phone sign-in attempts, placements and limited requests, counted in the database (shared by every instance). */
  attempts: AttemptLimiter;
  /** Where media bytes live (files under DATA_DIR, or an S3-compatible bucket). */
  media: MediaStore;
  /** "Add to cart" writes, batched under load. */
  cartAdder: CartAdder;
  /** Real-time sockets of this instance. */
  hub: Hub;
  /** What this instance tells the other instances and hears from them (caches, sessions, real-time events). */
  bus: ClusterBus;
  payments: PaymentClients;
  /** Who issues the shop's fiscal documents (FISCAL_PROVIDER); undefined: admins attach them by hand. */
  fiscal: FiscalProvider | undefined;
  /** The shop settings each order placement reads, kept in memory until a save (here or elsewhere) changes them. */
  shopSettings: ShopSettingsCache;
  /** E-mail (outbox) and web push on the shop's events; the mail sender is started by plugins/notifications.ts, the recurring jobs by plugins/jobs.ts. */
  notifier: Notifier;
  /** Serving or draining (after SIGTERM): what /health/ready tells the proxy (docs/design/operations.md#shutdown). */
  lifecycle: Lifecycle;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
