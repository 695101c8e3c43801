// /DeashBoard/fees/collections (admins and accountants): the money taken between two days, by day,
// receiver and way of paying (what the office counts at the end of the day), and by head (a
// month's collection by head: decision 0069). The days are in the address (?from=, ?to=; this
// month so far when left out), so it works without script and can be bookmarked.
import { Anchor, Box, Button, Group, Paper, Table, Text, TextInput, Title } from "@mantine/core";
import { href, Link } from "react-router";
import { takaText } from "../../common/fees";
import { collectionsQuery } from "../../common/schemas/fees";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { dhakaToday } from "../../common/schemas/routines";
import { localDigits } from "../../i18n/format";
import { collections } from "../../server/domain/fees/collections";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.fees-collections";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "fees.collections.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["from", "to"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const today = dhakaToday();
  const asked = {
    from: url.searchParams.get("from") || `${today.slice(0, 7)}-01`,
    to: url.searchParams.get("to") || today,
  };
  const span = collectionsQuery.safeParse(asked);
  if (!span.success) return { asked, fields: fieldProblemsOf(span.error), report: null };
  return { asked, fields: null, report: await collections(services.db, actor, span.data) };
}

export default function FeeCollections({ loaderData }: Route.ComponentProps) {
  const { t, te, locale, intl } = useI18n();
  const { asked, fields, report } = loaderData;
  const taka = (minor: number) => localDigits(takaText(minor), intl);
  const fieldError = (name: string) => (fields?.[name] ? te(fields[name]) : undefined);
  return (
    <Box data-testid="fee-collections">
      <Title order={2} mb="xs">
        {t("fees.collections.heading")}
      </Title>
      <Text mb="sm">{t("fees.collections.lead")}</Text>
      <Text mb="sm">
        <Anchor component={Link} to={href("/DeashBoard/fees")}>
          {t("fees.heading")}
        </Anchor>
      </Text>
      <Paper withBorder p="sm" mb="md">
        <form method="get">
          <Group align="flex-end" wrap="wrap">
            {(["from", "to"] as const).map((name) => (
              <TextInput
                key={name}
                type="date"
                name={name}
                label={t(`fees.collections.${name}`)}
                defaultValue={asked[name]}
                error={fieldError(name)}
                required
              />
            ))}
            <Button type="submit" variant="default">
              {t("fees.show")}
            </Button>
          </Group>
        </form>
      </Paper>
      {report ? (
        <>
          <Text mb="sm" fw={600} data-testid="fee-collections-total">
            {t("fees.collections.total", { amount: taka(report.totalMinor) })}
          </Text>
          {report.rows.length === 0 ? (
            <Text>{t("fees.collections.none")}</Text>
          ) : (
            <>
              <Title order={3} size="h4" mb="xs">
                {t("fees.collections.byHead")}
              </Title>
              <TableBox minWidth={320}>
                <Table striped data-testid="fee-collections-heads" mb="md">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t("fees.head")}</Table.Th>
                      <Table.Th scope="col">{t("fees.collections.amount")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.byHead.map((row) => (
                      <Table.Tr key={`${row.kind}-${row.head ?? ""}`} data-testid="fee-collections-head">
                        <Cell label={t("fees.head")}>
                          {locale === "bn" && row.nameBn ? row.nameBn : row.name}
                        </Cell>
                        <Cell label={t("fees.collections.amount")}>{taka(row.amountMinor)}</Cell>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableBox>
              <Title order={3} size="h4" mb="xs">
                {t("fees.collections.byDay")}
              </Title>
              <TableBox minWidth={560}>
                <Table striped data-testid="fee-collections-days">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t("fees.collections.day")}</Table.Th>
                      <Table.Th scope="col">{t("fees.collector")}</Table.Th>
                      <Table.Th scope="col">{t("fees.channel")}</Table.Th>
                      <Table.Th scope="col">{t("fees.collections.receipts")}</Table.Th>
                      <Table.Th scope="col">{t("fees.collections.amount")}</Table.Th>
                      <Table.Th scope="col">{t("fees.collections.fine")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.rows.map((row) => (
                      <Table.Tr
                        key={`${row.day}-${row.collector}-${row.channel}`}
                        data-testid="fee-collections-day"
                      >
                        <Cell label={t("fees.collections.day")}>{localDigits(row.day, intl)}</Cell>
                        <Cell label={t("fees.collector")} style={{ overflowWrap: "anywhere" }}>
                          {row.collector}
                        </Cell>
                        <Cell label={t("fees.channel")}>{t(`fees.channel.${row.channel}`)}</Cell>
                        <Cell label={t("fees.collections.receipts")}>
                          {localDigits(String(row.receipts), intl)}
                        </Cell>
                        <Cell label={t("fees.collections.amount")}>{taka(row.amountMinor)}</Cell>
                        <Cell label={t("fees.collections.fine")}>{taka(row.fineMinor)}</Cell>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableBox>
            </>
          )}
        </>
      ) : null}
    </Box>
  );
}
