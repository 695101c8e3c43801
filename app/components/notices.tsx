// Short notices ('Deleted successfully') shown at the top of the page and read out by screen
// readers. Anything can announce one, even a component that is about to disappear.
import { useEffect, useState } from "react";
import { useI18n } from "../lib/i18n";
import { Alert } from "../ui";

const event = "maktab:notice";
type Notice = { id: number; tone: "success" | "error"; text: string };

export function announce(text: string, tone: Notice["tone"] = "success") {
  window.dispatchEvent(new CustomEvent<Omit<Notice, "id">>(event, { detail: { text, tone } }));
}

export function NoticeRegion() {
  const { t } = useI18n();
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    let next = 0;
    const onNotice = (e: Event) => {
      const notice = { ...(e as CustomEvent<Omit<Notice, "id">>).detail, id: next++ };
      setNotices((list) => [...list.slice(-2), notice]);
      setTimeout(() => setNotices((list) => list.filter((n) => n.id !== notice.id)), 6000);
    };
    window.addEventListener(event, onNotice);
    return () => window.removeEventListener(event, onNotice);
  }, []);
  return (
    <div className="notice-region" data-testid="notices">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          tone={notice.tone}
          closeLabel={t("a11y.close")}
          onClose={() => setNotices((list) => list.filter((n) => n.id !== notice.id))}
        >
          {notice.text}
        </Alert>
      ))}
    </div>
  );
}
