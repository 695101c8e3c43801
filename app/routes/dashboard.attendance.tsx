// /DeashBoard/attendance: a class's attendance sheet for a day on the teacher's phone. The class
// (and section) and the date are picked with a plain GET form (today and the teacher's first
// class by default). Each child is a row of four radio buttons shown as segmented buttons,
// present by default. With script each tap is saved at once (PUT /api/attendance/marks): a row
// whose save failed says so and tries again (and again when the network is back); the form's
// Save button sends the whole sheet, which is also how it works without script.
import { useEffect, useRef, useState } from "react";
import { data, Form, href, useActionData, useNavigation } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { problem } from "../../common/errors/problem";
import {
  type AttendanceStatus,
  attendanceStatuses,
  leaveDecision,
  sheetInput,
  sheetQuery,
} from "../../common/schemas/attendance";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { dhakaToday } from "../../common/schemas/routines";
import { formatDate, localDigits } from "../../i18n/format";
import { classesTaught } from "../../server/domain/attendance/class-day";
import { decideLeave } from "../../server/domain/attendance/decide-leave";
import { leaveRequestsFor } from "../../server/domain/attendance/leave-list";
import { saveSheet } from "../../server/domain/attendance/save-sheet";
import { type AttendanceSheet, readSheet } from "../../server/domain/attendance/sheet";
import { listClasses } from "../../server/domain/classes";
import { DomainError, statusOf } from "../../server/domain/errors";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import type { Route } from "./+types/dashboard.attendance";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "attendance.heading");

export const handle = {
  texts: ["attendance"],
  problems: ["attendance"],
  query: ["choice", "class", "date", "section"],
} satisfies TextsHandle;

type Choice = { class: string; section: string };

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const today = dhakaToday();
  const asked = Object.fromEntries(url.searchParams);
  const date = asked.date || today;
  // The classes to pick from: a teacher's of this year's session; an admin's, every class and section.
  const choices: Choice[] = actor.isAdmin
    ? (await listClasses(services.db)).flatMap((one) => [
        { class: one.name, section: "" },
        ...one.sections.map((section) => ({ class: one.name, section })),
      ])
    : (await classesTaught(services.db, actor, date.slice(0, 4))).map((row) => ({
        class: row.className,
        section: row.section,
      }));
  const first = choices[0];
  // ?choice=Class Six|A from the form, or ?class=Class Six&section=A from a link.
  const [choiceClass, choiceSection] = (asked.choice ?? "").split("|");
  const picked = choiceClass
    ? { class: choiceClass, section: choiceSection ?? "" }
    : asked.class
      ? { class: asked.class, section: asked.section ?? "" }
      : first;
  let sheet: AttendanceSheet | null = null;
  let error: Problem | null = null;
  if (picked) {
    const query = sheetQuery.safeParse({ class: picked.class, section: picked.section, date });
    if (!query.success) {
      const [found] = Object.values(fieldProblemsOf(query.error));
      error = found ?? problem("input.invalid", { detail: "" });
    } else {
      try {
        sheet = await readSheet(services.db, actor, query.data);
      } catch (caught) {
        if (!(caught instanceof DomainError)) throw caught;
        error = caught.problem;
      }
    }
  }
  const waiting = (await leaveRequestsFor(services.db, actor)).filter((one) => one.status === "requested");
  return { choices, picked: picked ?? null, date, today, sheet, error, isAdmin: actor.isAdmin, waiting };
});

type Answer = { ok: boolean; decided?: boolean; error?: Problem; fields?: Record<string, Problem> };

/** The whole sheet in one post: `status.<child>` for each row. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const form = await request.formData();
  const refuse = (status: number, answer: Omit<Answer, "ok">) =>
    data({ ok: false, ...answer } satisfies Answer, { status });
  if (form.get("intent") === "leave") {
    const decision = leaveDecision.safeParse({ status: form.get("status") });
    if (!decision.success) {
      const fields = fieldProblemsOf(decision.error);
      return refuse(400, { error: Object.values(fields)[0], fields });
    }
    try {
      await decideLeave(services.db, actor, String(form.get("id") ?? ""), decision.data.status);
      return { ok: true, decided: true } satisfies Answer;
    } catch (error) {
      if (error instanceof DomainError) return refuse(statusOf[error.code], { error: error.problem });
      throw error;
    }
  }
  const marks = [...form.entries()]
    .filter(([name]) => name.startsWith("status."))
    .map(([name, value]) => ({ child: name.slice("status.".length), status: String(value) }));
  const parsed = sheetInput.safeParse({
    class: String(form.get("class") ?? ""),
    section: String(form.get("section") ?? ""),
    date: String(form.get("date") ?? ""),
    marks,
  });
  if (!parsed.success) {
    const fields = fieldProblemsOf(parsed.error);
    return data({ ok: false, error: Object.values(fields)[0], fields } satisfies Answer, { status: 400 });
  }
  try {
    await saveSheet(services.db, actor, parsed.data);
    return { ok: true } satisfies Answer;
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, error: error.problem, fields: error.fieldProblems } satisfies Answer, {
        status: statusOf[error.code],
      });
    throw error;
  }
}

type RowState = "idle" | "saving" | "saved" | "unsaved";

/** One child's row: four radios; with script a tap is saved at once, and retried until it is. */
function ChildRow({
  child,
  date,
  disabled,
  onChange,
}: {
  child: AttendanceSheet["children"][number];
  date: string;
  disabled: boolean;
  onChange: (child: string, status: AttendanceStatus) => void;
}) {
  const { t, intl } = useI18n();
  const [status, setStatus] = useState<AttendanceStatus>(child.status);
  const [state, setState] = useState<RowState>("idle");
  const wanted = useRef<AttendanceStatus | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  async function send(attempt = 0) {
    const value = wanted.current;
    if (value === null) return;
    setState("saving");
    try {
      const answer = await fetch("/api/attendance/marks", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ child: child.child, date, status: value }),
      });
      // A refusal (a locked day, a holiday) is not retried: the form's Save names it.
      if (answer.ok || (answer.status >= 400 && answer.status < 500)) {
        if (wanted.current === value) {
          wanted.current = null;
          setState(answer.ok ? "saved" : "unsaved");
        }
        return;
      }
      throw new Error(`status ${answer.status}`);
    } catch {
      if (wanted.current !== value) return;
      setState("unsaved");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => send(attempt + 1), Math.min(30_000, 1000 * 2 ** attempt));
    }
  }

  useEffect(() => {
    const again = () => {
      if (wanted.current !== null) void send();
    };
    window.addEventListener("online", again);
    return () => {
      window.removeEventListener("online", again);
      if (timer.current) clearTimeout(timer.current);
    };
  });

  const name = `status.${child.child}`;
  const legendId = `child-${child.child}`;
  return (
    <li className="attendance-row" data-testid="attendance-row" data-status={status} data-state={state}>
      <fieldset className="attendance-row__choices" aria-labelledby={legendId} disabled={disabled}>
        <legend id={legendId} className="attendance-row__name">
          {t("attendance.sheet.child", { roll: localDigits(child.roll, intl), name: child.name })}
        </legend>
        <div className="segmented">
          {attendanceStatuses.map((option) => (
            <label key={option} className="segmented__option" data-option={option}>
              <input
                type="radio"
                name={name}
                value={option}
                checked={status === option}
                onChange={() => {
                  setStatus(option);
                  onChange(child.child, option);
                  wanted.current = option;
                  if (timer.current) clearTimeout(timer.current);
                  void send();
                }}
              />
              <span>{t(`attendance.status.${option}`)}</span>
            </label>
          ))}
        </div>
        <span className="attendance-row__state" role="status" data-testid="row-state">
          {state === "saving"
            ? t("attendance.row.saving")
            : state === "saved"
              ? t("attendance.row.saved")
              : state === "unsaved"
                ? t("attendance.row.unsaved")
                : ""}
        </span>
      </fieldset>
    </li>
  );
}

export default function Attendance({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const { choices, picked, date, today, sheet, error, isAdmin, waiting } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const [statuses, setStatuses] = useState<Record<string, AttendanceStatus>>({});
  // A new sheet (another class or day, or after Save) starts from what the server holds.
  const sheetKey = sheet ? `${sheet.class} ${sheet.section} ${sheet.date} ${sheet.children.length}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the sheet shown changes
  useEffect(() => setStatuses({}), [sheetKey]);
  const counts = { present: 0, absent: 0, late: 0, leave: 0 };
  for (const child of sheet?.children ?? []) counts[statuses[child.child] ?? child.status] += 1;
  const choiceValue = (choice: Choice) => `${choice.class}|${choice.section}`;
  const label = (choice: Choice) =>
    choice.section
      ? t("attendance.pick.section", { class: choice.class, section: choice.section })
      : t("attendance.pick.wholeClass", { class: choice.class });
  return (
    <div className="attendance stack">
      <h2>{t("attendance.heading")}</h2>
      {choices.length === 0 ? <p data-testid="attendance-none">{t("attendance.pick.none")}</p> : null}
      <Form method="get" className="attendance-pick" data-testid="attendance-pick">
        <fieldset>
          <legend>{t("attendance.pick.legend")}</legend>
          <label className="attendance-pick__field">
            <span>{t("attendance.pick.class")}</span>
            <select name="choice" defaultValue={picked ? choiceValue(picked) : undefined}>
              {choices.map((choice) => (
                <option key={choiceValue(choice)} value={choiceValue(choice)}>
                  {label(choice)}
                </option>
              ))}
            </select>
          </label>
          <label className="attendance-pick__field">
            <span>{t("attendance.pick.date")}</span>
            <input type="date" name="date" defaultValue={date} max={today} required />
          </label>
          <button type="submit" className="attendance-button">
            {t("attendance.pick.show")}
          </button>
        </fieldset>
      </Form>
      <FormError message={error ? te(error) : null} />
      {sheet ? (
        <Form method="post" className="attendance-sheet" data-testid="attendance-sheet">
          <input type="hidden" name="class" value={sheet.class} />
          <input type="hidden" name="section" value={sheet.section} />
          <input type="hidden" name="date" value={sheet.date} />
          <h3>
            {t("attendance.sheet.caption", {
              class: sheet.section ? `${sheet.class} (${sheet.section})` : sheet.class,
              date: formatDate(sheet.date, intl),
            })}
          </h3>
          <p className="muted">
            {t("attendance.sheet.session", { session: localDigits(sheet.session, intl) })}
          </p>
          <p data-testid="attendance-counts" aria-live="polite">
            {t("attendance.sheet.counts", {
              present: localDigits(String(counts.present), intl),
              absent: localDigits(String(counts.absent), intl),
              late: localDigits(String(counts.late), intl),
              leave: localDigits(String(counts.leave), intl),
            })}
          </p>
          {sheet.state === "locked" ? (
            <p className="attendance-note" data-testid="attendance-locked">
              {isAdmin ? t("attendance.sheet.lockedAdmin") : t("attendance.sheet.locked")}
            </p>
          ) : (
            <p className="muted">{t("attendance.sheet.hint")}</p>
          )}
          {answer?.ok && !answer.decided ? (
            <p className="attendance-note" role="status" data-testid="form-success">
              {t("attendance.sheet.saved")}
            </p>
          ) : null}
          <FormError message={answer?.error ? te(answer.error) : null} />
          {sheet.children.length === 0 ? (
            <p>{t("attendance.sheet.empty")}</p>
          ) : (
            <ol className="attendance-rows" key={sheetKey}>
              {sheet.children.map((child) => (
                <ChildRow
                  key={child.child}
                  child={child}
                  date={sheet.date}
                  disabled={!sheet.changeable}
                  onChange={(id, status) => setStatuses((now) => ({ ...now, [id]: status }))}
                />
              ))}
            </ol>
          )}
          {sheet.changeable && sheet.children.length > 0 ? (
            <button type="submit" className="attendance-button attendance-button--save" disabled={busy}>
              {t("attendance.sheet.save")}
            </button>
          ) : null}
        </Form>
      ) : null}
      {/* Outside the list: answering the last request empties it, and the answer must still show. */}
      {answer?.decided ? (
        <p className="attendance-note" role="status">
          {t("attendance.leave.decided")}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="leave-waiting" className="stack" data-testid="leave-waiting">
          <h3 id="leave-waiting">{t("attendance.leave.waiting")}</h3>
          <ul className="attendance-rows">
            {waiting.map((request) => (
              <li key={request.id} className="attendance-row__choices" data-testid="leave-request">
                <p className="attendance-row__name">
                  {t("attendance.leave.child", {
                    name: request.childName,
                    range: t("attendance.leave.range", {
                      from: formatDate(request.from, intl),
                      to: formatDate(request.to, intl),
                    }),
                  })}
                </p>
                <p>{request.reason}</p>
                <Form method="post" className="leave-decision">
                  <input type="hidden" name="intent" value="leave" />
                  <input type="hidden" name="id" value={request.id} />
                  <button
                    type="submit"
                    name="status"
                    value="approved"
                    className="attendance-button"
                    aria-label={t("attendance.leave.approveNamed", { name: request.childName })}
                  >
                    {t("attendance.leave.approve")}
                  </button>
                  <button
                    type="submit"
                    name="status"
                    value="refused"
                    className="attendance-button attendance-button--quiet"
                    aria-label={t("attendance.leave.refuseNamed", { name: request.childName })}
                  >
                    {t("attendance.leave.refuse")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <a href={href("/DeashBoard/attendance/register")}>{t("attendance.register.link")}</a>
      </p>
    </div>
  );
}
