// /DeashBoard/messages (admins, and teachers for the classes they teach): write to the guardians
// of every child, a class, a section or some children, by text and/or e-mail. "Check" shows what
// the message would take (its parts per text, the guardians, texts and e-mails, the gateway's
// balance); "Send" queues it; the messages written follow, and ?message=<id> shows each
// recipient's state. An admin also turns the absence texts on or off and sets their time.
// Works without script; with it, the parts are counted as one types.
import {
  Alert,
  Anchor,
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
import { useState } from "react";
import { data, Form, href, Link, redirect } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { uuidPattern } from "../../common/ids";
import {
  absenceTextSettingsInput,
  audienceKinds,
  type MessageChannel,
  messageChannels,
  messageInput,
  messageMaxLetters,
  type RecipientState,
} from "../../common/schemas/guardian-messages";
import { smsLengthOf } from "../../common/sms-segments";
import { formatDateTime } from "../../i18n/format";
import { listClasses } from "../../server/domain/classes";
import { DomainError, statusOf } from "../../server/domain/errors";
import { readAbsenceTextSettings, saveAbsenceTextSettings } from "../../server/domain/messages/absence-texts";
import {
  listMessages,
  type MessagePreview,
  previewMessage,
  recipientsOf,
  sendMessage,
  sendUnknownAgain,
} from "../../server/domain/messages/write";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { useI18n } from "../lib/i18n";
import { pageOf, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { type FieldErrors, fieldProblemsOf } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.messages";

export const handle = { ...personalPage, query: ["absence", "message", "queued"] };

type Values = {
  kind: string;
  class: string;
  section: string;
  children: string;
  channel: string;
  text: string;
};
const emptyValues: Values = { kind: "class", class: "", section: "", children: "", channel: "sms", text: "" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const chosen = url.searchParams.get("message");
  const [messages, classes] = await Promise.all([listMessages(services.db, actor), listClasses(services.db)]);
  let recipients: Awaited<ReturnType<typeof recipientsOf>> | null = null;
  if (chosen && uuidPattern.test(chosen)) {
    try {
      recipients = await recipientsOf(services.db, actor, chosen);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return {
    absenceTexts: actor.isAdmin ? await readAbsenceTextSettings(services.db) : null,
    absenceSaved: url.searchParams.get("absence") === "saved",
    classes: classes.map((c) => c.name),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    chosen: recipients ? chosen : null,
    recipients: recipients?.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) ?? null,
    queued: url.searchParams.get("queued"),
    // Only an admin may send again the texts whose state is unknown.
    mayResend: actor.isAdmin,
  };
}

/** The form's fields as the API's body. */
function inputOf(values: Values) {
  const audience =
    values.kind === "everyone" || values.kind === "dues"
      ? { kind: values.kind }
      : values.kind === "section"
        ? { kind: "section", class: values.class, section: values.section }
        : values.kind === "children"
          ? { kind: "children", children: values.children.split(/\s+/).filter(Boolean) }
          : { kind: "class", class: values.class };
  return { audience, channel: values.channel, text: values.text };
}

type ActionAnswer = {
  values: Values;
  preview: MessagePreview | null;
  fields: FieldErrors;
  error: Problem | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireRolePage(context, request, "teacher");
  const { services } = pageOf(context);
  const form = await request.formData();
  if (form.get("intent") === "send-unknown-again") {
    const id = String(form.get("message") ?? "");
    if (!uuidPattern.test(id)) throw data({ error: problem("request.invalid") }, { status: 400 });
    try {
      const { queued } = await sendUnknownAgain(services.db, actor, id);
      return redirect(`${href("/DeashBoard/messages")}?message=${id}&queued=${queued}`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw data({ error: error.problem }, { status: statusOf[error.code] });
    }
  }
  if (form.get("intent") === "absence-texts") {
    const settings = absenceTextSettingsInput.safeParse({
      enabled: form.get("enabled") === "on",
      sendAt: form.get("sendAt"),
    });
    if (!settings.success) {
      return data<ActionAnswer>(
        {
          values: emptyValues,
          preview: null,
          fields: fieldProblemsOf(settings.error),
          error: problem("request.invalid"),
        },
        { status: 400 },
      );
    }
    try {
      await saveAbsenceTextSettings(services.db, actor, settings.data);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw data({ error: error.problem ?? problem("auth.roleOnly") }, { status: 403 });
    }
    return redirect(`${href("/DeashBoard/messages")}?absence=saved`);
  }
  const field = (name: keyof Values) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: Values = {
    kind: field("kind"),
    class: field("class"),
    section: field("section"),
    children: field("children"),
    channel: field("channel"),
    text: field("text"),
  };
  const answer = (status: number, rest: Partial<ActionAnswer>) =>
    data<ActionAnswer>({ values, preview: null, fields: {}, error: null, ...rest }, { status });
  const checked = messageInput.safeParse(inputOf(values));
  if (!checked.success) return answer(400, { fields: fieldProblemsOf(checked.error) });
  try {
    if (form.get("intent") === "send") {
      const sent = await sendMessage(services.db, actor, checked.data, services.smsGateway);
      return redirect(
        `${href("/DeashBoard/messages")}?message=${sent.id}&queued=${sent.texts + sent.emails}`,
      );
    }
    return answer(200, {
      preview: await previewMessage(services.db, actor, checked.data, services.smsGateway),
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return answer(error.code === "forbidden" ? 403 : 400, {
      error: error.problem ?? problem("request.invalid"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => dashboardTitle(matches, "messages.title");

const stateColour: Record<RecipientState, string> = {
  queued: "gray.7",
  sending: "blue.8",
  sent: "blue.8",
  delivered: "green.9",
  failed: "red.8",
  unknown: "orange.9",
};

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const values = actionData?.values ?? emptyValues;
  const [text, setText] = useState(values.text);
  const length = smsLengthOf(text);
  const preview = actionData?.preview ?? null;
  const unknownCount = loaderData.recipients?.filter((r) => r.state === "unknown").length ?? 0;
  const fieldError = (name: string) => {
    const fields = actionData?.fields ?? {};
    // A child's id is named by its place ("audience.children.2"): shown on the list's field.
    const key = Object.keys(fields).find((at) => at === name || at.startsWith(`${name}.`));
    const found = key ? fields[key] : undefined;
    return found ? te(found) : undefined;
  };
  return (
    <Stack gap="lg" maw={900}>
      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Title order={2} mb="xs">
          {t("messages.title")}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t("messages.lead")}
        </Text>
        {loaderData.queued ? (
          <Alert color="green" variant="light" mb="sm" role="status" data-testid="messages-queued">
            {t("messages.queued", { count: loaderData.queued })}
          </Alert>
        ) : null}
        {actionData?.error ? (
          <Alert color="red" variant="light" mb="sm" role="alert" data-testid="messages-error">
            {te(actionData.error)}
          </Alert>
        ) : null}
        <Form method="post" noValidate data-testid="message-form">
          <Stack gap="sm">
            <NativeSelect
              name="kind"
              label={t("messages.audience")}
              defaultValue={values.kind}
              data={audienceKinds.map((kind) => ({ value: kind, label: t(`messages.audience.${kind}`) }))}
            />
            <Group grow wrap="wrap" gap="sm">
              <NativeSelect
                name="class"
                label={t("messages.class")}
                defaultValue={values.class}
                data={[
                  { value: "", label: "—" },
                  ...loaderData.classes.map((name) => ({ value: name, label: name })),
                ]}
                error={fieldError("audience.class")}
              />
              <TextInput
                name="section"
                label={t("messages.section")}
                defaultValue={values.section}
                maxLength={20}
                error={fieldError("audience.section")}
              />
            </Group>
            <Textarea
              name="children"
              label={t("messages.childIds")}
              defaultValue={values.children}
              autosize
              minRows={1}
              maxRows={6}
              error={fieldError("audience.children")}
            />
            <NativeSelect
              name="channel"
              label={t("messages.channel")}
              defaultValue={values.channel}
              data={messageChannels.map((channel: MessageChannel) => ({
                value: channel,
                label: t(`messages.channel.${channel}`),
              }))}
            />
            <Textarea
              name="text"
              label={t("messages.text")}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={messageMaxLetters}
              autosize
              minRows={4}
              required
              error={fieldError("text")}
              description={
                <Text span size="xs" c="gray.7">
                  {t("messages.lengthHint")}
                </Text>
              }
            />
            <Text size="sm" aria-live="polite" data-testid="message-length">
              {t("messages.length", {
                characters: length.characters,
                encoding: length.encoding,
                segments: length.segments,
              })}
            </Text>
            {preview ? (
              <Alert color="blue" variant="light" data-testid="message-preview">
                <Text size="sm">
                  {t("messages.length", {
                    characters: preview.characters,
                    encoding: preview.encoding,
                    segments: preview.segments,
                  })}
                </Text>
                <Text size="sm" data-testid="message-counts">
                  {t("messages.counts", {
                    guardians: preview.guardians,
                    texts: preview.texts,
                    segments: preview.segments,
                    emails: preview.emails,
                  })}
                </Text>
                <Text size="sm" data-testid="message-balance">
                  {preview.balance === null
                    ? t("messages.balanceUnknown", { gateway: preview.gateway })
                    : t("messages.balance", { gateway: preview.gateway, balance: preview.balance })}
                </Text>
              </Alert>
            ) : null}
            <Group gap="xs" wrap="wrap">
              <Button type="submit" name="intent" value="check" variant="default" data-testid="check">
                {t("messages.check")}
              </Button>
              <Button type="submit" name="intent" value="send" data-testid="send">
                {t("messages.send")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      {loaderData.absenceTexts ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <Title order={2} size="h3" mb="xs">
            {t("messages.absence.title")}
          </Title>
          <Text size="sm" c="gray.7" mb="sm">
            {t("messages.absence.lead")}
          </Text>
          {loaderData.absenceSaved ? (
            <Alert color="green" variant="light" mb="sm" role="status" data-testid="absence-saved">
              {t("messages.absence.saved", {
                state: t(loaderData.absenceTexts.enabled ? "messages.absence.on" : "messages.absence.off"),
                time: loaderData.absenceTexts.sendAt,
              })}
            </Alert>
          ) : null}
          <Form method="post" noValidate data-testid="absence-texts-form">
            <Group gap="sm" align="end" wrap="wrap">
              <Checkbox
                name="enabled"
                label={t("messages.absence.enabled")}
                defaultChecked={loaderData.absenceTexts.enabled}
              />
              <TextInput
                name="sendAt"
                type="time"
                label={t("messages.absence.sendAt")}
                defaultValue={loaderData.absenceTexts.sendAt}
                error={fieldError("sendAt")}
                required
              />
              <Button type="submit" name="intent" value="absence-texts" variant="default">
                {t("messages.absence.save")}
              </Button>
            </Group>
          </Form>
        </Paper>
      ) : null}

      <Paper withBorder p={{ base: "sm", sm: "lg" }}>
        <Title order={2} size="h3" mb="sm">
          {t("messages.history")}
        </Title>
        {loaderData.messages.length === 0 ? (
          <Text size="sm">{t("messages.none")}</Text>
        ) : (
          <Stack gap="sm" data-testid="message-list">
            {loaderData.messages.map((m) => (
              <div key={m.id}>
                <Anchor component={Link} to={`${href("/DeashBoard/messages")}?message=${m.id}`} size="sm">
                  {m.audience}: {m.text.slice(0, 80)}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {t("messages.sentAt", { date: formatDateTime(m.createdAt, intl) })}{" "}
                  {m.author ? t("messages.byAuthor", { name: m.author }) : t("messages.bySchool")}
                  {" · "}
                  {Object.entries(m.states)
                    .map(([state, n]) => `${t(`messages.state.${state as RecipientState}`)}: ${n}`)
                    .join(", ")}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Paper>

      {loaderData.recipients ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <Title order={2} size="h3" mb="sm">
            {t("messages.recipients")}
          </Title>
          {loaderData.mayResend && unknownCount > 0 ? (
            <Alert color="orange" variant="light" mb="sm" data-testid="unknown-texts">
              <Text size="sm" mb="xs">
                {t("messages.unknown.explain", { count: unknownCount })}
              </Text>
              <Form method="post">
                <input type="hidden" name="message" value={loaderData.chosen ?? ""} />
                <Button type="submit" name="intent" value="send-unknown-again" variant="default" size="sm">
                  {t("messages.unknown.sendAgain", { count: unknownCount })}
                </Button>
              </Form>
            </Alert>
          ) : null}
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="recipients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("messages.address")}</Table.Th>
                  <Table.Th>{t("messages.state")}</Table.Th>
                  <Table.Th>{t("messages.reason")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaderData.recipients.map((r) => (
                  <Table.Tr key={`${r.channel}:${r.address}`}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{r.address}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={stateColour[r.state]} data-state={r.state}>
                        {t(`messages.state.${r.state}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{r.reason ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </Stack>
  );
}
