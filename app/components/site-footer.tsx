import { href, Link } from "react-router";
import { useI18n } from "../lib/i18n";

export function SiteFooter() {
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="grid" style={{ "--grid-min": "220px" } as React.CSSProperties}>
          <div className="stack">
            <strong className="site-footer__brand">{t("brand.name")}</strong>
            <p>{t("footer.about")}</p>
          </div>
          <div className="stack" style={{ gap: 8 }}>
            <strong>{t("footer.links")}</strong>
            <Link to={href("/admitionAll")}>{t("nav.admissions")}</Link>
            <Link to={href("/blogs")}>{t("nav.blogs")}</Link>
            <Link to={href("/resultAll")}>{t("nav.results")}</Link>
            <Link to={href("/events")}>{t("nav.calendar")}</Link>
            <Link to={href("/downloads")}>{t("nav.downloads")}</Link>
            <Link to={href("/gallery")}>{t("nav.gallery")}</Link>
          </div>
          <div className="stack" style={{ gap: 8 }}>
            <strong>{t("footer.contact")}</strong>
            <p>{t("footer.address")}</p>
          </div>
        </div>
        <p className="site-footer__rights">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
