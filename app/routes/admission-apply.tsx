// /admition/{booking}/apply: an admission's round, open to applications online: the fee, the
// closing time and the seats left per class (counts only), and the form that starts a draft for a
// class (a signed-in account, phone or e-mail). A closed, not yet open or full round says so.
// A plain form: it works without script.
import { data, Form, href, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import { newApplicationInput } from "../../common/schemas/admission-applications";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { createApplication } from "../../server/domain/admission-applications/applications";
import { readRound } from "../../server/domain/admission-applications/rounds";
import { DomainError, statusOf } from "../../server/domain/errors";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { loginPath } from "../lib/safe-redirect";
import { Alert, Button, SelectField, TextField } from "../ui";
import type { Route } from "./+types/admission-apply";

export const handle = { texts: ["applications"], problems: ["applications"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ params, context }: Route.LoaderArgs) => {
  const { services, actor } = pageOf(context);
  try {
    return { round: await readRound(services.db, params.booking), signedIn: actor.kind === "user" };
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
});

type Answer = { problem?: Problem; fields?: Record<string, Problem> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = newApplicationInput.safeParse({
    class: form.class ?? "",
    childName: form.childName ?? "",
  });
  if (!parsed.success)
    return data({ fields: fieldProblemsOf(parsed.error) } satisfies Answer, { status: 400 });
  try {
    const made = await createApplication(services.db, actor, params.booking, parsed.data);
    return redirect(href("/admission-applications/:id", { id: made.id }));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ problem: error.problem, fields: error.fieldProblems } satisfies Answer, {
      status: statusOf[error.code],
    });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.round.title ?? "Apply" }];

export default function AdmissionApply({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { round, signedIn } = loaderData;
  const answer = actionData as Answer | undefined;
  const closes = `${new Date(new Date(round.closesAt).getTime() + 6 * 3600_000).toISOString().slice(0, 16).replace("T", " ")}`;
  return (
    <div className="page container container--narrow section stack" data-testid="admission-apply">
      <h1>{t("applications.apply.heading", { title: round.title })}</h1>
      <p>{t("applications.apply.lead", { amount: takaText(round.feeMinor), closes })}</p>
      <ul>
        {round.classes.map((c) => (
          <li key={c.class}>{t("applications.apply.seatsLeft", { class: c.class, seats: c.seatsLeft })}</li>
        ))}
      </ul>
      {round.instructions ? <p>{round.instructions}</p> : null}
      {answer?.problem ? (
        <Alert tone="error" testId="apply-problem">
          {te(answer.problem)}
        </Alert>
      ) : null}
      {round.decision === "lottery" ? (
        <p>
          <a
            href={href("/admition/:booking/lottery", { booking: params.booking })}
            data-testid="lottery-link"
          >
            {t("applications.lottery.link")}
          </a>
        </p>
      ) : null}
      {round.state !== "open" ? (
        <Alert tone="info" testId="apply-closed">
          {t("applications.apply.notOpen")}
        </Alert>
      ) : !signedIn ? (
        <p>
          <a href={loginPath(`/admition/${params.booking}/apply`)}>{t("applications.apply.signIn")}</a>
        </p>
      ) : (
        <Form method="post" className="stack" data-testid="apply-form">
          <SelectField
            name="class"
            label={t("applications.field.class")}
            options={round.classes.map((c) => ({ value: c.class, label: c.class }))}
            error={answer?.fields?.class ? te(answer.fields.class) : undefined}
          />
          <TextField
            name="childName"
            label={t("applications.field.childName")}
            maxLength={lettersAsCodeUnits(100)}
            error={answer?.fields?.childName ? te(answer.fields.childName) : undefined}
          />
          <Button type="submit" data-testid="apply-start">
            {t("applications.apply.start")}
          </Button>
        </Form>
      )}
    </div>
  );
}
