// /DeashBoard/register/{id} (admins): one child on the register: the record, the photo, each
// session's enrolment and the guardians, each part its own form (intent=...) so that every one of
// them works without script and refuses beside its field.
import { Alert, Box, Button, FileInput, Group, Image, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { data, Form, href, Link } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { childChange, enrolmentInput, guardianChange, guardianInput } from "../../common/schemas/register";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { setEnrolment } from "../../server/domain/register/enrolment";
import { addGuardian, changeGuardian, removeGuardian } from "../../server/domain/register/guardians";
import { setChildPhoto } from "../../server/domain/register/photo";
import { readChild } from "../../server/domain/register/read";
import { changeChild } from "../../server/domain/register/save";
import { ImageError } from "../../server/files/images";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { Cell, TableBox } from "../components/dashboard/table-tools";
import { FormError } from "../components/form-error";
import {
  ChildFields,
  EnrolmentFields,
  type Fields,
  GuardianFields,
} from "../components/register/register-fields";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.register-child";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? dashboardTitle(matches, { text: loaderData.child.name })
    : dashboardTitle(matches, "registerPage.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["notice"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const child = await readChild(services, actor, params.id).catch((error) => {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const classes = await listClasses(services.db);
  const notice = new URL(request.url).searchParams.get("notice") === "added" ? "added" : null;
  return { child, classes: classes.map((c) => c.name), notice };
}

type Intent =
  | "change"
  | "photo"
  | "photo-remove"
  | "enrol"
  | "guardian-add"
  | "guardian-change"
  | "guardian-remove";
type Answer = { ok: boolean; intent?: Intent; guardian?: string; fields?: Fields; error?: Problem };

const refused = (answer: Answer, status = 400) => data(answer, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const value = (name: string) => String(form.get(name) ?? "");
  const guardian = value("guardian");
  try {
    if (intent === "change") {
      const parsed = childChange.safeParse(
        Object.fromEntries(
          ["name", "nameBn", "dateOfBirth", "birthRegistration", "gender", "status"].map((n) => [
            n,
            value(n),
          ]),
        ),
      );
      if (!parsed.success) return refused({ ok: false, intent, fields: fieldProblemsOf(parsed.error) });
      await changeChild(services, actor, params.id, parsed.data);
    } else if (intent === "photo" || intent === "photo-remove") {
      const file = form.get("photo");
      const chosen = file instanceof File && file.size > 0;
      if (intent === "photo" && !chosen)
        return refused({ ok: false, intent, fields: { photo: problem("register.photoRequired") } });
      const upload = chosen ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
      await setChildPhoto(services, actor, params.id, upload, { remove: intent === "photo-remove" });
    } else if (intent === "enrol") {
      const parsed = enrolmentInput.safeParse(
        Object.fromEntries(["session", "class", "section", "roll", "registration"].map((n) => [n, value(n)])),
      );
      if (!parsed.success) return refused({ ok: false, intent, fields: fieldProblemsOf(parsed.error) });
      await setEnrolment(services, actor, params.id, parsed.data);
    } else if (intent === "guardian-add" || intent === "guardian-change") {
      const input = { name: value("name"), relation: value("relation"), phone: value("phone") };
      const parsed = (intent === "guardian-add" ? guardianInput : guardianChange).safeParse(input);
      if (!parsed.success)
        return refused({ ok: false, intent, guardian, fields: fieldProblemsOf(parsed.error) });
      if (intent === "guardian-add") await addGuardian(services, actor, params.id, parsed.data as never);
      else await changeGuardian(services, actor, guardian, parsed.data);
    } else if (intent === "guardian-remove") {
      await removeGuardian(services, actor, guardian);
    } else {
      return refused({ ok: false, error: problem("input.invalid", { detail: "intent" }) });
    }
    return { ok: true, intent } satisfies Answer;
  } catch (error) {
    if (error instanceof ImageError)
      return refused({ ok: false, intent, fields: { photo: error.problem } }, error.status);
    if (!(error instanceof DomainError)) throw error;
    return refused(
      {
        ok: false,
        intent,
        guardian,
        fields: error.fieldProblems,
        error: error.fieldProblems ? undefined : error.problem,
      },
      error.code === "conflict" ? 409 : error.code === "not_found" ? 404 : 400,
    );
  }
}

export default function RegisterChild({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { child, classes, notice } = loaderData;
  const answer = actionData as Answer | undefined;
  const fieldsOf = (intent: Intent, guardian?: string) =>
    answer &&
    !answer.ok &&
    answer.intent === intent &&
    (guardian === undefined || answer.guardian === guardian)
      ? answer.fields
      : undefined;
  const errorOf = (intent: Intent) =>
    answer && !answer.ok && answer.intent === intent && answer.error ? te(answer.error) : null;
  const saved = (intent: Intent) =>
    answer?.ok && answer.intent === intent ? (
      <Alert color="teal" variant="light" role="status" mb="sm" data-testid="register-saved">
        {t("registerPage.saved")}
      </Alert>
    ) : null;
  return (
    <Stack gap="lg" data-testid="register-child">
      <Box>
        <Link to={href("/DeashBoard/register")}>{t("registerPage.back")}</Link>
        <Title order={2} mt="xs">
          {child.name}
          {child.nameBn ? (
            <Text span lang="bn" fw={400} c="gray.7">
              {" "}
              {child.nameBn}
            </Text>
          ) : null}
        </Title>
        {notice === "added" ? (
          <Alert color="teal" variant="light" role="status" mt="sm">
            {t("registerPage.added")}
          </Alert>
        ) : null}
        {child.hasAccount ? <Text size="sm">{t("registerPage.hasAccount")}</Text> : null}
      </Box>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t("registerPage.record")}
        </Title>
        {saved("change")}
        <FormError message={errorOf("change")} />
        <Form method="post" data-testid="register-record">
          <input type="hidden" name="intent" value="change" />
          <ChildFields values={child} fields={fieldsOf("change")} withStatus />
          <Button type="submit" mt="md">
            {t("registerPage.save")}
          </Button>
        </Form>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t("registerPage.photo")}
        </Title>
        {saved("photo")}
        {child.photo ? (
          <Image
            src={child.photo.url}
            srcSet={child.photo.srcset}
            sizes="160px"
            w={160}
            h="auto"
            radius="sm"
            alt={t("registerPage.photoOf", { name: child.name })}
            mb="sm"
          />
        ) : (
          <Text mb="sm">{t("registerPage.noPhoto")}</Text>
        )}
        <Form method="post" encType="multipart/form-data">
          <Group align="end" gap="sm" wrap="wrap">
            <FileInput
              name="photo"
              label={t("registerPage.photoFile")}
              accept="image/jpeg,image/png,image/webp,image/avif"
              error={fieldsOf("photo")?.photo ? te(fieldsOf("photo")!.photo!) : undefined}
              style={{ flex: "1 1 220px" }}
            />
            <Button type="submit" name="intent" value="photo">
              {t("registerPage.photoUpload")}
            </Button>
            {child.photo ? (
              <Button type="submit" name="intent" value="photo-remove" variant="default">
                {t("registerPage.photoRemove")}
              </Button>
            ) : null}
          </Group>
        </Form>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t("registerPage.enrolments")}
        </Title>
        {saved("enrol")}
        {child.enrolments.length === 0 ? (
          <Text>{t("registerPage.noEnrolments")}</Text>
        ) : (
          <TableBox minWidth={480}>
            <Table striped data-testid="register-enrolments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("registerPage.session")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.class")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.section")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.roll")}</Table.Th>
                  <Table.Th scope="col">{t("registerPage.registration")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {child.enrolments.map((e) => (
                  <Table.Tr key={e.id}>
                    <Cell label={t("registerPage.session")}>{e.session}</Cell>
                    <Cell label={t("registerPage.class")}>{e.class}</Cell>
                    <Cell label={t("registerPage.section")}>{e.section}</Cell>
                    <Cell label={t("registerPage.roll")}>{e.roll}</Cell>
                    <Cell label={t("registerPage.registration")}>{e.registration}</Cell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableBox>
        )}
        <details open={fieldsOf("enrol") || errorOf("enrol") ? true : undefined}>
          <summary>{t("registerPage.enrol")}</summary>
          <FormError message={errorOf("enrol")} />
          <Form method="post">
            <input type="hidden" name="intent" value="enrol" />
            <EnrolmentFields classes={classes} fields={fieldsOf("enrol")} />
            <Button type="submit" mt="sm">
              {t("registerPage.enrolSubmit")}
            </Button>
          </Form>
        </details>
      </Paper>

      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t("registerPage.guardiansHeading")}
        </Title>
        {saved("guardian-add")}
        {saved("guardian-change")}
        {saved("guardian-remove")}
        {child.guardians.length === 0 ? <Text mb="sm">{t("registerPage.noGuardians")}</Text> : null}
        <Stack gap="md">
          {child.guardians.map((g) => (
            <Form method="post" key={g.id} data-testid="register-guardian">
              <input type="hidden" name="guardian" value={g.id} />
              <GuardianFields
                values={g}
                fields={fieldsOf("guardian-change", g.id)}
                idPrefix={`guardian-${g.id}`}
              />
              <Group gap="sm" mt="xs">
                <Button type="submit" name="intent" value="guardian-change" variant="default" size="sm">
                  {t("registerPage.changeGuardian")}
                </Button>
                <Button type="submit" name="intent" value="guardian-remove" variant="default" size="sm">
                  {t("registerPage.removeGuardian", {
                    name: g.name || t(`registerPage.relation.${g.relation}`),
                  })}
                </Button>
                {g.linked ? <Text size="sm">{t("registerPage.linked")}</Text> : null}
              </Group>
            </Form>
          ))}
        </Stack>
        <Title order={4} size="h5" mt="lg" mb="xs">
          {t("registerPage.addGuardian")}
        </Title>
        <FormError message={errorOf("guardian-add")} />
        <Form method="post" data-testid="register-guardian-add">
          <input type="hidden" name="intent" value="guardian-add" />
          <GuardianFields fields={fieldsOf("guardian-add")} idPrefix="guardian-new" />
          <Button type="submit" mt="sm">
            {t("registerPage.addGuardian")}
          </Button>
        </Form>
      </Paper>
    </Stack>
  );
}
