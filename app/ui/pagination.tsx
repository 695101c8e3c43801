// Page links that work without script: ?page=N on the current address, keeping other parameters.
import { Link, useLocation } from "react-router";

export function Pagination({
  page,
  pageCount,
  label,
  previousLabel,
  nextLabel,
}: {
  page: number;
  pageCount: number;
  label: string;
  previousLabel: string;
  nextLabel: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const search = params.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2,
  );
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {previousLabel}
            </Link>
          </li>
        ) : null}
        {pages.map((n, i) => (
          <li key={n}>
            {i > 0 && n - (pages[i - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
            <Link to={href(n)} aria-current={n === page ? "page" : undefined}>
              {n}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next">
              {nextLabel}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
