// /DeashBoard/exams: every exam with its status, publishing and unpublishing, and the form that
// sets up a new one (subjects typed one per line, common/subject-lines.ts). A teacher sees the
// exams of the class-subjects assigned to them, each opening its marks grid, and nothing else.

import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link, useActionData, useNavigation } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { examTitle } from "../../common/exam-title";
import { readClassForm, readExamForm } from "../../common/schemas/exam-forms";
import { publishInput } from "../../common/schemas/results";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { formatDateTime } from "../../i18n/format";
import { listClasses, saveClass } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { publishExam, unpublishExam } from "../../server/domain/exam-publishing";
import { createExam } from "../../server/domain/exam-setup";
import { teachersExams } from "../../server/domain/teaching";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { ExamForm } from "../components/exam-results/exam-form";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.exams";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "results.exams.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const exams = await teachersExams(services.db, actor);
  const classes = actor.isAdmin ? await listClasses(services.db) : [];
  return { exams, classes, admin: actor.isAdmin };
}

type Answer = {
  ok: boolean;
  done?: "created" | "published" | "scheduled" | "unpublished" | "classSaved";
  error?: Problem;
  fields?: Record<string, Problem>;
  /** The form refused: the new exam's, or a class row's by its id ("" the new class). */
  form?: "exam" | "class";
  classRow?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "class") {
      const id = String(form.get("id") ?? "");
      const read = readClassForm(Object.fromEntries(form));
      if (!read.input) {
        return data({ ok: false, fields: read.fields, form: "class", classRow: id } satisfies Answer, {
          status: 400,
        });
      }
      try {
        await saveClass(services.db, actor, read.input, id || undefined);
      } catch (error) {
        // Another class's name is the name box's problem.
        if (!(error instanceof DomainError) || !error.fieldProblems) throw error;
        return data(
          { ok: false, fields: error.fieldProblems, form: "class", classRow: id } satisfies Answer,
          { status: 400 },
        );
      }
      return { ok: true, done: "classSaved" } satisfies Answer;
    }
    if (intent === "publish" || intent === "unpublish") {
      const id = String(form.get("id") ?? "");
      if (intent === "unpublish") {
        // Families lose the results at once: asked first.
        if (form.get("confirm") !== "yes") {
          return data({ ok: false, error: problem("action.confirm") } satisfies Answer, { status: 400 });
        }
        await unpublishExam(services.db, actor, id);
        return { ok: true, done: "unpublished" } satisfies Answer;
      }
      // "Publish at": the box's local time is Dhaka's, as the API's `at` takes it with its offset.
      const local = String(form.get("at") ?? "").trim();
      const at = publishInput.safeParse(
        local ? { at: `${local.length === 16 ? `${local}:00` : local}+06:00` } : {},
      );
      if (!at.success) {
        return data({ ok: false, error: problem("value.dateTime") } satisfies Answer, { status: 400 });
      }
      await publishExam(services.db, actor, id, at.data.at);
      return { ok: true, done: at.data.at ? "scheduled" : "published" } satisfies Answer;
    }
    const read = readExamForm(Object.fromEntries(form));
    if (!read.input)
      return data({ ok: false, fields: read.fields, form: "exam" } satisfies Answer, { status: 400 });
    await createExam(services.db, actor, read.input);
    return { ok: true, done: "created" } satisfies Answer;
  } catch (error) {
    if (error instanceof DomainError) {
      // A refusal naming a box is shown beside it; one about the whole exam at the top.
      const form = error.fieldProblems ? "exam" : undefined;
      const top = error.fieldProblems ? undefined : error.problem;
      return data({ ok: false, error: top, fields: error.fieldProblems, form } satisfies Answer, {
        status: 400,
      });
    }
    throw error;
  }
}

const doneKeys = {
  created: "results.exams.created",
  published: "results.exams.publishedNow",
  scheduled: "results.exams.scheduledNow",
  unpublished: "results.exams.unpublishedNow",
  classSaved: "results.classes.saved",
} as const;

export default function Exams({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
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
                {loaderData.admin ? (
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t("results.exams.open")}</span>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.exams.map((exam) => (
                <Table.Tr key={exam.id}>
                  <Table.Td>
                    <Link to={href("/DeashBoard/exams/:id", { id: exam.id })}>{examTitle(exam)}</Link>
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
                  {loaderData.admin ? (
                    <Table.Td>
                      <PublishControls exam={exam} busy={busy} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {loaderData.admin ? (
        <>
          <Paper withBorder p="lg" maw={720}>
            <Title order={3} mb="sm">
              {t("results.exams.new")}
            </Title>
            <ExamForm
              classes={loaderData.classes.map((c) => c.name)}
              fields={answer?.form === "exam" ? answer.fields : undefined}
              busy={busy}
              intent="create"
              submitLabel={t("results.exams.create")}
            />
          </Paper>
          <Classes
            classes={loaderData.classes}
            refused={
              answer?.form === "class" ? { row: answer.classRow ?? "", fields: answer.fields } : undefined
            }
          />
        </>
      ) : null}
    </Stack>
  );
}

/** The institute's classes and their sections: each row its own form; the last adds a class. */
function Classes({
  classes,
  refused,
}: {
  classes: { id: string; name: string; sections: string[] }[];
  /** The server's refusal of one row (by its id, "" the new class). */
  refused?: { row: string; fields?: Record<string, Problem> };
}) {
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
          <ClassRow
            key={row.id || "new"}
            row={row}
            fields={refused && refused.row === row.id ? refused.fields : undefined}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function ClassRow({
  row,
  fields,
}: {
  row: { id: string; name: string; sections: string[] };
  fields?: Record<string, Problem>;
}) {
  const { t } = useI18n();
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/exam-forms").then((m) => m.classFormInput),
    fields,
  );
  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      data-testid={`class-${row.id || "new"}`}
    >
      <input type="hidden" name="id" value={row.id} />
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          name="name"
          label={row.id ? t("results.classes.name") : t("results.classes.new")}
          defaultValue={row.name}
          required
          maxLength={lettersAsCodeUnits(40)}
          error={fieldError("name")}
        />
        <TextInput
          name="sections"
          label={t("results.classes.sections")}
          defaultValue={row.sections.join(", ")}
          maxLength={lettersAsCodeUnits(400)}
          error={fieldError("sections")}
        />
        <Button
          type="submit"
          name="intent"
          value="class"
          variant="outline"
          mt={25}
          aria-label={`${t("results.classes.save")}: ${row.name || t("results.classes.new")}`}
        >
          {t("results.classes.save")}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * Publishing one exam: now, or at a time (Dhaka's) in a disclosure; unpublishing asks for a box
 * ticked first. Plain forms: they work without script.
 */
function PublishControls({
  exam,
  busy,
}: {
  exam: { id: string; name: string; session: string; published: boolean };
  busy: boolean;
}) {
  const { t } = useI18n();
  const what = examTitle(exam);
  if (exam.published) {
    return (
      <details className="refund" data-testid="unpublish">
        <summary>{t("results.exams.unpublishOpen")}</summary>
        <Form method="post" className="stack">
          <input type="hidden" name="id" value={exam.id} />
          <Checkbox name="confirm" value="yes" size="xs" label={t("results.exams.unpublishConfirm")} />
          <Button
            type="submit"
            name="intent"
            value="unpublish"
            size="xs"
            variant="outline"
            color="red.9"
            loading={busy}
            aria-label={`${t("results.exams.unpublish")}: ${what}`}
          >
            {t("results.exams.unpublish")}
          </Button>
        </Form>
      </details>
    );
  }
  return (
    <Stack gap={4}>
      <Form method="post">
        <input type="hidden" name="id" value={exam.id} />
        <Button
          type="submit"
          name="intent"
          value="publish"
          size="xs"
          loading={busy}
          aria-label={`${t("results.exams.publish")}: ${what}`}
        >
          {t("results.exams.publish")}
        </Button>
      </Form>
      <details className="refund" data-testid="publish-at">
        <summary>{t("results.exams.publishAtOpen")}</summary>
        <Form method="post" className="stack">
          <input type="hidden" name="id" value={exam.id} />
          <TextInput
            type="datetime-local"
            name="at"
            required
            size="xs"
            label={t("results.exams.publishAt")}
          />
          <Button
            type="submit"
            name="intent"
            value="publish"
            size="xs"
            variant="outline"
            color="dark"
            loading={busy}
            aria-label={`${t("results.exams.schedule")}: ${what}`}
          >
            {t("results.exams.schedule")}
          </Button>
        </Form>
      </details>
    </Stack>
  );
}
