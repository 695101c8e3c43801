// The route a request is logged and counted under: the pattern it matched ("/blog/:id",
// "/api/Notice/notices/:id"), never its path, which may hold an id, an e-mail address or a
// reset token, and never its query. The patterns are the app's own, so they are few whatever
// clients send: a path nothing matches is counted under its mount ("/api/*", "/*").
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { ServerBuild } from "react-router";
import { pageRouteMatcher } from "../page-routes";

export type RouteSources = {
  /** The REST endpoint's pattern for a call (server/api/router.ts endpointPatterns). */
  endpoint: (method: string, pathname: string) => string | null;
  /** Better Auth's paths under /api/auth ("/sign-in/email", "/reset-password/:token"). */
  authPaths: string[];
  /** The pages' routes, as React Router's build lists them; none when the app serves no pages. */
  pages?: ServerBuild["routes"];
};

/** A Hono route path without its parameters' patterns: ":file{[0-9]+\\.pdf}" is ":file". */
const plainPattern = (path: string) => path.replace(/(:\w+)\{(?:[^{}]|\{[^{}]*\})*\}/g, "$1");

/** The patterns Better Auth's paths match, most fixed first, case-insensitive as the API's. */
function authMatcher(paths: string[]): (pathname: string) => string | null {
  const compiled = [...new Set(paths)]
    .map((path) => {
      const segments = path.split("/");
      const source = segments
        .map((segment) =>
          segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/");
      const params = segments.filter((segment) => segment.startsWith(":")).length;
      return { route: `/api/auth${path}`, pattern: new RegExp(`^/api/auth${source}/?$`, "i"), params };
    })
    .sort((a, b) => a.params - b.params);
  return (pathname) => compiled.find(({ pattern }) => pattern.test(pathname))?.route ?? null;
}

/** The whole pattern ("/blog/:id") of the innermost page route a path matches. */
function pageMatcher(routes: ServerBuild["routes"]): (pathname: string) => string | null {
  const fullPath = new Map<string, string>();
  const patternOf = (id: string): string => {
    const known = fullPath.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    const parent = route?.parentId ? patternOf(route.parentId) : "";
    const own = route?.path ? `/${route.path}` : "";
    const pattern = `${parent === "/" ? "" : parent}${own}` || "/";
    fullPath.set(id, pattern);
    return pattern;
  };
  const matching = pageRouteMatcher(routes);
  return (pathname) => {
    const last = matching(pathname).at(-1);
    return last ? patternOf(last) : null;
  };
}

/** Remembered answers: requests repeat a few paths; the map is emptied when it fills. */
const rememberedPaths = 5000;

export function createRouteNames(sources: RouteSources): (c: Context) => string {
  const auth = authMatcher(sources.authPaths);
  const pages = sources.pages ? pageMatcher(sources.pages) : () => null;
  // By method, then path: no key to build per request.
  const known = new Map<string, Map<string, string>>();
  let remembered = 0;

  const byPath = (method: string, pathname: string, mounted: string): string => {
    let paths = known.get(method);
    const found = paths?.get(pathname);
    if (found !== undefined) return found;
    let route: string | null;
    if (/^\/api\/auth(\/|$)/i.test(pathname)) route = auth(pathname) ?? "/api/auth/*";
    else if (/^\/api(\/|$)/i.test(pathname)) route = sources.endpoint(method, pathname) ?? "/api/*";
    else if (mounted === "*" || mounted === "/*") route = pages(pathname) ?? "/*";
    else route = mounted;
    if (remembered >= rememberedPaths) {
      known.clear();
      remembered = 0;
      paths = undefined;
    }
    if (!paths) {
      paths = new Map();
      known.set(method, paths);
    }
    paths.set(pathname, route);
    remembered++;
    return route;
  };

  return (c) => {
    // The route that answered, when it names one path ("/healthz", "/results/marksheet/:exam/:file");
    // otherwise the answer came from a mount or a middleware (the page cache), found by the path.
    const mounted = routePath(c) || "*";
    if (!mounted.includes("*")) return plainPattern(mounted);
    return byPath(c.req.method, c.req.path, mounted);
  };
}
