// A notice on the board, in full: title, date, text, the file it carries and its image, if any.

import { formatDate } from "../../../i18n/format";
import { formatFileSize } from "../../lib/file-size";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { ExtraDates } from "../dates";

export type NoticeItemData = {
  id: string;
  title: string;
  about: string;
  createdAt: string;
  image: ImageView | null;
  /** A file of the downloads the notice carries. */
  download: { id: string; title: string; fileName: string; fileSize: number } | null;
};

export function NoticeItem({ notice }: { notice: NoticeItemData }) {
  const { intl, t } = useI18n();
  const download = notice.download;
  return (
    <li className={notice.image ? "notice-item notice-item--with-image" : "notice-item"} data-testid="notice">
      <article className="notice-item__body">
        <h2 className="list-card__title">{notice.title}</h2>
        <time className="muted list-card__meta" dateTime={notice.createdAt}>
          {formatDate(notice.createdAt, intl)}
        </time>
        <ExtraDates value={notice.createdAt} />
        <p className="notice-item__text">{notice.about}</p>
        {download ? (
          <p className="notice-item__download">
            <a href={`/api/downloads/${download.id}/file`} download data-testid="notice-download">
              {t("lists.notices.download", { title: download.title })}
            </a>{" "}
            <span className="muted">
              (
              {t("lists.notices.fileInfo", {
                name: download.fileName,
                size: formatFileSize(download.fileSize, intl),
              })}
              )
            </span>
          </p>
        ) : null}
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
