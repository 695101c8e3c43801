// /DeashBoard/orders (admins): every order, newest first, with its buyer, status, items and
// totals, and a link to its receipt.
import { Anchor, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { toMajorUnits } from "../../common/money";
import { listAllOrders } from "../../server/domain/orders";
import { orderNumber } from "../components/cart/order-status";
import { orderView } from "../components/cart/orders.server";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { OrderStatusBadge } from "../components/dashboard/order-status-badge";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { formatDate, formatNumber, formatPrice } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.orders";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "cart.admin.heading");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const orders = await listAllOrders(services, actor);
  return { orders: orders.map(orderView) };
}

export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { orders } = loaderData;
  const money = (minor: number, currency: string) => formatPrice(toMajorUnits(minor), intl, currency);
  return (
    <>
      <Title order={2} mb="md">
        {t("cart.admin.heading")}
      </Title>
      {orders.length === 0 ? (
        <Text data-testid="orders-empty">{t("cart.admin.empty")}</Text>
      ) : (
        <TableBox minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="orders-table">
            <Table.Caption c="gray.7">{tn("cart.admin.caption", orders.length)}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("cart.receipt.number")}</Table.Th>
                <Table.Th scope="col">{t("cart.admin.buyer")}</Table.Th>
                <Table.Th scope="col">{t("cart.admin.status")}</Table.Th>
                <Table.Th scope="col">{t("cart.items")}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t("cart.subtotal")}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t("cart.grandTotal")}
                </Table.Th>
                <Table.Th scope="col">{t("cart.receipt.date")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.id} data-testid="order-row">
                  <Cell label={t("cart.receipt.number")} data-testid="order-number">
                    <Anchor component={Link} to={`/bookings/${order.id}`}>
                      {orderNumber(order.id)}
                    </Anchor>
                  </Cell>
                  <Cell label={t("cart.admin.buyer")}>
                    <Text size="sm">{order.buyer?.name ?? order.billingName ?? ""}</Text>
                    <Text size="xs" c="gray.7">
                      {order.buyer?.email ?? order.billingEmail ?? ""}
                    </Text>
                  </Cell>
                  <Cell label={t("cart.admin.status")}>
                    <OrderStatusBadge status={order.status} testId="order-status" />
                  </Cell>
                  <Cell label={t("cart.items")}>
                    {order.items
                      .map(
                        (item) =>
                          `${item.title} ${t("cart.times", { quantity: formatNumber(item.quantity, intl) })}`,
                      )
                      .join(", ")}
                  </Cell>
                  <Cell label={t("cart.subtotal")} ta="right">
                    {money(order.subtotalMinor, order.currency)}
                  </Cell>
                  <Cell label={t("cart.grandTotal")} ta="right" fw={600} data-testid="order-total">
                    {money(order.totalMinor, order.currency)}
                  </Cell>
                  <Cell label={t("cart.receipt.date")}>
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt, intl)}</time>
                  </Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
    </>
  );
}
