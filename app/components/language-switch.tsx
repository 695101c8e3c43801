import { Form, href, useLocation } from "react-router";
import { useI18n } from "../lib/i18n";

/** Switches between English and Bangla; the choice is kept in a cookie. Works without script. */
export function LanguageSwitch() {
  const { t, locale } = useI18n();
  const location = useLocation();
  return (
    <Form method="post" action={href("/language")}>
      <input type="hidden" name="locale" value={locale === "en" ? "bn" : "en"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="button button--subtle button--small"
        title={t("language.switchToName")}
        lang={locale === "en" ? "bn" : "en"}
      >
        {t("language.switchTo")}
      </button>
    </Form>
  );
}
