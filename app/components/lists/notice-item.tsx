// A notice on the board, in full: title, date, text and its image if it has one.
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";

export type NoticeItemData = {
  id: string;
  title: string;
  about: string;
  createdAt: string;
  image: ImageView | null;
};

export function NoticeItem({ notice }: { notice: NoticeItemData }) {
  const { intl } = useI18n();
  return (
    <li className={notice.image ? "notice-item notice-item--with-image" : "notice-item"} data-testid="notice">
      <article className="notice-item__body">
        <h2 className="list-card__title">{notice.title}</h2>
        <time className="muted list-card__meta" dateTime={notice.createdAt}>
          {formatDate(notice.createdAt, intl)}
        </time>
        <p className="notice-item__text">{notice.about}</p>
      </article>
      {notice.image ? (
        <Picture
          image={notice.image}
          alt={notice.title}
          sizes="(min-width: 600px) 240px, 100vw"
          className="notice-item__image"
        />
      ) : null}
    </li>
  );
}
