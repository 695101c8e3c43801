// /fees/receipts/{id}: a fee payment's money receipt, ready to print on A5, or with ?paper=80mm on
// an 80 mm receipt printer's roll (the print stylesheet in fees.css leaves out the header and
// footer): its number, the student, the months and heads paid with the fine and the waivers, how
// it was paid, who took it, and the amount in words in English and in Bangla. The staff and the
// child's own family see it; anyone else gets a 403.
import { data, href } from "react-router";
import { amountInWords } from "../../common/amount-in-words";
import { takaText } from "../../common/fees";
import { DomainError } from "../../server/domain/errors";
import { isFeeStaff } from "../../server/domain/fees/access";
import { readReceipt } from "../../server/domain/fees/receipt";
import { ExtraDates } from "../components/dates";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/fee-receipt";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = {
  ...readingPage,
  ...personalPage,
  texts: ["fees"],
  query: ["key", "paper"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context, params }: Route.LoaderArgs) => {
  // Whoever holds the key of the online payment that made it reads it without an account.
  const url = new URL(request.url);
  const key = url.searchParams.get("key") ?? undefined;
  const paper = url.searchParams.get("paper") === "80mm" ? "80mm" : "a5";
  const actor = key ? pageOf(context).actor : requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    return {
      receipt: await readReceipt(services.db, actor, params.id, key),
      staff: isFeeStaff(actor),
      paper,
      key: key ?? null,
    };
  } catch (error) {
    if (error instanceof DomainError && error.code === "unauthorized") requireUserPage(context, request);
    if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden"))
      throw data({ error: error.problem }, { status: error.code === "not_found" ? 404 : 403 });
    throw error;
  }
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Receipt ${loaderData.receipt.receipt}` : "Receipt" },
  { name: "robots", content: "noindex" },
];

export default function FeeReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { receipt, staff, paper, key } = loaderData;
  const { student } = receipt;
  /** The same receipt laid out for the other paper (the key kept for a payer without an account). */
  const onPaper = (size: "a5" | "80mm") =>
    `?${new URLSearchParams({ ...(key ? { key } : {}), ...(size === "80mm" ? { paper: size } : {}) })}`;
  return (
    <div
      className={`container container--narrow section receipt fee-receipt${paper === "80mm" ? " fee-receipt--80mm" : ""}`}
      data-testid="fee-receipt"
    >
      <p className="receipt__brand">{t("brand.name")}</p>
      <h1>{t("fees.receipt")}</h1>
      {receipt.cancelled ? (
        <p className="fee-receipt__cancelled" data-testid="fee-receipt-cancelled">
          {t("fees.cancelledBecause", { reason: receipt.cancelled.reason })}
        </p>
      ) : null}
      <dl className="receipt__facts">
        <div>
          <dt>{t("fees.receiptNo")}</dt>
          <dd data-testid="fee-receipt-number">{receipt.receipt}</dd>
        </div>
        <div>
          <dt>{t("fees.paidOnLabel")}</dt>
          <dd>
            {receipt.paidOn}
            <ExtraDates value={receipt.paidOn} />
          </dd>
        </div>
        <div>
          <dt>{t("fees.student")}</dt>
          <dd>
            {student.name}
            {student.nameBn ? <span lang="bn"> ({student.nameBn})</span> : null}
            {student.className
              ? `, ${t("fees.place", { class: student.className, section: student.section ?? "", roll: student.roll ?? "", session: student.session ?? "" })}`
              : ""}
          </dd>
        </div>
        <div>
          <dt>{t("fees.channel")}</dt>
          <dd>
            {t(`fees.channel.${receipt.channel}`)}
            {receipt.reference ? ` (${receipt.reference})` : ""}
          </dd>
        </div>
        <div>
          <dt>{t("fees.collector")}</dt>
          <dd>{receipt.collector}</dd>
        </div>
      </dl>
      <table className="receipt__table fee-receipt__table">
        <caption className="visually-hidden">{t("fees.receipt")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("fees.entry")}</th>
            <th scope="col" className="fee-receipt__amount">
              {t("fees.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.invoices.flatMap((invoice) =>
            invoice.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {t(`fees.kind.${line.kind as "charge"}`, { label: line.label, month: invoice.month })}
                </td>
                <td className="fee-receipt__amount">{takaText(line.amountMinor)}</td>
              </tr>
            )),
          )}
        </tbody>
        <tfoot>
          {receipt.fineMinor > 0 ? (
            <tr>
              <th scope="row">{t("fees.fine")}</th>
              <td className="fee-receipt__amount">{takaText(receipt.fineMinor)}</td>
            </tr>
          ) : null}
          {receipt.waiverMinor > 0 ? (
            <tr>
              <th scope="row">{t("fees.waiver")}</th>
              <td className="fee-receipt__amount">{takaText(receipt.waiverMinor)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t("fees.totalPaid")}</th>
            <td className="fee-receipt__amount" data-testid="fee-receipt-total">
              {takaText(receipt.amountMinor)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p>
        <strong>{t("fees.inWords")}:</strong>{" "}
        <span data-testid="fee-receipt-words-en">{amountInWords(receipt.amountMinor, "en")}</span>
      </p>
      <p lang="bn" data-testid="fee-receipt-words-bn">
        {amountInWords(receipt.amountMinor, "bn")}
      </p>
      <p className="no-print" data-testid="fee-receipt-paper">
        {paper === "80mm" ? (
          <a href={onPaper("a5")}>{t("fees.paper.a5")}</a>
        ) : (
          <a href={onPaper("80mm")}>{t("fees.paper.80mm")}</a>
        )}
      </p>
      {staff ? (
        <p className="no-print">
          <a href={href("/DeashBoard/fees/students/:id", { id: student.id })}>{t("fees.backToLedger")}</a>
        </p>
      ) : null}
    </div>
  );
}
