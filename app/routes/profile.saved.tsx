// /profile-route and /profile-route/UpdatedProfile: the profile as saved. The layout's loader
// has it (and requires sign-in).
import { href, Link } from "react-router";
import type { MessageKey } from "../../i18n";
import { classLabelKey } from "../components/lists/labels";
import { useProfile } from "../components/profile/use-profile";
import { useI18n } from "../lib/i18n";
import { personalPage } from "../lib/shared-page";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export default function SavedProfile() {
  const { t } = useI18n();
  const profile = useProfile();
  const classKey = profile.className ? classLabelKey(profile.className) : undefined;
  const rows: [MessageKey, string | null, string][] = [
    ["profile.field.name", profile.displayName, "name"],
    ["profile.field.email", profile.email || null, "email"],
    ["profile.field.about", profile.about, "about"],
    ["profile.field.number", profile.contactNumber, "number"],
    ["profile.field.className", classKey ? t(classKey) : profile.className, "class"],
    ["profile.field.rollNumber", profile.rollNumber, "roll"],
  ];
  return (
    <section aria-labelledby="saved-heading">
      <h2 id="saved-heading">{t("profile.saved.heading")}</h2>
      <dl className="details-list" data-testid="saved-profile">
        {rows.map(([label, value, id]) => (
          <div key={id} style={{ display: "contents" }}>
            <dt>{t(label)}</dt>
            <dd data-testid={`saved-${id}`}>
              {value || <span className="muted">{t("profile.empty")}</span>}
            </dd>
          </div>
        ))}
        <div style={{ display: "contents" }}>
          <dt>{t("profile.field.phone")}</dt>
          <dd data-testid="saved-phone">
            {profile.phoneNumber ? (
              <span className="row">
                {profile.phoneNumber}
                <span
                  className={`badge ${profile.phoneNumberVerified ? "badge--verified" : "badge--pending"}`}
                  data-testid="phone-state"
                >
                  {profile.phoneNumberVerified ? t("profile.phone.verified") : t("profile.phone.unverified")}
                </span>
              </span>
            ) : (
              <span className="muted">
                {t("profile.phone.none")}{" "}
                <Link to={href("/profile-route/phone")}>{t("profile.phone.add")}</Link>
              </span>
            )}
          </dd>
        </div>
      </dl>
      <p>
        <Link to={href("/profile-route/updateInformations")}>{t("profile.saved.edit")}</Link>
      </p>
    </section>
  );
}
