// Parameters other sites add to the links they send visitors through: Facebook to every outbound
// click (fbclid), campaigns (utm_*), ad clicks (gclid, msclkid...), mailing lists. No page reads
// them, so a page asked with them is the page asked without: rendered from the clean address and
// kept under it (otherwise each shared link is a cache miss and one more copy kept; issue 42).

const tracking =
  /^(?:utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|mkt_tok|srsltid)$/i;

/** The query without tracking parameters ("" when none is left), in the order it came. */
export function searchWithoutTracking(url: URL): string {
  if (!url.search) return "";
  const kept = [...url.searchParams].filter(([name]) => !tracking.test(name));
  if (kept.length === [...url.searchParams].length) return url.search;
  return kept.length === 0 ? "" : `?${new URLSearchParams(kept)}`;
}

/** A page's GET or HEAD request as from its clean address; anything else as it came. */
export function withoutTracking(request: Request): Request {
  if (request.method !== "GET" && request.method !== "HEAD") return request;
  const url = new URL(request.url);
  const search = searchWithoutTracking(url);
  if (search === url.search) return request;
  url.search = search;
  return new Request(url, request);
}
