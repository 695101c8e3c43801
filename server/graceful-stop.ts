// Stopping without dropping anyone (SIGTERM from systemd, a restart for an upgrade): the requests
// in flight finish, an upload half sent included, while every request that arrives after the
// signal is answered at once with 503, Retry-After and Connection: close, so a browser or a proxy
// knows to come back rather than waiting on a process that is going away. Once nothing is in
// flight, or after STOP_TIMEOUT_SECONDS, the listener and every connection close.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import { english } from "../common/errors/english";
import { problem } from "../common/errors/problem";
import { renderProblem } from "../i18n/errors/render-problem";
import { errorTextsBn } from "../i18n/errors/texts-bn";
import { errorBody } from "./api/errors";
import { localeOfHeaders } from "./cookies";

/** Seconds a refused client is told to wait: the rest of the drain and a new start. */
export const retryAfterSeconds = 10;

const stopping = problem("request.stopping");

/** The answer to a request that came after the signal: JSON for the API, a page otherwise. */
function refuse(req: IncomingMessage, res: ServerResponse) {
  const headers: Record<string, string> = {
    "retry-after": String(retryAfterSeconds),
    connection: "close",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (/^\/api(\/|$|\?)/i.test(req.url ?? "")) {
    res.writeHead(503, { ...headers, "content-type": "application/json" });
    res.end(JSON.stringify(errorBody("unavailable", stopping)));
    return;
  }
  const locale = localeOfHeaders(
    new Headers({
      cookie: req.headers.cookie ?? "",
      "accept-language": req.headers["accept-language"] ?? "",
    }),
  );
  const text = renderProblem(locale === "bn" ? errorTextsBn : english, stopping);
  res.writeHead(503, {
    ...headers,
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'",
  });
  res.end(
    `<!doctype html><html lang="${locale}"><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title>` +
      `<p>${text}</p></html>`,
  );
}

export type GracefulStop = {
  /** The server's listener: counts the requests in flight; once stopping, refuses new ones. */
  wrap(inner: RequestListener): RequestListener;
  /** How many requests are in flight now. */
  inFlight(): number;
  /**
   * Refuses every new request from now on and waits for those in flight, at most `timeoutMs`;
   * then closes the listener and every connection. Answers how many were refused meanwhile, and
   * how many were cut off.
   */
  drain(server: Server, timeoutMs: number): Promise<{ refused: number; cutOff: number }>;
};

export function gracefulStop(): GracefulStop {
  let draining = false;
  let refused = 0;
  const running = new Set<ServerResponse>();
  let allDone: (() => void) | undefined;

  return {
    wrap: (inner) => (req, res) => {
      if (draining) {
        refused++;
        return refuse(req, res);
      }
      running.add(res);
      // "close" comes when the answer is sent, or when the client went away before that.
      res.once("close", () => {
        running.delete(res);
        if (running.size === 0) allDone?.();
      });
      inner(req, res);
    },
    inFlight: () => running.size,
    async drain(server, timeoutMs) {
      draining = true;
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          allDone = resolve;
          timer = setTimeout(resolve, timeoutMs);
        });
        clearTimeout(timer);
      }
      const cutOff = running.size;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      return { refused, cutOff };
    },
  };
}
