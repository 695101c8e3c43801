// /bookings: 'My bookings', the signed-in user's orders, newest first: status, date, total and
// items, each with its printable receipt. Orders still waiting for a payment are left out.
import { href, Link } from "react-router";
import { toMajorUnits } from "../../common/money";
import { formatDate, formatNumber, formatPrice } from "../../i18n/format";
import { listMyOrders } from "../../server/domain/orders/queries";
import { orderNumber, StatusBadge } from "../components/cart/order-status";
import { orderView } from "../components/cart/orders.server";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { personalPage } from "../lib/shared-page";
import { ButtonLink } from "../ui";
import type { Route } from "./+types/bookings";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, texts: ["cart"], problems: ["payment"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  // Every visit to the card form opens a pending order for its payment intent; only orders that
  // went through (or were refused) are bookings.
  const orders = await listMyOrders(services, actor);
  return { orders: orders.filter((order) => order.status !== "pending").map(orderView) };
});

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "cart.bookings.title" }, path: href("/bookings") });

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { orders } = loaderData;
  return (
    <div className="container section">
      <h1>{t("cart.bookings.title")}</h1>
      {orders.length === 0 ? (
        <div className="list-page__empty stack" data-testid="bookings-empty">
          <p>{t("cart.bookings.empty")}</p>
          <ButtonLink to={href("/admitionAll")}>{t("cart.browse")}</ButtonLink>
        </div>
      ) : (
        <ul className="stack cart-plain" data-testid="bookings">
          {orders.map((order) => (
            <li key={order.id} className="card" data-testid="booking">
              <div className="card__body">
                <div className="row row--between">
                  <h2 className="cart-layout__heading">
                    {t("cart.order.number", { number: orderNumber(order.id) })}
                  </h2>
                  <StatusBadge status={order.status} />
                </div>
                <p className="muted">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt, intl)}</time>
                </p>
                <ul>
                  {order.items.map((item, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an order's items keep their order
                    <li key={index}>
                      {item.title}{" "}
                      <span className="muted">
                        {t("cart.times", { quantity: formatNumber(item.quantity, intl) })}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="card__footer">
                  <p>
                    {t("cart.grandTotal")}:{" "}
                    <strong data-testid="booking-total">
                      {formatPrice(toMajorUnits(order.totalMinor), intl, order.currency)}
                    </strong>
                  </p>
                  <Link
                    to={href("/bookings/:id", { id: order.id })}
                    className="button button--small button--outline"
                  >
                    {t("cart.receipt.open")}
                    <span className="visually-hidden"> {orderNumber(order.id)}</span>
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
