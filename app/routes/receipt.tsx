// /bookings/{id}: the receipt of one order (its buyer or an admin), ready to print: the print
// stylesheet in cart.css leaves out the header, footer and buttons.
import { href } from "react-router";
import { toMajorUnits } from "../../common/money";
import { formatDate, formatNumber, formatPrice } from "../../i18n/format";
import { readCartCharges } from "../../server/domain/cart-charges";
import { getOrder } from "../../server/domain/orders/queries";
import { CartTotals } from "../components/cart/cart-lines";
import { channelName, orderNumber, StatusBadge } from "../components/cart/order-status";
import { notFoundPage, orderView } from "../components/cart/orders.server";
import { EmailAddress } from "../components/email-address";
import { useI18n } from "../lib/i18n";
import { textOf } from "../lib/meta";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { personalPage } from "../lib/shared-page";
import { Button, ButtonLink } from "../ui";
import type { Route } from "./+types/receipt";

/** The providers by their own names (the test card is "Card", in the reader's language). */
const providerNames: Record<string, string> = {
  stripe: "Stripe",
  sslcommerz: "SSLCommerz",
  bkash: "bKash",
};

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, texts: ["cart"], problems: ["payment"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context, params }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  try {
    const order = await getOrder(services, actor, params.id);
    // The shipping's and tax's names as the institute calls them now (an order keeps the amounts).
    return { order: orderView(order), charges: await readCartCharges(services.db) };
  } catch (error) {
    return notFoundPage(error);
  }
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => [
  ...seo(matches, {
    title: loaderData
      ? `${textOf(matches, "cart.receipt.title") ?? "Receipt"} ${orderNumber(loaderData.order.id)}`
      : { key: "cart.receipt.title" },
    path: href("/bookings/:id", { id: params.id }),
  }),
  { name: "robots", content: "noindex" },
];

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { order } = loaderData;
  const money = (minor: number) => formatPrice(toMajorUnits(minor), intl, order.currency);
  return (
    <div className="container container--narrow section receipt" data-testid="receipt">
      <div className="row row--between">
        <div>
          <p className="receipt__brand">{t("brand.name")}</p>
          <h1>{t("cart.receipt.title")}</h1>
        </div>
        <StatusBadge status={order.status} />
      </div>
      <dl className="receipt__facts">
        <div>
          <dt>{t("cart.receipt.number")}</dt>
          <dd data-testid="receipt-number">{orderNumber(order.id)}</dd>
        </div>
        <div>
          <dt>{t("cart.receipt.date")}</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatDate(order.createdAt, intl)}</time>
          </dd>
        </div>
        {order.paidAt ? (
          <div>
            <dt>{t("cart.receipt.paidAt")}</dt>
            <dd>
              <time dateTime={order.paidAt}>{formatDate(order.paidAt, intl)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("cart.receipt.provider")}</dt>
          <dd data-testid="receipt-provider">
            {order.provider === "test"
              ? t("cart.receipt.card")
              : (providerNames[order.provider] ?? order.provider)}
            {order.testMode ? ` (${t("cart.receipt.testMode")})` : ""}
          </dd>
        </div>
        {order.paymentChannel ? (
          <div>
            <dt>{t("cart.receipt.paidWith")}</dt>
            <dd>{channelName(order.paymentChannel, t)}</dd>
          </div>
        ) : null}
        {order.transactionId ? (
          <div>
            <dt>{t("cart.receipt.transaction")}</dt>
            <dd data-testid="receipt-transaction">{order.transactionId}</dd>
          </div>
        ) : null}
        {order.refunds.length > 0 ? (
          <div>
            <dt>{t("cart.receipt.refunded")}</dt>
            <dd data-testid="receipt-refunds">
              {order.refunds.map((refund) => (
                <span key={refund.createdAt + refund.amountMinor} className="receipt__refund">
                  {t("cart.receipt.refund", {
                    amount: money(refund.amountMinor),
                    date: formatDate(refund.createdAt, intl),
                    reason: refund.reason,
                  })}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        {order.cardLast4 ? (
          <div>
            <dt>{t("cart.receipt.card")}</dt>
            <dd>{t("cart.receipt.cardEnding", { last4: order.cardLast4 })}</dd>
          </div>
        ) : null}
        {order.billingName || order.billingEmail || order.billingAddress ? (
          <div>
            <dt>{t("cart.receipt.billedTo")}</dt>
            <dd className="receipt__billing">
              {order.billingName ? <span>{order.billingName}</span> : null}
              {order.billingEmail ? (
                <span>
                  <EmailAddress address={order.billingEmail} />
                </span>
              ) : null}
              {order.billingAddress ? <span>{order.billingAddress}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="cart-scroll">
        <table className="receipt__table">
          <caption className="visually-hidden">{t("cart.items")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("cart.receipt.item")}</th>
              <th scope="col" className="num">
                {t("cart.unitPrice")}
              </th>
              <th scope="col" className="num">
                {t("cart.quantity")}
              </th>
              <th scope="col" className="num">
                {t("cart.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's items keep their order
              <tr key={index}>
                <th scope="row">{item.title}</th>
                <td className="num">{money(item.unitPriceMinor)}</td>
                <td className="num">{formatNumber(item.quantity, intl)}</td>
                <td className="num">{money(item.unitPriceMinor * item.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CartTotals
        totals={{
          subtotalMinor: order.subtotalMinor,
          shippingMinor: order.shippingMinor,
          taxMinor: order.taxMinor,
          totalMinor: order.totalMinor,
        }}
        currency={order.currency}
        charges={loaderData.charges}
      />
      <div className="row receipt__actions no-print">
        <Button onClick={() => window.print()}>{t("cart.receipt.print")}</Button>
        <ButtonLink to={href("/bookings")} variant="outline">
          {t("cart.bookings.title")}
        </ButtonLink>
      </div>
    </div>
  );
}
