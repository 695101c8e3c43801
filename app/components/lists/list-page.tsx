// The frame of every public list: the one heading, a lead, optional tools (the search box), the
// records as a list, a message when there are none, and page links that work without script.
import type { ReactNode } from "react";
import { data, useLocation, useNavigation } from "react-router";
import { formatNumber } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { Pagination } from "../../ui";

/** How wide a card's image is shown: the grid in lists.css (four, three, two or one columns). */
export const cardImageSizes =
  "(min-width: 1200px) 280px, (min-width: 900px) 30vw, (min-width: 600px) 45vw, 100vw";

/** What every list loader answers besides its records. */
export type ListInfo = { total: number; page: number; pageCount: number; q: string };

export function ListPage({
  heading,
  lead,
  tools,
  info,
  count,
  layout = "grid",
  children,
}: {
  heading: string;
  lead?: string;
  /** Shown under the heading: the search form. */
  tools?: ReactNode;
  info: ListInfo;
  /** Records on this page. */
  count: number;
  layout?: "grid" | "rows";
  /** One <li> per record. */
  children: ReactNode;
}) {
  const { t, intl } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  // Another page or search of this same list is on its way.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const empty = count === 0;
  return (
    <div className="container list-page">
      <div className="list-page__head">
        <h1>{heading}</h1>
        {lead ? <p className="muted">{lead}</p> : null}
        {tools}
      </div>
      <p className={empty ? "list-page__empty" : "visually-hidden"} role="status">
        {empty
          ? t(info.q ? "list.noMatch" : "list.empty")
          : info.q
            ? t("lists.found", { count: formatNumber(info.total, intl) })
            : ""}
      </p>
      {empty ? null : (
        <ul className={`list-page__${layout}`} aria-busy={loading || undefined} data-testid="list">
          {children}
        </ul>
      )}
      <Pagination
        page={info.page}
        pageCount={info.pageCount}
        label={t("list.pages")}
        previousLabel={t("list.previous")}
        nextLabel={t("list.next")}
      />
    </div>
  );
}

/**
 * The paging part of a list loader's answer (for its loader to return); a page past the last
 * one is a 404, so that search engines do not keep empty pages.
 */
export function listInfo(list: ListInfo): ListInfo {
  if (list.page > list.pageCount) throw data(null, { status: 404 });
  return { total: list.total, page: list.page, pageCount: list.pageCount, q: list.q };
}

/** The canonical address of a list page: the list itself, or ?page=N beyond the first. */
export const listPath = (path: string, info: ListInfo | undefined) =>
  info && info.page > 1 ? `${path}?page=${info.page}` : path;
