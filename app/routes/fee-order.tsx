// /fees/orders/{id}: where the payer of fees comes back from the provider: paid (with the
// receipt's link), not yet, or failed. The buyer with an account sees their own; a visitor of
// /fees/pay, the order whose key their browser holds (or whose key is in the link); anyone else a
// 404, so no order or receipt can be walked.
import { data, href } from "react-router";
import { takaText } from "../../common/fees";
import { DomainError } from "../../server/domain/errors";
import { feeOrderState } from "../../server/domain/fees/online";
import { feeOrderKeyOf } from "../lib/fee-order-cookie.server";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { Alert } from "../ui";
import type { Route } from "./+types/fee-order";

// Not kept: it changes when the provider reports.
export const handle = { ...readingPage, texts: ["fees"], query: ["key", "outcome"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async ({ request, context, params }: Route.LoaderArgs) => {
  const { services, actor } = pageOf(context);
  const url = new URL(request.url);
  const key = url.searchParams.get("key") ?? feeOrderKeyOf(request, params.orderId);
  try {
    const state = await feeOrderState(services.db, actor, params.orderId, key ?? undefined);
    return data(
      { state, key: key ?? null, outcome: url.searchParams.get("outcome") },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    if (error instanceof DomainError) throw data(null, { status: 404 });
    throw error;
  }
});

export const meta: Route.MetaFunction = () => [
  { title: "Fee payment" },
  { name: "robots", content: "noindex" },
];

export default function FeeOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { state, key, outcome } = loaderData;
  const amount = takaText(state.amountMinor);
  const paid = state.status === "paid" || state.status === "refunded";
  const failed = !paid && (outcome === "failed" || outcome === "cancelled" || outcome === "rejected");
  const receipt = state.receiptId
    ? `${href("/fees/receipts/:id", { id: state.receiptId })}${key ? `?${new URLSearchParams({ key })}` : ""}`
    : null;
  return (
    <div className="page container container--narrow section stack" data-testid="fee-order">
      <h1>{t("fees.order.heading")}</h1>
      {paid ? (
        <Alert tone="success" testId="fee-order-paid">
          {t("fees.order.paid", { amount })}
        </Alert>
      ) : failed ? (
        <Alert tone="error" testId="fee-order-failed">
          {t("fees.order.failed")}
        </Alert>
      ) : (
        <Alert tone="info" testId="fee-order-pending">
          {t("fees.order.pending", { amount })}
        </Alert>
      )}
      {receipt ? (
        <p>
          <a href={receipt} data-testid="fee-order-receipt">
            {t("fees.order.receipt")}
          </a>
        </p>
      ) : null}
      {key ? <p>{t("fees.order.keep")}</p> : null}
    </div>
  );
}
