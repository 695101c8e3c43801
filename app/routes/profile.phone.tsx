// /profile-route/phone: add a phone number and verify it with the code sent by text message.
// Better Auth's phone number plugin makes and checks the codes; our rules (sign-in, limits,
// one account per number) sit in front of it (server/auth/auth.ts, server/domain/phone.ts).
import { data, Form, redirect, useNavigation } from "react-router";
import { phoneCodeInput, phoneNumberInput } from "../../common/schemas/account-security";
import { getOwnPhone } from "../../server/domain/phone";
import { FormError } from "../components/form-error";
import type { MessageKey } from "../i18n/translate";
import { callAuth } from "../lib/auth-calls.server";
import { flashCookieHeader } from "../lib/cookies.server";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { fieldErrorsOf, useSchemaForm } from "../lib/use-schema-form";
import { Button, TextField } from "../ui";
import type { Route } from "./+types/profile.phone";

const knownErrors = new Set([
  "INVALID_OTP",
  "OTP_EXPIRED",
  "OTP_NOT_FOUND",
  "TOO_MANY_ATTEMPTS",
  "PHONE_NUMBER_EXIST",
  "RATE_LIMITED",
  "CONFLICT",
  "SMS_NOT_SENT",
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  return getOwnPhone(pageOf(context).services.db, actor);
}

type Answer = {
  /** The number a code was sent to: the page asks for the code. */
  codeSentTo?: string;
  /** A Better Auth error code we have words for, else null with `message`. */
  errorCode?: string | null;
  message?: string;
  fields?: Record<string, string>;
  /** The number as last typed, to fill the field again. */
  phoneNumber?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  requireUserPage(context, request);
  const form = Object.fromEntries(await request.formData());
  const verifying = form.intent === "verify";
  const parsed = (verifying ? phoneCodeInput : phoneNumberInput).safeParse(form);
  if (!parsed.success) {
    const answer: Answer = {
      fields: fieldErrorsOf(parsed.error),
      codeSentTo: verifying ? String(form.phoneNumber ?? "") : undefined,
      phoneNumber: typeof form.phoneNumber === "string" ? form.phoneNumber : undefined,
    };
    return data(answer, { status: 400 });
  }
  const result = await callAuth(
    context,
    verifying ? "/phone-number/verify" : "/phone-number/send-otp",
    parsed.data,
  );
  if (result.ok) {
    if (verifying) {
      return redirect("/profile-route/phone", {
        headers: { "Set-Cookie": flashCookieHeader(request, "phone.success") },
      });
    }
    return data<Answer>({ codeSentTo: parsed.data.phoneNumber });
  }
  const known = result.code && knownErrors.has(result.code) ? result.code : null;
  // A void or expired code needs a new one: the page goes back to the number.
  const stayOnCode = verifying && (result.code === "INVALID_OTP" || result.code === "PHONE_NUMBER_EXIST");
  const answer: Answer = {
    errorCode: known,
    message: known ? undefined : result.message,
    codeSentTo: stayOnCode ? parsed.data.phoneNumber : undefined,
    phoneNumber: parsed.data.phoneNumber,
    fields: {},
  };
  return data(answer, { status: result.status });
}

export default function PhonePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const verifying = navigation.state === "submitting" && navigation.formData?.get("intent") === "verify";
  const codeSentTo = actionData?.codeSentTo;
  const numberForm = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.phoneNumberInput),
    codeSentTo ? undefined : actionData?.fields,
  );
  const codeForm = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.phoneCodeInput),
    codeSentTo ? actionData?.fields : undefined,
  );
  const banner = actionData?.errorCode
    ? t(`phone.error.${actionData.errorCode}` as MessageKey)
    : actionData?.message
      ? te(actionData.message)
      : null;

  return (
    <section className="stack">
      <h2>{t("phone.heading")}</h2>
      <p className="muted">{t("phone.lead")}</p>
      <p data-testid="phone-state">
        {loaderData.verified && loaderData.phoneNumber
          ? t("phone.verified", { number: loaderData.phoneNumber })
          : t("phone.notVerified")}
      </p>
      <FormError message={banner} />
      {codeSentTo ? (
        <Form
          method="post"
          noValidate
          onSubmit={codeForm.onSubmit}
          onFocus={codeForm.onFocus}
          aria-label={t("phone.verify")}
        >
          <div className="stack">
            <p role="status">{t("phone.codeSent", { number: codeSentTo })}</p>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phoneNumber" value={codeSentTo} />
            <TextField
              name="code"
              label={t("phone.code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              error={codeForm.fieldError("code")}
            />
            <Button type="submit" busy={verifying}>
              {t("phone.verify")}
            </Button>
          </div>
        </Form>
      ) : null}
      <Form
        method="post"
        noValidate
        onSubmit={numberForm.onSubmit}
        onFocus={numberForm.onFocus}
        aria-label={codeSentTo ? t("phone.resend") : t("phone.send")}
      >
        <div className="stack">
          <input type="hidden" name="intent" value="send" />
          {codeSentTo ? (
            <input type="hidden" name="phoneNumber" value={codeSentTo} />
          ) : (
            <TextField
              name="phoneNumber"
              type="tel"
              label={t("phone.number")}
              hint={t("phone.numberHint")}
              autoComplete="tel"
              inputMode="tel"
              placeholder="+8801712345678"
              required
              maxLength={30}
              defaultValue={actionData?.phoneNumber ?? loaderData.phoneNumber ?? ""}
              error={numberForm.fieldError("phoneNumber")}
            />
          )}
          <div className="row">
            <Button type="submit" variant={codeSentTo ? "outline" : "primary"} busy={sending}>
              {codeSentTo ? t("phone.resend") : t("phone.send")}
            </Button>
            {codeSentTo ? (
              <a className="button button--subtle" href="/profile-route/phone">
                {t("phone.changeNumber")}
              </a>
            ) : null}
          </div>
        </div>
      </Form>
    </section>
  );
}
