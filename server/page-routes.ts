// Which of the app's page routes a path matches, from the routes React Router's build lists (flat,
// each naming its parent). The page cache asks it for a page's declared query
// (tracking-parameters.ts), the metrics for the pattern a request is counted under
// (metrics/routes.ts).
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export type PageRoutes = ServerBuild["routes"];

/** The ids of the routes a path matches, the outermost (the root layout) first; [] for none. */
export function pageRouteMatcher(routes: PageRoutes): (pathname: string) => string[] {
  const all = Object.values(routes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : { id: route.id, path: route.path, children: tree(route.id) },
      );
  const roots = tree(undefined);
  return (pathname) => {
    // A navigation's data (/blog/5.data, /_root.data) is its page's.
    const page = pathname.endsWith(".data") ? pathname.slice(0, -5).replace(/^\/_root$/, "/") : pathname;
    return (matchRoutes(roots, page) ?? []).flatMap((match) => (match.route.id ? [match.route.id] : []));
  };
}
