// Starts the site: configuration, services, sample content, the HTTP listener, and a graceful
// stop on SIGTERM or SIGINT (new requests get 503, those in flight finish within
// STOP_TIMEOUT_SECONDS, the database closes, exit 0: server/graceful-stop.ts).
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { removeBackupLeftovers } from "./backup/leftovers";
import { answerBackupRequests } from "./backup/on-request";
import { startScheduledBackups } from "./backup/schedule";
import { ConfigError, loadConfig } from "./config";
import { createServices } from "./container-factory";
import { DataFolderFullError } from "./db/data-folder-space";
import { isDatabaseUnavailable } from "./db/unavailable";
import { startDatabaseUpkeep } from "./db/upkeep";
import { startScheduledPublishing } from "./exam-results/publishing-job";
import { gracefulStop } from "./graceful-stop";
import { createApp } from "./http";
import { createLogger } from "./logger";
import { startAbsenceTexts } from "./messages/absence-job";
import { startMessageQueue } from "./messages/queue-job";
import { startReconciliation } from "./payments/reconciliation-job";
import { seedSampleContent } from "./sample-content/seed";

export type StartOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  assetsDir?: string;
  /** Lets development put Vite's middleware in front of the app. */
  wrapListener?: (listener: RequestListener) => (req: IncomingMessage, res: ServerResponse) => void;
  onClose?: () => Promise<void>;
};

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** What an operator reads when the port cannot be had; null for other errors. */
export function portProblem(error: unknown, port: number, host: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EADDRINUSE") {
    return `Port ${port} on ${host} is already in use by another program: stop it, or set PORT to a free port (and HOST for another address)`;
  }
  if (code === "EACCES") {
    return `Port ${port} on ${host} may not be used by this user (ports below 1024 need privileges): set PORT to 1024 or above`;
  }
  if (code === "EADDRNOTAVAIL") {
    return `The address ${host} (HOST) is not one of this machine's: set HOST to one of them, or 0.0.0.0 for all`;
  }
  return null;
}

export async function startServer(options: StartOptions) {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ NODE_ENV: options.mode, ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // First, as they may be what filled the disk the database needs.
  removeBackupLeftovers(config, logger);
  let services: Awaited<ReturnType<typeof createServices>>;
  try {
    services = await createServices(config, logger);
  } catch (error) {
    // Too little room for the embedded database: which folder needs how much, not a stack trace.
    if (!(error instanceof DataFolderFullError)) throw error;
    logger.fatal(
      { folder: error.folder, neededBytes: error.neededBytes, freeBytes: error.freeBytes },
      error.message,
    );
    process.exit(1);
  }
  if (config.sampleContent) {
    await services.database.exclusive(() =>
      seedSampleContent({ db: services.db, files: services.files, logger }),
    );
  }
  // Other processes sharing Redis may keep pages of the database as it was before this start.
  await services.pageCache.invalidate();
  // The pages' routes, to log and count a page by its route (in development, as they were at start).
  const pageRoutes = (typeof options.build === "function" ? await options.build() : options.build).routes;
  const app = createApp(services, {
    assetsDir: options.assetsDir,
    pageHandler: createRequestHandler(options.build, options.mode),
    pageRoutes,
  });
  const listener = getRequestListener(app.fetch);
  const graceful = gracefulStop();
  const server = createServer(
    graceful.wrap(options.wrapListener ? options.wrapListener(listener) : listener),
  );
  server.keepAliveTimeout = 5_000;
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    // A port in use or not allowed is the operator's to fix: say which, and which setting, not a stack trace.
    const reason = portProblem(error, config.port, config.host);
    if (!reason) throw error;
    logger.fatal(
      { port: config.port, host: config.host, code: (error as NodeJS.ErrnoException).code },
      reason,
    );
    await services.pageCache.close();
    await services.database.close();
    process.exit(1);
  }
  logger.info(
    {
      url: config.publicUrl,
      database: services.database.kind,
      files: services.files.kind,
      ms: Math.round(performance.now() - startedAt),
    },
    "listening",
  );

  // postgres.js sends a first statement of its own on each new connection (the array types) and
  // never awaits it: a connection dropped or closed by the stall watch during it rejects with no
  // one to hear, which would end the process. That only says the database is away, which the
  // requests meet themselves (503); any other unheard rejection still ends the process.
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason, true)) {
      const { name, code } = reason as { name?: string; code?: string };
      logger.warn({ name, code }, "a database connection was lost while it opened");
      return;
    }
    logger.fatal({ err: reason }, "unhandled rejection");
    process.exit(1);
  });

  const reconciliation = startReconciliation(services);
  const messageQueue = startMessageQueue(services);
  const absenceTexts = startAbsenceTexts(services, messageQueue.nudge);
  const publishing = startScheduledPublishing(services);
  const backups = startScheduledBackups(services);
  const backupRequests = answerBackupRequests(services);
  const upkeep = startDatabaseUpkeep(services.database, logger);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, inFlight: graceful.inFlight(), timeoutSeconds: config.stopTimeoutMs / 1000 },
      "stopping: new requests get 503, those in flight finish",
    );
    const { refused, cutOff } = await graceful.drain(server, config.stopTimeoutMs);
    logger.info({ refused, cutOff }, "requests drained");
    if (cutOff > 0) {
      logger.warn({ cutOff }, `${cutOff} request(s) still in flight after STOP_TIMEOUT_SECONDS were cut off`);
    }
    await reconciliation.stop();
    await absenceTexts.stop();
    await messageQueue.stop();
    await publishing.stop();
    await backups.stop();
    await backupRequests.stop();
    await upkeep.stop();
    await options.onClose?.();
    await services.pageCache.close();
    await services.database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return { server, services };
}
