// /DeashBoard/subscribers (admins): the newsletter list, newest first, with a search, pages and
// an export to CSV (/DeashBoard/subscribers.csv).

import { Anchor, Group, Table, Text, Title } from "@mantine/core";
import { href } from "react-router";
import { formatDate } from "../../i18n/format";
import { listSubscribers } from "../../server/domain/subscribers";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { pageCount, tableQuery } from "../components/dashboard/table-query.server";
import { TablePagination, TableSearch } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.subscribers";

const perPage = 20;

export const meta: Route.MetaFunction = ({ matches }) =>
  dashboardTitle(matches, "people.subscribers.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const { page, q, limit, offset } = tableQuery(request, perPage);
  const { items, total } = await listSubscribers(services.db, actor, { limit, offset, q: q || undefined });
  return { subscribers: items, total, page, pages: pageCount(total, perPage), q };
}

export default function DashboardSubscribers({ loaderData }: Route.ComponentProps) {
  const { t, tn, intl } = useI18n();
  const { subscribers, total, page, pages, q } = loaderData;
  return (
    <>
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={2}>{t("people.subscribers.heading")}</Title>
        <Anchor
          href={href("/DeashBoard/subscribers.csv")}
          download="maktab-subscribers.csv"
          data-testid="subscribers-csv"
        >
          {t("people.subscribers.export")}
        </Anchor>
      </Group>
      <TableSearch label={t("people.subscribers.search")} submitLabel={t("people.search")} defaultValue={q} />
      <Text size="sm" c="gray.7" mb="xs" data-testid="subscribers-count">
        {tn("people.subscribers.count", total)}
      </Text>
      {subscribers.length === 0 ? (
        <Text data-testid="subscribers-empty">{t("people.subscribers.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="subscribers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("people.email")}</Table.Th>
                <Table.Th scope="col">{t("people.subscribers.date")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscribers.map((subscriber) => (
                <Table.Tr key={subscriber.email} data-testid="subscriber-row">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{subscriber.email}</Table.Td>
                  <Table.Td>
                    <time dateTime={subscriber.subscribedAt}>
                      {formatDate(subscriber.subscribedAt, intl)}
                    </time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePagination pages={pages} page={page} />
    </>
  );
}
