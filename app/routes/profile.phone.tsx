// /profile-route/phone: add a phone number and verify it with the code sent by text message.
// Better Auth's phone number plugin makes the codes; our rules (sign-in, limits, one account per
// number, a code checked only by the account that asked for it) sit around it (server/auth/auth.ts,
// server/domain/phone.ts). What the page shows comes from the server's state, so a reload keeps a
// pending code: its number, the code field, the time it has left and when a new one may be sent.

import { data, Form, href, redirect, type ShouldRevalidateFunction, useNavigation } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { phoneCodeInput, phoneNumberInput } from "../../common/schemas/account-security";
import { localDigits } from "../../i18n/format";
import type { MessageKey } from "../../i18n/translate";
import { flashCookieHeader } from "../../server/cookies";
import { getOwnPhone, pendingPhoneCode, phoneCodeWaitSeconds } from "../../server/domain/phone";
import { FormError } from "../components/form-error";
import { callAuth } from "../lib/auth-calls.server";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { minutesAndSeconds, useCountdown } from "../lib/use-countdown";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import { Alert, Button, TextField } from "../ui";
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

/** `?another`: the number form, to ask for a code for another number while one is pending. */
const anotherNumberParam = "another";

/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["another"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  const { services, client } = pageOf(context);
  const db = services.db;
  const another = new URL(request.url).searchParams.has(anotherNumberParam);
  const [phone, found] = await Promise.all([getOwnPhone(db, actor), pendingPhoneCode(db, actor)]);
  const pending = another ? null : found;
  return {
    ...phone,
    pending,
    /** Seconds until another code may be sent (the Retry-After a send would get now). */
    resendInSeconds: await phoneCodeWaitSeconds(db, actor, { phoneNumber: pending?.phoneNumber, client }),
    /** No SMS gateway: codes are written to the server's outbox and reach no phone. */
    outboxOnly: Boolean(services.sms.outboxDir),
  };
}

// After any answer of this page's forms (a refusal too: a spent code is gone) the state is read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? true : defaultShouldRevalidate;

type Answer = {
  /** A Better Auth error code we have words for, else null with `problem`. */
  errorCode?: string | null;
  problem?: Problem;
  fields?: Record<string, Problem>;
  /** The number as last typed, to fill the field again. */
  phoneNumber?: string;
  /** A refused send's Retry-After. */
  retryAfterSeconds?: number;
};

export async function action({ request, context }: Route.ActionArgs) {
  requireUserPage(context, request);
  const form = Object.fromEntries(await request.formData());
  const verifying = form.intent === "verify";
  const parsed = (verifying ? phoneCodeInput : phoneNumberInput).safeParse(form);
  if (!parsed.success) {
    const answer: Answer = {
      fields: fieldProblemsOf(parsed.error),
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
    // Back to the page by GET, which shows the pending code (a reload does not send another).
    const headers = verifying ? { "Set-Cookie": flashCookieHeader(request, "phone.success") } : undefined;
    return redirect(href("/profile-route/phone"), { headers });
  }
  const known = result.code && knownErrors.has(result.code) ? result.code : null;
  const answer: Answer = {
    errorCode: known,
    problem: known ? undefined : result.problem,
    phoneNumber: parsed.data.phoneNumber,
    retryAfterSeconds: result.retryAfterSeconds,
    fields: {},
  };
  return data(answer, { status: result.status });
}

export default function PhonePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, tn, intl } = useI18n();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const verifying = navigation.state === "submitting" && navigation.formData?.get("intent") === "verify";
  const pending = loaderData.pending;
  const numberForm = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.phoneNumberInput),
    pending ? undefined : actionData?.fields,
  );
  const codeForm = useSchemaForm(
    () => import("../../common/schemas/account-security").then((m) => m.phoneCodeInput),
    pending ? actionData?.fields : undefined,
  );
  const banner = actionData?.errorCode
    ? t(`phone.error.${actionData.errorCode}` as MessageKey)
    : actionData?.problem
      ? te(actionData.problem)
      : null;

  // Both counted from the latest answer; null until the script runs (then the sentences say "about").
  const codeSeconds = pending?.expiresInSeconds ?? 0;
  const waitSeconds = Math.max(loaderData.resendInSeconds, actionData?.retryAfterSeconds ?? 0);
  const codeLeft = useCountdown(codeSeconds, loaderData);
  const waitLeft = useCountdown(waitSeconds, loaderData);
  const timeIn = (left: number | null, seconds: number) =>
    left === null ? tn("phone.minutes", Math.ceil(seconds / 60)) : localDigits(minutesAndSeconds(left), intl);
  const waiting = waitLeft === null ? waitSeconds > 0 : waitLeft > 0;

  return (
    <section className="stack">
      <h2>{t("phone.heading")}</h2>
      <p className="muted">{t("phone.lead")}</p>
      <p data-testid="phone-state">
        {loaderData.verified && loaderData.phoneNumber
          ? t("phone.verified", { number: loaderData.phoneNumber })
          : t("phone.notVerified")}
      </p>
      {loaderData.outboxOnly ? (
        <Alert tone="info" testId="phone-outbox">
          {t("phone.outboxOnly")}
        </Alert>
      ) : null}
      <FormError message={banner} />
      {pending ? (
        <Form
          method="post"
          noValidate
          onSubmit={codeForm.onSubmit}
          onFocus={codeForm.onFocus}
          aria-label={t("phone.verify")}
        >
          <div className="stack">
            <p role="status" data-testid="phone-code-sent">
              {t("phone.codeSent", { number: pending.phoneNumber })}
            </p>
            <p data-testid="phone-time-left">
              {codeLeft === 0
                ? t("phone.expired")
                : t("phone.timeLeft", { time: timeIn(codeLeft, codeSeconds) })}
            </p>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
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
        aria-label={pending ? t("phone.resend") : t("phone.send")}
      >
        <div className="stack">
          <input type="hidden" name="intent" value="send" />
          {pending ? (
            <input type="hidden" name="phoneNumber" value={pending.phoneNumber} />
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
          {waiting ? (
            <p data-testid="phone-resend-wait">
              {t("phone.resendIn", { time: timeIn(waitLeft, waitSeconds) })}
            </p>
          ) : null}
          <div className="row">
            {/* Without script the button stays: pressed too early, the server says how long to wait. */}
            <Button
              type="submit"
              variant={pending ? "outline" : "primary"}
              busy={sending}
              disabled={waitLeft !== null && waitLeft > 0}
            >
              {pending ? t("phone.resend") : t("phone.send")}
            </Button>
            {pending ? (
              <a
                className="button button--subtle"
                href={`${href("/profile-route/phone")}?${anotherNumberParam}`}
              >
                {t("phone.changeNumber")}
              </a>
            ) : null}
          </div>
        </div>
      </Form>
    </section>
  );
}
