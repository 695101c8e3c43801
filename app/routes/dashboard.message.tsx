// /DeashBoard/inbox/:id (admins): one message. A received one is marked read when opened (in
// the route's middleware, before any loader runs, so the header's count is already lower) and
// offers reply, star, mark unread, trash or restore, and from the trash delete forever after a
// confirmation. Mail written here shows its recipient, text and the message it answers; a draft
// opens in the compose form.

import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { problem } from "../../common/errors/problem";
import type { MessageKey } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { DomainError, statusOf } from "../../server/domain/errors";
import { changeMessage, deleteMessage, getMessage, markRead } from "../../server/domain/inbox";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { folderHref, folderLabels } from "../components/dashboard/inbox";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.message";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    const { services, actor } = pageOf(context);
    // Reading is a GET; the page after a change (a POST) must not undo "mark unread".
    if (request.method === "GET" && actor.kind === "user" && actor.isAdmin && params.id)
      await markRead(services.db, actor, params.id);
    return next();
  },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const message = loaderData?.message;
  if (!message) return dashboardTitle(matches, "inbox.heading");
  const words = message.kind === "received" ? message.name : message.subject;
  return words ? dashboardTitle(matches, { text: words }) : dashboardTitle(matches, "inbox.noSubject");
};

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  try {
    const message = await getMessage(services.db, actor, params.id);
    if (message.kind === "draft") throw redirect(`${href("/DeashBoard/compose")}?draft=${message.id}`);
    const original =
      message.kind === "sent" && message.inReplyTo
        ? await getMessage(services.db, actor, message.inReplyTo).catch(() => null)
        : null;
    return { message, original: original?.kind === "received" ? original : null };
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

const intents = ["star", "unstar", "unread", "trash", "restore", "delete"] as const;
type Intent = (typeof intents)[number];

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const intent = String((await request.formData()).get("intent") ?? "") as Intent;
  if (!intents.includes(intent))
    return data({ ok: false, error: problem("request.invalid") }, { status: 400 });
  try {
    switch (intent) {
      case "delete":
        await deleteMessage(services.db, actor, params.id);
        return redirect(folderHref("trash", "deleted"));
      case "unread":
        await changeMessage(services.db, actor, params.id, { read: false });
        return redirect(folderHref("inbox", "unread"));
      case "trash":
        await changeMessage(services.db, actor, params.id, { folder: "trash" });
        return redirect(folderHref("inbox", "trashed"));
      case "restore":
        await changeMessage(services.db, actor, params.id, { folder: "inbox" });
        return { ok: true, error: null };
      default:
        await changeMessage(services.db, actor, params.id, { starred: intent === "star" });
        return { ok: true, error: null };
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ ok: false, error: error.problem }, { status: statusOf[error.code] });
  }
}

function IntentButton({ intent, label, color }: { intent: Intent; label: MessageKey; color?: string }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant={color ? "light" : "default"}
      color={color}
      loading={busy}
      data-testid={`message-${intent}`}
    >
      {t(label)}
    </Button>
  );
}

function Meta({ label, children }: { label: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      <Text span fw={700}>
        {t(label)}:
      </Text>{" "}
      {children}
    </Text>
  );
}

export default function DashboardMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te, intl } = useI18n();
  const { message, original } = loaderData;
  const [confirming, setConfirming] = useState(false);
  // Before the script runs, Delete forever posts at once (there is no dialog without script).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const folder = message.kind === "received" ? (message.folder === "trash" ? "trash" : "inbox") : "sent";
  const body = message.kind === "received" ? message.message : message.body;
  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={folderHref(folder)} size="sm">
        {t("inbox.message.back", { folder: t(folderLabels[folder]) })}
      </Anchor>
      <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="message-title">
        {message.kind === "received" ? message.name : message.subject || t("inbox.noSubject")}
      </Title>
      {actionData && !actionData.ok && actionData.error ? (
        <Alert color="red" variant="light" role="alert">
          {te(actionData.error)}
        </Alert>
      ) : null}
      {message.kind === "received" ? (
        <>
          <Group gap="xs">
            {message.starred ? (
              <Badge color="yellow.5" autoContrast data-testid="message-important">
                {t("inbox.message.important")}
              </Badge>
            ) : null}
            {message.folder === "trash" ? (
              <Badge color="gray" variant="outline" data-testid="message-in-trash">
                {t("inbox.message.inTrash")}
              </Badge>
            ) : null}
          </Group>
          <Stack gap={2}>
            <Meta label="inbox.message.from">
              {message.name} &lt;<Anchor href={`mailto:${message.email}`}>{message.email}</Anchor>&gt;
            </Meta>
            <Meta label="inbox.message.received">
              <time dateTime={message.date}>{formatDate(message.date, intl)}</time>
            </Meta>
          </Stack>
        </>
      ) : (
        <Stack gap={2}>
          <Meta label="inbox.message.to">{message.to}</Meta>
          {message.sentAt ? (
            <Meta label="inbox.message.sent">
              <time dateTime={message.sentAt}>{formatDate(message.sentAt, intl)}</time>
            </Meta>
          ) : null}
          {message.author ? <Meta label="inbox.message.writtenBy">{message.author.name}</Meta> : null}
          {original ? (
            <Meta label="inbox.message.answers">
              <Anchor component={Link} to={href("/DeashBoard/inbox/:id", { id: original.id })}>
                {t("inbox.message.original", { name: original.name })}
              </Anchor>
            </Meta>
          ) : null}
        </Stack>
      )}
      <Paper withBorder p="md">
        <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-body">
          {body}
        </Text>
      </Paper>
      {message.kind === "received" ? (
        <Form method="post" aria-label={t("inbox.message.actions")}>
          <Group gap="xs">
            <Button
              component={Link}
              to={`${href("/DeashBoard/compose")}?replyTo=${message.id}`}
              data-testid="message-reply"
            >
              {t("inbox.message.reply")}
            </Button>
            {message.starred ? (
              <IntentButton intent="unstar" label="inbox.message.unstar" />
            ) : (
              <IntentButton intent="star" label="inbox.message.star" />
            )}
            <IntentButton intent="unread" label="inbox.message.unread" />
            {message.folder === "trash" ? (
              <>
                <IntentButton intent="restore" label="inbox.message.restore" />
                <Button
                  type="submit"
                  name="intent"
                  value="delete"
                  color="red"
                  variant="light"
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    setConfirming(true);
                  }}
                  data-testid="message-delete"
                >
                  {t("inbox.message.delete")}
                </Button>
              </>
            ) : (
              <IntentButton intent="trash" label="inbox.message.trash" color="red" />
            )}
          </Group>
        </Form>
      ) : null}
      {message.kind === "received" && message.replies.length > 0 ? (
        <section aria-labelledby="replies-heading">
          <Title order={3} size="h4" id="replies-heading" mb="xs">
            {t("inbox.message.replies")}
          </Title>
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {message.replies.map((reply) => (
              <li key={reply.id} data-testid="message-reply-item">
                <Anchor
                  component={Link}
                  to={
                    reply.status === "draft"
                      ? `${href("/DeashBoard/compose")}?draft=${reply.id}`
                      : href("/DeashBoard/inbox/:id", { id: reply.id })
                  }
                >
                  {reply.subject || t("inbox.noSubject")}
                </Anchor>{" "}
                <Text span size="sm" c="gray.7">
                  {reply.status === "draft" ? t("inbox.draft") : ""}{" "}
                  <time dateTime={reply.date}>{formatDate(reply.date, intl)}</time>
                </Text>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("inbox.confirm.title")}
        closeButtonProps={{ "aria-label": t("inbox.confirm.cancel") }}
        centered
      >
        <Text mb="md" data-testid="confirm-text">
          {t("inbox.confirm.one")}
        </Text>
        <Form method="post" onSubmit={() => setConfirming(false)}>
          <Group justify="end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("inbox.confirm.cancel")}
            </Button>
            <Button type="submit" name="intent" value="delete" color="red" data-testid="confirm-delete">
              {t("inbox.message.delete")}
            </Button>
          </Group>
        </Form>
      </Modal>
    </Stack>
  );
}
