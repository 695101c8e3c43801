// Load runs with autocannon on loopback: requests per second, p50/p99 latency and errors for each
// page, REST list and the static ceiling, anonymous and signed in, at each connection count.
import { createRequire } from "node:module";
import autocannon, { type Result } from "autocannon";
import { ratio, round } from "./stats";

export type TargetKind = "page" | "api" | "static";
export type Target = { name: string; path: string; kind: TargetKind };
/** Who asks: nobody, the bench's reader (a signed-in user), or an admin (the dashboard). */
export type Auth = "anonymous" | "signed-in" | "admin";

export type LoadFigure = {
  target: string;
  path: string;
  kind: TargetKind;
  auth: Auth;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  requests: number;
  /** requestsPerSecond over the static file's at the same connection count. */
  ratioToStatic: number | null;
};

/** The REST lists of server/api/*.ts, each as a client would page through it. */
export const restLists: Target[] = [
  ["admissions", "/api/Admition/admition"],
  ["blogs", "/api/blog/blogs"],
  ["comments", "/api/blog/comment"],
  ["results", "/api/result/results"],
  ["notices", "/api/Notice/notices"],
  ["services", "/api/service/services"],
  ["students", "/api/student/students"],
  ["teachers", "/api/teacher/teachers"],
].map(([name, path]) => ({ name: `GET ${name} list`, path: `${path}?limit=50`, kind: "api" as const }));

/**
 * Pages only a signed-in person sees (issue 20's budget for signed-in pages): measured signed in
 * only (a visitor is sent to the login page), at the most connections of the run.
 */
export const signedInPages: (Target & { auth: Exclude<Auth, "anonymous"> })[] = [
  { name: "profile", path: "/profile-route", kind: "page", auth: "signed-in" },
  { name: "cart", path: "/allOrder", kind: "page", auth: "signed-in" },
  { name: "payment", path: "/payment-getway/stripe", kind: "page", auth: "signed-in" },
  { name: "dashboard overview", path: "/DeashBoard", kind: "page", auth: "admin" },
  { name: "a dashboard list", path: "/DeashBoard/list/blogs", kind: "page", auth: "admin" },
];

export function benchTargets(blogId: string, staticPath: string): Target[] {
  return [
    { name: "static file", path: staticPath, kind: "static" },
    { name: "home page", path: "/", kind: "page" },
    { name: "a blog", path: `/blog/${blogId}`, kind: "page" },
    { name: "admissions page", path: "/admitionAll", kind: "page" },
    ...restLists,
  ];
}

// What a browser sends (the server compresses pages and JSON for it).
export const headersFor = (kind: TargetKind): Record<string, string> => ({
  accept: kind === "api" ? "application/json" : "text/html,application/xhtml+xml,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) maktab-bench",
});

export function summarise(
  result: Pick<Result, "requests" | "latency" | "duration" | "errors" | "non2xx">,
): Pick<LoadFigure, "requestsPerSecond" | "p50Ms" | "p99Ms" | "errors" | "requests"> {
  const seconds = result.duration > 0 ? result.duration : 1;
  return {
    requestsPerSecond: round(result.requests.total / seconds, 1),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    errors: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

/** Fills ratioToStatic from the anonymous static figure at the same connection count. */
export function withRatios(figures: LoadFigure[]): LoadFigure[] {
  const ceiling = new Map(
    figures
      .filter((figure) => figure.kind === "static" && figure.auth === "anonymous")
      .map((figure) => [figure.connections, figure.requestsPerSecond]),
  );
  return figures.map((figure) => ({
    ...figure,
    ratioToStatic: ratio(figure.requestsPerSecond, ceiling.get(figure.connections)),
  }));
}

/**
 * autocannon keeps every response body as a string (`body += chunk`, for its onResponse and
 * expectBody options, which the bench does not use). Decoding compressed bytes as text cost 89%
 * of the load generator's CPU on the 18 KB brotli home page (a CPU profile of autocannon 9.0.0),
 * so every compressed answer measured the client, not the server: the server sat 80% idle. The
 * bench counts bytes only; nothing it reports reads a body.
 */
function countBodiesWithoutKeeping() {
  const queue = createRequire(import.meta.url)("autocannon/lib/pipelinedRequestsQueue.js") as {
    prototype: { addBody?: (data: unknown) => void };
  };
  // A later autocannon may keep bodies elsewhere: then the figures would quietly change meaning.
  if (typeof queue.prototype.addBody !== "function") {
    throw new Error(
      "autocannon no longer keeps bodies in PipelinedRequestsQueue.addBody: review bench/load.ts",
    );
  }
  queue.prototype.addBody = () => {};
}
countBodiesWithoutKeeping();

export async function measure(options: {
  baseUrl: string;
  target: Target;
  auth: Auth;
  cookie?: string;
  connections: number;
  durationSeconds: number;
}): Promise<LoadFigure> {
  const { target, auth, connections } = options;
  const headers = headersFor(target.kind);
  if (auth !== "anonymous" && options.cookie) headers.cookie = options.cookie;
  const result = await autocannon({
    url: `${options.baseUrl}${target.path}`,
    connections,
    duration: options.durationSeconds,
    headers,
    timeout: 10,
  });
  return {
    target: target.name,
    path: target.path,
    kind: target.kind,
    auth,
    connections,
    ...summarise(result),
    ratioToStatic: null,
  };
}

/** A few sequential requests to each target, so the first measured run does not pay for JIT warm-up. */
export async function warmUp(baseUrl: string, targets: Target[], cookie: string, rounds = 5): Promise<void> {
  for (const target of targets) {
    for (let i = 0; i < rounds; i++) {
      for (const extra of [{}, { cookie }] as Record<string, string>[]) {
        const response = await fetch(`${baseUrl}${target.path}`, {
          headers: { ...headersFor(target.kind), ...extra },
        });
        await response.arrayBuffer();
        if (response.status >= 400) {
          throw new Error(`warm-up: ${target.path} answered ${response.status}`);
        }
      }
    }
  }
}
