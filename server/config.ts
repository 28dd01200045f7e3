// Environment → typed configuration. A bad value stops the start with one clear line naming the variable.
import { isIP } from "node:net";
import path from "node:path";
import { PROXYPAY_PRODUCTION_URL } from "./integrations/proxypay.ts";
import { APPYPAY_API_URL, APPYPAY_AUTH_URL, type AppyPayCredentials } from "./integrations/appypay/client.ts";
import { MAX_PAYMENT_DEADLINE_HOURS } from "../shared/settings.ts";
import type { WhatsAppConfig } from "./integrations/whatsapp-cloud.ts";
import type { SmsConfig } from "./integrations/twilio.ts";
import { DEFAULT_PLACEMENTS_PER_ADDRESS } from "../shared/unpaid-orders.ts";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  /** Undefined on the embedded default: a secret is generated once and kept under dataDir. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  logLevel: string;
  firebase: { projectId: string; apiKey: string | undefined; authDomain: string | undefined; jwksUrl: string } | undefined;
  stripe: { secretKey: string; apiBase: string } | undefined;
  /**
   * The shop's public address: every absolute link (e-mails, password resets, Stripe returns, canonical and preview
   * links, the sitemap) is built on it, never on a request's Host. Unset (local use): http://localhost:PORT.
   */
  publicUrl: string | undefined;
  /** Serve the built apps from here (dist/ by default). */
  distDir: string;
  /** Seed the demo catalogue into an empty database (default true on the embedded database). */
  seedDemo: boolean;
  production: boolean;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's `trustProxy`): false (the default: the client address is the
   * socket's), a hop count, or the proxies' addresses/CIDRs. Trusting every sender would let anyone pick their
   * own address and walk around the per-address throttles.
   */
  trustProxy: false | string[] | TrustHops;
  /** PAYMENT_DEADLINE_HOURS: hours to pay a bank-transfer order, overriding the shop setting (decimals allowed). */
  paymentDeadlineHours: number | undefined;
  /** PAYMENT_DEADLINE_WORKER=false: this instance runs no expiry/reminder rounds (tests that drive them by hand). */
  paymentDeadlineWorker: boolean;
  /** PAYMENT_DEADLINE_INTERVAL_SECONDS: how often the deadline round runs (default 10; 1–300). */
  paymentDeadlineIntervalMs: number;
  /**
   * EVENTS_WORKER=false: this instance runs no reactions to domain events (another instance does; a test that
   * stops the shop between a change and its reactions). docs/design/events.md
   */
  eventsWorker: boolean;
  /**
   * PLACEMENTS_PER_ADDRESS_PER_HOUR: orders one client address may place per hour (default 20; 1–100000), counted by
   * every instance together (docs/product/checkout.md#placement-limits). The address is TRUST_PROXY's.
   */
  placementsPerAddress: number;
  /** Multicaixa "Pagamento por Referência" through ProxyPay, when PROXYPAY_API_KEY and PROXYPAY_ENTITY are set. */
  proxypay: { apiKey: string; entity: string; baseUrl: string } | undefined;
  /** MEDIA_MIN_FREE_MB: uploads are refused while the disk holding DATA_DIR has less free than this (0: never). */
  mediaMinFreeBytes: number;
  /** Media bytes in an S3-compatible bucket (MEDIA_S3_*), for several instances; files under dataDir otherwise. */
  mediaS3: S3Settings | undefined;
  /** E-mail: SMTP_URL sends the outbox; without it mails stay there, listed by the console. */
  mail: MailConfig;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM, how long the instance keeps serving while /health/ready says 503, so the proxy
   * stops sending it requests before it closes (docs/design/operations.md#shutdown). 3000 on PostgreSQL (several
   * instances behind a proxy), 0 on the embedded database (one process: nothing to hand over to).
   */
  shutdownDrainMs: number;
  /** READY_DB_TIMEOUT_MS: /health/ready answers 503 when the database takes longer than this to answer (default 2000). */
  readyDbTimeoutMs: number;
  /** METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <token>`; unset, /metrics does not exist. */
  metricsToken: string | undefined;
  /** WhatsApp Cloud API (WHATSAPP_*), when its four variables are set: order updates to shoppers who chose it. */
  whatsapp: WhatsAppConfig | undefined;
  /** SMS (SMS_PROVIDER and the provider's variables): order updates to shoppers who chose it, and WhatsApp's fallback. */
  sms: SmsConfig | undefined;
  /** AppyPay (APPYPAY_*): the gateway of Multicaixa Express charges and the certified issuer of fiscal documents. */
  appypay: AppyPayConfig | undefined;
  /** FISCAL_PROVIDER: who issues the shop's fiscal documents; unset, admins attach the ones issued in the AGT portal. */
  fiscalProvider: "appypay" | undefined;
}

export interface AppyPayConfig extends AppyPayCredentials {
  /**
   * APPYPAY_GPO_METHOD: the Multicaixa Express payment method AppyPay's portal gives the merchant ("GPO_<key>");
   * unset, the shop offers no Multicaixa Express.
   */
  gpoMethod: string | undefined;
  /** APPYPAY_WEBHOOK_SECRET: what AppyPay sends as `Authorization: Bearer <secret>` on the merchant webhook. */
  webhookSecret: string | undefined;
  /** APPYPAY_RECONCILE_SECONDS: a charge still pending this long after it was made is asked of AppyPay (120). */
  reconcileMs: number;
}

/** MEDIA_S3_*: the S3-compatible bucket media bytes live in (docs/design/media.md). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export type { SmsConfig, WhatsAppConfig };

export const WHATSAPP_DEFAULT_API_URL = "https://graph.facebook.com/v21.0";
const WHATSAPP_VARIABLES = ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const;

function whatsappConfig(env: NodeJS.ProcessEnv): WhatsAppConfig | undefined {
  const set = WHATSAPP_VARIABLES.filter((name) => env[name]?.trim());
  if (set.length === 0) return undefined;
  if (set.length < WHATSAPP_VARIABLES.length)
    throw new ConfigError(
      `${WHATSAPP_VARIABLES.join(", ")} must be set together (missing: ${WHATSAPP_VARIABLES.filter((n) => !set.includes(n)).join(", ")})`,
    );
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID!.trim();
  if (!/^\d{5,20}$/.test(phoneNumberId))
    throw new ConfigError(`WHATSAPP_PHONE_NUMBER_ID must be the phone number's id, digits (got "${phoneNumberId}")`);
  return {
    token: env.WHATSAPP_TOKEN!.trim(),
    phoneNumberId,
    appSecret: env.WHATSAPP_APP_SECRET!.trim(),
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!.trim(),
    apiUrl: (url(env, "WHATSAPP_API_URL", ["https:", "http:"]) ?? WHATSAPP_DEFAULT_API_URL).replace(/\/+$/, ""),
  };
}

const APPYPAY_CREDENTIALS = ["APPYPAY_CLIENT_ID", "APPYPAY_CLIENT_SECRET", "APPYPAY_RESOURCE"] as const;

function appypayConfig(env: NodeJS.ProcessEnv): AppyPayConfig | undefined {
  const set = APPYPAY_CREDENTIALS.filter((name) => env[name]?.trim());
  const gpoMethod = env.APPYPAY_GPO_METHOD?.trim() || undefined;
  const webhookSecret = env.APPYPAY_WEBHOOK_SECRET?.trim() || undefined;
  if (set.length === 0) {
    if (gpoMethod || webhookSecret)
      throw new ConfigError(`APPYPAY_GPO_METHOD and APPYPAY_WEBHOOK_SECRET need ${APPYPAY_CREDENTIALS.join(", ")}`);
    return undefined;
  }
  if (set.length < APPYPAY_CREDENTIALS.length)
    throw new ConfigError(
      `${APPYPAY_CREDENTIALS.join(", ")} must be set together (missing: ${APPYPAY_CREDENTIALS.filter((n) => !set.includes(n)).join(", ")})`,
    );
  if (gpoMethod !== undefined && !/^GPO_[A-Za-z0-9-]{1,64}$/.test(gpoMethod))
    throw new ConfigError(`APPYPAY_GPO_METHOD must be the method AppyPay's portal shows, GPO_<key> (got "${gpoMethod}")`);
  // A charge's outcome arrives by webhook: without its secret the shop could not tell AppyPay's calls from a forger's.
  if (gpoMethod && !webhookSecret)
    throw new ConfigError("APPYPAY_GPO_METHOD needs APPYPAY_WEBHOOK_SECRET (set the same secret in AppyPay's portal)");
  if (webhookSecret !== undefined && !/^[\x21-\x7e]{16,256}$/.test(webhookSecret))
    throw new ConfigError(
      "APPYPAY_WEBHOOK_SECRET must be 16 to 256 printable characters without spaces (make one with: openssl rand -hex 24)",
    );
  return {
    clientId: env.APPYPAY_CLIENT_ID!.trim(),
    clientSecret: env.APPYPAY_CLIENT_SECRET!.trim(),
    resource: env.APPYPAY_RESOURCE!.trim(),
    authUrl: url(env, "APPYPAY_AUTH_URL", ["https:", "http:"]) ?? APPYPAY_AUTH_URL,
    apiUrl: (url(env, "APPYPAY_API_URL", ["https:", "http:"]) ?? APPYPAY_API_URL).replace(/\/+$/, ""),
    gpoMethod,
    webhookSecret,
    reconcileMs: int(env, "APPYPAY_RECONCILE_SECONDS", 120, 10, 3600) * 1000,
  };
}

function fiscalProvider(env: NodeJS.ProcessEnv, appypay: AppyPayConfig | undefined): Config["fiscalProvider"] {
  const provider = env.FISCAL_PROVIDER?.trim() || undefined;
  if (provider === undefined) return undefined;
  if (provider !== "appypay") throw new ConfigError(`FISCAL_PROVIDER must be "appypay" (got "${provider}")`);
  if (!appypay) throw new ConfigError(`FISCAL_PROVIDER=appypay needs ${APPYPAY_CREDENTIALS.join(", ")}`);
  return provider;
}

function smsConfig(env: NodeJS.ProcessEnv): SmsConfig | undefined {
  const provider = env.SMS_PROVIDER?.trim();
  if (!provider) return undefined;
  if (provider !== "twilio") throw new ConfigError(`SMS_PROVIDER must be "twilio" (got "${provider}")`);
  const missing = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"].filter((n) => !env[n]?.trim());
  if (missing.length) throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(", ")}`);
  return {
    provider,
    accountSid: env.TWILIO_ACCOUNT_SID!.trim(),
    authToken: env.TWILIO_AUTH_TOKEN!.trim(),
    from: env.TWILIO_FROM!.trim(),
    apiUrl: (url(env, "TWILIO_API_URL", ["https:", "http:"]) ?? "https://api.twilio.com").replace(/\/+$/, ""),
  };
}

export const DEFAULT_MAIL_FROM = "Loja <loja@localhost>";

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…; undefined keeps every mail in the outbox unsent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender, e.g. "Loja <loja@exemplo.ao>". */
  from: string;
  /**
   * MAIL_DIGEST_DELAY_SECONDS: how long support replies gather before one e-mail (default 60: a reply reaches a shopper
   * with no page open within 2 minutes).
   */
  digestDelayMs: number;
  /** MAIL_RETRY_SECONDS: the wait after a first failed send, doubled after each further one (default 30). */
  retryFirstDelayMs: number;
}

/** A hop count as the function proxy-addr makes of it (Fastify's types take no number): trust the nearest `hops` senders. */
export type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };

export class ConfigError extends Error {}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  return value;
}

/** A positive decimal (e.g. hours), or undefined when unset. */
function positiveDecimal(env: NodeJS.ProcessEnv, name: string, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !(value > 0) || value > max)
    throw new ConfigError(`${name} must be a number greater than 0 and at most ${max} (got "${raw}")`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(`${name} must use ${protocols.join(" or ")}`);
  return raw;
}

/** Values from examples, templates and an older docker-compose.yml: public, so anyone could sign tokens with them. */
const PLACEHOLDER_SECRETS = [
  "changeme",
  "changemetoalongrandomsecretof32charsormore",
  "secret",
  "yoursecrethere",
  "yoursecret",
  "jwtsecret",
  "password",
  "supersecret",
];
const PLACEHOLDER_PARTS = ["changeme", "yoursecret", "replaceme", "placeholder", "xxxxxxxx"];

/**
 * A rough strength estimate, meant to catch secrets a person typed rather than generated: each character is worth
 * log2 of the alphabet its character classes span (lower 26, upper 26, digits 10, other 33), and a secret of fewer
 * than 8 distinct characters ("aaaa…", "abab…") is worth nothing. `openssl rand -base64 48` scores about 390 bits,
 * 32 random hex digits 165, 32 decimal digits 106; below 128 is refused.
 */
export function secretStrengthBits(secret: string): number {
  if (new Set(secret).size < 8) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
  const sizes = [26, 26, 10, 33];
  const alphabet = classes.reduce((sum, re, i) => sum + (re.test(secret) ? sizes[i]! : 0), 0);
  return Math.floor(secret.length * Math.log2(alphabet));
}

const MIN_SECRET_BITS = 128;

function checkJwtSecret(secret: string): void {
  const advice = "generate one with: openssl rand -base64 48";
  if (secret.length < 32) throw new ConfigError(`JWT_SECRET must be at least 32 characters (${advice})`);
  const normalized = secret.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (PLACEHOLDER_SECRETS.includes(normalized) || PLACEHOLDER_PARTS.some((part) => normalized.includes(part))) {
    throw new ConfigError(`JWT_SECRET is a known placeholder value: anyone could sign tokens with it (${advice})`);
  }
  if (secretStrengthBits(secret) < MIN_SECRET_BITS) {
    throw new ConfigError(
      `JWT_SECRET is too guessable (few distinct characters or under ${MIN_SECRET_BITS} bits by its characters): ${advice}`,
    );
  }
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

function trustProxy(env: NodeJS.ProcessEnv): Config["trustProxy"] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === "" || ["0", "false", "no"].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a hop count from 1 to 10 or the proxies' addresses/CIDRs (got "${raw}")`);
    return Object.assign((_address: string, hop: number) => hop < hops, { hops });
  }
  const entries = raw.split(",").map((entry) => entry.trim());
  // proxy-addr's names for the private ranges are accepted as well.
  const named = ["loopback", "linklocal", "uniquelocal"];
  const bad = entries.find((entry) => !named.includes(entry) && !isAddressOrCidr(entry));
  if (bad !== undefined)
    throw new ConfigError(`TRUST_PROXY must list the proxies' addresses or CIDRs, comma-separated, or a hop count (bad entry "${bad}")`);
  return entries;
}

const MEDIA_S3_REQUIRED = ["MEDIA_S3_ENDPOINT", "MEDIA_S3_BUCKET", "MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"] as const;

function mediaS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const missing = MEDIA_S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length === MEDIA_S3_REQUIRED.length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(`${missing.join(", ")} must be set too: the S3 media store needs ${MEDIA_S3_REQUIRED.join(", ")}`);
  return {
    endpoint: url(env, "MEDIA_S3_ENDPOINT", ["https:", "http:"])!,
    bucket: env.MEDIA_S3_BUCKET!,
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY!,
    region: env.MEDIA_S3_REGION || "us-east-1",
  };
}

/**
 * A shop others reach (NODE_ENV=production as its operator set it, or PostgreSQL) must be told its public address:
 * links built on localhost would reach nobody. `npm start` on one machine sets NODE_ENV itself (`nodeEnvDefaulted`)
 * and keeps the localhost default.
 */
export function checkPublicUrl(config: Pick<Config, "publicUrl" | "databaseUrl">, env: NodeJS.ProcessEnv, nodeEnvDefaulted = false): void {
  if (config.publicUrl) return;
  if (config.databaseUrl || (env.NODE_ENV === "production" && !nodeEnvDefaulted)) {
    throw new ConfigError(
      "PUBLIC_URL is required in production (NODE_ENV=production or DATABASE_URL set): the shop's public address, e.g. https://loja.exemplo.ao",
    );
  }
}

/** A bearer token anyone could guess would make the metrics public: at least 16 characters, no spaces. */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token))
    throw new ConfigError("METRICS_TOKEN must be 16 to 256 printable characters without spaces (make one with: openssl rand -hex 24)");
  return token;
}

/**
 * The embedded database's buffer pool (PostgreSQL's `shared_buffers`), in MB: PostgreSQL's own 128 by default.
 * PGlite zeroes all of it at every open (docs/design/operations.md#the-embedded-databases-buffer-pool).
 */
export const pgliteBufferMb = (env: NodeJS.ProcessEnv = process.env): number => int(env, "PGLITE_SHARED_BUFFERS_MB", 128, 8, 4096);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Read where the embedded database opens (db/client.ts); checked here so a bad value stops the start like any other.
  pgliteBufferMb(env);
  const databaseUrl = url(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined) checkJwtSecret(jwtSecret);
  if (databaseUrl && !jwtSecret && env.NODE_ENV === "production") {
    throw new ConfigError("JWT_SECRET is required when DATABASE_URL is set in production (every instance must share it)");
  }
  const logLevel = env.LOG_LEVEL || "info";
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const projectId = env.FIREBASE_PROJECT_ID || undefined;
  if (projectId !== undefined && !/^[a-z0-9-]{4,64}$/.test(projectId))
    throw new ConfigError("FIREBASE_PROJECT_ID is not a valid Firebase project id");
  const stripeKey = env.STRIPE_SECRET_KEY || undefined;
  if (stripeKey !== undefined && !/^sk_(test|live)_[A-Za-z0-9]+$/.test(stripeKey))
    throw new ConfigError("STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…");
  const port = int(env, "PORT", 3000, 0, 65535);
  const proxypayKey = env.PROXYPAY_API_KEY || undefined;
  const proxypayEntity = env.PROXYPAY_ENTITY || undefined;
  if (Boolean(proxypayKey) !== Boolean(proxypayEntity)) throw new ConfigError("PROXYPAY_API_KEY and PROXYPAY_ENTITY must be set together");
  if (proxypayEntity !== undefined && !/^\d{3,10}$/.test(proxypayEntity))
    throw new ConfigError(`PROXYPAY_ENTITY must be the entity's digits (got "${proxypayEntity}")`);
  const appypay = appypayConfig(env);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "data"),
    databaseUrl,
    jwtSecret,
    jwtTtlSeconds: int(env, "JWT_TTL_SECONDS", 7 * 24 * 3600, 60, 90 * 24 * 3600),
    logLevel,
    firebase: projectId
      ? {
          projectId,
          apiKey: env.FIREBASE_API_KEY || undefined,
          authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
          jwksUrl:
            url(env, "FIREBASE_JWKS_URL", ["https:", "http:"]) ??
            "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
        }
      : undefined,
    stripe: stripeKey
      ? { secretKey: stripeKey, apiBase: url(env, "STRIPE_API_BASE", ["https:", "http:"]) ?? "https://api.stripe.com" }
      : undefined,
    publicUrl: url(env, "PUBLIC_URL", ["https:", "http:"]),
    distDir: path.resolve(env.DIST_DIR || "dist"),
    seedDemo: bool(env, "SEED_DEMO", !databaseUrl),
    production: env.NODE_ENV === "production",
    trustProxy: trustProxy(env),
    paymentDeadlineHours: positiveDecimal(env, "PAYMENT_DEADLINE_HOURS", MAX_PAYMENT_DEADLINE_HOURS),
    paymentDeadlineWorker: bool(env, "PAYMENT_DEADLINE_WORKER", true),
    paymentDeadlineIntervalMs: int(env, "PAYMENT_DEADLINE_INTERVAL_SECONDS", 10, 1, 300) * 1000,
    eventsWorker: bool(env, "EVENTS_WORKER", true),
    placementsPerAddress: int(env, "PLACEMENTS_PER_ADDRESS_PER_HOUR", DEFAULT_PLACEMENTS_PER_ADDRESS, 1, 100_000),
    proxypay:
      proxypayKey && proxypayEntity
        ? {
            apiKey: proxypayKey,
            entity: proxypayEntity,
            baseUrl: url(env, "PROXYPAY_BASE_URL", ["https:", "http:"]) ?? PROXYPAY_PRODUCTION_URL,
          }
        : undefined,
    mediaS3: mediaS3(env),
    mediaMinFreeBytes: int(env, "MEDIA_MIN_FREE_MB", 1024, 0, 1024 * 1024 * 1024) * 1024 * 1024,
    mail: {
      smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
      from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
      digestDelayMs: int(env, "MAIL_DIGEST_DELAY_SECONDS", 60, 1, 110) * 1000,
      retryFirstDelayMs: int(env, "MAIL_RETRY_SECONDS", 30, 1, 3600) * 1000,
    },
    shutdownDrainMs: int(env, "SHUTDOWN_DRAIN_MS", databaseUrl ? 3000 : 0, 0, 60_000),
    readyDbTimeoutMs: int(env, "READY_DB_TIMEOUT_MS", 2000, 100, 60_000),
    metricsToken: metricsToken(env),
    whatsapp: whatsappConfig(env),
    sms: smsConfig(env),
    appypay,
    fiscalProvider: fiscalProvider(env, appypay),
  };
}
