// /login/phone: sign in, or make an account, with a Bangladeshi mobile number and a code sent by
// text message; no e-mail address needed. Plain forms that work without script: the number, then
// the code (?number= keeps it across a reload), then, for a number with no account yet, a name.
// The rules (limits, the code, the placeholder address) are the server's: server/auth/auth.ts.
import { data, Form, href, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { phoneNumber as phoneNumberRule } from "../../common/schemas/account-security";
import { maxNameLength } from "../../common/schemas/users";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { FormError } from "../components/form-error";
import { callAuth, redirectWithAuthCookies } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { safeRedirect } from "../lib/safe-redirect";
import { seo } from "../lib/seo";
import { Button, TextField } from "../ui";
import type { Route } from "./+types/login.phone";

export const handle = {
  texts: ["signIn", "account"],
  problems: ["account"],
  query: ["number", "redirectTo"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request }: Route.LoaderArgs) => {
  // The number a code was sent to, in its stored form; anything else shows the number form.
  const given = phoneNumberRule.safeParse(new URL(request.url).searchParams.get("number") ?? "");
  return { number: given.success ? given.data : null };
});

type Answer = {
  error: Problem | null;
  fields: Record<string, Problem>;
  /** A right code for a number with no account: the name is asked, the code kept. */
  askName?: { phoneNumber: string; code: string };
  phoneNumber?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const redirectTo = safeRedirect(form.redirectTo);
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const back = (status: number, answer: Answer) => data(answer, { status });
  if (form.intent === "send") {
    const result = await callAuth(
      context,
      "/phone-number/send-otp",
      { phoneNumber: text("phoneNumber") },
      {
        signedOut: true,
      },
    );
    if (!result.ok) {
      const field =
        result.code === "INVALID" ? { phoneNumber: result.problem ?? { key: "phone.format" } } : {};
      return back(result.status, {
        error: result.code === "INVALID" ? null : (result.problem ?? null),
        fields: field as Record<string, Problem>,
        phoneNumber: text("phoneNumber"),
      });
    }
    const number = phoneNumberRule.parse(text("phoneNumber"));
    const query = new URLSearchParams({ number, ...(form.redirectTo ? { redirectTo } : {}) });
    return redirect(`${href("/login/phone")}?${query}`);
  }
  const name = text("name");
  const result = await callAuth(
    context,
    "/phone-number/verify",
    { phoneNumber: text("phoneNumber"), code: text("code"), ...(form.intent === "create" ? { name } : {}) },
    { signedOut: true },
  );
  if (result.ok) {
    const banner = form.intent === "create" ? "phoneSignIn.created" : "login.success";
    return redirectWithAuthCookies(request, result, redirectTo, banner);
  }
  if (result.code === "NAME_REQUIRED")
    return back(200, {
      error: null,
      fields: {},
      askName: { phoneNumber: text("phoneNumber"), code: text("code") },
    });
  const asking = form.intent === "create";
  return back(result.status, {
    error: result.code === "INVALID" && asking ? null : (result.problem ?? null),
    fields: asking && result.code === "INVALID" ? { name: result.problem ?? { key: "field.required" } } : {},
    ...(asking ? { askName: { phoneNumber: text("phoneNumber"), code: text("code") } } : {}),
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "phoneSignIn.heading" }, path: href("/login/phone") });

export default function PhoneSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const fieldError = (name: string) => {
    const found = actionData?.fields?.[name];
    return found ? te(found) : undefined;
  };
  const banner = actionData?.error ? te(actionData.error) : null;
  const number = loaderData.number;
  const askName = actionData?.askName;
  const emailHref = redirectTo ? `${href("/login")}?${new URLSearchParams({ redirectTo })}` : href("/login");
  return (
    <div className="container">
      <div className="auth-card">
        <h1>{t("phoneSignIn.heading")}</h1>
        <p className="muted">{t("phoneSignIn.lead")}</p>
        <FormError message={banner} />
        {askName ? (
          <Form method="post" noValidate aria-label={t("phoneSignIn.create")}>
            <div className="stack">
              <p role="status" data-testid="phone-new-account">
                {t("phoneSignIn.newAccount")}
              </p>
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name="phoneNumber" value={askName.phoneNumber} />
              <input type="hidden" name="code" value={askName.code} />
              <TextField
                name="name"
                label={t("phoneSignIn.name")}
                autoComplete="name"
                required
                maxLength={lettersAsCodeUnits(maxNameLength)}
                error={fieldError("name")}
              />
              <Button type="submit" busy={busy} block>
                {t("phoneSignIn.create")}
              </Button>
            </div>
          </Form>
        ) : number ? (
          <Form method="post" noValidate aria-label={t("phoneSignIn.submit")}>
            <div className="stack">
              <p role="status" data-testid="phone-code-sent">
                {t("phoneSignIn.codeSent", { number })}
              </p>
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <input type="hidden" name="phoneNumber" value={number} />
              <TextField
                name="code"
                label={t("phoneSignIn.code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                required
                error={fieldError("code")}
              />
              <Button type="submit" busy={busy} block>
                {t("phoneSignIn.submit")}
              </Button>
            </div>
          </Form>
        ) : null}
        {askName ? null : (
          <Form
            method="post"
            noValidate
            aria-label={number ? t("phoneSignIn.resend") : t("phoneSignIn.send")}
          >
            <div className="stack">
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              {number ? (
                <input type="hidden" name="phoneNumber" value={number} />
              ) : (
                <TextField
                  name="phoneNumber"
                  type="tel"
                  label={t("phoneSignIn.number")}
                  hint={t("phone.numberHint")}
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="01712345678"
                  required
                  maxLength={30}
                  defaultValue={actionData?.phoneNumber ?? ""}
                  error={fieldError("phoneNumber")}
                />
              )}
              <Button type="submit" variant={number ? "outline" : "primary"} busy={busy} block>
                {number ? t("phoneSignIn.resend") : t("phoneSignIn.send")}
              </Button>
            </div>
          </Form>
        )}
        <p>
          {number ? (
            <>
              <Link to={href("/login/phone")}>{t("phoneSignIn.otherNumber")}</Link>{" "}
            </>
          ) : null}
          <Link to={emailHref}>{t("phoneSignIn.withEmail")}</Link>
        </p>
      </div>
    </div>
  );
}
