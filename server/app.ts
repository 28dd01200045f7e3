// Builds the Fastify app: infrastructure plugins first, then every route, registered explicitly (no autoload)
// so the whole surface of the server reads top to bottom here.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { AppDeps } from "./deps.ts";
import { installSchemaCompilers } from "./plugins/validation.ts";
import { installErrorHandler, routerErrors } from "./plugins/error-handler.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerOpenApi, registerOpenApiRoute } from "./plugins/openapi.ts";
import { registerStaticApps } from "./plugins/static-apps.ts";
import authPlugin from "./plugins/auth.ts";
import { userRoutes } from "./routes/shop/users.ts";
import { productRoutes } from "./routes/shop/products.ts";
import { catalogueRoutes } from "./routes/shop/catalogue.ts";
import { pagesRoutes } from "./routes/shop/pages.ts";
import { settingsRoutes } from "./routes/shop/settings.ts";
import { mediaRoutes } from "./routes/media.ts";
import { adminRoutes } from "./routes/admin/index.ts";
import { cartRoutes } from "./routes/shop/cart.ts";
import { orderRoutes } from "./routes/shop/orders.ts";
import { deliveryRoutes } from "./routes/shop/delivery.ts";
import { phoneLoginRoutes } from "./routes/shop/phone-login.ts";
import { phoneVerificationRoutes } from "./routes/shop/phone-verification.ts";
import multipartPlugin from "./plugins/multipart.ts";
import simpleRestPlugin from "./plugins/simple-rest.ts";
import { clusterPlugin } from "./plugins/cluster.ts";
import { realtimePlugin } from "./plugins/realtime.ts";
import { messageRoutes } from "./routes/shop/messages.ts";
import { proxyPayRoutes } from "./routes/shop/proxypay.ts";
import { fiscalRoutes } from "./routes/shop/fiscal.ts";
import { mcxExpressRoutes } from "./routes/shop/mcx-express.ts";
import { whatsappRoutes } from "./routes/shop/whatsapp.ts";
import notificationsPlugin from "./plugins/notifications.ts";
import { jobsPlugin } from "./plugins/jobs.ts";
import { pushRoutes } from "./routes/shop/push.ts";
import { opsRoutes } from "./routes/ops.ts";
import metricsPlugin from "./plugins/metrics.ts";
import { MAX_OPEN_UNPAID_ORDERS } from "../shared/unpaid-orders.ts";

export interface AppLimits {
  /** Sign-ups per address per window (a shop behind one carrier NAT needs headroom). */
  registerPerWindow: number;
  windowMs: number;
  /** Chat messages one customer may send per minute. */
  messagesPerMinute: number;
  /**
   * Open unpaid orders per account and per delivery phone (MAX_OPEN_UNPAID_ORDERS, a product rule: no setting or
   * variable reaches it). Only the bench lifts it, to measure placement (its check included) again and again.
   */
  openUnpaidOrders: number;
}

const DEFAULT_LIMITS: AppLimits = {
  registerPerWindow: 30,
  windowMs: 10 * 60 * 1000,
  messagesPerMinute: 30,
  openUnpaidOrders: MAX_OPEN_UNPAID_ORDERS,
};

/**
 * How long a client may take, so slow or stalled connections cannot pile up (each holds a socket and memory).
 * - requestTimeout 300 s for the whole request, headers and body: the largest body is a 10 MB attachment, which
 *   needs ≥ 280 kbit/s to arrive in time, under 3G's slowest uplink (384 kbit/s); a trickling client is cut off.
 * - connectionTimeout 120 s with nothing sent or received (a stalled upload, a client that stops reading).
 * - keepAliveTimeout 65 s between requests on one connection: above the 60 s idle timeout of common reverse
 *   proxies (nginx, load balancers), so the proxy closes first and never reuses a connection the server is closing.
 * - checkIntervalMs: how often Node enforces requestTimeout (its default, 30 s, would let a request run 30 s over).
 */
export interface Timeouts {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  checkIntervalMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  requestTimeout: 300_000,
  connectionTimeout: 120_000,
  keepAliveTimeout: 65_000,
  checkIntervalMs: 5_000,
};

export interface BuildOptions {
  /** Connection limits (tests shorten them). */
  timeouts?: Partial<Timeouts>;
  logger?: FastifyServerOptions["logger"];
  limits?: Partial<AppLimits>;
  /** Serve dist/ (false in API tests). */
  serveApps?: boolean;
  /** Log every request (on at debug level: at info a busy shop would log little else). */
  requestLogging?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Given the security headers once they are registered (below).
  let routerRefusal = routerErrors((_request, _reply, done) => done());
  const app = Fastify({
    requestTimeout: timeouts.requestTimeout,
    connectionTimeout: timeouts.connectionTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    // Given to http.createServer too: Node 20 enforces a request timeout only when it is set at creation (Fastify
    // sets it on the server afterwards, which left a trickling body open for ever).
    http: { requestTimeout: timeouts.requestTimeout, connectionsCheckingInterval: timeouts.checkIntervalMs },
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: !options.requestLogging }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a segment over maxParamLength, a bad %-escape), in the one error shape.
    frameworkErrors: (error, request, reply) => routerRefusal(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate("deps", deps);
  installSchemaCompilers(app);
  installErrorHandler(app);
  routerRefusal = routerErrors(
    await registerSecurity(app, { firebase: Boolean(deps.config.firebase), stripe: Boolean(deps.config.stripe) }),
  );
  await registerOpenApi(app);
  await app.register(authPlugin);
  await app.register(multipartPlugin);
  await app.register(simpleRestPlugin);

  // Health for the proxy and orchestrator, metrics for Prometheus (docs/design/operations.md)
  await app.register(opsRoutes);
  await app.register(metricsPlugin);
  // Shopper API (docs/product/shopper-api.md)
  await app.register(userRoutes, { limits });
  await app.register(productRoutes);
  await app.register(catalogueRoutes);
  await app.register(settingsRoutes);
  await app.register(phoneLoginRoutes);
  await app.register(phoneVerificationRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes, { limits });
  await app.register(deliveryRoutes);
  await app.register(messageRoutes, { limits });
  await app.register(pushRoutes);
  // Payment services' notifications
  await app.register(proxyPayRoutes);
  await app.register(fiscalRoutes);
  await app.register(mcxExpressRoutes);
  await app.register(whatsappRoutes);
  // The other instances: the cluster bus (LISTEN/NOTIFY on PostgreSQL), then the sockets, GET /ws
  await app.register(clusterPlugin);
  await app.register(realtimePlugin);
  // Background: the mail sender (woken after each commit that enqueues mail), then every recurring job (server/jobs/)
  await app.register(notificationsPlugin);
  await app.register(jobsPlugin);
  // Files
  await app.register(mediaRoutes);
  // Staff API
  await app.register(adminRoutes, { prefix: "/admin/api" });
  registerOpenApiRoute(app);
  // Storefront pages the server fills in (product pages, titles, sitemap), before the SPA fallback
  await app.register(pagesRoutes, { distDir: deps.config.distDir, serveApps: options.serveApps !== false });

  const spaFallback = options.serveApps === false ? undefined : await registerStaticApps(app, deps.config.distDir);
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return;
    return reply.status(404).send({ success: false, message: `Rota não encontrada: ${request.method} ${request.url.split("?")[0]}` });
  });
  return app;
}
