import { data, Form, href, Link, useNavigation } from "react-router";
import { problem } from "../../common/errors/problem";
import { isPasswordMismatch, passwordMismatchProblem } from "../../common/schemas/messages";
import { registerInput } from "../../common/schemas/users";
import { signInProviders } from "../../server/auth/providers";
import { FormError } from "../components/form-error";
import { NewPasswordFields } from "../components/new-password-fields";
import { ProviderSignIn, usePopupError } from "../components/provider-sign-in";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Button, TextField } from "../ui";
import type { Route } from "./+types/register";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { texts: ["signIn", "account"], problems: ["account"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ context }: Route.LoaderArgs) => {
  const { services } = pageOf(context);
  return { providers: await signInProviders(services.auth, services.config) };
});

// The earlier product still created the account when the two passwords differed; we refuse
// (docs/decisions/0003-refuse-registration-on-password-mismatch.md).
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = registerInput.safeParse(form);
  if (!parsed.success) {
    const fields = fieldProblemsOf(parsed.error);
    const mismatch = isPasswordMismatch(fields.retypePassword);
    return data({ error: mismatch ? passwordMismatchProblem : null, fields }, { status: 400 });
  }
  const result = await callAuth(context, "/sign-up/email", {
    name: parsed.data.displayName,
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!result.ok)
    return data(
      { error: result.problem ?? problem("auth.registrationFailed"), fields: {} },
      { status: result.status },
    );
  return redirectWithAuthCookies(request, result, href("/"), "register.success");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "register.heading" }, path: href("/register") });

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const popup = usePopupError();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  const { onSubmit, onFocus, errors, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.registerInput),
    actionData?.fields,
  );
  // The specification's banner for the mismatch, whether found here or by the server.
  const banner = isPasswordMismatch(errors.retypePassword) ? passwordMismatchProblem : actionData?.error;
  return (
    <div className="container">
      <div className="auth-card">
        <h1>{t("register.heading")}</h1>
        <Form
          method="post"
          noValidate
          onSubmit={popup.clearOnSubmit(onSubmit)}
          onFocus={onFocus}
          aria-label={t("register.heading")}
        >
          <div className="stack">
            <FormError message={popup.message ?? (banner ? te(banner) : null)} />
            <TextField
              name="displayName"
              label={t("register.displayName")}
              autoComplete="name"
              required
              maxLength={800}
              error={fieldError("displayName")}
            />
            <TextField
              name="email"
              type="email"
              label={t("register.email")}
              autoComplete="email"
              required
              error={fieldError("email")}
            />
            <NewPasswordFields
              labels={[t("register.password"), t("register.retypePassword")]}
              fieldError={fieldError}
            />
            <Button type="submit" busy={busy} block>
              {t("register.submit")}
            </Button>
            <p>
              <Link to={href("/login/phone")} data-testid="register-with-phone">
                {t("register.withPhone")}
              </Link>
            </p>
            <p>
              {t("register.haveAccount")} <Link to={href("/login")}>{t("register.login")}</Link>
            </p>
          </div>
        </Form>
        <ProviderSignIn providers={loaderData.providers} redirectTo={href("/")} onError={popup.onError} />
      </div>
    </div>
  );
}
