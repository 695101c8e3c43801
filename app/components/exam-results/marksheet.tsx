// A marksheet as the lookup, the marksheet page and 'My results' show it: the student, each
// subject with its marks per part, grade and point, then the GPA and the result. Plain HTML and
// CSS (results.css), readable without script and printed on one A4 page.
import { href } from "react-router";
import { examTitle } from "../../../common/exam-title";
import type { Marksheet as MarksheetData } from "../../../common/schemas/results";
import { formatDate, formatDecimal, formatNumber, localDigits } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { useExtraDates } from "../dates";

/** A GPA as the boards write it: two decimals (4.83, ৪.৮৩). */
export function formatGpa(value: number, intl: string): string {
  return formatDecimal(value, intl, 2);
}

/** The words a marksheet is written in: the page's (useI18n), or the server's for a markup of its own. */
export type MarksheetWords = Pick<ReturnType<typeof useI18n>, "t" | "intl"> & {
  /** The extra calendars' dates of a day (app/components/dates.tsx), "" when none show. */
  dates?: (value: string | Date) => string;
};

export function Marksheet(props: { sheet: MarksheetData; headingLevel?: 2 | 3 }) {
  const { t, intl } = useI18n();
  return <MarksheetView {...props} words={{ t, intl, dates: useExtraDates() }} />;
}

export function MarksheetView({
  sheet,
  headingLevel = 2,
  words: { t, intl, dates },
}: {
  sheet: MarksheetData;
  headingLevel?: 2 | 3;
  words: MarksheetWords;
}) {
  const Heading = `h${headingLevel}` as const;
  const number = (value: number) => formatNumber(value, intl);
  // Every part any subject has, in a fixed order: one column each.
  const parts = (["written", "mcq", "practical"] as const).filter((kind) =>
    sheet.subjects.some((subject) => subject.components.some((c) => c.kind === kind)),
  );
  return (
    <article className="marksheet" aria-labelledby="marksheet-title">
      <header className="marksheet__head">
        <p className="marksheet__institute">{sheet.institute.name}</p>
        <Heading id="marksheet-title" className="marksheet__title">
          {t("marksheet.title")}: {examTitle(sheet.exam)}
        </Heading>
      </header>
      <dl className="marksheet__student">
        <div>
          <dt>{t("marksheet.student")}</dt>
          <dd>{sheet.student}</dd>
        </div>
        <div>
          <dt>{t("marksheet.class")}</dt>
          <dd>
            {sheet.class}
            {sheet.section ? `, ${sheet.section}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("marksheet.roll")}</dt>
          <dd>{localDigits(sheet.roll, intl)}</dd>
        </div>
        <div>
          <dt>{t("marksheet.registration")}</dt>
          <dd>{localDigits(sheet.registration, intl)}</dd>
        </div>
      </dl>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="marksheet__table-wrap" tabIndex={0} aria-label={t("marksheet.subject")}>
        <table className="marksheet__table">
          <thead>
            <tr>
              <th scope="col">{t("marksheet.subjectCode")}</th>
              <th scope="col">{t("marksheet.subject")}</th>
              {parts.map((kind) => (
                <th scope="col" key={kind}>
                  {t(`marksheet.component.${kind}`)}
                </th>
              ))}
              <th scope="col">{t("marksheet.total")}</th>
              <th scope="col">{t("marksheet.grade")}</th>
              <th scope="col">{t("marksheet.gradePoint")}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.subjects.map((subject) => (
              <tr key={subject.code} className={subject.failed ? "marksheet__failed" : undefined}>
                <td>{subject.code}</td>
                <th scope="row">
                  {subject.name}
                  {subject.optional ? (
                    <span className="marksheet__optional"> ({t("marksheet.optional")})</span>
                  ) : null}
                </th>
                {parts.map((kind) => {
                  const part = subject.components.find((c) => c.kind === kind);
                  return (
                    <td key={kind}>
                      {!part ? "–" : part.score === null ? t("marksheet.absent") : number(part.score)}
                    </td>
                  );
                })}
                <td>
                  {number(subject.marks)}/{number(subject.full)}
                </td>
                <td>{subject.grade}</td>
                <td>{formatGpa(subject.point, intl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <dl className="marksheet__summary">
        <div>
          <dt>{t("marksheet.gpa")}</dt>
          <dd className="marksheet__gpa">{formatGpa(sheet.gpa, intl)}</dd>
        </div>
        <div>
          <dt>{t("marksheet.gpaWithoutOptional")}</dt>
          <dd>{formatGpa(sheet.gpaWithoutOptional, intl)}</dd>
        </div>
        <div>
          <dt>{t("marksheet.grade")}</dt>
          <dd>{sheet.grade}</dd>
        </div>
        <div>
          <dt>{t("marksheet.result")}</dt>
          <dd>{sheet.result === "pass" ? t("marksheet.passed") : t("marksheet.failed")}</dd>
        </div>
        <div>
          <dt>{t("marksheet.total")}</dt>
          <dd>
            {number(sheet.totalMarks)}/{number(sheet.fullMarks)}
          </dd>
        </div>
        {sheet.position !== null ? (
          <div>
            <dt>{t("marksheet.position")}</dt>
            <dd>{number(sheet.position)}</dd>
          </div>
        ) : null}
      </dl>
      {sheet.subjects.some((s) => s.optional) ? (
        <p className="marksheet__note">{t("marksheet.optionalMark")}</p>
      ) : null}
      {sheet.exam.publishedAt ? (
        <p className="marksheet__note">
          {t("marksheet.publishedOn")}: {formatDate(sheet.exam.publishedAt, intl)}
          {dates?.(sheet.exam.publishedAt) ? (
            <span className="extra-dates" data-testid="extra-dates">
              {" "}
              ({dates(sheet.exam.publishedAt)})
            </span>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}

/** The marksheet's own page, its PDF in English and in Bangla, and printing. */
export function marksheetPath(sheet: Pick<MarksheetData, "exam" | "roll" | "registration">, suffix = "") {
  return `${href("/results/marksheet/:exam/:roll", { exam: sheet.exam.id, roll: `${sheet.roll}${suffix}` })}?${new URLSearchParams({ registration: sheet.registration })}`;
}

/** Print, and the PDF in English and in Bangla. */
export function MarksheetActions({ sheet }: { sheet: Parameters<typeof marksheetPath>[0] }) {
  return <MarksheetActionsView sheet={sheet} words={useI18n()} />;
}

export function MarksheetActionsView({
  sheet,
  words: { t },
}: {
  sheet: Parameters<typeof marksheetPath>[0];
  words: MarksheetWords;
}) {
  return (
    <p className="marksheet-actions">
      <a className="button" href={marksheetPath(sheet, ".pdf")} download>
        {t("results.marksheet.pdf")}
      </a>{" "}
      <a className="button button--outline" href={`${marksheetPath(sheet, ".pdf")}&lang=bn`} download>
        {t("results.marksheet.pdfBangla")}
      </a>{" "}
      <a className="button button--outline" href={marksheetPath(sheet)}>
        {t("results.marksheet.print")}
      </a>
    </p>
  );
}
