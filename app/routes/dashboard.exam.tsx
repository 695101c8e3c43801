// /DeashBoard/exams/{id}: the marks of one exam, subject by subject, in a grid that saves each
// cell as the admin leaves it (keyboard first: Enter moves down, Tab across), and the import of a
// whole marks sheet. Without script, the grid is one form saved with its button. A teacher gets
// the grid of their own subjects only (another subject's is the 403 page); the exam's setup, the
// import and the account links stay the admins'.

import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { examTitle } from "../../common/exam-title";
import { readExamForm, scoreProblems } from "../../common/schemas/exam-forms";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { type ComponentKind, componentKinds, linkAccountInput } from "../../common/schemas/results";
import { readScore } from "../../common/scores";
import { formatNumber } from "../../i18n/format";
import { linkAccount } from "../../server/domain/account-links";
import { listClasses } from "../../server/domain/classes";
import { DomainError, statusOf } from "../../server/domain/errors";
import { updateExam } from "../../server/domain/exam-setup";
import { getExam } from "../../server/domain/exams";
import { markingScope, marksGrid, saveMarks } from "../../server/domain/marks";
import { importMarks } from "../../server/domain/marks-import";
import { readMarksSheet } from "../../server/exam-results/marks-sheet-reading";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { ExamFigures } from "../components/exam-results/exam-figures";
import { officeFigures } from "../components/exam-results/exam-figures.server";
import { ExamForm } from "../components/exam-results/exam-form";
import { LinkAccountForm } from "../components/exam-results/link-account-form";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { type FieldErrors, useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.exam";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "results.exams.heading");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["subject"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const asked = new URL(request.url).searchParams.get("subject");
  const grid = await marksGrid(services.db, actor, params.id, asked ?? undefined).catch((error) => {
    if (error instanceof DomainError && (error.code === "not_found" || error.code === "forbidden"))
      throw data({ error: error.problem }, { status: statusOf[error.code] });
    throw error;
  });
  const subject = grid.exam.subjects.find((s) => s.code === asked) ?? grid.exam.subjects[0];
  if (!actor.isAdmin) {
    return { exam: grid.exam, subject, students: grid.students, figures: null, classes: [], admin: false };
  }
  const [figures, classes] = await Promise.all([
    officeFigures(context, request, grid.exam.id),
    listClasses(services.db),
  ]);
  return {
    exam: grid.exam,
    subject,
    students: grid.students,
    figures,
    classes: classes.map((c) => c.name),
    admin: true,
  };
}

type SheetError = { row: number; column: string; message: string } & Problem;
type Answer = {
  ok: boolean;
  saved?: number;
  imported?: { count: number; enrolled: number };
  /** What an import of the sheet would do (nothing saved). */
  checked?: { count: number; enrolled: number };
  errors?: SheetError[];
  error?: Problem;
  /** The exam was changed. */
  changed?: boolean;
  /** An account was linked to this enrolment. */
  linked?: string;
  /** The form refused and its errors by field: the exam's change, the link, the import, the grid. */
  form?: "change" | "link" | "import" | "marks";
  fields?: Record<string, Problem>;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const form = await request.formData();
  try {
    const intent = form.get("intent");
    // The exam's setup, its import and the account links: admins only.
    if (["change", "link-account", "import", "check"].includes(String(intent)))
      requireAdminPage(context, request);
    if (intent === "change") {
      const read = readExamForm(Object.fromEntries(form));
      if (!read.input)
        return data({ ok: false, form: "change", fields: read.fields } satisfies Answer, { status: 400 });
      await updateExam(services.db, actor, params.id, read.input);
      return { ok: true, changed: true } satisfies Answer;
    }
    if (intent === "link-account") {
      const enrolment = String(form.get("enrolment") ?? "");
      const parsed = linkAccountInput.safeParse({ email: form.get("email"), relation: form.get("relation") });
      if (!parsed.success) {
        return data({ ok: false, form: "link", fields: fieldProblemsOf(parsed.error) } satisfies Answer, {
          status: 400,
        });
      }
      try {
        await linkAccount(services.db, actor, enrolment, parsed.data);
        return { ok: true, linked: enrolment } satisfies Answer;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const fields =
          error.code === "not_found" ? { enrolment: problem("exam.enrolledStudent") } : error.fieldProblems;
        if (!fields) throw error;
        return data({ ok: false, form: "link", fields } satisfies Answer, { status: 400 });
      }
    }
    if (intent === "import" || intent === "check") {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) {
        return data(
          { ok: false, form: "import", fields: { file: problem("exam.fileRequired") } } satisfies Answer,
          { status: 400 },
        );
      }
      const exam = await getExam(services.db, actor, params.id);
      const sheet = await readMarksSheet(
        { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
        exam.subjects,
      );
      const check = intent === "check";
      const result = await importMarks(services.db, actor, exam.id, sheet.rows, sheet.errors, { check });
      if (result.errors.length > 0)
        return data({ ok: false, errors: result.errors } satisfies Answer, { status: 400 });
      const counts = { count: result.imported, enrolled: result.enrolled };
      return (check ? { ok: true, checked: counts } : { ok: true, imported: counts }) satisfies Answer;
    }
    // The grid: fields named score.<enrolment>.<subject>.<component>, each checked against its
    // subject's full marks and refused beside its box.
    const { exam } = await markingScope(services.db, actor, params.id);
    const values = Object.fromEntries(form);
    const refused = scoreProblems(values, (code, kind) => {
      const part = exam.subjects.find((s) => s.code === code)?.components.find((c) => c.kind === kind);
      return part?.full ?? Number.POSITIVE_INFINITY;
    });
    if (Object.keys(refused).length > 0)
      return data({ ok: false, form: "marks", fields: refused } satisfies Answer, { status: 400 });
    const marks = [];
    for (const [name, value] of Object.entries(values)) {
      const [prefix, enrolment, subject, component] = name.split(".");
      if (prefix !== "score" || !enrolment || !subject || !component) continue;
      const read = readScore(String(value), Number.POSITIVE_INFINITY);
      if ("problem" in read) continue;
      marks.push({ enrolment, subject, component: component as ComponentKind, score: read.score });
    }
    if (marks.length === 0) return { ok: true, saved: 0 } satisfies Answer;
    const saved = await saveMarks(services.db, actor, params.id, { marks });
    return { ok: true, saved: saved.saved } satisfies Answer;
  } catch (error) {
    if (error instanceof DomainError) {
      const refused = error.code === "forbidden" || error.code === "not_found";
      return data({ ok: false, error: error.problem } satisfies Answer, {
        status: refused ? statusOf[error.code] : 400,
      });
    }
    throw error;
  }
}

export default function ExamMarks({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const { exam, subject, students, figures, classes, admin } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const parts = subject
    ? componentKinds.filter((kind) => subject.components.some((c) => c.kind === kind))
    : [];
  const missing = subject
    ? students.filter((s) => parts.some((kind) => s.scores[subject.code]?.[kind] === undefined)).length
    : 0;
  return (
    <Stack gap="lg">
      <Title order={2}>{t("results.marks.heading", { exam: `${examTitle(exam)}, ${exam.class}` })}</Title>
      {answer?.ok && answer.saved !== undefined ? (
        <Alert color="teal" variant="light" role="status">
          {t("results.marks.saved", { count: formatNumber(answer.saved, intl) })}
        </Alert>
      ) : null}
      {answer?.ok && answer.imported ? (
        <Alert color="teal" variant="light" role="status" data-testid="import-done">
          {t("results.import.done", {
            count: formatNumber(answer.imported.count, intl),
            enrolled: formatNumber(answer.imported.enrolled, intl),
          })}
        </Alert>
      ) : null}
      {answer?.ok && answer.checked ? (
        <Alert color="blue" variant="light" role="status" data-testid="import-checked">
          {t("results.import.checked", {
            count: formatNumber(answer.checked.count, intl),
            enrolled: formatNumber(answer.checked.enrolled, intl),
          })}
        </Alert>
      ) : null}
      <FormError message={answer?.error ? te(answer.error) : null} />
      {answer?.ok && answer.changed ? (
        <Alert color="teal" variant="light" role="status">
          {t("results.exams.changed")}
        </Alert>
      ) : null}
      {admin ? (
        <details className="exam-change" open={answer?.form === "change" ? true : undefined}>
          <summary>{t("results.exams.change")}</summary>
          <Paper withBorder p="lg" mt="xs" maw={720}>
            <ExamForm
              classes={classes}
              exam={exam}
              fields={answer?.form === "change" ? answer.fields : undefined}
              busy={busy}
              intent="change"
              submitLabel={t("results.exams.saveChange")}
            />
          </Paper>
        </details>
      ) : null}
      {answer?.errors?.length ? <ImportErrors errors={answer.errors} /> : null}
      {answer?.ok && answer.linked ? (
        <Alert color="teal" variant="light" role="status" data-testid="account-linked">
          {t("results.link.done", {
            name: students.find((s) => s.enrolment === answer.linked)?.name ?? "",
          })}
        </Alert>
      ) : null}

      {admin ? (
        <Paper withBorder p="lg">
          <Title order={3} mb="xs">
            {t("results.import.heading")}
          </Title>
          <Text size="sm" mb="sm">
            {t("results.import.help")}
          </Text>
          <Group gap="sm" mb="sm">
            <a href={`/results/exams/${exam.id}/marks.xlsx`} download>
              {t("results.import.templateXlsx")}
            </a>
            <a href={`/results/exams/${exam.id}/marks.csv`} download>
              {t("results.import.template")}
            </a>
          </Group>
          <ImportForm fields={answer?.form === "import" ? answer.fields : undefined} busy={busy} />
        </Paper>
      ) : null}

      {students.length === 0 || !subject ? (
        <p>{t("results.marks.none")}</p>
      ) : (
        <>
          <Form method="get">
            <Group align="flex-end">
              <NativeSelect
                name="subject"
                label={t("results.marks.subject")}
                defaultValue={subject.code}
                data={exam.subjects.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }))}
              />
              <Button type="submit" variant="outline">
                {t("results.marks.show")}
              </Button>
            </Group>
          </Form>
          <Text size="sm">{t("results.marks.help")}</Text>
          {missing > 0 ? (
            <Text size="sm">{t("results.marks.missing", { count: formatNumber(missing, intl) })}</Text>
          ) : null}
          <MarksGrid
            key={subject.code}
            subject={subject}
            parts={parts}
            students={students}
            fields={answer?.form === "marks" ? answer.fields : undefined}
            busy={busy}
          />
        </>
      )}
      {admin && students.length > 0 ? (
        <LinkAccountForm
          students={students}
          fields={answer?.form === "link" ? answer.fields : undefined}
          busy={busy}
        />
      ) : null}
      {figures ? (
        <Paper withBorder p="lg">
          <ExamFigures
            view={figures}
            heading={t("examReports.figures.heading")}
            headingLevel={3}
            files={{ examId: exam.id }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The marks sheet's import: a file must be chosen, checked first in the browser. */
function ImportForm({ fields, busy }: { fields?: FieldErrors; busy: boolean }) {
  const { t } = useI18n();
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/exam-forms").then((m) => m.importFormInput),
    fields,
  );
  const error = fieldError("file");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      data-testid="import-form"
    >
      <Group align="flex-start">
        <div>
          <label htmlFor="marks-file" className="field__label">
            {t("results.import.file")}
          </label>
          <input
            id="marks-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "marks-file-error" : undefined}
            style={{ display: "block" }}
          />
          {error ? (
            <Text id="marks-file-error" c="red" size="sm" mt={4}>
              {error}
            </Text>
          ) : null}
        </div>
        <Button type="submit" name="intent" value="check" variant="outline" loading={busy} mt={20}>
          {t("results.import.check")}
        </Button>
        <Button type="submit" name="intent" value="import" loading={busy} mt={20}>
          {t("results.import.submit")}
        </Button>
      </Group>
    </Form>
  );
}

type Subject = Route.ComponentProps["loaderData"]["exam"]["subjects"][number];
type Student = Route.ComponentProps["loaderData"]["students"][number];

/** One subject's scores; without script one form saved with its button, checked first with script. */
function MarksGrid({
  subject,
  parts,
  students,
  fields,
  busy,
}: {
  subject: Subject;
  parts: ComponentKind[];
  students: Student[];
  fields?: FieldErrors;
  busy: boolean;
}) {
  const { t } = useI18n();
  const fulls = Object.fromEntries(subject.components.map((c) => [`${subject.code}.${c.kind}`, c.full]));
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    () => import("../../common/schemas/exam-forms").then((m) => m.marksFormInput(fulls)),
    fields,
  );
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} data-testid="marks-form">
      <Table.ScrollContainer minWidth={480}>
        <Table striped data-testid="marks-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("marksheet.roll")}</Table.Th>
              <Table.Th scope="col">{t("marksheet.student")}</Table.Th>
              {parts.map((kind) => {
                const part = subject.components.find((c) => c.kind === kind);
                return (
                  <Table.Th scope="col" key={kind}>
                    {t(`marksheet.component.${kind}`)} ({part?.full})
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {students.map((student, row) => (
              <Table.Tr key={student.enrolment}>
                <Table.Td>{student.roll}</Table.Td>
                <Table.Th scope="row">{student.name}</Table.Th>
                {parts.map((kind, column) => {
                  const name = `score.${student.enrolment}.${subject.code}.${kind}`;
                  return (
                    <Table.Td key={kind}>
                      <MarkCell
                        name={name}
                        label={`${student.name}, ${t(`marksheet.component.${kind}`)}`}
                        value={student.scores[subject.code]?.[kind]}
                        full={subject.components.find((c) => c.kind === kind)?.full ?? 0}
                        row={row}
                        column={column}
                        error={fieldError(name)}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Button type="submit" name="intent" value="save" mt="sm" loading={busy}>
        {t("results.marks.save")}
      </Button>
    </Form>
  );
}

/** One score: saved on its own when the admin leaves a changed cell; Enter moves down. */
function MarkCell({
  name,
  label,
  value,
  full,
  row,
  column,
  error,
}: {
  name: string;
  label: string;
  value: number | null | undefined;
  full: number;
  row: number;
  column: number;
  /** The form's check of this box (the grid's save), in words. */
  error?: string;
}) {
  const { t, te } = useI18n();
  const fetcher = useFetcher<Answer>();
  const initial = value === undefined ? "" : value === null ? "A" : String(value);
  // A ref, not state: Enter saves and moves the focus, whose blur asks to save again in the same
  // tick, before a state would be updated; that second save went out too (two identical entries).
  const saved = useRef(initial);
  const sent = useRef(false);
  const [mistake, setMistake] = useState<string | null>(null);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  useEffect(() => {
    if (fetcher.state === "idle") sent.current = false;
  }, [fetcher.state]);
  const save = (text: string) => {
    // Unchanged since the last save; after a save that failed, leaving the cell tries again once.
    if (text.trim() === saved.current.trim() && (!failed || sent.current)) return;
    if ("problem" in readScore(text, full)) {
      setMistake(te(problem("exam.scoreRange", { full })));
      return;
    }
    setMistake(null);
    saved.current = text;
    sent.current = true;
    fetcher.submit({ [name]: text }, { method: "post" });
  };
  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = document.querySelector<HTMLInputElement>(`[data-cell="${row + 1}:${column}"]`);
    save(event.currentTarget.value);
    next?.focus();
    next?.select();
  };
  const refused = failed ? fetcher.data?.fields?.[name] : undefined;
  const status =
    mistake ??
    error ??
    (fetcher.state !== "idle"
      ? t("results.marks.saving")
      : refused
        ? te(refused)
        : failed
          ? t("results.marks.failedCell")
          : "");
  const invalid = Boolean(mistake || error || failed);
  return (
    <span className="mark-cell">
      <input
        name={name}
        defaultValue={initial}
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${name}-status` : undefined}
        data-cell={`${row}:${column}`}
        inputMode="numeric"
        autoComplete="off"
        size={4}
        maxLength={10}
        className="mark-cell__input"
        onBlur={(event) => save(event.currentTarget.value)}
        onKeyDown={move}
      />
      <span className="mark-cell__status" role="status" id={`${name}-status`}>
        {status}
      </span>
    </span>
  );
}

function ImportErrors({ errors }: { errors: SheetError[] }) {
  const { t, te, intl } = useI18n();
  return (
    <Paper withBorder p="md" role="alert" data-testid="import-errors">
      <Text fw={600} mb="xs">
        {t("results.import.errors", { count: formatNumber(errors.length, intl) })}
      </Text>
      <Table.ScrollContainer minWidth={400}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("results.import.row")}</Table.Th>
              <Table.Th scope="col">{t("results.import.column")}</Table.Th>
              <Table.Th scope="col">{t("results.import.problem")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, 200).map((error) => (
              <Table.Tr key={`${error.row} ${error.column} ${error.message}`}>
                <Table.Td>{error.row}</Table.Td>
                <Table.Td>{error.column}</Table.Td>
                <Table.Td>{te({ key: error.key, params: error.params })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
