import { useI18n } from "../lib/i18n";
import { ButtonLink } from "../ui";

// The home page's frame: its content sections come with the public site.
export default function Home() {
  const { t } = useI18n();
  const counters = ["home.counters.branches", "home.counters.classes", "home.counters.students"] as const;
  return (
    <div className="container">
      <div className="stack">
        <h1>{t("home.title")}</h1>
        <p>{t("home.lead")}</p>
        <div>
          <ButtonLink to="/admitionAll">{t("home.seeAdmissions")}</ButtonLink>
        </div>
      </div>
      <div className="grid" style={{ marginTop: 24 }}>
        {counters.map((key) => (
          <div key={key} className="card">
            <div className="card__body" style={{ textAlign: "center" }}>
              <strong style={{ fontSize: "1.5rem" }}>{t(key)}</strong>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
