// /DeashBoard/register/import (admins): the register from an Excel or CSV sheet. "Preview" reads
// the whole sheet and shows every row with what the import would do (or every problem by row and
// column), saving nothing; "Import" saves it all or nothing. Works without script.
import { Alert, Anchor, Box, Button, FileInput, Group, Paper, Table, Text, Title } from "@mantine/core";
import { data, Form, href, Link, useNavigation } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { formatNumber } from "../../i18n/format";
import { type ImportedRow, importRegister } from "../../server/domain/register/import";
import type { SheetError } from "../../server/exam-results/marks-sheet";
import { readRegisterSheet } from "../../server/register-sheet/reading";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.register-import";

export const meta: Route.MetaFunction = ({ matches }) =>
  dashboardTitle(matches, "registerPage.import.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

type Answer = {
  ok: boolean;
  checked?: boolean;
  added?: number;
  updated?: number;
  rows?: ImportedRow[];
  errors?: SheetError[];
  file?: Problem;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return data({ ok: false, file: problem("exam.fileRequired") } satisfies Answer, { status: 400 });
  const check = form.get("intent") === "check";
  const sheet = await readRegisterSheet({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  const result = await importRegister(services.db, actor, sheet.rows, sheet.errors, { check });
  if (result.errors.length > 0)
    return data({ ok: false, errors: result.errors } satisfies Answer, { status: 400 });
  return {
    ok: true,
    checked: check,
    added: result.added,
    updated: result.updated,
    rows: check ? result.rows : [],
  } satisfies Answer;
}

export default function RegisterImport({ actionData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const answer = actionData as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const counts = {
    added: formatNumber(answer?.added ?? 0, intl),
    updated: formatNumber(answer?.updated ?? 0, intl),
  };
  return (
    <Box data-testid="register-import">
      <Link to={href("/DeashBoard/register")}>{t("registerPage.back")}</Link>
      <Title order={2} mt="xs" mb="xs">
        {t("registerPage.import.heading")}
      </Title>
      <Text mb="sm">{t("registerPage.import.lead")}</Text>
      <Group gap="md" mb="md">
        <Anchor href="/api/register/template?format=xlsx" download>
          {t("registerPage.import.templateXlsx")}
        </Anchor>
        <Anchor href="/api/register/template?format=csv" download>
          {t("registerPage.import.templateCsv")}
        </Anchor>
      </Group>
      {answer?.ok && !answer.checked ? (
        <Alert color="teal" variant="light" role="status" mb="md" data-testid="import-done">
          {t("registerPage.import.done", counts)}
        </Alert>
      ) : null}
      {answer?.ok && answer.checked ? (
        <Alert color="blue" variant="light" role="status" mb="md" data-testid="import-checked">
          {t("registerPage.import.checked", counts)}
        </Alert>
      ) : null}
      <Paper withBorder p="md" mb="md">
        <Form method="post" encType="multipart/form-data" data-testid="import-form">
          <FileInput
            name="file"
            label={t("registerPage.import.file")}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            error={answer?.file ? te(answer.file) : undefined}
          />
          <Group gap="sm" mt="sm">
            <Button type="submit" name="intent" value="check" variant="outline" loading={busy}>
              {t("registerPage.import.check")}
            </Button>
            <Button type="submit" name="intent" value="import" loading={busy}>
              {t("registerPage.import.submit")}
            </Button>
          </Group>
        </Form>
      </Paper>
      {answer?.errors?.length ? (
        <Paper withBorder p="md" role="alert" data-testid="import-errors">
          <Text fw={600} mb="xs">
            {t("registerPage.import.errors", { count: formatNumber(answer.errors.length, intl) })}
          </Text>
          <TableBox minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("registerPage.import.row")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.import.column")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.import.problem")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.errors.map((error) => (
                  <Table.Tr key={`${error.row}-${error.column}-${error.key}`}>
                    <Cell label={t("registerPage.import.row")}>
                      {error.row ? formatNumber(error.row, intl) : "—"}
                    </Cell>
                    <Cell label={t("registerPage.import.column")}>{error.column}</Cell>
                    <Cell label={t("registerPage.import.problem")}>{te(error)}</Cell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        </Paper>
      ) : null}
      {answer?.ok && answer.checked && answer.rows?.length ? (
        <TableBox minWidth={640}>
          <Table striped data-testid="import-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("registerPage.import.row")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.import.action")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.name")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.place")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.roll")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.registration")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.guardians")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rows.map((row) => (
                <Table.Tr key={row.line} data-testid="import-preview-row">
                  <Cell label={t("registerPage.import.row")}>{formatNumber(row.line, intl)}</Cell>
                  <Cell label={t("registerPage.import.action")}>
                    {t(`registerPage.import.action.${row.action}`)}
                  </Cell>
                  <Cell label={t("registerPage.name")}>{row.name}</Cell>
                  <Cell label={t("registerPage.place")}>
                    {t("registerPage.placeWords", {
                      class: row.class,
                      section: row.section ?? "",
                      session: row.session,
                    })}
                  </Cell>
                  <Cell label={t("registerPage.roll")}>{row.roll}</Cell>
                  <Cell label={t("registerPage.registration")}>{row.registration}</Cell>
                  <Cell label={t("registerPage.guardians")}>{formatNumber(row.guardians, intl)}</Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      ) : null}
    </Box>
  );
}
