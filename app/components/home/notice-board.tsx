// The latest notices, newest first, each with its date.
import { formatDate } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import type { HomeNotice } from "../../routes/home.server";
import { ExtraDates } from "../dates";

export function NoticeBoard({ notices }: { notices: HomeNotice[] }) {
  const { intl } = useI18n();
  return (
    // biome-ignore lint/a11y/noRedundantRoles: list-style none drops the list role in Safari
    <ul className="notice-board" role="list">
      {notices.map((notice) => (
        <li key={notice.id} className="notice-board__item" data-testid="notice-item">
          <time dateTime={notice.date} className="notice-board__date">
            {formatDate(notice.date, intl)}
            <ExtraDates value={notice.date} />
          </time>
          <div>
            <h3 className="notice-board__title">{notice.title}</h3>
            {notice.about ? <p className="muted">{notice.about}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
