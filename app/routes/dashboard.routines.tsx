// /DeashBoard/routines: the class routine's own editor (a week's grid does not fit the generic
// content form). The periods (one a line) and school days; a class's week as a grid of subject,
// teacher and room per day and period, saved whole and refused on a clash, which is named; and
// the substitutes of the days to come. Every save goes through server/domain/routines.ts.

import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link, useActionData } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import {
  readRoutineForm,
  readSubstituteForm,
  readWeekForm,
  substituteBox,
} from "../../common/schemas/routine-forms";
import { dhakaToday, weekdays } from "../../common/schemas/routines";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { formatDate, localDigits } from "../../i18n/format";
import { listClasses } from "../../server/domain/classes";
import { DomainError } from "../../server/domain/errors";
import { addSubstitute, deleteSubstitute, listSubstitutes } from "../../server/domain/routine-substitutes";
import { classRoutine, readWeek, routineTeachers, saveRoutine, saveWeek } from "../../server/domain/routines";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { dayLabel } from "../components/routines/week-table";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.routines";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "routines.menu");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["class", "section"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const { services } = pageOf(context);
  const query = new URL(request.url).searchParams;
  const classId = query.get("class");
  const today = dhakaToday();
  const [week, classes, teachers, substitutes] = await Promise.all([
    readWeek(services.db),
    listClasses(services.db),
    routineTeachers(services.db),
    listSubstitutes(services.db, undefined, today),
  ]);
  const routine = classId
    ? await classRoutine(services.db, classId, query.get("section") ?? "", today).catch((error) => {
        if (error instanceof DomainError) return null;
        throw error;
      })
    : null;
  return { week, classes, teachers, substitutes, routine, today };
}

type Answer = {
  ok: boolean;
  error?: Problem;
  fields?: Record<string, Problem>;
  /** The form refused. */
  form?: "week" | "routine" | "substitute";
  /** Every clash of a refused week, listed under the message (each is beside its box too). */
  clashes?: Problem[];
};

/**
 * A domain refusal as the page's answer, its fields renamed to the form's boxes. A clash (409)
 * concerns two classes: named at the form's top as well as beside its box, every one of them.
 */
function refusal(error: unknown, form?: Answer["form"], boxOf = (field: string) => field) {
  if (!(error instanceof DomainError)) throw error;
  const fields = error.fieldProblems
    ? Object.fromEntries(
        Object.entries(error.fieldProblems).map(([field, message]) => [boxOf(field), message]),
      )
    : undefined;
  const status = error.code === "not_found" ? 404 : error.code === "conflict" ? 409 : 400;
  const top = !fields || status === 409 ? error.problem : undefined;
  const clashes =
    status === 409 && error.fieldProblems && Object.keys(error.fieldProblems).length > 1
      ? Object.values(error.fieldProblems)
      : undefined;
  return data({ ok: false, error: top, fields, form, clashes } satisfies Answer, { status });
}

const invalid = (form: Answer["form"], fields: Record<string, Problem>) =>
  data({ ok: false, fields, form } satisfies Answer, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  const values = Object.fromEntries(form);
  try {
    if (intent === "week") {
      const read = readWeekForm({ ...values, days: form.getAll("days") });
      if (!read.input) return invalid("week", read.fields);
      await saveWeek(services.db, actor, read.input);
      return { ok: true } satisfies Answer;
    }
    if (intent === "routine") {
      const read = readRoutineForm(values, await readWeek(services.db));
      if (!read.input) return invalid("routine", read.fields);
      try {
        await saveRoutine(services.db, actor, text("class"), text("section"), read.input);
      } catch (error) {
        return refusal(error, "routine", read.boxOf);
      }
      return { ok: true } satisfies Answer;
    }
    if (intent === "substitute") {
      const read = readSubstituteForm(values);
      if (!read.input) return invalid("substitute", read.fields);
      try {
        await addSubstitute(services.db, actor, read.input);
      } catch (error) {
        return refusal(error, "substitute", substituteBox);
      }
      return { ok: true } satisfies Answer;
    }
    if (intent === "deleteSubstitute") {
      await deleteSubstitute(services.db, actor, text("id"));
      return { ok: true } satisfies Answer;
    }
    return data({ ok: false, error: problem("request.unknownAction") } satisfies Answer, { status: 400 });
  } catch (error) {
    const forms = ["week", "routine", "substitute"] as const;
    return refusal(
      error,
      forms.find((name) => name === intent),
    );
  }
}

const classTitle = (name: string, section: string) => (section ? `${name} (${section})` : name);

export default function DashboardRoutines({ loaderData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const { week, classes, teachers, substitutes, routine, today } = loaderData;
  // A clash too is worded by its code (routine.teacherBusy), with the day and digits in Bangla.
  const message = answer?.error ? te(answer.error) : null;
  const classSections = classes.flatMap((item) =>
    (item.sections.length ? item.sections : [""]).map((section) => ({
      id: item.id,
      name: item.name,
      section,
    })),
  );
  const teaching = week.periods.filter((period) => !period.break);
  const refusedIn = (form: Answer["form"]) => (answer && answer.form === form ? answer.fields : undefined);
  const weekForm = useSchemaForm(
    () => import("../../common/schemas/routine-forms").then((m) => m.weekFormInput),
    refusedIn("week"),
    {
      values: (form) => ({
        ...Object.fromEntries(new FormData(form)),
        days: new FormData(form).getAll("days"),
      }),
    },
  );
  // The grid is checked against the week it is drawn for.
  const gridForm = useSchemaForm(
    () => import("../../common/schemas/routine-forms").then((m) => m.routineFormInput(week)),
    refusedIn("routine"),
  );
  const substituteForm = useSchemaForm(
    () => import("../../common/schemas/routine-forms").then((m) => m.substituteFormInput),
    refusedIn("substitute"),
  );
  const fieldError = gridForm.fieldError;
  const daysError = weekForm.fieldError("days");
  const teacherOptions = [
    { value: "", label: t("routines.admin.noTeacher") },
    ...teachers.map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <Stack gap="lg">
      <Title order={2}>{t("routines.menu")}</Title>
      <Text>{t("routines.admin.lead")}</Text>
      {answer?.ok ? (
        <Alert color="teal" variant="light" role="status" data-testid="form-success">
          {t("routines.admin.saved")}
        </Alert>
      ) : null}
      <FormError message={message} details={answer?.clashes?.map((clash) => te(clash))} />

      <Paper withBorder p="lg" maw={720}>
        <Title order={3} mb="sm">
          {t("routines.admin.week")}
        </Title>
        <Form
          method="post"
          noValidate
          onSubmit={weekForm.onSubmit}
          onFocus={weekForm.onFocus}
          data-testid="week-form"
        >
          <Stack gap="sm">
            <Textarea
              name="periods"
              error={weekForm.fieldError("periods")}
              label={t("routines.admin.periods")}
              description={t("routines.admin.periodsHelp")}
              autosize
              minRows={4}
              defaultValue={week.periods
                .map((p) => `${p.number} ${p.start} ${p.end}${p.break ? " break" : ""}`)
                .join("\n")}
            />
            <fieldset>
              <legend>{t("routines.admin.days")}</legend>
              <Group gap="md">
                {weekdays.map((day) => (
                  <Checkbox
                    key={day}
                    name="days"
                    value={day}
                    label={t(dayLabel(day))}
                    defaultChecked={week.days.includes(day)}
                    error={daysError ? true : undefined}
                    aria-describedby={daysError ? "days-error" : undefined}
                  />
                ))}
              </Group>
              {daysError ? (
                <Text id="days-error" c="red" size="sm" mt={4}>
                  {daysError}
                </Text>
              ) : null}
            </fieldset>
            <Group>
              <Button type="submit" name="intent" value="week">
                {t("routines.admin.saveWeek")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <Paper withBorder p="lg">
        <Title order={3} mb="sm">
          {t("routines.admin.chooseClass")}
        </Title>
        <Group gap="sm" component="ul" style={{ listStyle: "none", padding: 0 }}>
          {classSections.map((item) => (
            <li key={`${item.id} ${item.section}`}>
              <Link
                to={`${href("/DeashBoard/routines")}?class=${item.id}${item.section ? `&section=${encodeURIComponent(item.section)}` : ""}`}
                aria-current={
                  routine?.class.id === item.id && routine.section === item.section ? "page" : undefined
                }
              >
                {classTitle(item.name, item.section)}
              </Link>
            </li>
          ))}
        </Group>
        {routine ? (
          <Form
            method="post"
            key={`${routine.class.id} ${routine.section}`}
            noValidate
            onSubmit={gridForm.onSubmit}
            onFocus={gridForm.onFocus}
            data-testid="routine-form"
          >
            <input type="hidden" name="class" value={routine.class.id} />
            <input type="hidden" name="section" value={routine.section} />
            <Title order={4} mt="md" mb="xs">
              {t("routines.admin.editing", { class: classTitle(routine.class.name, routine.section) })}{" "}
              <a
                href={`${href("/classRoome")}?class=${routine.class.id}${routine.section ? `&section=${routine.section}` : ""}`}
              >
                ({t("routines.admin.publicPage")})
              </a>
            </Title>
            <Table.ScrollContainer minWidth={900}>
              <Table data-testid="routine-grid" className="routine-grid">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t("routines.dayHeader")}</Table.Th>
                    {teaching.map((period) => (
                      <Table.Th scope="col" key={period.number}>
                        {t("routines.period", { number: localDigits(String(period.number), intl) })}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {week.days.map((day) => (
                    <Table.Tr key={day}>
                      <Table.Th scope="row">{t(dayLabel(day))}</Table.Th>
                      {teaching.map((period) => {
                        const slot = routine.slots.find((s) => s.day === day && s.period === period.number);
                        const key = `${day}.${period.number}`;
                        const where = `${t(dayLabel(day))}, ${t("routines.period", { number: period.number })}`;
                        return (
                          <Table.Td key={key}>
                            <Stack gap={4}>
                              <TextInput
                                size="xs"
                                name={`subject.${key}`}
                                error={fieldError(`subject.${key}`)}
                                aria-label={`${t("routines.admin.subject")}: ${where}`}
                                defaultValue={slot?.subject ?? ""}
                                maxLength={lettersAsCodeUnits(80)}
                              />
                              <NativeSelect
                                size="xs"
                                name={`teacher.${key}`}
                                error={fieldError(`teacher.${key}`)}
                                aria-label={`${t("routines.admin.teacher")}: ${where}`}
                                defaultValue={slot?.teacher?.id ?? ""}
                                data={teacherOptions}
                              />
                              <TextInput
                                size="xs"
                                name={`room.${key}`}
                                error={fieldError(`room.${key}`)}
                                aria-label={`${t("routines.admin.room")}: ${where}`}
                                defaultValue={slot?.room ?? ""}
                                maxLength={lettersAsCodeUnits(20)}
                              />
                            </Stack>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Button type="submit" name="intent" value="routine" mt="sm">
              {t("routines.admin.saveRoutine")}
            </Button>
          </Form>
        ) : null}
      </Paper>

      <Paper withBorder p="lg" maw={900}>
        <Title order={3} mb="sm">
          {t("routines.admin.substitutes")}
        </Title>
        {substitutes.length === 0 ? (
          <Text mb="sm">{t("routines.admin.noSubstitutes")}</Text>
        ) : (
          // Five columns do not fit a 360 px phone: the table scrolls in its own region, not the page.
          <Table.ScrollContainer minWidth={420} mb="md">
            <Table data-testid="substitutes">
              <Table.Tbody>
                {substitutes.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{formatDate(item.date, intl)}</Table.Td>
                    <Table.Td>{classTitle(item.class.name, item.section)}</Table.Td>
                    <Table.Td>
                      {t("routines.period", { number: localDigits(String(item.period), intl) })}
                    </Table.Td>
                    <Table.Td>{item.teacher.name}</Table.Td>
                    <Table.Td>
                      <Form method="post">
                        <input type="hidden" name="id" value={item.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="deleteSubstitute"
                          size="xs"
                          variant="outline"
                          color="red.9"
                        >
                          {t("routines.admin.delete")}
                        </Button>
                      </Form>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Form
          method="post"
          noValidate
          onSubmit={substituteForm.onSubmit}
          onFocus={substituteForm.onFocus}
          data-testid="substitute-form"
        >
          <Group align="flex-start" gap="xs" wrap="wrap">
            <TextInput
              type="date"
              name="date"
              label={t("routines.date")}
              defaultValue={today}
              required
              error={substituteForm.fieldError("date")}
            />
            <NativeSelect
              name="classSection"
              error={substituteForm.fieldError("classSection")}
              label={t("routines.classes")}
              data={classSections.map((item) => ({
                value: `${item.id}|${item.section}`,
                label: classTitle(item.name, item.section),
              }))}
            />
            <NativeSelect
              name="period"
              error={substituteForm.fieldError("period")}
              label={t("routines.admin.periods")}
              data={teaching.map((period) => ({
                value: String(period.number),
                label: t("routines.period", { number: localDigits(String(period.number), intl) }),
              }))}
            />
            <NativeSelect
              name="teacher"
              label={t("routines.admin.teacher")}
              data={teacherOptions.slice(1)}
              error={substituteForm.fieldError("teacher")}
            />
            <Button type="submit" name="intent" value="substitute" mt={25}>
              {t("routines.admin.addSubstitute")}
            </Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  );
}
