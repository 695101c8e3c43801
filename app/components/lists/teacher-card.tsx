// A teacher in the list: photo, name (the link to their page), position and subject.
import { href, Link } from "react-router";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { positionLabelKey } from "./labels";
import { cardImageSizes } from "./list-page";

export type TeacherCardData = {
  id: string;
  name: string;
  position: string | null;
  category: string;
  image: ImageView | null;
};

export function TeacherCard({
  teacher,
  priority = false,
}: {
  teacher: TeacherCardData;
  /** The list's first card: its image is what a visitor sees first (LCP), so it loads at once. */
  priority?: boolean;
}) {
  const { t } = useI18n();
  const positionKey = teacher.position ? positionLabelKey(teacher.position) : undefined;
  return (
    <li className="card list-card" data-testid="teacher-card">
      <Picture
        image={teacher.image}
        alt={teacher.name}
        sizes={cardImageSizes}
        className="card__media card__media--square"
        priority={priority}
      />
      <div className="card__body">
        <h2 className="list-card__title">
          <Link to={href("/about/:about", { about: teacher.id })} className="list-card__link">
            {teacher.name}
          </Link>
        </h2>
        <dl className="list-card__facts">
          {teacher.position ? (
            <div>
              <dt>{t("lists.position")}</dt>
              <dd>{positionKey ? t(positionKey) : teacher.position}</dd>
            </div>
          ) : null}
          {teacher.category ? (
            <div>
              <dt>{t("lists.category")}</dt>
              <dd>{teacher.category}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}
