// /profile-route/password: change the password (current, new, retyped), optionally signing out
// every other browser. An account made through an identity provider has no password yet: it
// is offered the reset link instead.
import { data, Form, href, Link, useNavigation } from "react-router";
import { changePasswordInput } from "../../common/schemas/account-security";
import { isPasswordMismatch, passwordMismatchProblem } from "../../common/schemas/messages";
import { hasPassword } from "../../server/domain/accounts";
import { FormError } from "../components/form-error";
import { NewPasswordFields } from "../components/new-password-fields";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Button, PasswordField } from "../ui";
import type { Route } from "./+types/profile.password";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  return { email: actor.email, hasPassword: await hasPassword(pageOf(context).services.db, actor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUserPage(context, request);
  const parsed = changePasswordInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fields = fieldProblemsOf(parsed.error);
    const mismatch = isPasswordMismatch(fields.retypePassword);
    return data(
      { error: mismatch ? passwordMismatchProblem : null, wrongPassword: false, fields },
      { status: 400 },
    );
  }
  const { currentPassword, newPassword, revokeOtherSessions } = parsed.data;
  const result = await callAuth(context, "/change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions,
  });
  if (!result.ok) {
    const wrongPassword = result.code === "INVALID_PASSWORD";
    return data(
      { error: wrongPassword ? null : (result.problem ?? null), wrongPassword, fields: {} },
      { status: result.status },
    );
  }
  // With other sessions ended, this browser carries on with the new session Better Auth set.
  return redirectWithAuthCookies(request, result, href("/profile-route/password"), "password.success");
}

export default function PasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { onSubmit, onFocus, errors, fieldError } = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.changePasswordInput),
    actionData?.fields,
  );
  const banner = isPasswordMismatch(errors.retypePassword)
    ? te(passwordMismatchProblem)
    : actionData?.wrongPassword
      ? t("password.error.INVALID_PASSWORD")
      : actionData?.error
        ? te(actionData.error)
        : null;

  return (
    <section className="stack">
      <h2>{t("password.heading")}</h2>
      {loaderData.hasPassword ? (
        <Form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={onFocus}
          aria-label={t("password.heading")}
        >
          <div className="stack">
            <p className="muted">{t("password.lead")}</p>
            <FormError message={banner} />
            {/* For password managers: whose password this is. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={loaderData.email}
              readOnly
              hidden
            />
            <PasswordField
              name="currentPassword"
              label={t("password.current")}
              autoComplete="current-password"
              required
              error={fieldError("currentPassword")}
              showLabel={t("a11y.showPassword")}
              hideLabel={t("a11y.hidePassword")}
            />
            <NewPasswordFields
              name="newPassword"
              labels={[t("password.new"), t("password.retype")]}
              fieldError={fieldError}
            />
            <label className="row">
              <input type="checkbox" name="revokeOtherSessions" />
              <span>{t("password.revokeOthers")}</span>
            </label>
            <Button type="submit" busy={busy}>
              {t("password.submit")}
            </Button>
          </div>
        </Form>
      ) : (
        <p>
          {t("password.noPassword")} <Link to={href("/forgot-password")}>{t("forgot.heading")}</Link>
        </p>
      )}
    </section>
  );
}
