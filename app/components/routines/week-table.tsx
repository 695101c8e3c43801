// A week as a table, days by periods, with each period's times in the reader's digits. The table
// scrolls sideways inside its own region on a narrow screen (focusable, so a keyboard scrolls it
// too); printed, it fills one A4 page in landscape (routines.css).
import type { ReactNode } from "react";
import type { MessageKey } from "../../../i18n";
import { localDigits } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";

export type WeekPeriod = { number: number; start: string; end: string; break: boolean };

export const dayLabel = (day: string) => `routines.day.${day}` as MessageKey;

export function WeekTable({
  id,
  caption,
  days,
  periods,
  today,
  cell,
}: {
  id: string;
  caption: string;
  days: string[];
  periods: WeekPeriod[];
  /** The weekday of the date shown, marked in the table. */
  today: string;
  cell: (day: string, period: number) => ReactNode;
}) {
  const { t, intl } = useI18n();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="routine-scroll" aria-labelledby={id} tabIndex={0}>
      <table className="routine-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("routines.dayHeader")}</th>
            {periods.map((period) => (
              <th
                scope="col"
                key={period.number}
                className={period.break ? "routine-table__break" : undefined}
              >
                {period.break
                  ? t("routines.break")
                  : t("routines.period", { number: localDigits(String(period.number), intl) })}
                <span className="routine-table__time">
                  {t("routines.periodTime", {
                    start: localDigits(period.start, intl),
                    end: localDigits(period.end, intl),
                  })}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day} className={day === today ? "routine-table__today" : undefined}>
              <th scope="row">{t(dayLabel(day))}</th>
              {periods.map((period) =>
                period.break ? (
                  <td key={period.number} className="routine-table__break">
                    {t("routines.break")}
                  </td>
                ) : (
                  <td key={period.number}>
                    {cell(day, period.number) ?? <span aria-hidden="true">{t("routines.free")}</span>}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
