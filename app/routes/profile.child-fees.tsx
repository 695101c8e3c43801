// /profile-route/children/{id}/fees: a guardian's (or the student's own) view of the child's fees:
// what is owed now and with today's fines, the open months, every charge, waiver, fine and
// payment with the running balance, and the receipts to print. Another family's child is the same
// 404 as a child who does not exist. The guardian pays the oldest months online from here (a
// provider's page, then back to /fees/orders/{id}).
import { data, Form, href, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { takaText } from "../../common/fees";
import { feeOrderInput } from "../../common/schemas/fees";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { DomainError, statusOf } from "../../server/domain/errors";
import { studentLedger } from "../../server/domain/fees/ledger";
import { pagePaymentProvider, redirectProviders, startChildFeeOrder } from "../../server/domain/fees/online";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Alert, Button, SelectField } from "../ui";
import type { Route } from "./+types/profile.child-fees";

// Not kept: the fines of today change with the day.
export const handle = { texts: ["fees"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    const providers = redirectProviders(services.payments);
    return { ledger: await studentLedger(services.db, actor, params.childId), providers };
  } catch (error) {
    if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden"))
      throw data(null, { status: 404 });
    throw error;
  }
});

type PayAnswer = { problem?: Problem; fields?: Record<string, Problem> };

/** Pay the oldest months: the order is made on the server, the payer goes to the provider's page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const parsed = feeOrderInput.safeParse({
    months: form.months ?? "",
    firstMonth: form.firstMonth ?? "",
  });
  if (!parsed.success)
    return data({ fields: fieldProblemsOf(parsed.error) } satisfies PayAnswer, { status: 400 });
  try {
    const provider = pagePaymentProvider(services.payments, form.provider || undefined);
    const started = await startChildFeeOrder(services, actor, params.childId, { ...parsed.data, provider });
    if (!started.redirectUrl) throw new Error("a pay form's provider has no page to go to");
    return redirect(started.redirectUrl);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ problem: error.problem, fields: error.fieldProblems } satisfies PayAnswer, {
      status: statusOf[error.code],
    });
  }
}

export default function ChildFees({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { ledger, providers } = loaderData;
  const answer = actionData as PayAnswer | undefined;
  const open = ledger.open;
  const first = open[0]?.month ?? "";
  return (
    <article className="stack" aria-labelledby="fees-heading" data-testid="child-fees">
      <p>
        <a href={href("/profile-route/children/:childId", { childId: ledger.student.id })}>
          {ledger.student.name}
        </a>
      </p>
      <h2 id="fees-heading">{t("fees.ledgerOf", { name: ledger.student.name })}</h2>
      <p data-testid="child-fees-balance">
        <strong>{t("fees.balanceNow", { amount: takaText(ledger.balanceMinor) })}</strong>
      </p>
      <p>{t("fees.dueToday", { amount: takaText(ledger.dueTodayMinor) })}</p>
      {answer?.problem ? (
        <Alert tone="error" testId="child-fees-problem">
          {te(answer.problem)}
        </Alert>
      ) : null}
      {open.length > 0 && providers.length > 0 ? (
        <Form method="post" className="stack" data-testid="child-fees-pay">
          <h3>{t("fees.pay.online")}</h3>
          <input type="hidden" name="firstMonth" value={first} />
          <SelectField
            name="months"
            label={t("fees.pay.months")}
            defaultValue={String(open.length)}
            options={open.map((invoice, index) => {
              const amount = open
                .slice(0, index + 1)
                .reduce((sum, one) => sum + one.totalMinor - one.paidMinor + one.fineTodayMinor, 0);
              return {
                value: String(index + 1),
                label:
                  index === 0
                    ? t("fees.pay.monthOption", { from: first, amount: takaText(amount) })
                    : t("fees.pay.monthsOption", {
                        from: first,
                        to: invoice.month,
                        amount: takaText(amount),
                      }),
              };
            })}
          />
          <SelectField
            name="provider"
            label={t("fees.pay.provider")}
            options={providers.map((provider) => ({
              value: provider,
              label: provider === "bkash" ? "bKash" : "SSLCommerz (bKash, Nagad, cards)",
            }))}
          />
          <Button type="submit">{t("fees.pay.go")}</Button>
        </Form>
      ) : null}
      {ledger.entries.length === 0 ? (
        <p>{t("fees.noEntries")}</p>
      ) : (
        <div className="cart-scroll">
          <table className="receipt__table fee-receipt__table">
            <caption className="visually-hidden">{t("fees.ledger")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("fees.date")}</th>
                <th scope="col">{t("fees.entry")}</th>
                <th scope="col" className="fee-receipt__amount">
                  {t("fees.amount")}
                </th>
                <th scope="col" className="fee-receipt__amount">
                  {t("fees.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.date}</td>
                  <td>
                    {entry.paymentId ? (
                      <a href={href("/fees/receipts/:id", { id: entry.paymentId })}>
                        {t(`fees.kind.${entry.kind}`, { label: entry.label, month: entry.month ?? "" })}
                      </a>
                    ) : (
                      t(`fees.kind.${entry.kind}`, { label: entry.label, month: entry.month ?? "" })
                    )}
                  </td>
                  <td className="fee-receipt__amount">{takaText(entry.amountMinor)}</td>
                  <td className="fee-receipt__amount">{takaText(entry.balanceMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
