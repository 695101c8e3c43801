// Make another account an admin. Admins only: the loader and the action both check, and the
// domain checks again, so no path around the page reaches the change.
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import { data, useFetcher } from "react-router";
import { makeAdminInput } from "../../common/schemas/users";
import { DomainError } from "../../server/domain/errors";
import { makeAdmin } from "../../server/domain/users";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.add-admin";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "addAdmin.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const parsed = makeAdminInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ ok: false, error: null, fields: fieldProblemsOf(parsed.error) }, { status: 400 });
  const { services, actor } = pageOf(context);
  try {
    await makeAdmin(services.db, actor, parsed.data.email);
    return { ok: true, error: null, fields: {} };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, error: error.problem, fields: {} }, { status: 400 });
    throw error;
  }
}

export default function AddAdmin() {
  const { t, te } = useI18n();
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/users").then((m) => m.makeAdminInput),
    fetcher.data?.fields,
    { submit: (form) => fetcher.submit(form) },
  );
  const succeeded = fetcher.state === "idle" && fetcher.data?.ok;
  useEffect(() => {
    if (succeeded) formRef.current?.reset();
  }, [succeeded]);
  return (
    <Paper withBorder p="lg" maw={520}>
      <Title order={2}>{t("addAdmin.heading")}</Title>
      <Text mt="xs" mb="md">
        {t("addAdmin.lead")}
      </Text>
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} ref={formRef}>
        <Stack gap="sm">
          {succeeded ? (
            <Alert color="teal" variant="light" role="status" data-testid="form-success">
              {t("addAdmin.success")}
            </Alert>
          ) : null}
          <FormError message={fetcher.data?.error ? te(fetcher.data.error) : null} />
          <TextInput
            name="email"
            type="email"
            label={t("addAdmin.email")}
            required
            maxLength={254}
            error={fieldError("email")}
          />
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {t("addAdmin.submit")}
          </Button>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
