// Page templates (decision 0037; the placeholders and their filling are in page-template-placeholders.ts):
// each kept under the hash of its address and the data it was rendered from, and found before the
// page's loaders run by its view: for pages the same for every reader of a view, a person's own
// pages (0038, app/lib/shared-page.ts), and a page with a part of its own (0040, /results).

import { localeOf } from "../cookies";
import type { Actor, SignedInActor } from "../domain/actor";
import { deflatePieces, type GzipPiece } from "./gzip-pieces";

type Context = "html" | "data";
/**
 * The person's name, e-mail, photo and initials; their profile's own texts; a page's own part (a
 * marksheet's markup: whole where it stands in the page, a string in the page's data) and the
 * numbers it was asked by; the request's nonce.
 */
export type PlaceholderName =
  | "name"
  | "email"
  | "account"
  | "image"
  | "initials"
  | "about"
  | "contactNumber"
  | "rollNumber"
  | "phoneNumber"
  | "roll"
  | "registration"
  | "part"
  | "nonce";

/**
 * A rendered page cut at its placeholders: pieces[0], placeholder 0, pieces[1], placeholder 1, …; each piece with
 * its gzip blocks, made once the template is used a second time (gzip-pieces.ts): most pages a
 * test or an admin makes are seen once.
 */
export type Template = {
  pieces: GzipPiece[];
  placeholders: { name: PlaceholderName; in: Context }[];
  /** Its pieces' size in memory, their gzip blocks included once they are made. */
  bytes: number;
  compressing?: Promise<void>;
};

/** The details that a page's loaders gave as placeholders, with their values (a profile's, a lookup's). */
export type PlaceholderValues = Partial<Record<Exclude<PlaceholderName, "nonce">, string>>;

/**
 * A template found by its view: the answer's headers come with it, and, for a person's own page,
 * the values of the placeholders its loaders gave (they do not run when it is found so).
 */
type Shared = {
  templateKey: string | null;
  headers: [string, string][];
  held: PlaceholderValues;
  storedAt: number;
};

export type PageTemplates = ReturnType<typeof createPageTemplates>;

/**
 * Templates kept in memory, least recently used out first, each for `ttlMs` (a page may show
 * the time: "in 3 days"). A template is compressed when it is first used again: most pages a test
 * or an admin makes are seen once. When many requests need the same missing template, one renders it and
 * the others wait for it. A template found by its view is served that way for `checkMs`, then a
 * request goes the whole way again, which checks that the page is still the same.
 */
export function createPageTemplates({ maxBytes = 32 * 1024 * 1024, ttlMs = 60_000, checkMs = 5_000 } = {}) {
  const kept = new Map<string, { template: Template; storedAt: number }>();
  const making = new Map<string, Promise<Template | null>>();
  const byView = new Map<string, Shared>();
  let bytes = 0;
  let made = 0;

  function forget(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.template.bytes;
  }

  /** Drops the least recently used templates until the kept ones fit. */
  function evictOverBound() {
    for (const oldest of kept.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** A kept template used again: from now on its answers are put together from gzip blocks. */
  function compress(key: string, template: Template) {
    template.compressing ??= deflatePieces(template.pieces).then(
      () => {
        const blocks = template.pieces.reduce((sum, piece) => sum + (piece.deflated?.length ?? 0), 0);
        template.bytes += blocks;
        if (kept.get(key)?.template !== template) return;
        bytes += blocks;
        evictOverBound();
      },
      () => {},
    );
  }

  function fresh(key: string): Template | undefined {
    const entry = kept.get(key);
    if (!entry || Date.now() - entry.storedAt > ttlMs) return undefined;
    kept.delete(key);
    kept.set(key, entry);
    compress(key, entry.template);
    return entry.template;
  }

  return {
    /**
     * The template kept under `key`, else `make`'s, kept when it says so. A null key: made for
     * this request alone.
     */
    async get(
      key: string | null,
      make: () => Promise<{ template: Template; keep: boolean }>,
    ): Promise<{ template: Template; made: boolean }> {
      if (key === null) {
        made++;
        return { template: (await make()).template, made: true };
      }
      const found = fresh(key);
      if (found) return { template: found, made: false };
      const pending = making.get(key);
      const shared = pending ? await pending.catch(() => null) : null;
      if (shared) return { template: shared, made: false };

      made++;
      const rendering = make();
      const keptTemplate = rendering.then(({ template, keep }) => (keep ? template : null));
      keptTemplate.catch(() => {});
      making.set(key, keptTemplate);
      try {
        const { template, keep } = await rendering;
        if (keep && template.bytes <= maxBytes / 8) {
          forget(key);
          kept.set(key, { template, storedAt: Date.now() });
          bytes += template.bytes;
          evictOverBound();
        }
        return { template, made: true };
      } finally {
        if (making.get(key) === keptTemplate) making.delete(key);
      }
    },

    /**
     * Notes that the page of `viewKey` is the template of `templateKey`. Returns false, and stops
     * finding the page by its view, when the view had another template in the same content
     * generation: the page differs between readers of one view (a route declared shared that is
     * not), or changed without a change of content. A person's own page (`personal`: its key
     * names them) is theirs alone: another template is the page changed (the day turned), and
     * takes the place of the first.
     */
    share(
      viewKey: string,
      templateKey: string,
      headers: [string, string][],
      { personal = false, held = {} }: { personal?: boolean; held?: PlaceholderValues } = {},
    ): boolean {
      const before = byView.get(viewKey);
      const same = personal || !before || before.templateKey === templateKey;
      byView.delete(viewKey);
      byView.set(viewKey, { templateKey: same ? templateKey : null, headers, held, storedAt: Date.now() });
      if (byView.size > 10_000) byView.delete(byView.keys().next().value as string);
      return same;
    },

    /** The template, headers and held values of a view's page, while its check holds. */
    forView(
      viewKey: string,
    ): { template: Template; headers: [string, string][]; held: PlaceholderValues } | undefined {
      const shared = byView.get(viewKey);
      if (!shared?.templateKey || Date.now() - shared.storedAt > checkMs) return undefined;
      const template = fresh(shared.templateKey);
      return template ? { template, headers: shared.headers, held: shared.held } : undefined;
    },

    /** For tests and the bench: how much is kept, and how many templates were rendered. */
    stats: () => ({ templates: kept.size, bytes, views: byView.size, made }),
  };
}

/**
 * The key of a signed-in person's page by its view: the content generation, admin or not,
 * photo or initials (the header differs), the language and the address.
 */
export function viewKeyOf(request: Request, actor: SignedInActor, generation: string): string {
  const url = new URL(request.url);
  return `${generation}\n${viewOf(request, actor)}\n${url.pathname}${url.search}`;
}

/** Who sees the page: a visitor, a user or an admin, with a photo or initials, in a language. */
function viewOf(request: Request, actor: Actor): string {
  const view = actor.kind !== "user" ? "anonymous" : actor.isAdmin ? "admin" : "user";
  const photo = actor.kind === "user" && actor.image ? "photo" : "initials";
  return `${view} ${photo} ${localeOf(request)}`;
}

/**
 * The key of a person's own page (app/lib/shared-page.ts `personalPage`): their view's key, the
 * person and the records generation (every stored change, of content or not: an order paid, a
 * message received).
 */
export function personalViewKeyOf(
  request: Request,
  actor: SignedInActor,
  generation: string,
  records: string,
): string {
  return `person ${actor.id} ${records}\n${viewKeyOf(request, actor, generation)}`;
}

/**
 * The key of a page that is one template for every reader of a view but for a part of its own
 * (a marksheet, decision 0040): the content generation, the view, the language, the page's path
 * and what else the template holds (`what`: the exam).
 */
export function partViewKeyOf(request: Request, actor: Actor, generation: string, what: string): string {
  return `part ${what}\n${generation}\n${viewOf(request, actor)}\n${new URL(request.url).pathname}`;
}
