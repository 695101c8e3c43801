// /DeashBoard/attendance/register?choice=Class Six|A&month=2026-11: a class's monthly register as
// schools print it, a grid of the children by the month's days with each child's figures. The
// print stylesheet (dashboard.css) prints the grid alone on A4 landscape, and the same grid is a
// PDF in either language (server/attendance/register-pdf.ts). For an admin or a teacher of the
// class.
import { data, Form, href } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { monthText } from "../../common/schemas/attendance";
import { dhakaToday } from "../../common/schemas/routines";
import { localDigits } from "../../i18n/format";
import { classesTaught } from "../../server/domain/attendance/class-day";
import { classRegister, type RegisterGrid } from "../../server/domain/attendance/class-register";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import type { Route } from "./+types/dashboard.attendance-register";

export const meta: Route.MetaFunction = ({ matches }) =>
  dashboardTitle(matches, "attendance.register.heading");

export const handle = {
  texts: ["attendance"],
  problems: ["attendance"],
  query: ["choice", "month"],
} satisfies TextsHandle;

type Choice = { class: string; section: string };

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const asked = Object.fromEntries(new URL(request.url).searchParams);
  const parsedMonth = monthText.safeParse(asked.month ?? "");
  const month = parsedMonth.success ? parsedMonth.data : dhakaToday().slice(0, 7);
  const choices: Choice[] = actor.isAdmin
    ? (await listClasses(services.db)).flatMap((one) => [
        { class: one.name, section: "" },
        ...one.sections.map((section) => ({ class: one.name, section })),
      ])
    : (await classesTaught(services.db, actor, month.slice(0, 4))).map((row) => ({
        class: row.className,
        section: row.section,
      }));
  const [choiceClass, choiceSection] = (asked.choice ?? "").split("|");
  const picked = choiceClass
    ? { class: choiceClass.slice(0, 40), section: (choiceSection ?? "").slice(0, 20) }
    : choices[0];
  let grid: RegisterGrid | null = null;
  let error: Problem | null = null;
  if (picked) {
    try {
      grid = await classRegister(services.db, actor, { ...picked, month });
    } catch (caught) {
      if (!(caught instanceof DomainError)) throw caught;
      if (caught.code === "forbidden") throw data({ error: caught.problem }, { status: 403 });
      error = caught.problem;
    }
  }
  return { choices, picked: picked ?? null, month, grid, error };
});

export default function AttendanceRegister({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const { choices, picked, month, grid, error } = loaderData;
  const digits = (value: string | number) => localDigits(String(value), intl);
  const choiceValue = (choice: Choice) => `${choice.class}|${choice.section}`;
  const monthName = (value: string) =>
    new Intl.DateTimeFormat(intl, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${value}-01T00:00:00Z`),
    );
  return (
    <div className="attendance stack">
      <h2>{t("attendance.register.heading")}</h2>
      <Form method="get" className="attendance-pick no-print">
        <fieldset>
          <legend>{t("attendance.pick.legend")}</legend>
          <label className="attendance-pick__field">
            <span>{t("attendance.pick.class")}</span>
            <select name="choice" defaultValue={picked ? choiceValue(picked) : undefined}>
              {choices.map((choice) => (
                <option key={choiceValue(choice)} value={choiceValue(choice)}>
                  {choice.section
                    ? t("attendance.pick.section", { class: choice.class, section: choice.section })
                    : t("attendance.pick.wholeClass", { class: choice.class })}
                </option>
              ))}
            </select>
          </label>
          <label className="attendance-pick__field">
            <span>{t("attendance.register.month")}</span>
            <input type="month" name="month" defaultValue={month} required />
          </label>
          <button type="submit" className="attendance-button">
            {t("attendance.register.show")}
          </button>
        </fieldset>
      </Form>
      <FormError message={error ? te(error) : null} />
      {grid ? (
        <section className="attendance-register" data-testid="attendance-register">
          <p className="muted">{t("attendance.register.key")}</p>
          <p className="no-print">
            {(["en", "bn"] as const).map((lang, index) => (
              <span key={lang}>
                {index > 0 ? " · " : null}
                <a
                  href={`/attendance/register.pdf?${new URLSearchParams({
                    class: grid.class,
                    section: grid.section,
                    month: grid.month,
                    lang,
                  })}`}
                  download
                >
                  {t(lang === "en" ? "attendance.register.pdfEnglish" : "attendance.register.pdfBangla")}
                </a>
              </span>
            ))}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <section className="attendance-register__scroll" aria-labelledby="register-caption" tabIndex={0}>
            <table className="attendance-register__grid">
              <caption id="register-caption">
                {t("attendance.register.caption", {
                  class: grid.section ? `${grid.class} (${grid.section})` : grid.class,
                  month: monthName(grid.month),
                  session: digits(grid.session),
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("attendance.register.child")}</th>
                  {grid.days.map((day) => (
                    <th key={day.date} scope="col">
                      {digits(Number(day.date.slice(8)))}
                    </th>
                  ))}
                  <th scope="col">{t("attendance.register.days")}</th>
                  <th scope="col">{t("attendance.register.letter.absent")}</th>
                  <th scope="col">{t("attendance.register.percentage")}</th>
                </tr>
              </thead>
              <tbody>
                {grid.children.map((child) => (
                  <tr key={child.child} data-testid="register-grid-row">
                    <th scope="row">
                      {digits(child.roll)}. {child.name}
                    </th>
                    {grid.days.map((day) => {
                      const status = child.statuses[day.date];
                      return (
                        <td key={day.date} data-status={status ?? day.kind}>
                          {status
                            ? t(`attendance.register.letter.${status}`)
                            : day.kind === "holiday"
                              ? t("attendance.register.letter.holiday")
                              : day.kind === "dayOff"
                                ? t("attendance.register.letter.dayOff")
                                : ""}
                        </td>
                      );
                    })}
                    <td>{digits(child.totals.days)}</td>
                    <td>{digits(child.totals.absent)}</td>
                    <td>{child.totals.percentage === null ? "" : digits(child.totals.percentage)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </section>
      ) : null}
      <p className="no-print">
        <a href={href("/DeashBoard/attendance")}>{t("attendance.heading")}</a>
      </p>
    </div>
  );
}
