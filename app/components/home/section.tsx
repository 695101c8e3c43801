// A home section: its heading, its 'more' link, and a list that streams in, with placeholder
// cards while it loads and a plain sentence when it is empty.
import { type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router";
import { useI18n } from "../../lib/i18n";

export function HomeSection({
  id,
  heading,
  more,
  alt = false,
  children,
}: {
  id: string;
  heading: string;
  more: { href: string; label: string };
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={alt ? "section section--alt" : "section"} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <div className="section__head">
          <h2 id={`${id}-heading`}>{heading}</h2>
          <Link to={more.href} className="button button--outline button--small" prefetch="intent">
            {more.label}
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

/** Placeholder cards of the section's shape, hidden from screen readers behind one "Loading…". */
export function SkeletonCards({ count, square = false }: { count: number; square?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="grid home-grid" data-size={square ? "small" : undefined} aria-busy="true">
      <span className="visually-hidden">{t("home.loading")}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="card" aria-hidden="true" data-testid="skeleton">
          <div className={square ? "skeleton card__media card__media--square" : "skeleton card__media"} />
          <div className="card__body">
            <div className="skeleton" style={{ width: "70%", height: "1.25em" }} />
            <div className="skeleton" style={{ height: "3em" }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A list the loader streams: skeletons until it arrives, then its items or "Nothing here yet". */
export function Streamed<Item>({
  items,
  skeletons,
  square,
  children,
}: {
  items: Promise<Item[]>;
  skeletons: number;
  square?: boolean;
  children: (items: Item[]) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Suspense fallback={<SkeletonCards count={skeletons} square={square} />}>
      <Await resolve={items} errorElement={<p role="alert">{t("error.heading")}</p>}>
        {(loaded: Item[]) =>
          loaded.length === 0 ? <p className="muted">{t("list.empty")}</p> : children(loaded)
        }
      </Await>
    </Suspense>
  );
}
