import { data, Form, href, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { problem } from "../../common/errors/problem";
import { shownEmail } from "../../common/phone-accounts";
import { loginInput } from "../../common/schemas/users";
import type { MessageKey } from "../../i18n";
import { signInProviders } from "../../server/auth/providers";
import { flashCookieHeader } from "../../server/cookies";
import { getOwnPhone } from "../../server/domain/phone";
import { FormError } from "../components/form-error";
import { errorCodeOf, ProviderSignIn, usePopupError } from "../components/provider-sign-in";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { safeRedirect } from "../lib/safe-redirect";
import { seo } from "../lib/seo";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Alert, Button, ButtonLink, PasswordField, TextField } from "../ui";
import type { Route } from "./+types/login";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = {
  texts: ["signIn", "account"],
  problems: ["account"],
  query: ["error", "redirectTo"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ context }: Route.LoaderArgs) => {
  const { actor, services } = pageOf(context);
  // A phone account is named by its number: its placeholder address is never shown.
  const email =
    actor.kind === "user"
      ? (shownEmail(actor.email) ?? (await getOwnPhone(services.db, actor)).phoneNumber ?? "")
      : "";
  return {
    signedInAs: actor.kind === "user" ? { name: actor.name, email } : null,
    providers: await signInProviders(services.auth, services.config),
  };
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const redirectTo = safeRedirect(form.redirectTo);
  // After a popup sign-in (app/components/provider-sign-in.tsx): believed only if the session is there.
  if (form.intent === "provider") {
    if (pageOf(context).actor.kind !== "user") {
      return data({ error: problem("auth.signInIncomplete"), fields: {} }, { status: 401 });
    }
    return redirect(redirectTo, { headers: { "Set-Cookie": flashCookieHeader(request, "login.success") } });
  }
  const parsed = loginInput.safeParse(form);
  if (!parsed.success) return data({ error: null, fields: fieldProblemsOf(parsed.error) }, { status: 400 });
  const result = await callAuth(context, "/sign-in/email", {
    email: parsed.data.email,
    password: parsed.data.password,
  });
  if (!result.ok)
    return data(
      { error: result.problem ?? problem("auth.signInFailed"), fields: {} },
      { status: result.status },
    );
  return redirectWithAuthCookies(request, result, redirectTo, "login.success");
}

/**
 * Why a page sent the visitor here (the specification's sign-in-only pages), so the form is not
 * bare; the teachers' pages also lead to the public list, /teacher.
 */
const reasons: { path: RegExp; reason: MessageKey; toPublicTeachers?: true }[] = [
  { path: /^\/allteacher\/?(\?|$)/i, reason: "login.teachersReason", toPublicTeachers: true },
  { path: /^\/about\//i, reason: "login.teacherReason", toPublicTeachers: true },
  { path: /^\/services\/[^/?]+/i, reason: "login.serviceReason" },
  { path: /^\/admition\/[^/?]+/i, reason: "login.admissionReason" },
  { path: /^\/result\/[^/?]+/i, reason: "login.resultReason" },
  { path: /^\/allorder\/?(\?|$)/i, reason: "login.cartReason" },
];
const reasonFor = (redirectTo: string) =>
  redirectTo === ""
    ? null
    : (reasons.find(({ path }) => path.test(redirectTo)) ?? { reason: "login.pageReason" as const });

/** Who is signed in already, with a way to sign out or go on (the form below switches account). */
function SignedIn({ name, email, needsOther }: { name: string; email: string; needsOther: boolean }) {
  const { t } = useI18n();
  return (
    <Alert tone="info" testId="signed-in-as">
      <p>{t("login.signedInAs", { name, email })}</p>
      {needsOther ? <p>{t("login.needsOther")}</p> : null}
      <div className="row">
        <ButtonLink to={href("/profile")} size="small">
          {t("login.goOn")}
        </ButtonLink>
        <Form method="post" action={href("/logout")}>
          <Button type="submit" variant="outline" size="small">
            {t("header.logout")}
          </Button>
        </Form>
      </div>
    </Alert>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "login.heading" }, path: href("/login") });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const [searchParams] = useSearchParams();
  // A sign-in through a provider in this window (before the page's script ran) ends here with ?error=.
  const popup = usePopupError(errorCodeOf(searchParams.get("error")));
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const reason = reasonFor(redirectTo);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.loginInput),
    actionData?.fields,
  );
  const phoneHref = redirectTo
    ? `${href("/login/phone")}?${new URLSearchParams({ redirectTo })}`
    : href("/login/phone");
  const registerHref = redirectTo
    ? `${href("/register")}?${new URLSearchParams({ redirectTo })}`
    : href("/register");
  return (
    <div className="container">
      <div className="auth-card">
        <h1>{t("login.heading")}</h1>
        {loaderData.signedInAs ? (
          <SignedIn
            name={loaderData.signedInAs.name}
            email={loaderData.signedInAs.email}
            needsOther={redirectTo !== ""}
          />
        ) : reason ? (
          <Alert tone="info" testId="login-reason">
            <p>{t(reason.reason)}</p>
            {"toPublicTeachers" in reason ? (
              <p>
                <Link to={href("/teacher")}>{t("login.publicTeachers")}</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        <Form
          method="post"
          noValidate
          onSubmit={popup.clearOnSubmit(onSubmit)}
          onFocus={onFocus}
          aria-label={t("login.heading")}
        >
          <div className="stack">
            <FormError message={popup.message ?? (actionData?.error ? te(actionData.error) : null)} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField
              name="email"
              type="email"
              label={t("login.email")}
              autoComplete="email"
              required
              error={fieldError("email")}
            />
            <PasswordField
              name="password"
              label={t("login.password")}
              autoComplete="current-password"
              required
              error={fieldError("password")}
              showLabel={t("a11y.showPassword")}
              hideLabel={t("a11y.hidePassword")}
            />
            <Button type="submit" busy={busy} block>
              {t("login.submit")}
            </Button>
            <p>
              <Link to={href("/forgot-password")}>{t("login.forgotPassword")}</Link>
            </p>
            <p>
              <Link to={phoneHref} data-testid="login-with-phone">
                {t("login.withPhone")}
              </Link>
            </p>
            <p>
              {t("login.noAccount")} <Link to={registerHref}>{t("login.createAccount")}</Link>
            </p>
          </div>
        </Form>
        <ProviderSignIn providers={loaderData.providers} redirectTo={redirectTo} onError={popup.onError} />
      </div>
    </div>
  );
}
