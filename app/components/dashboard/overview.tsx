// The numbers at the top of the dashboard home: what waits for an admin (records to review,
// unread messages), how much of each kind the site holds, and the newest orders. Each number
// links to the dashboard screen that deals with it. Its data comes from loadOverview
// (server/domain/overview.ts).
import { Anchor, Paper, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { href, Link } from "react-router";
import { kindNames } from "../../../common/kinds";
import { toMajorUnits } from "../../../common/money";
import type { MessageKey, Phrase } from "../../../i18n";
import { formatDate, formatNumber, formatPrice } from "../../../i18n/format";
import type { OverviewData, OverviewKind } from "../../../server/domain/overview";
import { useI18n } from "../../lib/i18n";
import { orderNumber } from "../cart/order-status";
import { type ListKind, listKinds } from "./content-kinds";
import { kindTexts } from "./kind-texts";
import { OrderStatusBadge } from "./order-status-badge";

/** Every kind counted, in the order shown (the registry's, common/kinds), with its label. */
const kindLabels = Object.fromEntries(kindNames.map((kind) => [kind, kindTexts(kind).overview])) as Record<
  OverviewKind,
  Phrase
>;

/** The dashboard list of a kind, where one exists (comments are moderated on their blog). */
const listOf = (kind: OverviewKind) =>
  listKinds.includes(kind as ListKind) ? href("/DeashBoard/list/:kind", { kind }) : undefined;

/** The kinds that wait for review before they are public: their cards say how many wait. */
const reviewedKinds = ["blogs", "students", "teachers"] as const;
type ReviewedKind = (typeof reviewedKinds)[number];
const isReviewed = (kind: OverviewKind): kind is ReviewedKind => reviewedKinds.includes(kind as ReviewedKind);

function NumberCard({
  value,
  label,
  note,
  to,
  needsAttention = false,
  testId,
}: {
  value: number;
  label: string;
  /** A line under the label (how many more wait for review). */
  note?: string;
  to?: string;
  /** Outlined in orange when something waits; the label says so in words too. */
  needsAttention?: boolean;
  testId: string;
}) {
  const { intl } = useI18n();
  const body = (
    <>
      <Text component="span" display="block" fz="1.75rem" fw={700} lh={1.2} data-testid="overview-number">
        {formatNumber(value, intl)}
      </Text>{" "}
      <Text component="span" display="block" size="sm">
        {label}
      </Text>
      {note ? (
        <Text component="span" display="block" size="xs" c="gray.7">
          {note}
        </Text>
      ) : null}
    </>
  );
  const style = {
    display: "block",
    color: "inherit",
    textDecoration: "none",
    borderColor: needsAttention && value > 0 ? "var(--mantine-color-orange-7)" : undefined,
    borderWidth: needsAttention && value > 0 ? 2 : undefined,
  };
  return to ? (
    <Paper component={Link} to={to} withBorder p="sm" style={style} data-testid={testId}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="sm" style={style} data-testid={testId}>
      {body}
    </Paper>
  );
}

/** What waits for an admin, each with the screen that deals with it. */
const attentionCards = (
  data: OverviewData,
): { value: number; label: MessageKey; to: string; testId: string }[] => [
  {
    value: data.pending.teachers,
    label: "overview.pending.teachers",
    to: href("/DeashBoard/list/:kind", { kind: "teachers" }),
    testId: "overview-pending-teachers",
  },
  {
    value: data.pending.students,
    label: "overview.pending.students",
    to: href("/DeashBoard/list/:kind", { kind: "students" }),
    testId: "overview-pending-students",
  },
  {
    value: data.pending.blogs,
    label: "overview.pending.blogs",
    to: href("/DeashBoard/list/:kind", { kind: "blogs" }),
    testId: "overview-pending-blogs",
  },
  {
    value: data.unreadMessages,
    label: "overview.unread",
    to: `${href("/DeashBoard/Home")}?folder=inbox`,
    testId: "overview-unread",
  },
];

export function Overview({ data }: { data: OverviewData }) {
  const { t, intl } = useI18n();
  const money = (minor: number, currency: string) => formatPrice(toMajorUnits(minor), intl, currency);
  return (
    <section aria-labelledby="overview-heading" data-testid="overview">
      <Title order={2} id="overview-heading" mb="sm">
        {t("overview.heading")}
      </Title>

      <Title order={3} size="h4" mb="xs">
        {t("overview.attention")}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md">
        {attentionCards(data).map((card) => (
          <NumberCard key={card.testId} {...card} label={t(card.label)} needsAttention />
        ))}
      </SimpleGrid>

      <Title order={3} size="h4" mb="xs">
        {t("overview.content")}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="md">
        {(Object.keys(kindLabels) as OverviewKind[]).map((kind) => (
          <NumberCard
            key={kind}
            value={data.counts[kind]}
            label={t(kindLabels[kind])}
            note={
              isReviewed(kind)
                ? t("overview.waiting", { count: formatNumber(data.pending[kind], intl) })
                : undefined
            }
            to={listOf(kind)}
            testId={`overview-${kind}`}
          />
        ))}
        <NumberCard
          value={data.subscribers}
          label={t("overview.subscribers")}
          to={href("/DeashBoard/subscribers")}
          testId="overview-subscribers"
        />
      </SimpleGrid>

      <Title order={3} size="h4" mb="xs">
        {t("overview.orders.heading")}
      </Title>
      {data.recentOrders.length === 0 ? (
        <Text data-testid="overview-orders-empty">{t("overview.orders.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="overview-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("cart.receipt.number")}</Table.Th>
                <Table.Th scope="col">{t("cart.admin.buyer")}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t("cart.grandTotal")}
                </Table.Th>
                <Table.Th scope="col">{t("cart.admin.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.recentOrders.map((order) => (
                <Table.Tr key={order.id} data-testid="overview-order">
                  <Table.Td>
                    <Anchor component={Link} to={href("/bookings/:id", { id: order.id })}>
                      {orderNumber(order.id)}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      <time dateTime={order.createdAt}>{formatDate(order.createdAt, intl)}</time>
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    <Text size="sm">{order.buyerName}</Text>
                    <Text size="xs" c="gray.7">
                      {order.buyerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {money(order.totalMinor, order.currency)}
                  </Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Anchor component={Link} to={href("/DeashBoard/orders")} size="sm" display="inline-block" mt="xs">
        {t("overview.orders.all")}
      </Anchor>
    </section>
  );
}
