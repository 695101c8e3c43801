// The Hono app: middleware in order, then the mounts. Pages and the REST API are two adapters
// over the same domain; this file only wires them.
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { endpoints } from "./api";
import { ApiError, errorResponse } from "./api/errors";
import { createApiRouter } from "./api/router";
import { clientIp, withClientIp } from "./auth/client-ip";
import type { AppEnv } from "./http-env";
import { resolveActor } from "./middleware/actor";
import { requestLog } from "./middleware/request-log";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { pageContext } from "./page-context";
import type { Services } from "./services";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export const maxJsonBytes = 1024 * 1024;

export function createApp(
  services: Services,
  options: { pageHandler?: PageHandler; assetsDir?: string } = {},
): Hono<AppEnv> {
  const { config, auth, database } = services;
  const app = new Hono<AppEnv>();

  app.use(requestLog(services.logger));
  app.use(
    securityHeaders({
      development: config.env === "development",
      https: config.publicUrl.startsWith("https:"),
    }),
  );

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch (error) {
      c.get("logger").warn({ err: error }, "database not ready");
      return c.json({ status: "unavailable", database: database.kind }, 503);
    }
  });

  if (options.assetsDir) {
    const immutable = "public, max-age=31536000, immutable";
    app.use(
      "/assets/*",
      serveStatic({
        root: options.assetsDir,
        precompressed: true,
        onFound: (_, c) => c.header("Cache-Control", immutable),
      }),
    );
    app.all("/assets/*", (c) => c.text("Not found", 404));
    app.use(
      "/favicon.svg",
      serveStatic({
        root: options.assetsDir,
        onFound: (_, c) => c.header("Cache-Control", "public, max-age=86400"),
      }),
    );
  }
  app.use(
    "/files/*",
    serveStatic({
      root: config.dataDir,
      onFound: (_, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.all("/files/*", (c) => c.text("Not found", 404));

  app.use(sameOrigin(config.publicUrl));
  app.use(compress());

  app.use(
    "/api/*",
    bodyLimit({
      maxSize: maxJsonBytes,
      onError: () => {
        throw new ApiError(
          413,
          "payload_too_large",
          `The body is larger than ${maxJsonBytes / 1024 / 1024} MB`,
        );
      },
    }),
  );
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const request = new Request(c.req.raw, {
      headers: withClientIp(c.req.raw.headers, clientIp(c, config.trustProxy)),
    });
    return auth.handler(request);
  });

  app.use(resolveActor(auth));
  app.all("/api/*", createApiRouter(endpoints, services));
  app.all("/api", (c) =>
    c.json({ error: { code: "not_found", message: "See /api/docs for the calls" } }, 404),
  );

  const { pageHandler } = options;
  if (pageHandler) {
    const formLimit = bodyLimit({
      maxSize: maxJsonBytes,
      onError: (c) => c.text("The form is too large", 413),
    });
    app.all("*", formLimit, (c) => {
      const context = new RouterContextProvider();
      context.set(pageContext, {
        services,
        actor: c.get("actor"),
        nonce: c.get("nonce"),
        requestId: c.get("requestId"),
        logger: c.get("logger"),
        authHeaders: withClientIp(c.req.raw.headers, clientIp(c, config.trustProxy)),
      });
      return pageHandler(c.req.raw, context);
    });
  }

  app.notFound((c) => c.json({ error: { code: "not_found", message: "Not found" } }, 404));
  app.onError((error, c) => {
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

export const defaultAssetsDir = (root: string) => path.join(root, "build", "client");
