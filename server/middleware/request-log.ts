// One JSON log line per request, with an id that is also sent back as X-Request-Id so a person
// reporting a problem can quote it. The line says the method, the route the request matched (its
// pattern: a path may hold an e-mail address or a token, a query anything), the status, the time
// taken and, when signed in, the account's id: no other personal detail, not even the client's
// address (docs/decisions/0047-metrics-and-request-logs.md). With /metrics on, the same request
// is counted (server/metrics/metrics.ts). With the bench's counters on (BENCH_COUNTERS), the
// answer also says how many database queries it made before it left: `Server-Timing:
// queries;dur=N` (a count, not milliseconds; a streamed page's later sections are not in it).
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { countingQueries, type QueryCount } from "../db/query-count";
import type { AppEnv } from "../http-env";
import type { Metrics } from "../metrics/metrics";
import { setAnswerHeaders } from "./response-headers";

const acceptableId = /^[\w.-]{8,128}$/;

/** Asked every few seconds by probes and Prometheus: logged only when refused. */
const quiet = new Set(["/healthz", "/readyz", "/metrics"]);

export type RequestLogOptions = {
  countQueries?: boolean;
  /** The route a request is logged under (server/metrics/routes.ts). */
  routeOf: (c: Context) => string;
  /** Counts every request when /metrics is on. */
  metrics?: Pick<Metrics, "requestStarted" | "requestEnded">;
};

export const requestLog = (logger: Logger, options: RequestLogOptions) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && acceptableId.test(incoming) ? incoming : randomUUID();
    const child = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", child);
    const started = performance.now();
    const { metrics } = options;
    metrics?.requestStarted();
    const count: QueryCount | undefined = options.countQueries ? { queries: 0 } : undefined;
    // Hono answers an error where it was thrown: next() resolves with that answer.
    if (count) await countingQueries(count, next);
    else await next();
    setAnswerHeaders(c, [
      ["X-Request-Id", requestId],
      ...(count ? ([["Server-Timing", `queries;dur=${count.queries}`]] as const) : []),
    ]);
    const status = c.res.status;
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed * 10) / 10;
    const method = c.req.method;
    const route = options.routeOf(c);
    const actor = c.get("actor");
    const account = actor?.kind === "user" ? { accountId: actor.id } : {};
    // The client went away before its answer was made (the listener aborts the request's signal
    // when the connection closes): whatever status the unfinished work ended in, nobody got it,
    // and no server error is behind it. React Router answers 500 to a request aborted in its
    // loaders; the page's own render stops (app/entry.server.tsx).
    const aborted = c.req.raw.signal.aborted;
    metrics?.requestEnded(
      method,
      route,
      aborted ? null : status,
      elapsed / 1000,
      c.res.headers.get("x-cache"),
    );
    if (aborted) {
      child.info({ method, route, aborted: true, ms, ...account }, "request aborted");
      return;
    }
    const line = { method, route, status, ms, ...account };
    if (status >= 500) child.error(line, "request failed");
    else if (!quiet.has(route) || status >= 400) child.info(line, "request");
  });
