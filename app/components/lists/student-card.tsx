// A student in the list: photo, name, class and the start of the description (no page of their own).
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { classLabelKey } from "./labels";
import { cardImageSizes } from "./list-page";

export type StudentCardData = {
  id: string;
  name: string;
  className: string | null;
  /** Already cut to an excerpt by the loader. */
  description: string;
  image: ImageView | null;
};

export function StudentCard({
  student,
  priority = false,
}: {
  student: StudentCardData;
  /** The list's first card: its image is what a visitor sees first (LCP), so it loads at once. */
  priority?: boolean;
}) {
  const { t } = useI18n();
  const classKey = student.className ? classLabelKey(student.className) : undefined;
  return (
    <li className="card list-card" data-testid="student-card">
      <Picture
        image={student.image}
        alt={student.name}
        sizes={cardImageSizes}
        className="card__media card__media--square"
        priority={priority}
      />
      <div className="card__body">
        <h2 className="list-card__title">{student.name}</h2>
        {student.className ? (
          <p>
            <span className="visually-hidden">{t("lists.class")}: </span>
            <span className="badge">{classKey ? t(classKey) : student.className}</span>
          </p>
        ) : null}
        <p data-testid="student-description">{student.description}</p>
      </div>
    </li>
  );
}
