// A result in the list: image, title (the link to its page), date and the start of its text.
import { href, Link } from "react-router";
import { formatDate } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { cardImageSizes } from "./list-page";

export type ResultCardData = {
  id: string;
  title: string;
  information: string;
  createdAt: string;
  image: ImageView | null;
};

export function ResultCard({
  result,
  priority = false,
}: {
  result: ResultCardData;
  /** The list's first card: its image is what a visitor sees first (LCP), so it loads at once. */
  priority?: boolean;
}) {
  const { intl } = useI18n();
  return (
    <li className="card list-card" data-testid="result-card">
      <Picture
        image={result.image}
        alt={result.title}
        sizes={cardImageSizes}
        className="card__media"
        priority={priority}
      />
      <div className="card__body">
        <h2 className="list-card__title">
          <Link to={href("/result/:ID", { ID: result.id })} className="list-card__link">
            {result.title}
          </Link>
        </h2>
        <time className="muted list-card__meta" dateTime={result.createdAt}>
          {formatDate(result.createdAt, intl)}
        </time>
        <p>{result.information}</p>
      </div>
    </li>
  );
}
