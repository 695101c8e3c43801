// In app/lib, not beside a route: every public list page and the dashboard's content pages use it.
// Loads one page of a content list for a public page: ?page=N and ?q= from the address, the
// domain's visibility and ordering, the total for the page links.
import type { RouterContextProvider } from "react-router";
import type { ContentCollection, ContentContext } from "../../server/domain/content/collection";
import { pageOf } from "./page.server";

export async function loadListPage<Item>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  collection: ContentCollection<Item>,
  options: { pageSize: number; filters?: Record<string, string> },
) {
  const { actor } = pageOf(context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1;
  const { items, total } = await collection.list(contentContext(context), actor, {
    limit: options.pageSize,
    offset: (page - 1) * options.pageSize,
    q,
    filters: options.filters,
  });
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / options.pageSize)), q: q ?? "" };
}

/** The content context for a loader or action that calls a collection directly. */
export const contentContext = (context: Readonly<RouterContextProvider>): ContentContext => {
  const { services, contentReads } = pageOf(context);
  return { db: services.db, images: services.images, documents: services.documents, reads: contentReads };
};
