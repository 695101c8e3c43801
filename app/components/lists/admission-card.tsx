// An admission in the list: image, title, the start of its text, the price in dollars, the
// specification's 'check out' link, and Delete for admins.
import { href, Link } from "react-router";
import { toMajorUnits } from "../../../common/money";
import { formatPrice } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { DeleteButton } from "../delete-button";
import { cardImageSizes } from "./list-page";

export type AdmissionCardData = {
  id: string;
  title: string;
  /** Already cut to an excerpt by the loader. */
  about: string;
  priceMinor: number;
  image: ImageView | null;
};

export function AdmissionCard({
  admission,
  canDelete,
  priority = false,
}: {
  admission: AdmissionCardData;
  canDelete: boolean;
  /** The list's first card: its image is what a visitor sees first (LCP), so it loads at once. */
  priority?: boolean;
}) {
  const { t, intl } = useI18n();
  return (
    <li className="card list-card" data-testid="admission-card">
      <Picture
        image={admission.image}
        alt={admission.title}
        sizes={cardImageSizes}
        className="card__media"
        priority={priority}
      />
      <div className="card__body">
        <h2 className="list-card__title">{admission.title}</h2>
        <p>{admission.about}</p>
        <div className="card__footer">
          <p className="list-card__price">
            <span className="visually-hidden">{t("lists.price")}: </span>
            <strong>{formatPrice(toMajorUnits(admission.priceMinor), intl)}</strong>
          </p>
          <div className="row">
            {canDelete ? <DeleteButton kind="admissions" id={admission.id} /> : null}
            <Link to={href("/admition/:booking", { booking: admission.id })} className="button button--small">
              {t("lists.checkOut")} <span className="visually-hidden">{admission.title}</span>
            </Link>
          </div>
        </div>
      </div>
    </li>
  );
}
