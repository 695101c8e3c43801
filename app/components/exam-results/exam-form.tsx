// The dashboard's exam form: set up an exam, or change one (filled in with it). On the one form
// pattern: read and checked by common/schemas/exam-forms.ts in the browser and on the server.

import { Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { Form } from "react-router";
import type { Problem } from "../../../common/errors/problem";
import { writeSubjectLines } from "../../../common/subject-lines";
import { lettersAsCodeUnits } from "../../../common/text-rules";
import type { Exam } from "../../../server/domain/exams";
import { useI18n } from "../../lib/i18n";
import { useSchemaForm } from "../../lib/use-schema-form";

type ExamValues = Pick<
  Exam,
  "name" | "session" | "class" | "scheme" | "showPosition" | "figuresPublic" | "subjects"
>;

export function ExamForm({
  classes,
  exam,
  fields,
  busy,
  intent,
  submitLabel,
}: {
  classes: string[];
  exam?: ExamValues;
  /** The server's refusal of this form, by box. */
  fields?: Record<string, Problem>;
  busy: boolean;
  intent: string;
  submitLabel: string;
}) {
  const { t } = useI18n();
  const {
    onSubmit,
    onFocus,
    fieldError: field,
  } = useSchemaForm(() => import("../../../common/schemas/exam-forms").then((m) => m.examFormInput), fields);
  const bands =
    exam?.scheme.kind === "custom"
      ? exam.scheme.bands.map((b) => `${b.min} ${b.grade} ${b.point}`).join("\n")
      : "";
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} data-testid={`exam-form-${intent}`}>
      <Stack gap="sm">
        <TextInput
          name="name"
          label={t("results.exams.name")}
          required
          maxLength={lettersAsCodeUnits(100)}
          defaultValue={exam?.name}
          error={field("name")}
        />
        <Group grow align="flex-start">
          <TextInput
            name="session"
            label={t("results.exams.session")}
            required
            defaultValue={exam?.session ?? String(new Date().getFullYear())}
            error={field("session")}
          />
          <NativeSelect
            name="class"
            label={t("results.exams.class")}
            data={classes}
            defaultValue={exam?.class}
            error={field("class")}
          />
          <NativeSelect
            name="scheme"
            label={t("results.exams.scheme")}
            defaultValue={exam?.scheme.kind}
            data={[
              { value: "national", label: t("results.exams.scheme.national") },
              { value: "qawmi", label: t("results.exams.scheme.qawmi") },
              { value: "custom", label: t("results.exams.scheme.custom") },
            ]}
          />
        </Group>
        <Textarea
          name="bands"
          label={t("results.exams.bands")}
          description={t("results.exams.bandsHelp")}
          autosize
          minRows={2}
          defaultValue={bands}
          error={field("bands")}
        />
        <Textarea
          name="subjects"
          label={t("results.exams.subjects")}
          description={t("results.exams.subjectsHelp")}
          required
          autosize
          minRows={4}
          defaultValue={exam ? writeSubjectLines(exam.subjects) : undefined}
          error={field("subjects")}
        />
        <Checkbox
          name="showPosition"
          label={t("results.exams.showPosition")}
          defaultChecked={exam?.showPosition ?? true}
        />
        <Checkbox
          name="figuresPublic"
          label={t("results.exams.figuresPublic")}
          defaultChecked={exam?.figuresPublic}
        />
        <Button type="submit" name="intent" value={intent} loading={busy} w="fit-content">
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  );
}
