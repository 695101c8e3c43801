// On a guardian's child page: the child's leave requests with their answers, and a form to ask
// for leave (first and last day, reason) that posts to the page's own action (no script needed).
import { Form, useActionData, useNavigation } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import { formatDate } from "../../../i18n/format";
import type { LeaveRequest } from "../../../server/domain/attendance/request-leave";
import { useI18n } from "../../lib/i18n";
import { Button } from "../../ui";
import { FormError } from "../form-error";

export type LeaveAnswer = { ok: boolean; error?: Problem; fields?: Record<string, Problem> };

export function LeaveForm({ requests, today }: { requests: LeaveRequest[]; today: string }) {
  const { t, te, intl } = useI18n();
  const answer = useActionData() as LeaveAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const field = (name: string) => (answer?.fields?.[name] ? te(answer.fields[name]) : null);
  return (
    <section aria-labelledby="child-leave" data-testid="child-leave">
      <h3 id="child-leave">{t("attendance.leave.heading")}</h3>
      {requests.length === 0 ? (
        <p>{t("attendance.leave.none")}</p>
      ) : (
        <ul className="stack">
          {requests.map((request) => (
            <li key={request.id} data-testid="leave-request" data-status={request.status}>
              {t("attendance.leave.range", {
                from: formatDate(request.from, intl),
                to: formatDate(request.to, intl),
              })}
              {" · "}
              {t(`attendance.leave.status.${request.status}`)}
              <br />
              <span className="muted">{request.reason}</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="stack leave-form">
        <input type="hidden" name="intent" value="leave" />
        <h4>{t("attendance.leave.ask")}</h4>
        {answer?.ok ? (
          <p role="status" data-testid="form-success">
            {t("attendance.leave.sent")}
          </p>
        ) : null}
        <FormError message={answer?.error && !answer.fields ? te(answer.error) : null} />
        <label className="leave-form__field">
          <span>{t("attendance.leave.from")}</span>
          <input type="date" name="from" min={today} defaultValue={today} required />
          {field("from") ? <span className="leave-form__error">{field("from")}</span> : null}
        </label>
        <label className="leave-form__field">
          <span>{t("attendance.leave.to")}</span>
          <input type="date" name="to" min={today} defaultValue={today} required />
          {field("to") ? <span className="leave-form__error">{field("to")}</span> : null}
        </label>
        <label className="leave-form__field">
          <span>{t("attendance.leave.reason")}</span>
          <textarea name="reason" rows={3} maxLength={lettersAsCodeUnits(2000)} required />
          {field("reason") ? <span className="leave-form__error">{field("reason")}</span> : null}
        </label>
        <Button type="submit" disabled={busy}>
          {t("attendance.leave.send")}
        </Button>
      </Form>
    </section>
  );
}
