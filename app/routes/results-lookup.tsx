// /results: find a published result by exam, roll and registration number (both must match), and
// see the marksheet. A plain GET form: it works without script, and the address can be shared.
import { href } from "react-router";
import { examTitle } from "../../common/exam-title";
import { formatNumber } from "../../i18n/format";
import { listExams } from "../../server/domain/exams";
import { dateSettingsOf, siteSettingsFor } from "../../server/domain/site-settings";
import { ExamFigures } from "../components/exam-results/exam-figures";
import { publicFigures } from "../components/exam-results/exam-figures.server";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { textOf } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { Alert, Button, SelectField, TextField } from "../ui";
import type { Route } from "./+types/results-lookup";
import { lookUpOnce, lookupFromTemplate, shownLookup, withStatus } from "./results-lookup.server";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = {
  ...readingPage,
  texts: ["results"],
  query: ["exam", "registration", "roll"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const { services, actor, contentReads } = pageOf(context);
  const query = new URL(request.url).searchParams;
  const exams = (await listExams(services.db, actor, contentReads)).map((exam) => ({
    id: exam.id,
    label: `${examTitle(exam)}, ${exam.class}`,
  }));
  const asked = { exam: query.get("exam"), roll: query.get("roll"), registration: query.get("registration") };
  const answer = await lookUpOnce(context, asked);
  // The figures of the exam the form shows, when it shares them with everyone.
  const chosen = exams.find((exam) => exam.id === (asked.exam ?? exams[0]?.id));
  const figures = chosen ? await publicFigures(context, request, chosen.id) : null;
  const dates = dateSettingsOf(await siteSettingsFor(services.db, contentReads));
  return withStatus(
    { exams, ...shownLookup(context, request, asked, answer.outcome, dates), figures },
    answer,
  );
});

export const middleware: Route.MiddlewareFunction[] = [lookupFromTemplate];

// A found marksheet is one student's: kept by no shared cache, nor by the page cache.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seo(matches, {
    title: { key: "results.lookup.heading" },
    description: textOf(matches, "results.lookup.description"),
    path: href("/results"),
  }),
  // A marksheet is one student's: found by those who know the numbers, never by a search engine.
  ...(loaderData?.outcome.kind === "none" ? [] : [{ name: "robots", content: "noindex" }]),
];

export default function ResultsLookup({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const { exams, asked, outcome, figures } = loaderData;
  const fields = outcome.kind === "invalid" ? outcome.fields : {};
  const error = (name: string) => (fields[name] ? te(fields[name]) : undefined);
  const numberField = { inputMode: "numeric", autoComplete: "off", required: true, maxLength: 20 } as const;
  return (
    <div className="page container section results-page">
      <h1>{t("results.lookup.heading")}</h1>
      {exams.length === 0 ? (
        <p>{t("results.lookup.none")}</p>
      ) : (
        <form method="get" className="results-form">
          <p className="muted">{t("results.lookup.lead")}</p>
          <SelectField
            name="exam"
            label={t("results.lookup.exam")}
            defaultValue={asked.exam ?? exams[0]?.id}
            options={exams.map((exam) => ({ value: exam.id, label: exam.label }))}
            error={error("exam")}
          />
          <div className="results-form__numbers">
            <TextField
              name="roll"
              label={t("results.lookup.roll")}
              defaultValue={asked.roll ?? ""}
              error={error("roll")}
              {...numberField}
            />
            <TextField
              name="registration"
              label={t("results.lookup.registration")}
              defaultValue={asked.registration ?? ""}
              error={error("registration")}
              {...numberField}
            />
          </div>
          <Button type="submit">{t("results.lookup.submit")}</Button>
        </form>
      )}
      {outcome.kind === "not-found" ? <Alert tone="error">{t("results.lookup.notFound")}</Alert> : null}
      {outcome.kind === "too-many" ? (
        <Alert tone="error">
          {t("results.lookup.tooMany", { minutes: formatNumber(outcome.minutes, intl) })}
        </Alert>
      ) : null}
      {outcome.kind === "found" ? (
        // The marksheet and its actions, rendered by the server apart from the page (its own part
        // of the exam's template, decision 0040): React's own markup, escaped as any render.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup the server rendered with React
        <div className="marksheet-part" dangerouslySetInnerHTML={{ __html: outcome.markup }} />
      ) : null}
      {figures ? <ExamFigures view={figures} /> : null}
    </div>
  );
}
