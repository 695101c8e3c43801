// /DeashBoard/users/:id/teaching (admins): a teacher's class-subjects per session, with the class
// routine's teacher-subject pairs as a one-click start and the teachers' record the account is
// linked to. /DeashBoard/my-teaching: the teacher's own, with their routine and exams. Every form
// is a plain post (works without script); the domain checks each change again.
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { data, Form, href, Link, useActionData, useNavigation } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import { teacherRecordInput, teachingFromRoutineInput, teachingInput } from "../../common/schemas/people";
import { sessionName } from "../../common/schemas/results";
import { dhakaToday } from "../../common/schemas/routines";
import { lettersAsCodeUnits } from "../../common/text-rules";
import { listClasses } from "../../server/domain/classes";
import { DomainError, statusOf } from "../../server/domain/errors";
import {
  assignFromRoutine,
  assignTeaching,
  linkableTeachers,
  linkTeacherRecord,
  removeTeaching,
  teachingOf,
} from "../../server/domain/teaching";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { FormError } from "../components/form-error";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.teaching";

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "people.users.teaching");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["session"] };

/** The session the page is about: ?session=, or this year in Dhaka. */
function sessionOf(request: Request): string {
  const asked = sessionName.safeParse(new URL(request.url).searchParams.get("session") ?? "");
  return asked.success ? asked.data : dhakaToday().slice(0, 4);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const userId = params.id ?? actor.id;
  const session = sessionOf(request);
  const view = await teachingOf(services.db, actor, userId, session).catch((error) => {
    if (error instanceof DomainError && error.code === "not_found")
      throw data({ error: error.problem }, { status: 404 });
    throw error;
  });
  // The admin's forms: the classes to choose from and the teachers' records to link.
  const own = params.id === undefined;
  const [classes, teachers] =
    actor.isAdmin && !own
      ? await Promise.all([listClasses(services.db), linkableTeachers(services.db, actor, userId)])
      : [[], []];
  return { view, session, own, classes, teachers };
}

type Answer = {
  ok: boolean;
  done?: "added" | "removed" | "routine" | "linked";
  count?: number;
  error?: Problem;
  fields?: Record<string, Problem>;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const userId = params.id ?? actor.id;
  const form = Object.fromEntries(await request.formData());
  const refuse = (status: number, answer: Omit<Answer, "ok">) =>
    data({ ok: false, ...answer } satisfies Answer, { status });
  try {
    switch (form.intent) {
      case "add": {
        const parsed = teachingInput.safeParse({
          session: form.session,
          class: form.class,
          section: form.section ?? "",
          subject: form.subject,
        });
        if (!parsed.success) return refuse(400, { fields: fieldProblemsOf(parsed.error) });
        await assignTeaching(services.db, actor, userId, parsed.data);
        return { ok: true, done: "added" } satisfies Answer;
      }
      case "remove":
        await removeTeaching(services.db, actor, String(form.id ?? ""));
        return { ok: true, done: "removed" } satisfies Answer;
      case "routine": {
        const parsed = teachingFromRoutineInput.safeParse({ session: form.session });
        if (!parsed.success) return refuse(400, { fields: fieldProblemsOf(parsed.error) });
        const { added } = await assignFromRoutine(services.db, actor, userId, parsed.data.session);
        return { ok: true, done: "routine", count: added } satisfies Answer;
      }
      case "link": {
        const parsed = teacherRecordInput.safeParse({ teacher: form.teacher ? form.teacher : null });
        if (!parsed.success) return refuse(400, { fields: fieldProblemsOf(parsed.error) });
        await linkTeacherRecord(services.db, actor, userId, parsed.data.teacher);
        return { ok: true, done: "linked" } satisfies Answer;
      }
      default:
        return refuse(400, { error: problem("request.unknownAction") });
    }
  } catch (error) {
    if (error instanceof DomainError)
      return refuse(statusOf[error.code], { error: error.problem, fields: error.fieldProblems });
    throw error;
  }
}

const doneKeys = {
  added: "teaching.added",
  removed: "teaching.removed",
  linked: "teaching.record.saved",
} as const;

export default function Teaching({ loaderData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const { view, session, own, classes, teachers } = loaderData;
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const admin = !own;
  const isTeacher = view.account.roles.includes("teacher");
  const field = (name: string) => (answer?.fields?.[name] ? te(answer.fields[name]) : undefined);
  return (
    <Stack gap="lg">
      <Title order={2}>
        {own ? t("teaching.mine.heading") : t("teaching.heading", { name: view.account.name })}
      </Title>
      {answer?.ok && answer.done ? (
        <Alert color="teal" variant="light" role="status" data-testid="form-success">
          {answer.done === "routine"
            ? t("teaching.routine.taken", { count: String(answer.count ?? 0) })
            : t(doneKeys[answer.done])}
        </Alert>
      ) : null}
      <FormError message={answer?.error ? te(answer.error) : null} />
      {admin && !isTeacher ? (
        <Alert color="orange" variant="light">
          {t("teaching.notTeacher")}
        </Alert>
      ) : null}
      {own ? (
        <Group gap="md">
          <Anchor component={Link} to={href("/DeashBoard/exams")}>
            {t("teaching.marks")}
          </Anchor>
          {view.teacher ? (
            <Anchor href={`/classRoome?teacher=${view.teacher.id}`} data-testid="own-routine">
              {t("teaching.ownRoutine")}
            </Anchor>
          ) : (
            <Text size="sm">{t("teaching.noRecord")}</Text>
          )}
        </Group>
      ) : null}

      {view.assignments.length === 0 ? (
        <Text data-testid="teaching-none">{t("teaching.none")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped data-testid="teaching">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("teaching.session")}</Table.Th>
                <Table.Th scope="col">{t("teaching.class")}</Table.Th>
                <Table.Th scope="col">{t("teaching.section")}</Table.Th>
                <Table.Th scope="col">{t("teaching.subject")}</Table.Th>
                {admin ? (
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t("teaching.remove")}</span>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.assignments.map((a) => (
                <Table.Tr key={a.id} data-testid="teaching-row">
                  <Table.Td>{a.session}</Table.Td>
                  <Table.Td>{a.className}</Table.Td>
                  <Table.Td>{a.section || t("teaching.wholeClass")}</Table.Td>
                  <Table.Td>{a.subject}</Table.Td>
                  {admin ? (
                    <Table.Td>
                      <Form method="post">
                        <input type="hidden" name="id" value={a.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="remove"
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={t("teaching.removeOne", {
                            subject: a.subject,
                            class: a.className,
                            session: a.session,
                          })}
                        >
                          {t("teaching.remove")}
                        </Button>
                      </Form>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {admin ? (
        <>
          <Paper withBorder p="lg" maw={720}>
            <Title order={3} mb="xs">
              {t("teaching.routine.heading")}
            </Title>
            {view.suggestions.length === 0 ? (
              <Text size="sm" data-testid="routine-none">
                {t("teaching.routine.none")}
              </Text>
            ) : (
              <Form method="post" data-testid="from-routine">
                <Text size="sm" mb="xs">
                  {t("teaching.routine.help", { session })}
                </Text>
                <ul>
                  {view.suggestions.map((s) => (
                    <li key={`${s.className} ${s.section} ${s.subject}`}>
                      {s.subject}, {s.className}
                      {s.section ? ` ${s.section}` : ""}
                    </li>
                  ))}
                </ul>
                <input type="hidden" name="session" value={session} />
                <Button type="submit" name="intent" value="routine" loading={busy}>
                  {t("teaching.routine.take", { session })}
                </Button>
              </Form>
            )}
          </Paper>

          <Paper withBorder p="lg" maw={720}>
            <Title order={3} mb="sm">
              {t("teaching.add.heading")}
            </Title>
            <Form method="post" data-testid="add-teaching">
              <Stack gap="sm">
                <TextInput
                  name="session"
                  label={t("teaching.session")}
                  defaultValue={session}
                  required
                  maxLength={9}
                  error={field("session")}
                />
                <NativeSelect
                  name="class"
                  label={t("teaching.class")}
                  required
                  data={classes.map((c) => c.name)}
                  error={field("class")}
                />
                <TextInput
                  name="section"
                  label={t("teaching.section")}
                  description={t("teaching.sectionHelp")}
                  maxLength={20}
                  error={field("section")}
                />
                <TextInput
                  name="subject"
                  label={t("teaching.subject")}
                  required
                  maxLength={lettersAsCodeUnits(80)}
                  error={field("subject")}
                />
                <Group>
                  <Button type="submit" name="intent" value="add" loading={busy}>
                    {t("teaching.add.submit")}
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Paper>

          <Paper withBorder p="lg" maw={720}>
            <Title order={3} mb="sm">
              {t("teaching.record.heading")}
            </Title>
            <Form method="post" data-testid="teacher-record">
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  name="teacher"
                  label={t("teaching.record.label")}
                  defaultValue={view.teacher?.id ?? ""}
                  data={[
                    { value: "", label: t("teaching.record.none") },
                    ...teachers.map((one) => ({ value: one.id, label: one.name })),
                  ]}
                  error={field("teacher")}
                />
                <Button type="submit" name="intent" value="link" variant="outline" loading={busy}>
                  {t("teaching.record.save")}
                </Button>
              </Group>
            </Form>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
