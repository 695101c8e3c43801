import { useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../lib/i18n";
import { Alert } from "../ui";

/** A one-time banner ("Login successfully!"), gone once the visitor moves on. */
export function FlashBanner({ text, tone }: { text: string; tone: "success" | "error" }) {
  const { t } = useI18n();
  const location = useLocation();
  const [shownAt] = useState(location.key);
  const [closed, setClosed] = useState(false);
  if (closed || location.key !== shownAt) return null;
  return (
    <div className="container" style={{ marginBottom: 24 }}>
      <Alert tone={tone} onClose={() => setClosed(true)} closeLabel={t("a11y.close")} testId="flash">
        {text}
      </Alert>
    </div>
  );
}
