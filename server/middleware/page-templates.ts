// A signed-in person's page found by its view (server/cache/page-templates.ts) is filled with
// their details before any of the page's loaders run. Other pages go on to React Router, which
// renders them, or finds their template by their data (app/entry.server.tsx).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { hasFlash } from "../../app/lib/cookies.server";
import { personOf, templateAnswer } from "../../app/page-templates.server";
import { type PageTemplates, viewKeyOf } from "../cache/page-templates";
import type { AppEnv } from "../http-env";

/**
 * A signed-in person's GET of a page, rendered as a template: not a navigation's data, which
 * React Router asks for at the page's address with ".data".
 */
export function isTemplatedPage(c: Context<AppEnv>): boolean {
  return c.req.method === "GET" && c.get("actor")?.kind === "user" && !c.req.path.endsWith(".data");
}

/** The key such a page is found by its view, or null: not such a page, or a banner waits. */
export function sharedViewKeyOf(c: Context<AppEnv>): string | null {
  const actor = c.get("actor");
  const generation = c.get("contentGeneration");
  if (!isTemplatedPage(c) || actor?.kind !== "user" || !generation || hasFlash(c.req.raw)) return null;
  return viewKeyOf(c.req.raw, actor, generation);
}

export const serveSharedPages = (templates: PageTemplates) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = sharedViewKeyOf(c);
    const actor = c.get("actor");
    const found = key !== null && actor?.kind === "user" ? templates.forView(key) : undefined;
    if (!found || actor?.kind !== "user") return next();
    return templateAnswer(found.template, personOf(actor), {
      nonce: c.get("nonce"),
      acceptEncoding: c.req.header("accept-encoding"),
      status: 200,
      headers: new Headers(found.headers),
    });
  });
