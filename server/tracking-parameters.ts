// What of a page's query is the page's: the parameters its routes declare (`query` in a route's
// handle, app/lib/page-texts.ts), in a fixed order, and nothing else. Other sites add parameters
// to the links they send visitors through: Facebook to every outbound click (fbclid), campaigns
// (utm_*), ad clicks (gclid, msclkid...), mailing lists; and anyone may add their own (?foo=1).
// No page reads them, so a page asked with them is the page asked without: rendered from the
// clean address and kept under it (otherwise each shared link is a cache miss and one more copy
// kept, and a flood of made-up addresses fills the cache; issue 42). A tracking parameter is
// also dropped where nothing is declared (the REST API, and the app without its pages).
import type { ServerBuild } from "react-router";
import { pageRouteMatcher } from "./page-routes";

const tracking =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|srsltid)$/i;

/**
 * React Router's own parameters: on a navigation's data request (/blogs.data?_routes=...), which
 * routes' data to send; `index`, which of a path's routes a form is for. Every page keeps them.
 */
const routerParameters = ["_routes", "index"];

/**
 * React Router's own address for the routes a navigation discovers (lazy route discovery:
 * ?paths=...&version=...): its query is kept whole but for the tracking parameters.
 */
const routeManifestPath = "/__manifest";

/** The names a page's query may keep (its routes' declarations), or null: keep all but tracking. */
export type DeclaredQuery = (pathname: string) => ReadonlySet<string> | null;

/** Nothing declared anywhere: every parameter but the tracking ones is kept. */
export const undeclared: DeclaredQuery = () => null;

/**
 * The parameters each page declares, from the build's routes: the union of the `query` of every
 * route a path matches (a layout's and the page's). Paths under /api and React Router's route
 * manifest are not pages: their query is kept whole, but for the tracking parameters.
 */
export function declaredQueryOf(routes: ServerBuild["routes"] | undefined): DeclaredQuery {
  if (!routes) return undeclared;
  const matching = pageRouteMatcher(routes);
  const declaredBy = (id: string): readonly string[] => {
    const handle = routes[id]?.module.handle as { query?: readonly string[] } | undefined;
    return handle?.query ?? [];
  };
  // Visitors ask for few distinct paths, but paths are whatever a client sends: a bounded map.
  const known = new Map<string, ReadonlySet<string>>();
  return (pathname) => {
    if (/^\/api(\/|$)/i.test(pathname) || pathname === routeManifestPath) return null;
    let names = known.get(pathname);
    if (names) return names;
    names = new Set([...routerParameters, ...matching(pathname).flatMap(declaredBy)]);
    if (known.size >= 5000) known.clear();
    known.set(pathname, names);
    return names;
  };
}

/**
 * The page's own query: only the declared parameters (all but the tracking ones when nothing is
 * declared), "" when none is left. In the cache key they are sorted by name, so that one page is
 * one entry whatever order a link gives them in; the render gets them in the order they came (the
 * results lookup knows its own form's address by its order).
 */
export function pageSearch(
  url: URL,
  declared: DeclaredQuery,
  order: "sorted" | "as-given" = "sorted",
): string {
  if (!url.search) return "";
  const names = declared(url.pathname);
  const all = [...url.searchParams];
  const kept = all.filter(([name]) => (names ? names.has(name) : !tracking.test(name)));
  if (kept.length === 0) return "";
  if (order === "as-given" && kept.length === all.length) return url.search;
  const search = new URLSearchParams(kept);
  if (order === "sorted") search.sort();
  return `?${search}`;
}

/**
 * A page's GET or HEAD request as from its clean address (pageSearch); anything else (a form's
 * POST, which may carry React Router's ?index) as it came.
 */
export function withPageQuery(request: Request, declared: DeclaredQuery): Request {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  const url = new URL(request.url);
  const search = pageSearch(url, declared, "as-given");
  if (search === url.search) return request;
  url.search = search;
  return new Request(url, request);
}
