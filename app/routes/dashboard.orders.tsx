// /DeashBoard/orders (admins): every order, newest first, with its buyer, status, items and
// totals, and a link to its receipt. Filters by status (?status=, a plain form that works without
// script), pages (?page=), and downloads the same orders as CSV (/DeashBoard/orders.csv).
import { Anchor, Button, Group, NativeSelect, Table, Text, Title } from "@mantine/core";
import { Form, Link } from "react-router";
import { toMajorUnits } from "../../common/money";
import { orderStatuses, orderStatusOf } from "../../common/schemas/orders";
import { listOrders } from "../../server/domain/orders";
import { orderNumber, statusLabel } from "../components/cart/order-status";
import { orderView } from "../components/cart/orders.server";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { OrderStatusBadge } from "../components/dashboard/order-status-badge";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { Cell, TableBox, TablePagination } from "../components/dashboard/table-tools";
import { formatDate, formatNumber, formatPrice } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.orders";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "cart.admin.heading");

const perPage = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const { url, page, limit, offset } = tableQuery(request, perPage);
  const status = orderStatusOf(url.searchParams.get("status"));
  const { items, total } = await listOrders(services, actor, { all: true, status, limit, offset });
  return {
    orders: items.map(orderView),
    total,
    page,
    pages: pageCount(total, perPage),
    status: status ?? "",
  };
}

export default function DashboardOrders({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { orders, total, page, pages, status } = loaderData;
  const money = (minor: number, currency: string) => formatPrice(toMajorUnits(minor), intl, currency);
  const csvHref = status ? `/DeashBoard/orders.csv?status=${status}` : "/DeashBoard/orders.csv";
  return (
    <>
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={2}>{t("cart.admin.heading")}</Title>
        <Anchor href={csvHref} download data-testid="orders-csv">
          {t("cart.admin.csv")}
        </Anchor>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        {t("cart.admin.expiryNote")}
      </Text>
      <Form method="get" data-testid="orders-filter">
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <NativeSelect
            name="status"
            label={t("cart.admin.filter")}
            defaultValue={status}
            data={[
              { value: "", label: t("cart.admin.allStatuses") },
              ...orderStatuses.map((value) => ({ value, label: t(statusLabel(value)) })),
            ]}
          />
          <Button type="submit" variant="default">
            {t("cart.admin.apply")}
          </Button>
        </Group>
      </Form>
      {status === "paid_after_expiry" && (
        <Text mb="sm" data-testid="orders-late-note">
          {t("cart.admin.lateNote")}
        </Text>
      )}
      {orders.length === 0 ? (
        <Text data-testid="orders-empty">{t(status ? "cart.admin.emptyFiltered" : "cart.admin.empty")}</Text>
      ) : (
        <TableBox minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="orders-table">
            <Table.Caption c="gray.7">{tn("cart.admin.caption", total)}</Table.Caption>
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
      <TablePagination pages={pages} page={page} />
    </>
  );
}
