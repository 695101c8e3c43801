// /admission-applications/{id}: the applicant's application. A draft is a form kept as it is
// typed (save and come back), its documents uploaded one by one, and the fee paid through a
// provider's page (then back here with the outcome); once paid, its number, status and history.
// Someone else's application is the same 404 as none. Plain forms: they work without script.
import { data, Form, href, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import { genders, guardianRelations } from "../../common/people";
import { applicationChange } from "../../common/schemas/admission-applications";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import type { MessageKey } from "../../i18n/translate";
import {
  changeApplication,
  readApplication,
  type viewOf,
} from "../../server/domain/admission-applications/applications";
import { uploadDocument } from "../../server/domain/admission-applications/documents";
import { startApplicationOrder } from "../../server/domain/admission-applications/payment";
import { roundById } from "../../server/domain/admission-applications/rounds";
import { withdrawApplication } from "../../server/domain/admission-applications/status";
import { DomainError, statusOf } from "../../server/domain/errors";
import { pagePaymentProvider, redirectProviders } from "../../server/domain/fees/online";
import { ImageError } from "../../server/files/images";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Alert, Button, SelectField, TextField } from "../ui";
import type { Route } from "./+types/admission-application";

export const handle = {
  texts: ["applications"],
  problems: ["applications", "payment", "content"],
  query: ["outcome"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    const application = await readApplication(services.db, actor, params.id);
    const round = await roundById(services.db, application.roundId);
    return data(
      {
        application,
        documents: round.documents,
        providers: redirectProviders(services.payments),
        outcome: new URL(request.url).searchParams.get("outcome"),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
});

type Answer = { ok?: string; problem?: Problem; fields?: Record<string, Problem> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const intent = text(form, "intent");
  try {
    if (intent === "save") {
      const parsed = applicationChange.safeParse({
        childName: text(form, "childName"),
        childNameBn: text(form, "childNameBn"),
        dateOfBirth: text(form, "dateOfBirth") || undefined,
        birthRegistration: text(form, "birthRegistration") || undefined,
        gender: text(form, "gender") || undefined,
        guardians: [
          {
            name: text(form, "guardianName"),
            relation: text(form, "relation"),
            phone: text(form, "phone"),
            email: text(form, "email"),
            address: text(form, "address"),
          },
        ],
        previousInstitution: text(form, "previousInstitution"),
        language: text(form, "language") || undefined,
      });
      if (!parsed.success)
        return data({ fields: fieldProblemsOf(parsed.error) } satisfies Answer, { status: 400 });
      await changeApplication(services.db, actor, params.id, parsed.data);
      return { ok: "saved" } satisfies Answer;
    }
    if (intent === "upload") {
      const file = form.get("file");
      const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : undefined;
      await uploadDocument(
        services,
        actor,
        params.id,
        text(form, "kind"),
        bytes && file instanceof File ? { bytes, name: file.name } : undefined,
      );
      return { ok: "uploaded" } satisfies Answer;
    }
    if (intent === "pay") {
      const provider = pagePaymentProvider(services.payments, text(form, "provider") || undefined);
      const started = await startApplicationOrder(services, actor, params.id, { provider });
      if (!started.redirectUrl) throw new Error("a pay form's provider has no page to go to");
      return redirect(started.redirectUrl);
    }
    if (intent === "withdraw") {
      await withdrawApplication({ db: services.db, school: services.config.instituteName }, actor, params.id);
      return { ok: "withdrawn" } satisfies Answer;
    }
    return data({ problem: { key: "request.unknownAction" } } satisfies Answer, { status: 400 });
  } catch (error) {
    if (error instanceof ImageError) {
      return data({ problem: error.problem, fields: { file: error.problem } } satisfies Answer, {
        status: error.status,
      });
    }
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "not_found") throw data(null, { status: 404 });
    return data({ problem: error.problem, fields: error.fieldProblems } satisfies Answer, {
      status: statusOf[error.code],
    });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Admission application" },
  { name: "robots", content: "noindex" },
];

// Only for the type of the loader's application.
type View = Awaited<ReturnType<typeof viewOf>>;

export default function AdmissionApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { application, documents, providers, outcome } = loaderData;
  const answer = actionData as Answer | undefined;
  const a: View = application;
  const guardian = a.guardians[0];
  const error = (name: string) => (answer?.fields?.[name] ? te(answer.fields[name]) : undefined);
  const statusText = (status: string) => t(`applications.status.${status}` as MessageKey);
  const draft = a.status === "draft";
  return (
    <div className="page container container--narrow section stack" data-testid="admission-application">
      <h1>{t("applications.page.heading", { title: a.admissionTitle })}</h1>
      <p data-testid="application-status">{t("applications.statusNow", { status: statusText(a.status) })}</p>
      {a.number ? (
        <p data-testid="application-number">{t("applications.number", { number: a.number })}</p>
      ) : null}
      {a.test ? (
        <p data-testid="application-test">
          {t("applications.test.line", {
            roll: a.test.roll,
            room: a.test.room,
            when: `${new Date(new Date(a.test.at).getTime() + 6 * 3600_000).toISOString().slice(0, 16).replace("T", " ")} (Dhaka)`,
          })}{" "}
          <a href={`/api/admission-applications/${a.id}/admit-card.pdf`} data-testid="admit-card" download>
            {t("applications.card.download")}
          </a>
        </p>
      ) : null}
      {a.paid && outcome ? (
        <Alert tone="success" testId="application-paid">
          {t("applications.paid")}
        </Alert>
      ) : outcome === "failed" || outcome === "cancelled" || outcome === "rejected" ? (
        <Alert tone="error" testId="application-failed">
          {t("applications.failed")}
        </Alert>
      ) : outcome && !a.paid ? (
        <Alert tone="info">{t("applications.pending")}</Alert>
      ) : null}
      {answer?.ok === "saved" ? <Alert tone="success">{t("applications.saved")}</Alert> : null}
      {answer?.problem ? (
        <Alert tone="error" testId="application-problem">
          {te(answer.problem)}
        </Alert>
      ) : null}
      {draft ? (
        <>
          <Form method="post" className="stack" data-testid="application-form">
            <input type="hidden" name="intent" value="save" />
            <TextField
              name="childName"
              label={t("applications.field.childName")}
              defaultValue={a.childName}
              error={error("childName")}
            />
            <TextField
              name="childNameBn"
              label={t("applications.field.childNameBn")}
              defaultValue={a.childNameBn}
              error={error("childNameBn")}
            />
            <TextField
              name="dateOfBirth"
              label={t("applications.field.dateOfBirth")}
              defaultValue={a.dateOfBirth ?? ""}
              error={error("dateOfBirth")}
            />
            <TextField
              name="birthRegistration"
              label={t("applications.field.birthRegistration")}
              defaultValue={a.birthRegistration ?? ""}
              inputMode="numeric"
              error={error("birthRegistration")}
            />
            <SelectField
              name="gender"
              label={t("applications.field.gender")}
              defaultValue={a.gender ?? ""}
              placeholder=""
              options={genders.map((g) => ({ value: g, label: t(`applications.gender.${g}`) }))}
              error={error("gender")}
            />
            <TextField
              name="guardianName"
              label={t("applications.field.guardianName")}
              defaultValue={guardian?.name ?? ""}
              error={error("guardians.0.name")}
            />
            <SelectField
              name="relation"
              label={t("applications.field.relation")}
              defaultValue={guardian?.relation ?? "father"}
              options={guardianRelations.map((r) => ({ value: r, label: t(`applications.relation.${r}`) }))}
            />
            <TextField
              name="phone"
              label={t("applications.field.phone")}
              defaultValue={guardian?.phone ?? ""}
              inputMode="tel"
              error={error("guardians.0.phone")}
            />
            <TextField
              name="email"
              label={t("applications.field.email")}
              defaultValue={guardian?.email ?? ""}
              error={error("guardians.0.email")}
            />
            <TextField
              name="address"
              label={t("applications.field.address")}
              defaultValue={guardian?.address ?? ""}
              error={error("guardians.0.address")}
            />
            <TextField
              name="previousInstitution"
              label={t("applications.field.previousInstitution")}
              defaultValue={a.previousInstitution}
              error={error("previousInstitution")}
            />
            <SelectField
              name="language"
              label={t("applications.field.language")}
              defaultValue={a.language}
              options={(["bn", "en"] as const).map((l) => ({
                value: l,
                label: t(`applications.language.${l}`),
              }))}
            />
            <Button type="submit" data-testid="application-save">
              {t("applications.save")}
            </Button>
          </Form>
          <h2>{t("applications.documents")}</h2>
          {documents.map((kind) => {
            const kept = a.documents.find((d) => d.kind === kind);
            return (
              <Form
                method="post"
                encType="multipart/form-data"
                className="stack"
                key={kind}
                data-testid={`upload-${kind}`}
              >
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={kind} />
                <label>
                  {t(`applications.doc.${kind}` as MessageKey)}{" "}
                  <input
                    type="file"
                    name="file"
                    accept={kind === "photo" ? "image/*" : "application/pdf,image/*"}
                  />
                </label>
                <p className="muted">
                  {kept ? t("applications.doc.kept", { name: kept.name }) : t("applications.doc.missing")}
                </p>
                <Button type="submit" variant="outline" size="small">
                  {t("applications.upload")}
                </Button>
              </Form>
            );
          })}
          {providers.length > 0 ? (
            <Form method="post" className="stack" data-testid="application-pay">
              <input type="hidden" name="intent" value="pay" />
              <SelectField
                name="provider"
                label={t("applications.provider")}
                options={providers.map((p) => ({ value: p, label: p === "bkash" ? "bKash" : "SSLCommerz" }))}
              />
              <Button type="submit" data-testid="application-pay-submit">
                {t("applications.pay", { amount: takaText(a.feeMinor) })}
              </Button>
            </Form>
          ) : null}
        </>
      ) : null}
      <h2>{t("applications.history")}</h2>
      <ol data-testid="application-history">
        {a.history.map((h) => (
          <li key={`${h.at}-${h.to}`}>
            {h.at.slice(0, 10)}: {statusText(h.to)}
            {h.note ? ` (${h.note})` : ""}
          </li>
        ))}
      </ol>
      {!draft && a.status !== "withdrawn" && a.status !== "rejected" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <Button type="submit" variant="outline" size="small">
            {t("applications.withdraw")}
          </Button>
        </Form>
      ) : null}
      <p>
        <a href={href("/profile-route/applications")}>{t("applications.mine")}</a>
      </p>
    </div>
  );
}
