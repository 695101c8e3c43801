// /DeashBoard/register (admins): the school's register of students, searched and filtered in the
// address (?q=, ?session=, ?class=, ?section=, ?status=, ?page=), so it works without script, a
// phone's width first (each row a card). A child is added from here; the import and the promotion
// have pages of their own.
import {
  Anchor,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link, redirect } from "react-router";
import { registerStatuses } from "../../common/people";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { childInput, enrolmentInput, registerQuery } from "../../common/schemas/register";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { listRegister } from "../../server/domain/register/list";
import { addChild } from "../../server/domain/register/save";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox, TablePagination } from "../components/dashboard/table-tools";
import { FormError } from "../components/form-error";
import { ChildFields, EnrolmentFields, type Fields } from "../components/register/register-fields";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.register";

const perPage = 50;

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "registerPage.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["class", "page", "q", "section", "session", "status"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const asked = Object.fromEntries(
    ["q", "session", "class", "section", "status", "page"].map((name) => [
      name,
      url.searchParams.get(name) ?? "",
    ]),
  );
  // A filter the rules refuse is no filter, as a bad page is the first.
  const parsed = registerQuery.safeParse({ ...asked, page: asked.page || "1", limit: String(perPage) });
  const query = parsed.success ? parsed.data : { page: 1, limit: perPage };
  const [register, classes] = await Promise.all([
    listRegister(services.db, actor, query),
    listClasses(services.db),
  ]);
  return { ...register, classes: classes.map((c) => c.name), filters: parsed.success ? asked : {} };
}

type Answer = { fields?: Fields; error?: import("../../common/errors/problem").Problem };

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const record = childInput.safeParse({
    name: form.name ?? "",
    nameBn: form.nameBn ?? "",
    dateOfBirth: form.dateOfBirth ?? "",
    birthRegistration: form.birthRegistration ?? "",
    gender: form.gender ?? "",
  });
  // The enrolment is optional: given when any of its fields is.
  const enrolmentNames = ["session", "class", "section", "roll", "registration"];
  const wantsEnrolment = enrolmentNames.some((name) => (form[`enrolment.${name}`] ?? "").trim() !== "");
  const enrolment = wantsEnrolment
    ? enrolmentInput.safeParse(
        Object.fromEntries(enrolmentNames.map((name) => [name, form[`enrolment.${name}`] ?? ""])),
      )
    : undefined;
  const fields = {
    ...(record.success ? {} : fieldProblemsOf(record.error)),
    ...(enrolment && !enrolment.success
      ? Object.fromEntries(
          Object.entries(fieldProblemsOf(enrolment.error)).map(([k, v]) => [`enrolment.${k}`, v]),
        )
      : {}),
  };
  if (!record.success || (enrolment && !enrolment.success))
    return data({ fields } satisfies Answer, { status: 400 });
  try {
    const child = await addChild(services, actor, {
      ...record.data,
      ...(enrolment?.success ? { enrolment: enrolment.data } : {}),
    });
    return redirect(`${href("/DeashBoard/register/:id", { id: child.id })}?notice=added`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const named = error.fieldProblems ?? {};
    // An enrolment's refusal names its field without the prefix; the add form's has it.
    const prefixed = Object.fromEntries(
      Object.entries(named).map(([k, v]) => [enrolmentNames.includes(k) ? `enrolment.${k}` : k, v]),
    );
    return data({ fields: prefixed, error: error.problem } satisfies Answer, {
      status: error.code === "conflict" ? 409 : 400,
    });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, tn } = useI18n();
  const { children, total, page, pages, classes, filters } = loaderData;
  const answer = actionData as Answer | undefined;
  const statusLabel = (status: string) =>
    t(`registerPage.status.${status as (typeof registerStatuses)[number]}`);
  return (
    <Box data-testid="register-page">
      <Title order={2} mb="xs">
        {t("registerPage.heading")}
      </Title>
      <Text mb="sm">{t("registerPage.lead")}</Text>
      <Group gap="md" mb="md">
        <Anchor component={Link} to={href("/DeashBoard/register/import")}>
          {t("registerPage.importLink")}
        </Anchor>
        <Anchor component={Link} to={href("/DeashBoard/register/promote")}>
          {t("registerPage.promoteLink")}
        </Anchor>
      </Group>
      <Form method="get" role="search">
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label={t("registerPage.search")}
            defaultValue={filters.q ?? ""}
            maxLength={lettersAsCodeUnits(100)}
            style={{ flex: "1 1 200px" }}
          />
          <TextInput
            name="session"
            label={t("registerPage.session")}
            defaultValue={filters.session ?? ""}
            placeholder="2026"
            maxLength={9}
            style={{ flex: "0 1 110px" }}
          />
          <NativeSelect
            name="class"
            label={t("registerPage.class")}
            defaultValue={filters.class ?? ""}
            data={[
              { value: "", label: t("registerPage.anyClass") },
              ...classes.map((name) => ({ value: name, label: name })),
            ]}
          />
          <TextInput
            name="section"
            label={t("registerPage.section")}
            defaultValue={filters.section ?? ""}
            maxLength={20}
            style={{ flex: "0 1 90px" }}
          />
          <NativeSelect
            name="status"
            label={t("registerPage.status")}
            defaultValue={filters.status ?? ""}
            data={[
              { value: "", label: t("registerPage.anyStatus") },
              ...registerStatuses.map((value) => ({ value, label: statusLabel(value) })),
            ]}
          />
          <Button type="submit" variant="default">
            {t("registerPage.show")}
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="gray.7" mb="xs" data-testid="register-count">
        {tn("registerPage.count", total)}
      </Text>
      {children.length === 0 ? (
        <Text data-testid="register-empty">{t("registerPage.empty")}</Text>
      ) : (
        <TableBox minWidth={720}>
          <Table striped verticalSpacing="sm" data-testid="register-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("registerPage.name")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.place")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.roll")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.registration")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.status")}</Table.Th>
                <Table.Th scope="col">{t("registerPage.guardians")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {children.map((child) => (
                <Table.Tr key={child.id} data-testid="register-row">
                  <Cell label={t("registerPage.name")} style={{ overflowWrap: "anywhere" }}>
                    <Anchor component={Link} to={href("/DeashBoard/register/:id", { id: child.id })}>
                      {child.name}
                    </Anchor>
                    {child.nameBn ? (
                      <Text span size="sm" lang="bn" c="gray.7">
                        {" "}
                        {child.nameBn}
                      </Text>
                    ) : null}
                  </Cell>
                  <Cell label={t("registerPage.place")}>
                    {child.enrolment
                      ? t("registerPage.placeWords", {
                          class: child.enrolment.class,
                          section: child.enrolment.section ?? "",
                          session: child.enrolment.session,
                        })
                      : t("registerPage.notEnrolled")}
                  </Cell>
                  <Cell label={t("registerPage.roll")}>{child.enrolment?.roll}</Cell>
                  <Cell label={t("registerPage.registration")}>{child.enrolment?.registration}</Cell>
                  <Cell label={t("registerPage.status")}>{statusLabel(child.status)}</Cell>
                  <Cell label={t("registerPage.guardians")}>{String(child.guardians)}</Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <TablePagination pages={pages} page={page} />

      <Paper withBorder p="md" mt="xl">
        <details open={answer?.fields ? true : undefined}>
          <summary>
            <Title order={3} component="span" size="h4">
              {t("registerPage.add")}
            </Title>
          </summary>
          <Form method="post" data-testid="register-add">
            <FormError message={answer?.error ? te(answer.error) : null} />
            <ChildFields fields={answer?.fields} />
            <Title order={4} size="h5" mt="md" mb="xs">
              {t("registerPage.firstEnrolment")}
            </Title>
            <EnrolmentFields classes={classes} fields={answer?.fields} prefix="enrolment." required={false} />
            <Button type="submit" mt="md">
              {t("registerPage.addSubmit")}
            </Button>
          </Form>
        </details>
      </Paper>
    </Box>
  );
}
