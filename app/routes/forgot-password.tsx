// /forgot-password: ask for a reset link by e-mail. The answer is the same whether or not an
// account uses the address, so the page cannot be used to find out who has an account.
import { data, Form, href, Link, useNavigation } from "react-router";
import { forgotPasswordInput } from "../../common/schemas/account-security";
import { FormError } from "../components/form-error";
import { callAuth } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Alert, Button, TextField } from "../ui";
import type { Route } from "./+types/forgot-password";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { texts: ["account"], problems: ["account"] } satisfies TextsHandle;

export const loader = withTexts(handle, () => null);

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = forgotPasswordInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ sentTo: null, error: null, fields: fieldProblemsOf(parsed.error) }, { status: 400 });
  }
  const result = await callAuth(context, "/request-password-reset", { email: parsed.data.email });
  // Only a refusal that says nothing about the account (too many requests) is shown as such.
  if (!result.ok && result.status === 429) {
    return data({ sentTo: null, error: result.problem ?? null, fields: {} }, { status: 429 });
  }
  return { sentTo: parsed.data.email, error: null, fields: {} };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "forgot.heading" }, path: href("/forgot-password") });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.forgotPasswordInput),
    actionData?.fields,
  );
  return (
    <div className="container">
      <div className="auth-card stack">
        <h1>{t("forgot.heading")}</h1>
        {actionData?.sentTo ? (
          <Alert tone="success" testId="reset-sent">
            {t("forgot.sent", { email: actionData.sentTo })}
          </Alert>
        ) : (
          <Form
            method="post"
            noValidate
            onSubmit={onSubmit}
            onFocus={onFocus}
            aria-label={t("forgot.heading")}
          >
            <div className="stack">
              <p className="muted">{t("forgot.lead")}</p>
              <FormError message={actionData?.error ? te(actionData.error) : null} />
              <TextField
                name="email"
                type="email"
                label={t("forgot.email")}
                autoComplete="email"
                required
                error={fieldError("email")}
              />
              <Button type="submit" busy={busy} block>
                {t("forgot.submit")}
              </Button>
            </div>
          </Form>
        )}
        <p>
          <Link to={href("/login")}>{t("forgot.backToLogin")}</Link>
        </p>
      </div>
    </div>
  );
}
