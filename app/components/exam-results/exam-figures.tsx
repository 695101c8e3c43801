// An exam's figures: the counts, the pass rate, the charts of grades and of subjects' averages,
// and beside each chart a visually hidden table of its numbers for screen readers that would
// rather move through cells than hear the chart's description. (The hiding is on a box around
// the table: a table is as wide as its cells whatever its own width, and widened a phone's page.) The charts are SVG drawn on the
// server (server/exam-results/figure-charts.ts), so they show without script. Plain HTML: the
// dashboard's exam page and /results both use it; the dashboard adds the office's files.
import type { CSSProperties } from "react";
import { examTitle } from "../../../common/exam-title";
import { formatDecimal, formatNumber } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import type { FiguresView } from "./exam-figures.server";

const charts: CSSProperties = {
  display: "flex",
  flexWrap: "wrap",
  gap: "16px 32px",
  alignItems: "flex-start",
};
const chart: CSSProperties = { margin: 0, maxWidth: "100%" };

export function ExamFigures({
  view,
  heading,
  headingLevel = 2,
  files,
}: {
  view: FiguresView;
  /** "Figures: Annual Examination 2026, Class Ten" unless said. */
  heading?: string;
  headingLevel?: 2 | 3;
  /** The office's files of the exam (the dashboard only). */
  files?: { examId: string };
}) {
  const { t, intl, locale } = useI18n();
  const { figures } = view;
  const Heading = `h${headingLevel}` as const;
  const number = (value: number) => formatNumber(value, intl);
  const decimal = (value: number) => formatDecimal(value, intl, 1);
  const percent = (value: number) => t("examReports.figures.percent", { value: decimal(value) });
  const qawmi = figures.exam.scheme === "qawmi";
  const { name, session } = figures.exam;
  const title =
    heading ??
    t("examReports.figures.publicHeading", {
      exam: `${examTitle({ name, session })}, ${figures.exam.class}`,
    });
  const counts: [label: string, value: string][] = [
    [t("examReports.figures.students"), number(figures.students)],
    [t("examReports.figures.sat"), number(figures.sat)],
    [t("examReports.figures.absent"), number(figures.absent)],
    [t("examReports.figures.passed"), number(figures.passed)],
    [t("examReports.figures.failed"), number(figures.failed)],
    [t("examReports.figures.passRate"), percent(figures.passRate)],
    [t("examReports.figures.aPlus"), number(figures.aPlus)],
  ];
  return (
    <section className="exam-figures" aria-labelledby="exam-figures-heading">
      <Heading id="exam-figures-heading">{title}</Heading>
      {figures.students === 0 ? (
        <p>{t("examReports.figures.none")}</p>
      ) : (
        <>
          <dl className="marksheet__summary" data-testid="exam-figures-counts">
            {counts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div style={charts}>
            <figure style={chart}>
              <Svg source={view.charts.grades} />
              <div className="visually-hidden">
                <table>
                  <caption>
                    {t(qawmi ? "examReports.chart.divisions.title" : "examReports.chart.grades.title")}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        {t(qawmi ? "examReports.figures.division" : "examReports.figures.grade")}
                      </th>
                      <th scope="col">{t("examReports.figures.count")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.grades.map((band) => (
                      <tr key={band.grade}>
                        <th scope="row">{band.grade}</th>
                        <td>{number(band.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </figure>
            <figure style={chart}>
              <Svg source={view.charts.subjects} />
              <div className="visually-hidden">
                <table>
                  <caption>{t("examReports.chart.subjects.title")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("examReports.figures.subject")}</th>
                      <th scope="col">{t("examReports.figures.average")}</th>
                      <th scope="col">{t("examReports.figures.full")}</th>
                      <th scope="col">{t("examReports.figures.passRate")}</th>
                      <th scope="col">{t("examReports.figures.highest")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {figures.subjects.map((subject) => (
                      <tr key={subject.code}>
                        <th scope="row">
                          {subject.code} {subject.name}
                        </th>
                        <td>{subject.sat === 0 ? "–" : decimal(subject.average)}</td>
                        <td>{number(subject.full)}</td>
                        <td>{subject.sat === 0 ? "–" : percent(subject.passRate)}</td>
                        <td>{subject.sat === 0 ? "–" : number(subject.highest)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </figure>
          </div>
        </>
      )}
      {files ? <OfficeFiles examId={files.examId} locale={locale} /> : null}
    </section>
  );
}

/** An SVG chart as the server drew it: every text in it is escaped there. */
function Svg({ source }: { source: string }) {
  const html = { __html: source };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG made by figure-charts.ts, its texts escaped
  return <div dangerouslySetInnerHTML={html} />;
}

/** The tabulation sheet and the merit list, in the page's language. */
function OfficeFiles({ examId, locale }: { examId: string; locale: string }) {
  const { t } = useI18n();
  const file = (name: string) => `/results/exams/${encodeURIComponent(examId)}/${name}?lang=${locale}`;
  return (
    <nav aria-labelledby="exam-files-heading">
      <p id="exam-files-heading">
        <strong>{t("examReports.files.heading")}</strong>
      </p>
      <ul>
        <li>
          <a href={file("tabulation.xlsx")} download>
            {t("examReports.files.tabulationXlsx")}
          </a>
        </li>
        <li>
          <a href={file("tabulation.pdf")} download>
            {t("examReports.files.tabulationPdf")}
          </a>
        </li>
        <li>
          <a href={file("merit-list.pdf")} download>
            {t("examReports.files.meritList")}
          </a>
        </li>
      </ul>
    </nav>
  );
}
