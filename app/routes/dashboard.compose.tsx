// /DeashBoard/compose (admins): write a message. ?replyTo=<id> starts a reply to a received
// message (its sender, "Re: ...", the quoted text); ?draft=<id> continues a draft. Send goes
// through the mailer and back to 'sent' with a banner; Save draft keeps it in 'drafts'. A message
// the mail server refuses stays a draft and the form shows why, keeping what was typed.

import { Alert, Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { type Problem, problem } from "../../common/errors/problem";
import { type DraftInput, outgoingInput } from "../../common/schemas/inbox";
import { inboxLimits } from "../../common/schemas/inbox-limits";
import type { MessageKey } from "../../i18n";
import { DomainError } from "../../server/domain/errors";
import {
  deleteDraft,
  getMessage,
  MailSendError,
  replyPrefill,
  saveDraft,
  sendDraft,
  sendMessage,
  updateDraft,
} from "../../server/domain/inbox";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { folderHref } from "../components/dashboard/inbox";
import { useI18n } from "../lib/i18n";
import { pageOf, requireAdminPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { type FieldErrors, fieldProblemsOf, useSchemaForm } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.compose";

const notFound = () => data(null, { status: 404 });

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["draft", "replyTo"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const url = new URL(request.url);
  const draftId = url.searchParams.get("draft");
  const replyTo = url.searchParams.get("replyTo");
  const outbox = services.mail.outboxDir !== undefined;
  try {
    if (draftId) {
      const draft = await getMessage(services.db, actor, draftId);
      if (draft.kind === "sent") throw redirect(href("/DeashBoard/inbox/:id", { id: draft.id }));
      if (draft.kind !== "draft") throw notFound();
      const values: DraftInput = {
        to: draft.to,
        subject: draft.subject,
        body: draft.body,
        inReplyTo: draft.inReplyTo ?? undefined,
      };
      return { mode: "draft" as const, draftId: draft.id, values, replyingTo: null, outbox };
    }
    if (replyTo) {
      const original = await getMessage(services.db, actor, replyTo);
      if (original.kind !== "received") throw notFound();
      const values = await replyPrefill(services.db, actor, replyTo);
      return {
        mode: "reply" as const,
        draftId: null,
        values,
        replyingTo: { name: original.name, email: original.email },
        outbox,
      };
    }
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw notFound();
    throw error;
  }
  const values: DraftInput = { to: "", subject: "", body: "" };
  return { mode: "new" as const, draftId: null, values, replyingTo: null, outbox };
}

type Failure = {
  ok: false;
  values: DraftInput;
  fields: FieldErrors;
  error: Problem | null;
  /** Why the mail server refused, when it did. */
  mailError: string | null;
  draftId: string | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const draftId = text("draftId") || null;
  const values: DraftInput = {
    to: text("to"),
    subject: text("subject"),
    body: text("body"),
    inReplyTo: text("inReplyTo") || undefined,
  };
  const failure = (status: number, rest: Partial<Failure>) =>
    data<Failure>(
      { ok: false, values, fields: {}, error: null, mailError: null, draftId, ...rest },
      { status },
    );
  try {
    if (intent === "deleteDraft" && draftId) {
      await deleteDraft(services.db, actor, draftId);
      return redirect(folderHref("drafts", "draftDeleted"));
    }
    if (intent === "draft") {
      if (draftId) await updateDraft(services.db, actor, draftId, values);
      else await saveDraft(services.db, actor, values);
      return redirect(folderHref("drafts", "draftSaved"));
    }
    if (intent !== "send") return failure(400, { error: problem("request.invalid") });
    // Checked before anything is stored, so a message with a mistake is not kept as a draft.
    const checked = outgoingInput.safeParse(values);
    if (!checked.success) return failure(400, { fields: fieldProblemsOf(checked.error) });
    if (draftId) {
      await updateDraft(services.db, actor, draftId, values);
      await sendDraft(services, actor, draftId);
    } else {
      await sendMessage(services, actor, values);
    }
    return redirect(folderHref("sent", "sent"));
  } catch (error) {
    if (error instanceof MailSendError)
      return failure(502, { mailError: error.reason, draftId: error.draftId });
    if (!(error instanceof DomainError)) throw error;
    return failure(400, error.fieldProblems ? { fields: error.fieldProblems } : { error: error.problem });
  }
}

const headings: Record<"new" | "reply" | "draft", MessageKey> = {
  new: "inbox.compose.new",
  reply: "inbox.compose.reply",
  draft: "inbox.compose.draft",
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  dashboardTitle(matches, headings[loaderData?.mode ?? "new"]);

export default function Compose({ loaderData, actionData }: Route.ComponentProps) {
  const { t, te } = useI18n();
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : null;
  const values = failed?.values ?? loaderData.values;
  const draftId = failed?.draftId ?? loaderData.draftId;
  // Send is checked with the server's schema, a draft with the draft's (it may be incomplete);
  // deleting a draft is not checked.
  const { onSubmit, onFocus, fieldError } = useSchemaForm(
    (intent) =>
      intent === "deleteDraft"
        ? Promise.resolve(null)
        : import("../../common/schemas/inbox").then((m) =>
            intent === "draft" ? m.draftInput : m.outgoingInput,
          ),
    failed?.fields,
  );
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={760}>
      <Title order={2} mb="xs">
        {t(headings[loaderData.mode])}
      </Title>
      {loaderData.replyingTo ? (
        <Text size="sm" c="gray.7" mb="sm" style={{ overflowWrap: "anywhere" }}>
          {t("inbox.compose.replyingTo", loaderData.replyingTo)}
        </Text>
      ) : null}
      <Form method="post" noValidate onSubmit={onSubmit} onFocus={onFocus} data-testid="compose-form">
        <Stack gap="sm">
          {failed?.mailError ? (
            <Alert color="red" variant="light" role="alert" data-testid="compose-error">
              <Text size="sm">{t("inbox.compose.failed")}</Text>
              <Text size="sm" mt={4} style={{ overflowWrap: "anywhere" }}>
                {t("inbox.compose.reason", { reason: failed.mailError })}
              </Text>
            </Alert>
          ) : null}
          {failed?.error ? (
            <Alert color="red" variant="light" role="alert" data-testid="compose-error">
              {te(failed.error)}
            </Alert>
          ) : null}
          {draftId ? <input type="hidden" name="draftId" value={draftId} /> : null}
          {values.inReplyTo ? <input type="hidden" name="inReplyTo" value={values.inReplyTo} /> : null}
          <TextInput
            name="to"
            type="email"
            label={t("inbox.compose.to")}
            defaultValue={values.to}
            maxLength={inboxLimits.to}
            autoComplete="email"
            required
            error={fieldError("to")}
          />
          <TextInput
            name="subject"
            label={t("inbox.compose.subject")}
            defaultValue={values.subject}
            maxLength={inboxLimits.subject}
            required
            error={fieldError("subject")}
          />
          <Textarea
            name="body"
            label={t("inbox.compose.body")}
            defaultValue={values.body}
            maxLength={inboxLimits.body}
            autosize
            minRows={8}
            maxRows={24}
            required
            error={fieldError("body")}
          />
          {loaderData.outbox ? (
            <Text size="xs" c="gray.7">
              {t("inbox.compose.outbox")}
            </Text>
          ) : null}
          <Group gap="xs" wrap="wrap">
            <Button type="submit" name="intent" value="send" loading={busyWith === "send"} data-testid="send">
              {t("inbox.compose.send")}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="draft"
              variant="default"
              loading={busyWith === "draft"}
              data-testid="save-draft"
            >
              {t("inbox.compose.saveDraft")}
            </Button>
            {draftId ? (
              <Button
                type="submit"
                name="intent"
                value="deleteDraft"
                variant="light"
                color="red"
                loading={busyWith === "deleteDraft"}
                data-testid="delete-draft"
              >
                {t("inbox.compose.deleteDraft")}
              </Button>
            ) : null}
            <Anchor
              component={Link}
              to={folderHref(loaderData.mode === "draft" ? "drafts" : "inbox")}
              size="sm"
            >
              {t("inbox.compose.cancel")}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
