// /DeashBoard/orders (accountants and admins): every order, newest first, with its buyer, status, items and
// totals, and a link to its receipt. Filters by status (?status=, a plain form that works without
// script), pages (?page=), downloads the same orders as CSV (/DeashBoard/orders.csv), and refunds
// a paid order, whole or in part, through the provider that took it.

import { Alert, Anchor, Button, Group, NativeSelect, Table, Text, Title } from "@mantine/core";
import { data, Form, href, Link } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { toMajorUnits } from "../../common/money";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { orderStatuses, orderStatusOf, refundableStatuses, refundInput } from "../../common/schemas/orders";
import { formatDate, formatNumber, formatPrice } from "../../i18n/format";
import { DomainError, statusOf } from "../../server/domain/errors";
import { confirmHeldPayment } from "../../server/domain/holds";
import { listOrders } from "../../server/domain/orders/queries";
import { refundOrder } from "../../server/domain/refunds";
import { PaymentProviderError } from "../../server/payments/provider";
import { orderNumber, statusLabel } from "../components/cart/order-status";
import { orderView } from "../components/cart/orders.server";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { OrderStatusBadge } from "../components/dashboard/order-status-badge";
import { ConfirmHoldForm, RefundForm, type RefundFormAnswer } from "../components/dashboard/refund-form";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { Cell, TableBox, TablePagination } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.orders";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "cart.admin.heading");

const perPage = 50;

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q", "status"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "accountant");
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

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services, logger } = pageOf(context);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const orderId = field("orderId");
  const refused = (status: number, error: Problem | null, fields?: Record<string, Problem>) =>
    data({ ok: false, orderId, error, fields } satisfies RefundFormAnswer, { status });
  if (field("intent") === "confirm") {
    try {
      await confirmHeldPayment(services, actor, orderId);
      return { ok: true, orderId, confirmed: true } satisfies RefundFormAnswer;
    } catch (error) {
      if (error instanceof DomainError) return refused(statusOf[error.code], error.problem);
      throw error;
    }
  }
  const parsed = refundInput.safeParse({
    amount: field("amount").trim() || undefined,
    reason: field("reason"),
  });
  // Asked first: an empty amount refunds everything left only when that is ticked, and no refund
  // is made without the box that confirms it.
  const asked: Record<string, Problem> = {};
  if (!field("amount").trim() && field("everything") !== "yes") asked.amount = problem("refund.amountOrAll");
  if (field("confirm") !== "yes") asked.confirm = problem("action.confirm");
  if (!parsed.success || Object.keys(asked).length > 0) {
    return refused(400, null, { ...asked, ...(parsed.success ? {} : fieldProblemsOf(parsed.error)) });
  }
  try {
    const { refund } = await refundOrder(services, actor, orderId, parsed.data);
    return { ok: true, orderId, amountMinor: refund.amountMinor } satisfies RefundFormAnswer;
  } catch (error) {
    if (error instanceof DomainError)
      return refused(statusOf[error.code], error.problem, error.fieldProblems);
    if (error instanceof PaymentProviderError) {
      logger.error({ err: error, orderId }, "a refund was refused by the payment provider");
      return refused(502, problem("refund.providerRefused"));
    }
    throw error;
  }
}

export default function DashboardOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { orders, total, page, pages, status } = loaderData;
  const money = (minor: number, currency: string) => formatPrice(toMajorUnits(minor), intl, currency);
  const csvHref = status
    ? `${href("/DeashBoard/orders.csv")}?status=${status}`
    : href("/DeashBoard/orders.csv");
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
      {actionData?.ok ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="refund-done">
          {"confirmed" in actionData
            ? t("cart.hold.done", { number: orderNumber(actionData.orderId) })
            : t("cart.refund.done", {
                amount: money(
                  actionData.amountMinor,
                  orders.find((o) => o.id === actionData.orderId)?.currency ?? "BDT",
                ),
                number: orderNumber(actionData.orderId),
              })}
        </Alert>
      ) : null}
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
                    <Anchor component={Link} to={href("/bookings/:id", { id: order.id })}>
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
                    {order.refundedMinor > 0 ? (
                      <Text size="xs" c="gray.7" data-testid="order-refunded">
                        {t("cart.receipt.refunded")} {money(order.refundedMinor, order.currency)}
                      </Text>
                    ) : null}
                    {order.paidTwiceWith ? (
                      <Text size="xs" c="red.8" fw={600} data-testid="order-paid-twice">
                        {t("cart.admin.paidTwice", {
                          numbers: order.paidTwiceWith.map(orderNumber).join(", "),
                        })}
                      </Text>
                    ) : null}
                    {order.status === "on_hold" ? <ConfirmHoldForm orderId={order.id} /> : null}
                    {refundableStatuses.includes(order.status) && order.refundedMinor < order.totalMinor ? (
                      <RefundForm
                        orderId={order.id}
                        left={money(order.totalMinor - order.refundedMinor, order.currency)}
                        answer={actionData ?? undefined}
                      />
                    ) : null}
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
