// /profile-route/results: the published marksheets of the students this account is linked to
// (the student's own account, or a guardian's), newest first.
import { ownMarksheets } from "../../server/domain/result-lookup";
import { Marksheet, MarksheetActions } from "../components/exam-results/marksheet";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/profile.results";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  const { services, contentReads } = pageOf(context);
  return {
    sheets: await ownMarksheets(services.db, actor, {
      institute: services.config.instituteName,
      reads: contentReads,
    }),
  };
}

export default function MyResults({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="my-results-heading" className="results-page">
      <h2 id="my-results-heading">{t("results.mine.heading")}</h2>
      {loaderData.sheets.length === 0 ? <p>{t("results.mine.none")}</p> : null}
      {loaderData.sheets.map((sheet) => (
        <div key={`${sheet.exam.id} ${sheet.roll}`}>
          <Marksheet sheet={sheet} headingLevel={3} />
          <MarksheetActions sheet={sheet} />
        </div>
      ))}
    </section>
  );
}
