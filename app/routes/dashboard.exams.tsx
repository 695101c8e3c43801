// /DeashBoard/exams: every exam with its status, publishing and unpublishing, and the form that
// sets up a new one (subjects typed one per line, common/subject-lines.ts).

import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { data, Form, href, Link, useActionData, useNavigation } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { classInput } from "../../common/schemas/results";
import { DomainError } from "../../server/domain/errors";
import {
  createExam,
  listClasses,
  listExams,
  publishExam,
  saveClass,
  unpublishExam,
} from "../../server/domain/exams";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { ExamForm } from "../components/results/exam-form";
import { readExamForm } from "../components/results/exam-form.server";
import { formatDateTime } from "../lib/format";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.exams";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "results.exams.heading");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const [exams, classes] = await Promise.all([listExams(services.db, actor), listClasses(services.db)]);
  return { exams, classes };
}

type Answer = {
  ok: boolean;
  done?: "created" | "published" | "unpublished" | "classSaved";
  error?: Problem;
  fields?: Record<string, Problem>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "class") {
      const id = String(form.get("id") ?? "");
      const parsed = classInput.safeParse({
        name: form.get("name"),
        sections: String(form.get("sections") ?? "")
          .split(",")
          .map((section) => section.trim())
          .filter(Boolean),
      });
      if (!parsed.success) {
        return data({ ok: false, error: Object.values(fieldProblemsOf(parsed.error))[0] } satisfies Answer, {
          status: 400,
        });
      }
      await saveClass(services.db, actor, parsed.data, id || undefined);
      return { ok: true, done: "classSaved" } satisfies Answer;
    }
    if (intent === "publish" || intent === "unpublish") {
      const id = String(form.get("id") ?? "");
      if (intent === "publish") await publishExam(services.db, actor, id);
      else await unpublishExam(services.db, actor, id);
      return { ok: true, done: intent === "publish" ? "published" : "unpublished" } satisfies Answer;
    }
    const read = readExamForm(form);
    if ("fields" in read) return data({ ok: false, fields: read.fields } satisfies Answer, { status: 400 });
    await createExam(services.db, actor, read.input);
    return { ok: true, done: "created" } satisfies Answer;
  } catch (error) {
    if (error instanceof DomainError) {
      return data({ ok: false, error: error.problem, fields: error.fieldProblems } satisfies Answer, {
        status: 400,
      });
    }
    throw error;
  }
}

const doneKeys = {
  created: "results.exams.created",
  published: "results.exams.publishedNow",
  unpublished: "results.exams.unpublishedNow",
  classSaved: "results.classes.saved",
} as const;

export default function Exams({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const fields = answer?.fields ?? {};
  return (
    <Stack gap="lg">
      <Title order={2}>{t("results.exams.heading")}</Title>
      {answer?.ok && answer.done ? (
        <Alert color="teal" variant="light" role="status" data-testid="form-success">
          {t(doneKeys[answer.done])}
        </Alert>
      ) : null}
      <FormError message={answer?.error ? te(answer.error) : null} />
      {loaderData.exams.length === 0 ? (
        <p>{t("results.exams.none")}</p>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="exams">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("results.exams.name")}</Table.Th>
                <Table.Th scope="col">{t("results.exams.class")}</Table.Th>
                <Table.Th scope="col">{t("results.exams.status")}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t("results.exams.open")}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.exams.map((exam) => (
                <Table.Tr key={exam.id}>
                  <Table.Td>
                    <Link to={href("/DeashBoard/exams/:id", { id: exam.id })}>
                      {exam.name} {exam.session}
                    </Link>
                  </Table.Td>
                  <Table.Td>{exam.class}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={exam.published ? "teal.9" : "gray.9"}>
                      {exam.published
                        ? t("results.exams.published")
                        : exam.publishAt
                          ? t("results.exams.scheduled", { date: formatDateTime(exam.publishAt, intl) })
                          : t("results.exams.draft")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Form method="post">
                      <input type="hidden" name="id" value={exam.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value={exam.published ? "unpublish" : "publish"}
                        size="xs"
                        variant={exam.published ? "outline" : "filled"}
                        aria-label={`${exam.published ? t("results.exams.unpublish") : t("results.exams.publish")}: ${exam.name} ${exam.session}`}
                      >
                        {exam.published ? t("results.exams.unpublish") : t("results.exams.publish")}
                      </Button>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Paper withBorder p="lg" maw={720}>
        <Title order={3} mb="sm">
          {t("results.exams.new")}
        </Title>
        <ExamForm
          classes={loaderData.classes.map((c) => c.name)}
          fields={fields}
          busy={busy}
          intent="create"
          submitLabel={t("results.exams.create")}
        />
      </Paper>
      <Classes classes={loaderData.classes} />
    </Stack>
  );
}

/** The institute's classes and their sections: each row its own form; the last adds a class. */
function Classes({ classes }: { classes: { id: string; name: string; sections: string[] }[] }) {
  const { t } = useI18n();
  const rows = [...classes, { id: "", name: "", sections: [] }];
  return (
    <Paper withBorder p="lg" maw={720}>
      <Title order={3} mb="xs">
        {t("results.classes.heading")}
      </Title>
      <Text size="sm" mb="sm">
        {t("results.classes.help")}
      </Text>
      <Stack gap="xs" data-testid="classes">
        {rows.map((row) => (
          <Form method="post" key={row.id || "new"}>
            <input type="hidden" name="id" value={row.id} />
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                name="name"
                label={row.id ? t("results.classes.name") : t("results.classes.new")}
                defaultValue={row.name}
                required
                maxLength={40}
              />
              <TextInput
                name="sections"
                label={t("results.classes.sections")}
                defaultValue={row.sections.join(", ")}
                maxLength={400}
              />
              <Button
                type="submit"
                name="intent"
                value="class"
                variant="outline"
                aria-label={`${t("results.classes.save")}: ${row.name || t("results.classes.new")}`}
              >
                {t("results.classes.save")}
              </Button>
            </Group>
          </Form>
        ))}
      </Stack>
    </Paper>
  );
}
