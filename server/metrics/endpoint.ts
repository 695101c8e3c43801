// GET /metrics: the exposition text for Prometheus, only for a scraper that sends
// `Authorization: Bearer METRICS_TOKEN` (without the setting the route is not there: 404). The
// metrics say how busy the site is and what it earns, so they are not public; never kept by the
// page cache or anyone else.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import { problem } from "../../common/errors/problem";
import { errorBody } from "../api/errors";
import type { AppEnv } from "../http-env";
import type { Metrics } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the header carries the token: compared in constant time, whatever their lengths. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "")?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

export function metricsEndpoint(metrics: Metrics, token: string): Handler<AppEnv> {
  return async (c) => {
    c.header("Cache-Control", "no-store");
    if (!bearerMatches(c.req.header("authorization"), token)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json(errorBody("unauthorized", problem("metrics.tokenNeeded")), 401);
    }
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { "Content-Type": contentType });
  };
}
