// The dashboard inbox as REST calls (admins only): folders, one message, stars, read marks and
// the trash, drafts, and mail sent through the mailer. A message that cannot be sent is kept as
// a draft and answered 502 with its id.
import { z } from "zod";
import {
  draftInput,
  inboxFolders,
  messageChangeInput,
  outgoingInput,
  replyInput,
} from "../../common/schemas/inbox";
import { listQuery } from "../domain/content/collection";
import {
  changeMessage,
  changeMessages,
  deleteMessage,
  folderCounts,
  listFolder,
  MailSendError,
  openMessage,
  reply,
  saveDraft,
  sendDraft,
  sendMessage,
  updateDraft,
} from "../domain/inbox";
import { Answer, endpoint } from "./endpoint";
import { errorBody } from "./errors";
import {
  changed,
  deleted,
  inboxCounts,
  inboxListItem,
  inboxMessage,
  mailFailedError,
  written,
} from "./wire-schemas";

const tag = "Inbox";
const access = "admin";
const idParams = z.object({ id: z.string().max(100) });
const mailFailed = {
  "502": {
    description: "The mail server refused or did not answer; the message is kept as a draft (error.draftId)",
    schema: mailFailedError,
  },
};
/** A written message's own path, in the Location of a 201. */
const created = async (work: Promise<{ insertedId: string }>) => {
  const answer = await work;
  return new Answer(answer, { Location: `/api/inbox/${answer.insertedId}` });
};

/** A failed send answers 502 and names the draft that keeps the text. */
async function orMailError(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof MailSendError)) throw error;
    const body = errorBody("mail_failed", error.problem);
    return new Answer({ error: { ...body.error, draftId: error.draftId } }, {}, 502);
  }
}

const folderQuery = listQuery.extend({
  folder: z
    .enum(inboxFolders, { error: `folder must be one of ${inboxFolders.join(", ")}` })
    .default("inbox"),
});

const manyChange = z
  .object({
    ids: z
      .array(z.string().max(100), { error: "ids must be a list of message ids" })
      .min(1, { error: "ids must name at least one message" })
      .max(100, { error: "ids may name at most 100 messages" }),
  })
  .and(messageChangeInput);

export const inboxEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/inbox"],
    summary:
      "One folder (inbox, important, sent, drafts, trash), newest first; q searches name, e-mail and " +
      "text (to, subject and body for sent and drafts); the total in X-Total-Count",
    tag,
    access,
    query: folderQuery,
    response: z.array(inboxListItem),
    responseHeaders: ["X-Total-Count"],
    handle: async ({ services, actor, query }) => {
      const { items, total } = await listFolder(services.db, actor, query);
      return new Answer(items, { "X-Total-Count": String(total) });
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/inbox/counts"],
    summary: "Each folder's total and unread count",
    tag,
    access,
    response: inboxCounts,
    handle: ({ services, actor }) => folderCounts(services.db, actor),
  }),
  endpoint({
    method: "PATCH",
    paths: ["/inbox"],
    summary: "Star, mark read or unread, move to the trash or back, several received messages at once",
    tag,
    access,
    body: manyChange,
    response: changed,
    handle: ({ services, actor, body }) => {
      const { ids, ...change } = body;
      return changeMessages(services.db, actor, ids, change);
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/inbox/:id"],
    summary: "One message, received or written here; opening a received message marks it read",
    tag,
    access,
    params: idParams,
    response: inboxMessage,
    handle: ({ services, actor, params }) => openMessage(services.db, actor, params.id),
  }),
  endpoint({
    method: "PATCH",
    paths: ["/inbox/:id"],
    summary: "Star or unstar a received message, mark it read or unread, move it to the trash or back",
    tag,
    access,
    params: idParams,
    body: messageChangeInput,
    response: changed,
    handle: ({ services, actor, params, body }) => changeMessage(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/inbox/:id"],
    summary: "Delete a received message from the trash for good, or delete a draft (sent mail is kept)",
    tag,
    access,
    params: idParams,
    errors: { "409": "The message is not in the trash, or it was sent" },
    response: deleted,
    handle: ({ services, actor, params }) => deleteMessage(services.db, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/inbox/messages"],
    summary: "Send a new message (inReplyTo: the received message it answers)",
    tag,
    access,
    body: outgoingInput,
    status: 201,
    responses: mailFailed,
    response: written,
    responseHeaders: ["Location"],
    handle: ({ services, actor, body }) => orMailError(() => created(sendMessage(services, actor, body))),
  }),
  endpoint({
    method: "POST",
    paths: ["/inbox/:id/reply"],
    summary: "Reply to a received message: to its sender, with the subject 'Re: ...'",
    tag,
    access,
    params: idParams,
    body: replyInput,
    status: 201,
    responses: mailFailed,
    response: written,
    responseHeaders: ["Location"],
    handle: ({ services, actor, params, body }) =>
      orMailError(() => created(reply(services, actor, params.id, body))),
  }),
  endpoint({
    method: "POST",
    paths: ["/inbox/drafts"],
    summary: "Keep a new draft (every field may still be empty)",
    tag,
    access,
    body: draftInput,
    status: 201,
    response: written,
    responseHeaders: ["Location"],
    handle: ({ services, actor, body }) => created(saveDraft(services.db, actor, body)),
  }),
  endpoint({
    method: "PUT",
    paths: ["/inbox/drafts/:id"],
    summary: "Replace a draft's fields",
    tag,
    access,
    params: idParams,
    body: draftInput,
    response: changed,
    handle: ({ services, actor, params, body }) => updateDraft(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/inbox/drafts/:id/send"],
    summary: "Send a draft (it must have a valid address, a subject and a message)",
    tag,
    access,
    params: idParams,
    responses: mailFailed,
    response: written,
    handle: ({ services, actor, params }) => orMailError(() => sendDraft(services, actor, params.id)),
  }),
];
