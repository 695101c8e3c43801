// /payment-getway/test-gateway/:paymentId: in test mode, the page that stands in for SSLCommerz's
// or bKash's own. The buyer picks how to pay (SSLCommerz: bKash, Nagad, Rocket or a card) and pays,
// makes it fail, or cancels; the choice is settled like the provider's report and the buyer goes
// back to the payment page with the outcome. A plain form: it works without script.
import { data, Form, href, redirect, useNavigation } from "react-router";
import { toMajorUnits } from "../../common/money";
import { formatPrice } from "../../i18n/format";
import { applicationPage } from "../../server/domain/admission-applications/payment";
import { DomainError, statusOf } from "../../server/domain/errors";
import { feeOrderPage } from "../../server/domain/fees/online-settlement";
import { completeTestGateway, testGatewayPayment } from "../../server/domain/payment-returns";
import { channelName, orderNumber } from "../components/cart/order-status";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { Alert, Button } from "../ui";
import type { Route } from "./+types/payment.test-gateway";

const pageOfProvider = { sslcommerz: "ssl", bkash: "bkash" } as const;

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { texts: ["cart"], problems: ["payment"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context, params }: Route.LoaderArgs) => {
  // A visitor's fee order (/fees/pay) is paid without an account; the domain checks who may.
  const { actor } = pageOf(context);
  try {
    return await testGatewayPayment(pageOf(context).services, actor, params.paymentId);
  } catch (error) {
    // Another's order asked without signing in: sign in first, and come back.
    if (error instanceof DomainError && error.code === "unauthorized") requireUserPage(context, request);
    if (error instanceof DomainError) throw data(null, { status: statusOf[error.code] });
    throw error;
  }
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = pageOf(context);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    const answer = await completeTestGateway(pageOf(context).services, actor, {
      paymentId: params.paymentId,
      outcome: field("outcome"),
      channel: field("channel") || undefined,
    });
    if (answer.feeOrder && answer.orderId) return redirect(feeOrderPage(answer.orderId, answer.outcome));
    if (answer.applicationId) return redirect(applicationPage(answer.applicationId, answer.outcome));
    const page = pageOfProvider[answer.provider as keyof typeof pageOfProvider] ?? "ssl";
    const query = new URLSearchParams({
      outcome: answer.outcome,
      ...(answer.orderId ? { order: answer.orderId } : {}),
    });
    return redirect(`${href(`/payment-getway/${page}`)}?${query}`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ error: error.problem }, { status: statusOf[error.code] });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches, { title: { key: "cart.gateway.title" }, path: location.pathname });

export default function TestGateway({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const navigation = useNavigation();
  const payment = loaderData;
  const providerName = payment.provider === "bkash" ? "bKash" : "SSLCommerz";
  const open = payment.status === "pending";
  return (
    <div className="container section">
      <div className="auth-card stack" data-testid="test-gateway">
        <h1>{t("cart.gateway.title")}</h1>
        <Alert tone="info" testId="test-mode">
          <p>{t("cart.gateway.lead", { provider: providerName })}</p>
        </Alert>
        <dl className="gateway-summary">
          <dt>{t("cart.gateway.order", { number: orderNumber(payment.orderId) })}</dt>
          <dd />
          <dt>{t("cart.gateway.amount")}</dt>
          <dd data-testid="gateway-amount">
            {formatPrice(toMajorUnits(payment.totalMinor), intl, payment.currency)}
          </dd>
        </dl>
        {actionData?.error ? (
          <Alert tone="error" testId="gateway-error">
            <p>{te(actionData.error)}</p>
          </Alert>
        ) : null}
        {open ? (
          <Form method="post" className="stack">
            <fieldset className="stack">
              <legend>{t("cart.gateway.channel")}</legend>
              {payment.channels.map((channel, index) => (
                <label key={channel} className="choice">
                  <input type="radio" name="channel" value={channel} defaultChecked={index === 0} />{" "}
                  {channelName(channel, t)}
                </label>
              ))}
            </fieldset>
            <Button
              type="submit"
              name="outcome"
              value="paid"
              block
              busy={navigation.state !== "idle"}
              data-testid="gateway-pay"
            >
              {t("cart.gateway.pay")}
            </Button>
            <div className="cluster">
              <Button type="submit" name="outcome" value="failed" variant="outline" size="small">
                {t("cart.gateway.fail")}
              </Button>
              <Button type="submit" name="outcome" value="cancelled" variant="outline" size="small">
                {t("cart.gateway.cancel")}
              </Button>
            </div>
          </Form>
        ) : (
          <p>{t("cart.gateway.done")}</p>
        )}
      </div>
    </div>
  );
}
