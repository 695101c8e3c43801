// One JSON log line per request, with an id that is also sent back as X-Request-Id so a person
// reporting a problem can quote it. With the bench's counters on (BENCH_COUNTERS), the answer also
// says how many database queries it made before it left: `Server-Timing: queries;dur=N` (a count,
// not milliseconds; a streamed page's later sections are not in it).
import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { Logger } from "pino";
import { countingQueries, type QueryCount } from "../db/query-count";
import type { AppEnv } from "../http-env";
import { setAnswerHeaders } from "./response-headers";

const acceptableId = /^[\w.-]{8,128}$/;

export const requestLog = (logger: Logger, options: { countQueries?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && acceptableId.test(incoming) ? incoming : randomUUID();
    const child = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", child);
    const started = performance.now();
    const count: QueryCount | undefined = options.countQueries ? { queries: 0 } : undefined;
    if (count) await countingQueries(count, next);
    else await next();
    setAnswerHeaders(c, [
      ["X-Request-Id", requestId],
      ...(count ? ([["Server-Timing", `queries;dur=${count.queries}`]] as const) : []),
    ]);
    const status = c.res.status;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // The client went away before its answer was made (the listener aborts the request's signal
    // when the connection closes): whatever status the unfinished work ended in, nobody got it,
    // and no server error is behind it. React Router answers 500 to a request aborted in its
    // loaders; the page's own render stops (app/entry.server.tsx).
    if (c.req.raw.signal.aborted) {
      child.info({ method: c.req.method, path: c.req.path, aborted: true, ms }, "request aborted");
      return;
    }
    const line = { method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) child.error(line, "request failed");
    else if (c.req.path !== "/healthz" && c.req.path !== "/readyz") child.info(line, "request");
  });
