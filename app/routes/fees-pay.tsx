// /fees/pay: anyone finds a student's dues with the student's ID (registration number) and a
// guardian's mobile number on record, as wallets' bill-pay works, and sees the months owed, oldest
// first, with today's fines. A posted form (the phone never goes into an address or a log), which
// works without script; a wrong ID or phone is the same "no match", limited per address
// (server/domain/fees/lookup.ts). Then the payer picks how many of the oldest months to pay and a
// provider; the order is made on the server (server/domain/fees/online.ts) and the payer goes to
// the provider's page, then back to /fees/orders/{id}, which finds its key in a cookie.
import { data, Form, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import { duesLookupInput, publicFeeOrderInput } from "../../common/schemas/fees";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { DomainError, statusOf } from "../../server/domain/errors";
import { lookUpDues, type PublicDues } from "../../server/domain/fees/lookup";
import { pagePaymentProvider, redirectProviders, startPublicFeeOrder } from "../../server/domain/fees/online";
import { RateLimitError } from "../../server/domain/rate-limit";
import { feeOrderCookie } from "../lib/fee-order-cookie.server";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Alert, Button, SelectField, TextField } from "../ui";
import type { Route } from "./+types/fees-pay";

export const handle = { ...readingPage, texts: ["fees"], problems: ["fees"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async () => ({}));

export const meta: Route.MetaFunction = () => [
  { title: "Pay school fees" },
  { name: "robots", content: "noindex" },
];

type Answer = {
  dues?: PublicDues;
  problem?: Problem;
  fields?: Record<string, Problem>;
  student?: string;
  /** The redirect providers offered here (a page without script pays on the provider's page). */
  providers?: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const { services, client, actor } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const student = typeof form.student === "string" ? form.student.slice(0, 40) : "";
  if (form.intent === "pay") {
    const parsed = publicFeeOrderInput.safeParse({
      student: form.student ?? "",
      phone: form.phone ?? "",
      months: form.months ?? "",
      firstMonth: form.firstMonth ?? "",
    });
    if (!parsed.success)
      return data({ fields: fieldProblemsOf(parsed.error), student } satisfies Answer, { status: 400 });
    try {
      const provider = pagePaymentProvider(services.payments, form.provider || undefined);
      const started = await startPublicFeeOrder(services, actor, { ...parsed.data, provider }, client);
      const to = started.redirectUrl;
      if (!to) throw new Error("a pay form's provider has no page to go to");
      return redirect(to, {
        headers: { "Set-Cookie": feeOrderCookie(request, started.orderId, started.receiptKey) },
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data({ problem: error.problem, fields: error.fieldProblems, student } satisfies Answer, {
        status: statusOf[error.code],
      });
    }
  }
  const parsed = duesLookupInput.safeParse({ student: form.student ?? "", phone: form.phone ?? "" });
  if (!parsed.success)
    return data({ fields: fieldProblemsOf(parsed.error), student } satisfies Answer, { status: 400 });
  try {
    const dues = await lookUpDues(services.db, parsed.data, client, undefined, services.recordsGeneration);
    const providers = redirectProviders(services.payments);
    return data({ dues, student, providers } satisfies Answer, {
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers =
      error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return data({ problem: error.problem, student } satisfies Answer, {
      status: statusOf[error.code],
      headers,
    });
  }
}

export default function FeesPay({ actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const answer = actionData as Answer | undefined;
  const field = (name: string) => (answer?.fields?.[name] ? te(answer.fields[name]) : undefined);
  const dues = answer?.dues;
  return (
    <div className="page container container--narrow section" data-testid="fees-pay">
      <h1>{t("fees.pay.heading")}</h1>
      <p>{t("fees.pay.lead")}</p>
      {answer?.problem ? (
        <Alert tone="error" testId="fees-pay-problem">
          {te(answer.problem)}
        </Alert>
      ) : null}
      <Form method="post" className="stack">
        <TextField
          name="student"
          label={t("fees.pay.student")}
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={20}
          defaultValue={answer?.student ?? ""}
          error={field("student")}
        />
        <TextField
          name="phone"
          type="tel"
          label={t("fees.pay.phone")}
          autoComplete="tel"
          required
          maxLength={30}
          error={field("phone")}
        />
        <Button type="submit">{t("fees.pay.submit")}</Button>
      </Form>
      {dues ? (
        <section className="section" data-testid="fees-pay-dues">
          <h2>
            {dues.student.name}
            {dues.student.className
              ? `, ${dues.student.className}${dues.student.section ? ` ${dues.student.section}` : ""}`
              : ""}
          </h2>
          {dues.months.length === 0 ? (
            <p>{t("fees.pay.none")}</p>
          ) : (
            <>
              <table className="receipt__table fee-receipt__table">
                <thead>
                  <tr>
                    <th scope="col">{t("fees.pay.month")}</th>
                    <th scope="col">{t("fees.pay.heads")}</th>
                    <th scope="col" className="fee-receipt__amount">
                      {t("fees.pay.owed")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dues.months.map((month) => (
                    <tr key={month.month + month.heads.join()}>
                      <td>{month.month}</td>
                      <td>
                        {month.heads.join(", ")}
                        {month.fineTodayMinor > 0
                          ? ` + ${t("fees.fine")} ${takaText(month.fineTodayMinor)}`
                          : ""}
                      </td>
                      <td className="fee-receipt__amount">
                        {takaText(month.owedMinor + month.fineTodayMinor)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p data-testid="fees-pay-total">
                <strong>{t("fees.pay.total", { amount: takaText(dues.totalMinor) })}</strong>
              </p>
              {answer?.providers?.length ? (
                <Form method="post" className="stack" data-testid="fees-pay-online">
                  <h3>{t("fees.pay.online")}</h3>
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="student" value={answer.student ?? ""} />
                  <input type="hidden" name="firstMonth" value={dues.months[0]?.month ?? ""} />
                  <SelectField
                    name="months"
                    label={t("fees.pay.months")}
                    defaultValue={String(dues.months.length)}
                    error={field("months") ?? field("firstMonth")}
                    options={dues.months.map((month, index) => {
                      const amount = dues.months
                        .slice(0, index + 1)
                        .reduce((sum, one) => sum + one.owedMinor + one.fineTodayMinor, 0);
                      const from = dues.months[0]?.month ?? "";
                      return {
                        value: String(index + 1),
                        label:
                          index === 0
                            ? t("fees.pay.monthOption", { from, amount: takaText(amount) })
                            : t("fees.pay.monthsOption", { from, to: month.month, amount: takaText(amount) }),
                      };
                    })}
                  />
                  {/* The phone is asked again: a public page never shows it, not even hidden. */}
                  <TextField
                    name="phone"
                    type="tel"
                    label={t("fees.pay.phoneAgain")}
                    autoComplete="tel"
                    required
                    maxLength={30}
                    error={field("phone")}
                  />
                  <SelectField
                    name="provider"
                    label={t("fees.pay.provider")}
                    options={answer.providers.map((provider) => ({
                      value: provider,
                      label: provider === "bkash" ? "bKash" : "SSLCommerz (bKash, Nagad, cards)",
                    }))}
                  />
                  <Button type="submit">{t("fees.pay.go")}</Button>
                </Form>
              ) : null}
              <p>{t("fees.pay.office")}</p>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
