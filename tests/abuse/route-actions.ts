// The routes whose module exports a React Router action (a page's own form posts), read from the
// route table: what the page-action fuzzer and the page permission matrix both walk.
import { readFileSync } from "node:fs";
import path from "node:path";
import routeTable from "../../app/routes";
import { repoRoot } from "../e2e/harness";

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
export type RouteWithFile = { path: string; file: string; index: boolean };

/** Every route with its full path, from the route table. */
function flatten(entries: RouteEntry[], parent = ""): RouteWithFile[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [
      { path: full, file: entry.file, index: Boolean(entry.index) },
      ...flatten(entry.children ?? [], full),
    ];
  });
}

const hasAction = (file: string) =>
  /export\s+(async\s+)?(function|const)\s+action\b/.test(
    readFileSync(path.join(repoRoot, "app", file), "utf8"),
  );

/** Every route whose module has an action (the dashboard's, the profile's, sign-in, contact...). */
export const routesWithActions: RouteWithFile[] = flatten(routeTable as RouteEntry[]).filter((route) =>
  hasAction(route.file),
);
