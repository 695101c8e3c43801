// /results/marksheet/{exam}/{roll}?registration=: one marksheet on a page of its own, to print
// on one A4 page (results.css) or download as a PDF (server/exam-results/marksheet-download.ts).
import { href } from "react-router";
import { formatNumber } from "../../i18n/format";
import { Marksheet, MarksheetActions } from "../components/exam-results/marksheet";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { Alert } from "../ui";
import type { Route } from "./+types/marksheet";
import { lookUp, withStatus } from "./results-lookup.server";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { ...readingPage, texts: ["results"], query: ["registration"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const registration = new URL(request.url).searchParams.get("registration") ?? "";
  const answer = await lookUp(context, { exam: params.exam, roll: params.roll, registration });
  return withStatus({ outcome: answer.outcome }, answer);
});

// A found marksheet is one student's: kept by no shared cache, nor by the page cache.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...seo(matches, {
    title: { key: "marksheet.title" },
    path: href("/results/marksheet/:exam/:roll", { exam: params.exam, roll: params.roll }),
  }),
  { name: "robots", content: "noindex" },
];

export default function MarksheetPage({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { outcome } = loaderData;
  return (
    <div className="page container section results-page">
      {outcome.kind === "found" ? (
        <>
          <Marksheet sheet={outcome.sheet} headingLevel={2} />
          <MarksheetActions sheet={outcome.sheet} />
        </>
      ) : (
        <>
          <h1>{t("marksheet.title")}</h1>
          <Alert tone="error">
            {outcome.kind === "too-many"
              ? t("results.lookup.tooMany", { minutes: formatNumber(outcome.minutes, intl) })
              : t("results.lookup.notFound")}
          </Alert>
          <p>
            <a href={href("/results")}>{t("results.lookup.link")}</a>
          </p>
        </>
      )}
    </div>
  );
}
