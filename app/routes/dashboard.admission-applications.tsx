// /DeashBoard/admissions/{id}/applications: the office's board of an admission's round: counts per
// status, seats left per class, the applications filtered by status and class and searched by
// number, name or birth registration, each with its documents and a status change with a note
// (audited; the guardian is told by text and e-mail), and the list as CSV. Admins change;
// accountants read (the payments are theirs).
import { data, Form, href } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import {
  type ApplicationStatus,
  admitCardsInput,
  applicationStatuses,
  boardQuery,
  classInput,
  marksInput,
  nextStatuses,
  statusChangeInput,
} from "../../common/schemas/admission-applications";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { lettersAsCodeUnits } from "../../common/text-rules";
import type { MessageKey } from "../../i18n/translate";
import { admitApplicant } from "../../server/domain/admission-applications/admitting";
import { roundBoard } from "../../server/domain/admission-applications/board";
import { drawLottery, publishSeed } from "../../server/domain/admission-applications/lottery";
import { changeStatus } from "../../server/domain/admission-applications/status";
import { enterMarks, issueAdmitCards, rankClass } from "../../server/domain/admission-applications/test";
import { DomainError, statusOf } from "../../server/domain/errors";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage, requireRolePage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Alert, Button, SelectField, TextArea, TextField } from "../ui";
import type { Route } from "./+types/dashboard.admission-applications";

export const handle = {
  texts: ["applications"],
  problems: ["applications"],
  query: ["q", "status"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const asked = boardQuery.safeParse({
    ...(url.searchParams.get("status") ? { status: url.searchParams.get("status") } : {}),
    ...(url.searchParams.get("q") ? { q: url.searchParams.get("q") } : {}),
  });
  const query = asked.success ? asked.data : {};
  try {
    const board = await roundBoard(services.db, actor, params.id, query);
    return data(
      { board, query, isAdmin: actor.isAdmin },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
});

type Answer = { ok?: boolean; step?: string; problem?: Problem; fields?: Record<string, Problem> };

/**
 * The office's steps: a status change (no intent), or the test's and the lottery's (issuing admit
 * cards, entering marks as CSV, ranking a class, publishing the seed, drawing) and admitting.
 */
async function step(
  intent: string,
  form: Record<string, string>,
  ctx: { db: ReturnType<typeof pageOf>["services"]["db"]; school: string },
  actor: ReturnType<typeof requireAdminPage>,
  admissionId: string,
): Promise<Answer | ReturnType<typeof data<Answer>>> {
  const invalid = (error: Parameters<typeof fieldProblemsOf>[0]) =>
    data({ fields: fieldProblemsOf(error) } satisfies Answer, { status: 400 });
  if (intent === "cards") {
    // The time is typed in Dhaka (a datetime-local field), UTC+6.
    const testAt = form.testAt
      ? `${form.testAt.length === 16 ? `${form.testAt}:00` : form.testAt}+06:00`
      : "";
    const parsed = admitCardsInput.safeParse({
      class: form.class ?? "",
      testAt,
      rooms: [{ room: form.room ?? "", seats: form.seats ?? "" }],
    });
    if (!parsed.success) return invalid(parsed.error);
    await issueAdmitCards(ctx, actor, admissionId, parsed.data);
  } else if (intent === "marks") {
    const parsed = marksInput.safeParse({ csv: form.csv ?? "" });
    if (!parsed.success) return invalid(parsed.error);
    await enterMarks(ctx.db, actor, admissionId, parsed.data);
  } else if (intent === "rank") {
    const parsed = classInput.safeParse({ class: form.class ?? "" });
    if (!parsed.success) return invalid(parsed.error);
    await rankClass(ctx, actor, admissionId, parsed.data.class);
  } else if (intent === "seed") {
    await publishSeed(ctx.db, actor, admissionId);
  } else if (intent === "draw") {
    await drawLottery(ctx, actor, admissionId);
  } else if (intent === "admit") {
    await admitApplicant(ctx, actor, form.application ?? "", {});
  } else {
    const parsed = statusChangeInput.safeParse({ status: form.status ?? "", note: form.note ?? "" });
    if (!parsed.success) return invalid(parsed.error);
    await changeStatus(ctx, actor, form.application ?? "", parsed.data);
    return { ok: true };
  }
  return { ok: true, step: intent };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  try {
    return await step(
      form.intent ?? "",
      form,
      { db: services.db, school: services.config.instituteName },
      actor,
      params.id,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ problem: error.problem, fields: error.fieldProblems } satisfies Answer, {
      status: statusOf[error.code],
    });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Admission applications" }];

export default function AdmissionBoard({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { board, query, isAdmin } = loaderData;
  const answer = actionData as Answer | undefined;
  const statusText = (status: ApplicationStatus) => t(`applications.status.${status}` as MessageKey);
  const classOptions = board.round.classes.map((c) => ({ value: c.class, label: c.class }));
  const csv = `/api/admissions/${params.id}/round/applications.csv${query.status ? `?status=${query.status}` : ""}`;
  return (
    <section className="stack" data-testid="admission-board">
      <h1>{t("applications.board.heading", { title: board.round.title })}</h1>
      <ul className="cluster" data-testid="board-counts">
        {applicationStatuses.map((s) => (
          <li key={s}>
            {statusText(s)}: {board.counts[s]}
          </li>
        ))}
      </ul>
      <ul>
        {board.round.classes.map((c) => (
          <li key={c.class}>
            {t("applications.board.seats", { class: c.class, seats: c.seats, left: c.seatsLeft })}
          </li>
        ))}
      </ul>
      <Form method="get" className="cluster">
        <SelectField
          name="status"
          label={t("applications.board.status")}
          defaultValue={query.status ?? ""}
          placeholder={t("applications.board.any")}
          options={applicationStatuses.map((s) => ({ value: s, label: statusText(s) }))}
        />
        <TextField name="q" label={t("applications.board.search")} defaultValue={query.q ?? ""} />
        <Button type="submit" variant="outline">
          {t("applications.board.filter")}
        </Button>
      </Form>
      <p>
        <a href={csv} download>
          {t("applications.board.csv")}
        </a>
      </p>
      {answer?.ok ? (
        <Alert tone="success" testId="board-done">
          {answer.step ? t("applications.board.stepDone") : t("applications.board.moved")}
        </Alert>
      ) : null}
      {answer?.problem ? (
        <Alert tone="error" testId="board-problem">
          {te(answer.problem)}
        </Alert>
      ) : null}
      {isAdmin && board.round.decision === "test" ? (
        <section className="stack" data-testid="board-test">
          <h2>{t("applications.board.testHeading")}</h2>
          <Form method="post" className="cluster">
            <input type="hidden" name="intent" value="cards" />
            <SelectField name="class" label={t("applications.field.class")} options={classOptions} />
            <TextField name="testAt" type="datetime-local" label={t("applications.board.testAt")} required />
            <TextField
              name="room"
              label={t("applications.card.room")}
              maxLength={lettersAsCodeUnits(60)}
              required
            />
            <TextField
              name="seats"
              type="number"
              min={1}
              label={t("applications.board.roomSeats")}
              required
            />
            <Button type="submit" size="small">
              {t("applications.board.issueCards")}
            </Button>
          </Form>
          <Form method="post" className="stack">
            <input type="hidden" name="intent" value="marks" />
            <TextArea name="csv" label={t("applications.board.marksCsv")} rows={4} required />
            <Button type="submit" size="small">
              {t("applications.board.enterMarks")}
            </Button>
          </Form>
          <Form method="post" className="cluster">
            <input type="hidden" name="intent" value="rank" />
            <SelectField name="class" label={t("applications.field.class")} options={classOptions} />
            <Button type="submit" size="small">
              {t("applications.board.rank")}
            </Button>
          </Form>
        </section>
      ) : null}
      {board.round.decision === "lottery" ? (
        <section className="stack" data-testid="board-lottery">
          <h2>{t("applications.board.lotteryHeading")}</h2>
          <p>
            <a href={href("/admition/:booking/lottery", { booking: params.id })}>
              {t("applications.lottery.link")}
            </a>
          </p>
          {isAdmin ? (
            <div className="cluster">
              <Form method="post">
                <input type="hidden" name="intent" value="seed" />
                <Button type="submit" size="small" variant="outline">
                  {t("applications.board.publishSeed")}
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="draw" />
                <Button type="submit" size="small">
                  {t("applications.board.draw")}
                </Button>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}
      {board.rows.length === 0 ? <p>{t("applications.board.none")}</p> : null}
      <div className="table-scroll">
        <table data-testid="board-rows">
          <thead>
            <tr>
              <th>{t("applications.board.number")}</th>
              <th>{t("applications.board.child")}</th>
              <th>{t("applications.board.guardian")}</th>
              <th>{t("applications.board.status")}</th>
              <th>{t("applications.board.documents")}</th>
              {isAdmin ? <th>{t("applications.board.move")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {board.rows.map((row) => (
              <tr key={row.id} data-testid="board-row">
                <td>{row.number ?? "—"}</td>
                <td>
                  {row.childName} {row.childNameBn ? `(${row.childNameBn})` : ""}, {row.class}
                  <br />
                  {row.birthRegistration ?? ""} {row.dateOfBirth ?? ""}
                </td>
                <td>
                  {row.guardianName} {row.guardianPhone}
                  <br />
                  {takaText(row.paidMinor)}
                </td>
                <td>{statusText(row.status)}</td>
                <td>
                  <a href={`/api/admission-applications/${row.id}/documents/photo`}>
                    {t("applications.doc.photo")}
                  </a>
                  <br />
                  <a href={`/api/admission-applications/${row.id}/documents/birthCertificate`}>
                    {t("applications.doc.birthCertificate")}
                  </a>
                </td>
                {isAdmin ? (
                  <td>
                    {row.status === "selected" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="admit" />
                        <input type="hidden" name="application" value={row.id} />
                        <Button type="submit" size="small" data-testid="board-admit">
                          {t("applications.board.admit")}
                        </Button>
                      </Form>
                    ) : null}
                    {nextStatuses[row.status].length > 0 ? (
                      <Form method="post" className="stack">
                        <input type="hidden" name="application" value={row.id} />
                        <SelectField
                          name="status"
                          label={t("applications.board.move")}
                          options={nextStatuses[row.status].map((s) => ({ value: s, label: statusText(s) }))}
                        />
                        <TextField
                          name="note"
                          label={t("applications.board.note")}
                          maxLength={lettersAsCodeUnits(500)}
                        />
                        <Button type="submit" size="small">
                          {t("applications.board.move")}
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a href={href("/DeashBoard")}>←</a>
      </p>
    </section>
  );
}
