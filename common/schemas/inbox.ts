// The dashboard inbox's outgoing mail: shared by the compose form and the server. Sending needs
// every field; a draft may be incomplete (an address half typed, no subject yet).
import { z } from "zod";
import { issue, type LabelCode } from "../errors/problem";
import { email, type Lines, maxGraphemes, requiredText, text } from "./fields";
import { inboxLimits } from "./inbox-limits";

const inReplyTo = z.uuid({ error: issue("inbox.inReplyTo") }).optional();

// A subject is one header line: a line break in it must never reach the mail headers (it is
// checked as multi-line text first so that a line break gets this message).
const oneLine = { error: issue("inbox.subjectOneLine") };

export const outgoingInput = z.object({
  to: email(inboxLimits.to),
  subject: requiredText("subject", inboxLimits.subject, "many").regex(/^[^\r\n]*$/, oneLine),
  body: requiredText("message", inboxLimits.body, "many"),
  inReplyTo,
});

const draftText = (label: LabelCode, max: number, lines: Lines = "one") =>
  text(label, lines)
    .refine(maxGraphemes(max), { error: issue("field.tooLong", { label, max }) })
    .default("");

export const draftInput = z.object({
  to: draftText("email", inboxLimits.to),
  subject: draftText("subject", inboxLimits.subject, "many").pipe(z.string().regex(/^[^\r\n]*$/, oneLine)),
  body: draftText("message", inboxLimits.body, "many"),
  inReplyTo,
});

/** A reply to a received message: the address and subject come from that message. */
export const replyInput = z.object({ body: requiredText("message", inboxLimits.body, "many") });

export const inboxFolders = ["inbox", "important", "sent", "drafts", "trash"] as const;
export type InboxFolder = (typeof inboxFolders)[number];

/** What may change on a received message: its star, read mark and folder. */
export const messageChangeInput = z
  .object({
    starred: z.boolean({ error: issue("inbox.starred") }).optional(),
    read: z.boolean({ error: issue("inbox.read") }).optional(),
    folder: z.enum(["inbox", "trash"], { error: issue("inbox.folder") }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: issue("inbox.nothingToChange"),
  });

export type OutgoingInput = z.infer<typeof outgoingInput>;
export type DraftInput = z.infer<typeof draftInput>;
export type MessageChange = z.infer<typeof messageChangeInput>;
