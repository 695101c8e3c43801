// /profile-route/updateInformations: the profile form (the specification's payload: photoURl,
// displayName, email shown read-only, about, number, className, rollNumber). Checked in the
// browser and on the server with the same schema, saved through the same domain function as
// PUT /api/User/updated; 'added successfully' on success. Without script it posts normally.
// A phone account's added address that waits for its confirmation is said under the e-mail, with
// a button that mails its link again (intent "resend", limited as POST /api/User/added-email/resend).
import { data, Form, useNavigation } from "react-router";
import { classOptions } from "../../common/classes";
import { profileInput } from "../../common/schemas/users";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { sendAddedEmailAgain, waitingEmail } from "../../server/domain/added-email";
import { DomainError } from "../../server/domain/errors";
import { updateOwnProfile } from "../../server/domain/profile";
import { RateLimitError } from "../../server/domain/rate-limit";
import { FormError } from "../components/form-error";
import { classLabelKey } from "../components/lists/labels";
import { useProfile } from "../components/profile/use-profile";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf, requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Alert, Button, SelectField, TextArea, TextField } from "../ui";
import type { Route } from "./+types/profile.edit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  const waiting = await waitingEmail(pageOf(context).services.db, actor);
  return { waitingEmail: waiting?.email ?? null };
}

/** Mails the waiting address its link again: the answer names it, or says why not. */
async function resend(context: Route.ActionArgs["context"], actor: ReturnType<typeof requireUserPage>) {
  const { services } = pageOf(context);
  try {
    const waiting = await sendAddedEmailAgain(
      { db: services.db, mail: services.mail, logger: services.logger, publicUrl: services.config.publicUrl },
      actor,
    );
    return { ok: true as const, resent: waiting.email, resendError: null, error: null, fields: {} };
  } catch (error) {
    if (error instanceof DomainError || error instanceof RateLimitError)
      return data(
        { ok: false as const, resent: null, resendError: error.problem, error: null, fields: {} },
        { status: error instanceof RateLimitError ? 429 : 404 },
      );
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const posted = Object.fromEntries(await request.formData());
  if (posted.intent === "resend") return resend(context, actor);
  const parsed = profileInput.safeParse(posted);
  if (!parsed.success)
    return data(
      {
        ok: false as const,
        resent: null,
        resendError: null,
        error: null,
        fields: fieldProblemsOf(parsed.error),
      },
      { status: 400 },
    );
  try {
    const { services } = pageOf(context);
    await updateOwnProfile(
      {
        ...contentContext(context),
        mailing: { mail: services.mail, logger: services.logger, publicUrl: services.config.publicUrl },
      },
      actor,
      parsed.data,
    );
    return { ok: true as const, resent: null, resendError: null, error: null, fields: {} };
  } catch (error) {
    if (error instanceof DomainError)
      return data(
        {
          ok: false as const,
          resent: null,
          resendError: null,
          error: error.problem,
          fields: error.fieldProblems ?? {},
        },
        { status: 400 },
      );
    throw error;
  }
}

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const profile = useProfile();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.profileInput),
    actionData?.ok === false ? actionData.fields : undefined,
  );
  const classes = classOptions.map((value) => {
    const key = classLabelKey(value);
    return { value, label: key ? t(key) : value };
  });
  return (
    <section aria-labelledby="edit-heading">
      <h2 id="edit-heading">{t("profile.edit.heading")}</h2>
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} aria-labelledby="edit-heading">
        <div className="stack">
          {actionData?.ok && !actionData.resent && navigation.state === "idle" ? (
            <Alert tone="success" testId="profile-saved">
              {t("profile.edit.success")}
            </Alert>
          ) : null}
          <FormError message={actionData?.ok === false && actionData.error ? te(actionData.error) : null} />
          <TextField
            name="photoURl"
            type="url"
            inputMode="url"
            label={t("profile.field.photoURl")}
            defaultValue={profile.photoUrl ?? ""}
            error={fieldError("photoURl")}
          />
          <TextField
            name="displayName"
            label={t("profile.field.name")}
            autoComplete="name"
            required
            maxLength={800}
            defaultValue={profile.displayName}
            error={fieldError("displayName")}
          />
          <TextField
            name="email"
            type="email"
            label={t("profile.field.email")}
            // A phone account adds its address here; an address once set stays.
            readOnly={Boolean(profile.email)}
            aria-readonly={Boolean(profile.email)}
            defaultValue={profile.email ?? ""}
            error={fieldError("email")}
          />
          <TextArea
            name="about"
            label={t("profile.field.about")}
            rows={4}
            maxLength={lettersAsCodeUnits(2000)}
            defaultValue={profile.about ?? ""}
            error={fieldError("about")}
          />
          <TextField
            name="number"
            type="tel"
            label={t("profile.field.number")}
            autoComplete="tel"
            maxLength={30}
            defaultValue={profile.contactNumber ?? ""}
            error={fieldError("number")}
          />
          <SelectField
            name="className"
            label={t("profile.field.className")}
            placeholder={t("profile.edit.classPlaceholder")}
            options={classes}
            defaultValue={profile.className ?? ""}
            error={fieldError("className")}
          />
          <TextField
            name="rollNumber"
            label={t("profile.field.rollNumber")}
            maxLength={20}
            defaultValue={profile.rollNumber ?? ""}
            error={fieldError("rollNumber")}
          />
          <div>
            <Button type="submit" busy={busy} data-testid="profile-submit">
              {t("profile.edit.submit")}
            </Button>
          </div>
        </div>
      </Form>
      {loaderData.waitingEmail ? (
        <Form method="post" className="stack" style={{ gap: 8, marginTop: 16 }} data-testid="email-waiting">
          <p className="muted" style={{ margin: 0 }}>
            {t("profile.edit.emailWaiting", { email: loaderData.waitingEmail })}
          </p>
          {actionData?.resent ? (
            <Alert tone="success" testId="email-sent-again">
              {t("profile.edit.sentAgain", { email: actionData.resent })}
            </Alert>
          ) : null}
          <FormError message={actionData?.resendError ? te(actionData.resendError) : null} />
          <div>
            <Button
              type="submit"
              name="intent"
              value="resend"
              variant="outline"
              data-testid="email-send-again"
            >
              {t("profile.edit.sendAgain")}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
