// /DeashBoard/register/promote (admins): a class promoted to the next session in one step, rolls
// kept or numbered again; the children skipped (already enrolled there...) are listed.
import {
  Alert,
  Box,
  Button,
  Fieldset,
  List,
  NativeSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { promotionInput, rollRules } from "../../common/schemas/register";
import { formatNumber } from "../../i18n/format";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { type Promotion, promoteClass } from "../../server/domain/register/promote";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.register-promote";

export const meta: Route.MetaFunction = ({ matches }) =>
  dashboardTitle(matches, "registerPage.promote.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const classes = await listClasses(pageOf(context).services.db);
  return { classes: classes.map((c) => c.name) };
}

type Answer = {
  done?: Promotion & { class: string; session: string };
  fields?: Record<string, Problem>;
  error?: Problem;
};

const names = [
  "fromSession",
  "fromClass",
  "fromSection",
  "toSession",
  "toClass",
  "toSection",
  "rolls",
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const given = Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
  const parsed = promotionInput.safeParse({
    ...given,
    fromSection: given.fromSection || undefined,
    toSection: given.toSection || undefined,
    rolls: given.rolls || undefined,
  });
  if (!parsed.success)
    return data({ fields: fieldProblemsOf(parsed.error) } satisfies Answer, { status: 400 });
  try {
    const done = await promoteClass(services.db, actor, parsed.data);
    return { done: { ...done, class: parsed.data.toClass, session: parsed.data.toSession } } satisfies Answer;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(
      {
        fields: error.fieldProblems,
        error: error.fieldProblems ? undefined : error.problem,
      } satisfies Answer,
      {
        status: 400,
      },
    );
  }
}

export default function RegisterPromote({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const answer = actionData as Answer | undefined;
  const error = (name: string) => (answer?.fields?.[name] ? te(answer.fields[name]!) : undefined);
  const classOptions = [
    { value: "", label: "—" },
    ...loaderData.classes.map((name) => ({ value: name, label: name })),
  ];
  return (
    <Box data-testid="register-promote">
      <Link to={href("/DeashBoard/register")}>{t("registerPage.back")}</Link>
      <Title order={2} mt="xs" mb="xs">
        {t("registerPage.promote.heading")}
      </Title>
      <Text mb="md">{t("registerPage.promote.lead")}</Text>
      {answer?.done ? (
        <Alert color="teal" variant="light" role="status" mb="md" data-testid="promote-done">
          <Text>
            {t("registerPage.promote.done", {
              count: formatNumber(answer.done.promoted.length, intl),
              class: answer.done.class,
              session: answer.done.session,
            })}
          </Text>
          {answer.done.skipped.length > 0 ? (
            <>
              <Text mt="xs">{t("registerPage.promote.skipped")}</Text>
              <List size="sm" data-testid="promote-skipped">
                {answer.done.skipped.map((s) => (
                  <List.Item key={s.id}>
                    {t(`registerPage.promote.reason.${s.reason}`, { name: s.name, roll: s.roll })}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Alert>
      ) : null}
      <FormError message={answer?.error ? te(answer.error) : null} />
      <Paper withBorder p="md">
        <Form method="post" data-testid="promote-form">
          <Stack gap="md">
            <Fieldset legend={t("registerPage.promote.from")}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  name="fromSession"
                  label={t("registerPage.session")}
                  placeholder="2026"
                  required
                  error={error("fromSession")}
                />
                <NativeSelect
                  name="fromClass"
                  label={t("registerPage.class")}
                  required
                  data={classOptions}
                  error={error("fromClass")}
                />
                <TextInput
                  name="fromSection"
                  label={t("registerPage.promote.fromSection")}
                  error={error("fromSection")}
                />
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={t("registerPage.promote.to")}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  name="toSession"
                  label={t("registerPage.session")}
                  placeholder="2027"
                  required
                  error={error("toSession")}
                />
                <NativeSelect
                  name="toClass"
                  label={t("registerPage.class")}
                  required
                  data={classOptions}
                  error={error("toClass")}
                />
                <TextInput
                  name="toSection"
                  label={t("registerPage.promote.toSection")}
                  error={error("toSection")}
                />
              </SimpleGrid>
            </Fieldset>
            <Radio.Group
              name="rolls"
              label={t("registerPage.promote.rolls")}
              defaultValue="keep"
              error={error("rolls")}
            >
              <Stack gap="xs" mt="xs">
                {rollRules.map((rule) => (
                  <Radio key={rule} value={rule} label={t(`registerPage.promote.rolls.${rule}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Button type="submit" style={{ alignSelf: "start" }}>
              {t("registerPage.promote.submit")}
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
}
