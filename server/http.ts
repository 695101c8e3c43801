// The Hono app: middleware in order, then the mounts. Pages and the REST API are two adapters
// over the same domain; this file only wires them.

import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { problem } from "../common/errors/problem";
import { endpoints } from "./api";
import { docsPage } from "./api/docs-page";
import { ApiError, errorBody, errorResponse } from "./api/errors";
import { openApiDocument } from "./api/openapi";
import { mountPaymentReturns } from "./api/payment-returns";
import {
  createApiRouter,
  endpointPatterns,
  formOverheadBytes,
  maxJsonBytes,
  sharedViews,
} from "./api/router";
import { registerDownload, registerPdfPath } from "./attendance/register-download";
import { authBodyFields } from "./auth/auth";
import { clientAddressOf, clientIp, withClientIp } from "./auth/client-ip";
import { namingProviderFailures } from "./auth/oidc";
import type { Services } from "./container";
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from "./db/unavailable";
import { anonymous } from "./domain/actor";
import { handlePaymentWebhook } from "./domain/orders/settlement";
import { examReportDownload, examReportPath } from "./exam-results/exam-report-download";
import { marksDownload, marksDownloadPath } from "./exam-results/marks-download";
import { marksheetDownload, marksheetPdfPath } from "./exam-results/marksheet-download";
import { immutableCacheControl } from "./files/storage";
import type { AppEnv } from "./http-env";
import { markAccount } from "./install/account-mark";
import { mountInstall } from "./install/manifest";
import { mountIncomingTexts } from "./messages/inbound-webhook";
import { metricsEndpoint } from "./metrics/endpoint";
import { createRouteNames } from "./metrics/routes";
import { resolveActor, whyAuthFailed } from "./middleware/actor";
import { apiCaching } from "./middleware/api-caching";
import { builtAssets } from "./middleware/built-assets";
import { cacheControl } from "./middleware/cache-control";
import { compressAnswers } from "./middleware/compress";
import { crossOriginApi } from "./middleware/cors";
import { jsonObjectBody } from "./middleware/json-object-body";
import {
  contentReadsOf,
  createRenderCounts,
  invalidateOnChange,
  servePageCache,
} from "./middleware/page-cache";
import { pageInput } from "./middleware/page-input";
import { isTemplatedPage, serveSharedPages, sharedViewKeyOf } from "./middleware/page-templates";
import { privateAnswers } from "./middleware/private-answers";
import { requestLog } from "./middleware/request-log";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { pageContext } from "./page-context";
import { WebhookSignatureError } from "./payments/provider";
import { asAddressed } from "./public-request";
import { declaredQueryOf, withPageQuery } from "./tracking-parameters";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export function createApp(
  services: Services,
  options: {
    pageHandler?: PageHandler;
    /** The pages' routes (the build's), to log and count a page by its route. */
    pageRoutes?: ServerBuild["routes"];
    assetsDir?: string;
  } = {},
): Hono<AppEnv> {
  const { config, auth, database } = services;
  const app = new Hono<AppEnv>();

  const routeOf = createRouteNames({
    endpoint: endpointPatterns(endpoints),
    authPaths: Object.values(auth.api).flatMap((call) => {
      const path = (call as { path?: unknown }).path;
      return typeof path === "string" ? [path] : [];
    }),
    pages: options.pageRoutes,
  });
  app.use(
    requestLog(services.logger, {
      countQueries: config.benchCounters,
      routeOf,
      metrics: config.metricsToken ? services.metrics : undefined,
    }),
  );
  app.use(
    securityHeaders({
      development: config.env === "development",
      https: config.publicUrl.startsWith("https:"),
      stripe: services.payments.find("stripe")?.kind === "stripe",
    }),
  );
  app.use(privateAnswers());
  app.use(invalidateOnChange(services.pageCache));
  app.use("/api/*", crossOriginApi(config.trustedOrigins));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Ready while the database answers a quick check (within DATABASE_CHECK_TIMEOUT).
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch (error) {
      c.get("logger").warn({ err: error }, "database not ready");
      c.header("Retry-After", String(databaseRetryAfterSeconds));
      return c.json({ status: "unavailable", database: database.kind }, 503);
    }
  });

  // Prometheus' scrape (METRICS_TOKEN, docs/metrics.md): ahead of the page cache and the session
  // lookup (its bearer token is no session's).
  if (config.metricsToken) {
    app.get("/metrics", compressAnswers(), metricsEndpoint(services.metrics, config.metricsToken));
  }

  // The bench's counters (BENCH_COUNTERS): pages rendered per page-cache key, and the Server-Timing
  // header of server/middleware/request-log.ts.
  const renders = config.benchCounters ? createRenderCounts() : undefined;
  if (renders) {
    app.get("/__bench/renders", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(renders.snapshot());
    });
    app.get("/__bench/templates", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(services.pageTemplates.stats());
    });
  }

  if (options.assetsDir) {
    app.use("/assets/*", builtAssets(options.assetsDir, immutableCacheControl));
    app.all("/assets/*", (c) => c.text("Not found", 404));
    app.use("/favicon.svg", builtAssets(options.assetsDir, "public, max-age=86400"));
    // The installed app: the service worker and its registration (asked for again at each
    // visit), the manifest and its icons (server/install/manifest.ts).
    app.use("/sw.js", builtAssets(options.assetsDir, "no-cache"));
    app.use("/sw-register.js", builtAssets(options.assetsDir, "public, max-age=3600"));
    mountInstall(app, services, options.assetsDir);
  }
  // Uploads on the local disk (DATA_DIR/files); every key holds a random id, so they never change.
  // Only images: the downloads' documents are served by /api/downloads/{id}/file, as attachments.
  app.use("/files/images/*", cacheControl(immutableCacheControl), serveStatic({ root: config.dataDir }));
  app.all("/files/*", (c) => c.text("Not found", 404));

  // Stripe's webhook proves itself by a signature over the exact bytes sent, so it is read raw,
  // before the JSON router. It carries no cookie, so the cross-site guard below has nothing to
  // protect here; it is mounted ahead of the guard all the same.
  const webhookLimit = bodyLimit({
    maxSize: maxJsonBytes,
    onError: () => {
      throw new ApiError(413, "payload_too_large", problem("request.tooLarge", { size: "1 MB" }));
    },
  });
  app.post("/api/payments/stripe/webhook", webhookLimit, async (c) => {
    const payload = new Uint8Array(await c.req.arrayBuffer());
    try {
      return c.json(await handlePaymentWebhook(services, payload, c.req.header("stripe-signature") ?? ""));
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      c.get("logger").warn({ err: error }, "webhook refused: bad signature");
      return c.json(errorBody("invalid_signature", problem("payment.badSignature")), 400);
    }
  });

  mountPaymentReturns(app, services);
  // The SMS gateway's incoming texts (results by text): a shared secret, no cookie.
  mountIncomingTexts(app, services);

  app.use(sameOrigin(config.publicUrl, config.trustedOrigins));
  app.use(compressAnswers());
  // Who is asking, before Better Auth's calls too: a sign-out with a session ends one, a sign-out
  // without one changes nothing (invalidateOnChange above tells them apart).
  app.use(resolveActor(auth, services.pageCache, database));
  // Whose each page is, for the service worker's offline copies (server/install/account-mark.ts).
  app.use(markAccount(config.authSecret));

  // The REST router reads its own bodies within limits; Better Auth's are limited here.
  const authLimit = bodyLimit({
    maxSize: maxJsonBytes,
    onError: () => {
      throw new ApiError(413, "payload_too_large", problem("request.tooLarge", { size: "1 MB" }));
    },
  });
  app.on(["GET", "POST"], "/api/auth/*", authLimit, jsonObjectBody(authBodyFields(auth)), async (c) => {
    const request = new Request(c.req.raw, {
      headers: withClientIp(c.req.raw.headers, clientIp(c, config.trustProxy)),
    });
    // A provider's callback that failed at the provider says why (server/auth/oidc.ts).
    const response = await namingProviderFailures(() => auth.handler(request));
    // Its 500 for a session it could not read says no more; a database that does not answer is 503.
    const down = response.status === 500 ? await whyAuthFailed(database, null) : null;
    if (down) throw down;
    // Better Auth says when to try again in X-Retry-After; clients and proxies read Retry-After.
    const retryAfter = response.headers.get("x-retry-after");
    if (response.status === 429 && retryAfter) response.headers.set("Retry-After", retryAfter);
    return response;
  });

  app.use("/api/*", apiCaching());
  // Each page's query parameters (its routes' `query`): the cache key and the render see only these.
  const declaredQuery = declaredQueryOf(options.pageRoutes);
  app.use(servePageCache(services.pageCache, sharedViews(endpoints), renders, declaredQuery));
  const apiDocument = openApiDocument(endpoints, config.publicUrl);
  app.get("/api/openapi.json", (c) => c.json(apiDocument));
  app.get("/api/docs", (c) => c.html(docsPage(apiDocument)));
  app.all("/api/*", createApiRouter(endpoints, services));
  app.get(marksheetPdfPath, marksheetDownload(services));
  app.get(marksDownloadPath, marksDownload(services));
  app.get(examReportPath, examReportDownload(services));
  app.get(registerPdfPath, registerDownload(services));
  app.all("/api", (c) => c.json(errorBody("not_found", problem("request.seeDocs")), 404));

  const { pageHandler } = options;
  // Behind a TLS proxy, pages see the address the visitor used (decision 0046).
  const publicUrl = new URL(config.publicUrl);
  if (pageHandler) {
    // Page forms include the dashboard's image and document uploads, so the limit follows
    // UPLOAD_MAX_BYTES and DOWNLOAD_MAX_BYTES. It is a safety net with room to spare: the upload
    // route checks the size itself, first, and says so on the form's file field.
    const formLimit = bodyLimit({
      maxSize: Math.max(config.uploadMaxBytes, config.downloadMaxBytes) + 2 * formOverheadBytes,
      onError: (c) => {
        const message = "The form is too large";
        if (c.req.header("x-requested-with") === "XMLHttpRequest") {
          return c.json({ ok: false, error: message, fields: { image: message } }, 413);
        }
        return c.text(message, 413);
      },
    });
    app.get("*", serveSharedPages(services.pageTemplates, services.recordsGeneration));
    app.all("*", formLimit, pageInput(), (c) =>
      pageHandler(asAddressed(withPageQuery(c.req.raw, declaredQuery), publicUrl), pageContextOf(c)),
    );
  }

  /** What the pages' loaders and actions get: the services, who asks, this request's nonce... */
  function pageContextOf(c: Context<AppEnv>, databaseDown = false): RouterContextProvider {
    const client = clientAddressOf(c, config);
    const context = new RouterContextProvider();
    context.set(pageContext, {
      services,
      actor: c.get("actor") ?? anonymous,
      nonce: c.get("nonce"),
      requestId: c.get("requestId"),
      logger: c.get("logger"),
      authHeaders: withClientIp(c.req.raw.headers, client.ip),
      client,
      contentReads: contentReadsOf(c, services.pageCache),
      personPlaceholders: isTemplatedPage(c),
      placeholderValues: {},
      templateViewKey: sharedViewKeyOf(c),
      personalViewKey: c.get("personalViewKey") ?? null,
      document: c.req.method === "GET" && !c.req.path.endsWith(".data"),
      contentGeneration: c.get("contentGeneration") ?? null,
      partView: null,
      databaseDown,
    });
    return context;
  }

  app.notFound((c) => c.json(errorBody("not_found", problem("request.notFound")), 404));
  app.onError((error, c) => {
    // A page whose request met a database that does not answer (finding out who is asking,
    // say) gets the pages' own answer, in the visitor's language (app/root.tsx).
    if (options.pageHandler && isDatabaseUnavailable(error) && !/^\/api(\/|$)/i.test(c.req.path)) {
      c.get("logger")?.warn({ err: error }, "the database does not answer");
      return options.pageHandler(
        asAddressed(withPageQuery(c.req.raw, declaredQuery), publicUrl),
        pageContextOf(c, true),
      );
    }
    const known = errorResponse(c, error);
    if (known) return known;
    c.get("logger")?.error({ err: error }, "unhandled error");
    return c.json(
      { error: { code: "internal", message: `Something went wrong (request ${c.get("requestId")})` } },
      500,
    );
  });
  return app;
}
