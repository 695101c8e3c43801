// /profile-route/children/{id}/fees: a guardian's (or the student's own) view of the child's fees:
// what is owed now and with today's fines, the open months, every charge, waiver, fine and
// payment with the running balance, and the receipts to print. Another family's child is the same
// 404 as a child who does not exist.
import { data, href } from "react-router";
import { takaText } from "../../common/fees";
import { DomainError } from "../../server/domain/errors";
import { studentLedger } from "../../server/domain/fees/ledger";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import type { Route } from "./+types/profile.child-fees";

// Not kept: the fines of today change with the day.
export const handle = { texts: ["fees"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    return { ledger: await studentLedger(services.db, actor, params.childId) };
  } catch (error) {
    if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden"))
      throw data(null, { status: 404 });
    throw error;
  }
});

export default function ChildFees({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { ledger } = loaderData;
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
                        {t("fees.kind.payment", { label: entry.label })}
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
