// The address of a dashboard table (?page=, ?q=), read forgivingly: a bad value is the first
// page, no search. The page and offset for a page size come with it.

export function tableQuery(request: Request, perPage: number) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(50_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  return { url, page, q, limit: perPage, offset: (page - 1) * perPage };
}

/** How many pages `total` rows fill (at least one, so an empty table has a page). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
