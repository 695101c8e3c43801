// A signed-in person's page found by its view (server/cache/page-templates.ts) is filled with
// their details before any of the page's loaders run: a page the same for every reader of the
// view, or the person's own page while nothing stored has changed. Other pages go on to React
// Router, which renders them, or finds their template by their data (app/entry.server.tsx).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { personOf, templateAnswer } from "../cache/page-template-placeholders";
import { type PageTemplates, personalViewKeyOf, viewKeyOf } from "../cache/page-templates";
import { hasFlash } from "../cookies";
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

export const serveSharedPages = (templates: PageTemplates, recordsGeneration: () => Promise<string | null>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const actor = c.get("actor");
    const key = sharedViewKeyOf(c);
    if (key === null || actor?.kind !== "user") return next();
    let found = templates.forView(key);
    if (!found) {
      // Read before the loaders run: a change made meanwhile leaves their page under the older one.
      const records = await recordsGeneration();
      const generation = c.get("contentGeneration");
      const personalKey =
        records && generation ? personalViewKeyOf(c.req.raw, actor, generation, records) : null;
      c.set("personalViewKey", personalKey);
      found = personalKey === null ? undefined : templates.forView(personalKey);
    }
    if (!found) return next();
    return templateAnswer(found.template, personOf(actor), {
      nonce: c.get("nonce"),
      acceptEncoding: c.req.header("accept-encoding"),
      status: 200,
      headers: new Headers(found.headers),
      held: found.held,
    });
  });
