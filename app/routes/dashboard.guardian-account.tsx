// /DeashBoard/register/{child}/guardians/{guardian}/account: an admin links a guardian of the
// register to the account of an e-mail address or phone number, or unlinks it. Plain forms that
// work without script; the domain checks the admin again (server/domain/register/guardian-links.ts).
import { Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, Form, redirect } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { guardianAccountInput } from "../../common/schemas/family";
import { flashCookieHeader } from "../../server/cookies";
import { DomainError, statusOf } from "../../server/domain/errors";
import {
  linkGuardianAccount,
  readGuardianAccount,
  unlinkGuardianAccount,
} from "../../server/domain/register/guardian-links";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { fieldProblemsOf } from "../lib/use-schema-form";
import { Button } from "../ui";
import type { Route } from "./+types/dashboard.guardian-account";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "family.admin.heading");

export const handle = { texts: ["family"], problems: ["family"] } satisfies TextsHandle;

/** The guardian row, when it is one of this child's; else 404. */
async function guardianOf(
  context: Route.LoaderArgs["context"],
  request: Request,
  params: Route.LoaderArgs["params"],
) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  try {
    const guardian = await readGuardianAccount(services.db, actor, params.guardianId);
    if (guardian.childId !== params.id) throw data(null, { status: 404 });
    return guardian;
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => ({
  guardian: await guardianOf(context, request, params),
}));

type Answer = { problem?: Problem; fields?: Record<string, Problem>; account?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  await guardianOf(context, request, params);
  const { services, actor } = pageOf(context);
  const form = Object.fromEntries(await request.formData());
  const account = typeof form.account === "string" ? form.account : undefined;
  try {
    if (form.intent === "unlink") {
      await unlinkGuardianAccount(services.db, actor, params.guardianId);
    } else {
      const parsed = guardianAccountInput.safeParse({ account: form.account });
      if (!parsed.success) {
        const answer: Answer = { fields: fieldProblemsOf(parsed.error), account };
        return data(answer, { status: 400 });
      }
      await linkGuardianAccount(services.db, actor, params.guardianId, parsed.data);
    }
    return redirect(new URL(request.url).pathname, {
      headers: { "Set-Cookie": flashCookieHeader(request, "family.admin.saved") },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const answer: Answer = { problem: error.problem, fields: error.fieldProblems, account };
    return data(answer, { status: statusOf[error.code] });
  }
}

export default function GuardianAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { guardian } = loaderData;
  const fieldProblem = actionData?.fields?.account;
  return (
    <Paper withBorder p="lg" maw={560}>
      <Title order={2}>{t("family.admin.heading")}</Title>
      <Text mt="xs" mb="md">
        {t("family.admin.lead", {
          relation: t(`family.relation.${guardian.relation}`),
          child: guardian.childName,
        })}
      </Text>
      <Text mb="md" data-testid="guardian-account">
        {guardian.account
          ? t("family.admin.current", { name: guardian.account.name })
          : t("family.admin.none")}
      </Text>
      <FormError message={actionData?.problem && !fieldProblem ? te(actionData.problem) : null} />
      <Form method="post" noValidate>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="link" />
          <TextInput
            name="account"
            label={t("family.admin.account")}
            required
            maxLength={254}
            defaultValue={actionData?.account ?? ""}
            error={fieldProblem ? te(fieldProblem) : undefined}
          />
          <Button type="submit">{t("family.admin.link")}</Button>
        </Stack>
      </Form>
      {guardian.account ? (
        <Form method="post">
          <input type="hidden" name="intent" value="unlink" />
          <Button type="submit" variant="outline">
            {t("family.admin.unlink")}
          </Button>
        </Form>
      ) : null}
    </Paper>
  );
}
