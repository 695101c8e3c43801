// The exam page's form that links an account to an enrolled student, as the student (whose
// profile then carries the class and roll) or a guardian: either then sees the student's
// published marksheets under My results. The same call as POST /api/results/enrolments/{id}/accounts.

import { Button, Group, NativeSelect, Paper, Text, TextInput, Title } from "@mantine/core";
import { Form } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { enrolmentRelations } from "../../../common/schemas/results";
import { useI18n } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";

export function LinkAccountForm({
  students,
  fields,
  busy,
}: {
  students: { enrolment: string; roll: string; name: string }[];
  /** The server's refusal, by field. */
  fields?: Record<string, Problem>;
  busy: boolean;
}) {
  const { t } = useI18n();
  const {
    onSubmit,
    onFocus,
    fieldError: error,
  } = useSchemaForm(
    () => import("../../../common/schemas/results").then((m) => m.linkAccountInput),
    fields,
    // The student is chosen from the list; the schema checks the e-mail and the relation.
    {
      values: (form) => ({
        email: new FormData(form).get("email"),
        relation: new FormData(form).get("relation"),
      }),
    },
  );
  return (
    <Paper withBorder p="lg">
      <Title order={3} mb="xs">
        {t("results.link.heading")}
      </Title>
      <Text size="sm" mb="sm">
        {t("results.link.help")}
      </Text>
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} data-testid="link-account-form">
        <Group align="flex-start">
          <NativeSelect
            name="enrolment"
            label={t("results.link.student")}
            required
            error={error("enrolment")}
            data={students.map((s) => ({ value: s.enrolment, label: `${s.roll} · ${s.name}` }))}
          />
          <TextInput
            name="email"
            type="email"
            label={t("results.link.email")}
            autoComplete="off"
            maxLength={254}
            required
            error={error("email")}
          />
          <NativeSelect
            name="relation"
            label={t("results.link.relation")}
            error={error("relation")}
            data={enrolmentRelations.map((relation) => ({
              value: relation,
              label: t(`results.link.relation.${relation}`),
            }))}
          />
        </Group>
        <Button type="submit" name="intent" value="link-account" mt="sm" loading={busy}>
          {t("results.link.submit")}
        </Button>
      </Form>
    </Paper>
  );
}
