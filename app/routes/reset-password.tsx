// /reset-password?token=...: the page the reset mail links to. A new password (typed twice),
// then the person signs in with it; Better Auth ends every session of the account.
import { data, Form, href, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { resetPasswordInput } from "../../common/schemas/account-security";
import { isPasswordMismatch, passwordMismatchProblem } from "../../common/schemas/messages";
import { flashCookieHeader } from "../../server/cookies";
import { FormError } from "../components/form-error";
import { NewPasswordFields } from "../components/new-password-fields";
import { callAuth } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Alert, Button } from "../ui";
import type { Route } from "./+types/reset-password";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { texts: ["account"], problems: ["account"], query: ["token"] } satisfies TextsHandle;

export const loader = withTexts(handle, () => null);

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = resetPasswordInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fields = fieldProblemsOf(parsed.error);
    return data(
      {
        invalidLink: Boolean(fields.token),
        error: isPasswordMismatch(fields.retypePassword) ? passwordMismatchProblem : null,
        fields,
      },
      { status: 400 },
    );
  }
  const result = await callAuth(context, "/reset-password", {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (!result.ok) {
    const invalidLink = result.code === "INVALID_TOKEN";
    return data(
      { invalidLink, error: invalidLink ? null : (result.problem ?? null), fields: {} },
      { status: result.status },
    );
  }
  return redirect(href("/login"), { headers: { "Set-Cookie": flashCookieHeader(request, "reset.success") } });
}

// The address carries a secret token: never indexed.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: { key: "reset.heading" }, path: href("/reset-password") }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { onSubmit, onFocus, errors, fieldError } = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.resetPasswordInput),
    actionData?.fields,
  );
  const invalidLink =
    !/^[A-Za-z0-9_-]{8,200}$/.test(token) || actionData?.invalidLink || Boolean(errors.token);
  const banner = isPasswordMismatch(errors.retypePassword) ? passwordMismatchProblem : actionData?.error;
  return (
    <div className="container">
      <div className="auth-card stack">
        <h1>{t("reset.heading")}</h1>
        {invalidLink ? (
          <>
            <Alert tone="error" testId="form-error">
              {t("reset.invalid")}
            </Alert>
            <p>
              <Link to={href("/forgot-password")}>{t("reset.askAgain")}</Link>
            </p>
          </>
        ) : (
          <Form
            method="post"
            noValidate
            onSubmit={onSubmit}
            onFocus={onFocus}
            aria-label={t("reset.heading")}
          >
            <div className="stack">
              <FormError message={banner ? te(banner) : null} />
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields labels={[t("reset.password"), t("reset.retype")]} fieldError={fieldError} />
              <Button type="submit" busy={busy} block>
                {t("reset.submit")}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
