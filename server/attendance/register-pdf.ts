// A class's monthly register as schools print it (issue 37, item 2): A4 landscape, a row per
// child (roll and name), a column per day of the month with the day's letter (P, A, L, V; H a
// holiday, O a weekly day off, in grey), then the school days, the absences and the percentage.
// In English or Bangla (Bangla digits and letters), over as many pages as the class takes.
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { intlLocale, type Locale, translate } from "../../i18n/translate";
import type { RegisterGrid } from "../domain/attendance/class-register";
import { type Column, headerSize, renderTable, widest } from "../pdf/table";
import { textsFor } from "../pdf/texts";

const dictionary = { en, bn };
const grey = "#8a8a8a";
const absentColour = "#a11d1d";

type Row = RegisterGrid["children"][number];

export async function registerPdf(
  grid: RegisterGrid,
  language: Locale,
  institute: string,
): Promise<Uint8Array> {
  const { t, whole, digits } = textsFor(language);
  const month = new Intl.DateTimeFormat(intlLocale[language], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${grid.month}-01T00:00:00Z`));
  const caption = translate(dictionary[language], "attendance.register.caption", {
    class: grid.section ? `${grid.class} (${grid.section})` : grid.class,
    month,
    session: digits(grid.session),
  });
  return renderTable<Row>({
    orientation: "landscape",
    language,
    title: t("attendance.register.heading"),
    institute,
    subtitle: `${caption} · ${t("attendance.register.key")}`,
    pageLine: (page, pages) =>
      translate(dictionary[language], "examReports.page", { page: whole(page), pages: whole(pages) }),
    rows: grid.children,
    columns: (writer, contentWidth) => {
      const figure = (key: Parameters<typeof t>[0], value: (row: Row) => string): Column<Row> => ({
        width: 26,
        align: "center",
        header: (fitText) => [fitText(t(key), { weight: "bold", size: headerSize })],
        cell: (row, fitText) => [fitText(value(row))],
      });
      const figures = [
        figure("attendance.register.days", (row) => whole(row.totals.days)),
        figure("attendance.register.letter.absent", (row) => whole(row.totals.absent)),
        figure("attendance.register.percentage", (row) =>
          row.totals.percentage === null ? "" : whole(row.totals.percentage),
        ),
      ];
      const dayCount = Math.max(1, grid.days.length);
      const nameOf = (row: Row) => `${digits(row.roll)}. ${row.name}`;
      const names = grid.children.map(nameOf);
      // The days take what they need (at least 13 points each); the name the rest, up to 200.
      const nameWidth = Math.min(
        200,
        Math.max(
          widest(writer, names, "regular", 90, 200),
          contentWidth - 26 * figures.length - 20 * dayCount,
        ),
      );
      const dayWidth = (contentWidth - nameWidth - 26 * figures.length) / dayCount;
      const days = grid.days.map(
        (day): Column<Row> => ({
          width: dayWidth,
          align: "center",
          header: (fitText) => [
            fitText(digits(String(Number(day.date.slice(8)))), { weight: "bold", size: headerSize }),
          ],
          cell: (row, fitText) => {
            const status = row.statuses[day.date];
            if (status)
              return [
                fitText(t(`attendance.register.letter.${status}`), {
                  colour: status === "absent" ? absentColour : undefined,
                  weight: status === "absent" ? "bold" : "regular",
                }),
              ];
            if (day.kind === "school") return [];
            const letter = day.kind === "holiday" ? "holiday" : "dayOff";
            return [fitText(t(`attendance.register.letter.${letter}`), { colour: grey, size: 7 })];
          },
        }),
      );
      return [
        {
          width: nameWidth,
          align: "left",
          header: (fitText) => [
            fitText(t("attendance.register.child"), { weight: "bold", size: headerSize }),
          ],
          cell: (row, fitText) => [fitText(nameOf(row), { lines: 2 })],
        },
        ...days,
        ...figures,
      ];
    },
  });
}
