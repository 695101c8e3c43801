// /profile-route/children/{id}: one of the account's children (or the student's own record): photo,
// name, class, section and roll of the newest session, the published marksheets, the class
// routine with today's substitutes, and the newest notices. Another family's child is the same
// 404 as a child who does not exist.
import { data, Form, href } from "react-router";
import { initialsOf } from "../../common/initials";
import { leaveInput } from "../../common/schemas/attendance";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { dhakaToday } from "../../common/schemas/routines";
import { formatDate, localDigits } from "../../i18n/format";
import { childAttendance } from "../../server/domain/attendance/child-report";
import { leaveRequestsFor } from "../../server/domain/attendance/leave-list";
import { requestLeave } from "../../server/domain/attendance/request-leave";
import { DomainError, statusOf } from "../../server/domain/errors";
import { childView } from "../../server/domain/register/family";
import { ChildMonth } from "../components/attendance/child-month";
import { type LeaveAnswer, LeaveForm } from "../components/attendance/leave-form";
import { Avatar } from "../components/avatar";
import { Marksheet, MarksheetActions } from "../components/exam-results/marksheet";
import { ChildPlacement } from "../components/family/child-placement";
import { WeekTable } from "../components/routines/week-table";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Button } from "../ui";
import type { Route } from "./+types/profile.child";

// Not kept as a personal page: the routine shows today's substitutes.
export const handle = {
  texts: ["family", "results", "routines", "attendance", "fees"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services, contentReads } = pageOf(context);
  try {
    const [view, attendance] = await Promise.all([
      childView(services.db, actor, params.childId, {
        institute: services.config.instituteName,
        reads: contentReads,
      }),
      childAttendance(services.db, actor, params.childId, {}),
    ]);
    const leave = (await leaveRequestsFor(services.db, actor)).filter((one) => one.child === view.child.id);
    return {
      ...view,
      attendance,
      leave,
      today: dhakaToday(),
      child: { ...view.child, initials: initialsOf(view.child.name) },
      notices: view.notices.map((notice) => ({ ...notice, createdAt: notice.createdAt.toISOString() })),
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
});

/** A guardian asks for leave for the child (the domain checks the child is theirs). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData());
  const parsed = leaveInput.safeParse({ from: form.from, to: form.to, reason: form.reason });
  if (!parsed.success) {
    const fields = fieldProblemsOf(parsed.error);
    return data({ ok: false, error: Object.values(fields)[0], fields } satisfies LeaveAnswer, {
      status: 400,
    });
  }
  try {
    await requestLeave(services.db, actor, params.childId, parsed.data);
    return { ok: true } satisfies LeaveAnswer;
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, error: error.problem, fields: error.fieldProblems } satisfies LeaveAnswer, {
        status: statusOf[error.code],
      });
    throw error;
  }
}

export default function ChildPage({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { child, marksheets, routine, notices, attendance, leave, today } = loaderData;
  return (
    <article className="stack family-view" aria-labelledby="child-name">
      <p>
        <a href={href("/profile-route/children")}>{t("family.child.back")}</a>
      </p>
      <header className="family-child">
        <Avatar
          name={child.name}
          initials={child.initials}
          photoUrl={child.photoUrl}
          size={72}
          alt={t("family.child.photo", { name: child.name })}
        />
        <div className="family-child__about">
          <h2 id="child-name" data-testid="child-name">
            {child.name}
          </h2>
          {child.nameBn ? <p lang="bn">{child.nameBn}</p> : null}
          <ChildPlacement enrolment={child.enrolment} />
          {child.enrolment ? (
            <p className="muted">
              {t("family.child.registration", {
                registration: localDigits(child.enrolment.registration, intl),
              })}
            </p>
          ) : null}
          <p>
            <a
              href={href("/profile-route/children/:childId/fees", { childId: child.id })}
              data-testid="child-fees-link"
            >
              {t("fees.ledger")}
            </a>
          </p>
        </div>
      </header>

      <section aria-labelledby="child-results" className="results-page" data-testid="child-results">
        <h3 id="child-results">{t("family.child.results")}</h3>
        {marksheets.length === 0 ? <p>{t("family.child.noResults")}</p> : null}
        {marksheets.map((sheet) => (
          <div key={`${sheet.exam.id} ${sheet.roll}`}>
            <Marksheet sheet={sheet} headingLevel={3} />
            <MarksheetActions sheet={sheet} />
          </div>
        ))}
      </section>

      <ChildMonth report={attendance} />
      {child.relation !== "self" ? <LeaveForm requests={leave} today={today} /> : null}

      <section aria-labelledby="child-routine" className="routine-week">
        <h3 id="child-routine">{t("family.child.routine")}</h3>
        {routine && routine.slots.length > 0 && routine.periods.length > 0 ? (
          <WeekTable
            id="child-routine-caption"
            caption={t("family.child.routine")}
            days={routine.days}
            periods={routine.periods}
            today={routine.weekday}
            cell={(day, period) => {
              const slot = routine.slots.find((s) => s.day === day && s.period === period);
              if (!slot) return null;
              return (
                <>
                  <span className="routine-slot__subject">{slot.subject}</span>
                  {slot.substitute ? (
                    <span className="routine-slot__substitute">
                      {t("routines.substitute", { name: slot.substitute.name })}
                    </span>
                  ) : slot.teacher ? (
                    <span className="routine-slot__meta">{slot.teacher.name}</span>
                  ) : null}
                  {slot.room ? (
                    <span className="routine-slot__meta">{t("routines.room", { room: slot.room })}</span>
                  ) : null}
                </>
              );
            }}
          />
        ) : (
          <p>{t("family.child.noRoutine")}</p>
        )}
      </section>

      <section aria-labelledby="child-notices">
        <h3 id="child-notices">{t("family.child.notices")}</h3>
        {notices.length === 0 ? (
          <p>{t("family.child.noNotices")}</p>
        ) : (
          <ul className="stack">
            {notices.map((notice) => (
              <li key={notice.id}>
                {notice.title} <span className="muted">{formatDate(notice.createdAt, intl)}</span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={href("/notices")}>{t("family.child.allNotices")}</a>
        </p>
      </section>

      {child.relation !== "self" ? (
        <Form method="post" action={href("/profile-route/children")}>
          <input type="hidden" name="intent" value="unlink" />
          <input type="hidden" name="child" value={child.id} />
          <Button
            type="submit"
            variant="outline"
            aria-label={t("family.children.unlinkNamed", { name: child.name })}
          >
            {t("family.children.unlink")}
          </Button>
        </Form>
      ) : null}
    </article>
  );
}
