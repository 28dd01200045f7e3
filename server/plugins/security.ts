// Security headers, compression and the request limiter (its counts in the database), in one place.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import { tooManyRequests } from "../domain/users/attempt-limiter.ts";
import { databaseRequestStore } from "./request-limit-store.ts";

/** Google's hosts the hidden phone-login block needs (Firebase Auth + reCAPTCHA), only when configured. */
const FIREBASE_HOSTS = [
  "https://www.google.com",
  "https://www.gstatic.com",
  "https://apis.google.com",
  "https://*.googleapis.com",
  "https://*.firebaseapp.com",
];

/** Sets the headers every answer carries; returned so the router's own refusals get them too (`routerErrors`). */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

export async function registerSecurity(app: FastifyInstance, opts: { firebase: boolean; stripe: boolean }): Promise<SecurityHeaders> {
  const extra = opts.firebase ? FIREBASE_HOSTS : [];
  // helmet's middleware, built once: @fastify/helmet rebuilds it (parsing every CSP directive) on each request,
  // which was 7 % of a cart write's CPU. The headers are the same on every response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        // 'self' covers the shop's own ws:/wss: socket (CSP Level 3); no other host may be reached.
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(opts.stripe ? ["https://checkout.stripe.com"] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Media and built assets are served cross-origin to nobody; same-origin is the default anyway.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    strictTransportSecurity: false,
  });
  const headers: SecurityHeaders = (request, reply, done) => {
    // API answers are private unless a public catalogue route says otherwise (its own Cache-Control replaces
    // this): orders, addresses, carts, tokens and staff data never stay in a browser's or a proxy's cache.
    if (request.url.startsWith("/api/") || request.url.startsWith("/admin/api/")) reply.header("Cache-Control", "no-store");
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  };
  app.addHook("onRequest", headers);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"], brotliOptions: { params: { 1: 4 } } });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, shared by every instance (plugins/request-limit-store.ts).
    store: databaseRequestStore(app.deps.attempts),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
  return headers;
}
