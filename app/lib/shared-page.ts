// A route's declaration that its page is the same for every reader of a view: its loader's data
// depends only on its address, the language, whether the reader is signed in or an admin, and
// the stored content (read through the content generation's reads, so that a change starts a
// new generation). A signed-in person's page of such routes is then filled from a template found
// before its loaders run (decision 0037). Not for a loader that has an effect (a rate limit, a
// count) or shows the reader's own things (their comments, orders, results).
export const sharedPage = { sharedPage: true } as const;

/** Whether every route of a page, the root aside, declares it shared. */
export function isSharedByView(
  matches: { route: { id: string } }[],
  handles: (id: string) => unknown,
): boolean {
  const routes = matches.filter((match) => match.route.id !== "root");
  return (
    routes.length > 0 &&
    routes.every(
      (match) => (handles(match.route.id) as { sharedPage?: boolean } | undefined)?.sharedPage === true,
    )
  );
}
