// A child's attendance this month on the guardian's (or student's) page: the month's figures, and
// each day up to today with its status, or why there was no school.

import { formatDate, localDigits } from "../../../i18n/format";
import type { ChildAttendance } from "../../../server/domain/attendance/child-report";
import { useI18n } from "../../lib/i18n";

export function ChildMonth({ report }: { report: ChildAttendance }) {
  const { t, intl } = useI18n();
  const { totals } = report;
  const number = (value: number) => localDigits(String(value), intl);
  const month = new Intl.DateTimeFormat(intl, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${report.from}T00:00:00Z`),
  );
  return (
    <section aria-labelledby="child-attendance" data-testid="child-attendance">
      <h3 id="child-attendance">{t("attendance.child.heading")}</h3>
      {totals.days === 0 ? (
        <p>{t("attendance.child.noDays")}</p>
      ) : (
        <p data-testid="attendance-summary">
          {t("attendance.child.summary", {
            days: number(totals.days),
            present: number(totals.present),
            absent: number(totals.absent),
            late: number(totals.late),
            leave: number(totals.leave),
            percentage: `${localDigits(String(totals.percentage ?? 0), intl)}%`,
          })}
        </p>
      )}
      {report.days.length > 0 ? (
        <table className="attendance-days">
          <caption>{t("attendance.child.caption", { month })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("attendance.child.date")}</th>
              <th scope="col">{t("attendance.child.status")}</th>
            </tr>
          </thead>
          <tbody>
            {[...report.days].reverse().map((day) => (
              <tr
                key={day.date}
                data-testid="attendance-day"
                data-date={day.date}
                data-status={day.status ?? day.kind}
              >
                <td>{formatDate(day.date, intl)}</td>
                <td>
                  {day.status
                    ? t(`attendance.status.${day.status}`)
                    : day.kind === "holiday"
                      ? t("attendance.child.holiday")
                      : t("attendance.child.dayOff")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
