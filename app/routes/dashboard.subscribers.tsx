// /DeashBoard/subscribers (admins): the newsletter list, newest first, with a search, pages and
// an export to CSV (/DeashBoard/subscribers.csv).
import { Anchor, Button, Group, Pagination, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, useSearchParams } from "react-router";
import { listSubscribers } from "../../server/domain/subscribers";
import { formatDate, formatNumber } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.subscribers";

const perPage = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(50_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { items, total } = await listSubscribers(services.db, actor, {
    limit: perPage,
    offset: (page - 1) * perPage,
    q: q || undefined,
  });
  return { subscribers: items, total, page, pages: Math.max(1, Math.ceil(total / perPage)), q };
}

export default function DashboardSubscribers({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { subscribers, total, page, pages, q } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <>
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={2}>{t("people.subscribers.heading")}</Title>
        <Anchor
          href="/DeashBoard/subscribers.csv"
          download="maktab-subscribers.csv"
          data-testid="subscribers-csv"
        >
          {t("people.subscribers.export")}
        </Anchor>
      </Group>
      <Form method="get" role="search">
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label={t("people.subscribers.search")}
            defaultValue={q}
            maxLength={100}
            style={{ flex: "1 1 220px" }}
          />
          <Button type="submit" variant="default">
            {t("people.search")}
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="gray.7" mb="xs" data-testid="subscribers-count">
        {t("people.subscribers.count", { count: formatNumber(total, intl) })}
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
      {pages > 1 ? (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          withEdges={false}
          onChange={(next) => {
            const params = new URLSearchParams(searchParams);
            params.set("page", String(next));
            setSearchParams(params);
          }}
          getControlProps={(control) => ({
            "aria-label":
              control === "previous"
                ? t("people.page.previous")
                : control === "next"
                  ? t("people.page.next")
                  : undefined,
          })}
        />
      ) : null}
    </>
  );
}
