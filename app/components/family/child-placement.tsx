// A child's newest class, section and roll, and the session, as one or two lines: the class's
// name in the reader's language when it is one of the list's.

import { localDigits } from "../../../i18n/format";
import type { ChildSummary } from "../../../server/domain/register/family";
import { useI18n } from "../../lib/i18n";
import { classLabelKey } from "../lists/labels";

export function ChildPlacement({ enrolment }: { enrolment: ChildSummary["enrolment"] }) {
  const { t, intl } = useI18n();
  if (!enrolment) return <p>{t("family.children.notEnrolled")}</p>;
  const key = classLabelKey(enrolment.className);
  const vars = {
    class: key ? t(key) : enrolment.className,
    section: enrolment.section ?? "",
    roll: localDigits(enrolment.roll, intl),
  };
  return (
    <p data-testid="child-placement">
      {enrolment.section
        ? t("family.children.placement", vars)
        : t("family.children.placementNoSection", vars)}
      <br />
      <span className="muted">
        {t("family.children.session", { session: localDigits(enrolment.session, intl) })}
      </span>
    </p>
  );
}
