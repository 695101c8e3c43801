// Routes' declarations of what their page depends on, so that a signed-in person's page can be
// filled from a template found before its loaders run (decision 0037, 0038).

/**
 * The page is the same for every reader of a view: its loader's data depends only on its address,
 * the language, whether the reader is signed in or an admin, and the stored content (read through
 * the content generation's reads, so that a change starts a new generation). Not for a loader that
 * has an effect (a rate limit, a count) or shows the reader's own things (their comments, orders,
 * results).
 */
export const sharedPage = { sharedPage: true } as const;

/**
 * The page is the reader's own: its data depends only on its address, the language, who the reader
 * is and what is stored (any stored change, of content or not, starts a new records generation:
 * server/cache/records-generation.ts). Not for a loader that shows the time (a countdown) or
 * changes something a second visit would not (a count): such a page is rendered each time.
 */
export const personalPage = { personalPage: true } as const;

type Declared = { sharedPage?: boolean; personalPage?: boolean } | undefined;

/**
 * How a page may be found before its loaders run: by its view, when every route of it (the root
 * aside) declares it shared; by its view and reader, when each is shared or personal; else not.
 */
export function pageViewOf(
  matches: { route: { id: string } }[],
  handles: (id: string) => unknown,
): "shared" | "personal" | null {
  const routes = matches
    .filter((match) => match.route.id !== "root")
    .map((match) => handles(match.route.id) as Declared);
  if (routes.length === 0) return null;
  if (routes.every((handle) => handle?.sharedPage === true)) return "shared";
  if (routes.every((handle) => handle?.sharedPage === true || handle?.personalPage === true)) {
    return "personal";
  }
  return null;
}
