// The dashboard home's inbox, on the server: the folder in the address (?folder=&q=&page=) and
// the form the message table posts (stars, read marks, trash, restore, delete forever). Every
// call goes through the domain, which checks the actor again.

import { data, type RouterContextProvider } from "react-router";
import { type Problem, problem } from "../../../common/errors/problem";
import { type InboxFolder, inboxFolders, type MessageChange } from "../../../common/schemas/inbox";
import { DomainError, statusOf } from "../../../server/domain/errors";
import { changeMessages, deleteForever, folderCounts, listFolder } from "../../../server/domain/inbox";
import { pageOf, requireAdminPage } from "../../lib/page.server";
import { type InboxNotice, inboxNotices } from "./inbox-notices";
import { pageCount, tableQuery } from "./table-query.server";

export const inboxPageSize = 20;

export function folderOf(value: string | null | undefined): InboxFolder {
  return inboxFolders.find((folder) => folder === value) ?? "inbox";
}

export async function loadInbox(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, actor } = pageOf(context);
  const { url, page, q, limit, offset } = tableQuery(request, inboxPageSize);
  const folder = folderOf(url.searchParams.get("folder"));
  const notice = url.searchParams.get("notice");
  const [list, counts] = await Promise.all([
    listFolder(services.db, actor, {
      folder,
      q: q || undefined,
      limit,
      offset,
    }),
    folderCounts(services.db, actor),
  ]);
  return {
    folder,
    q,
    page,
    pages: pageCount(list.total, inboxPageSize),
    total: list.total,
    items: list.items,
    counts,
    notice: notice && Object.hasOwn(inboxNotices, notice) ? (notice as InboxNotice) : null,
  };
}

export const inboxIntents = ["trash", "restore", "delete", "read", "unread", "star", "unstar"] as const;
export type InboxIntent = (typeof inboxIntents)[number];

const changes: Record<Exclude<InboxIntent, "delete">, MessageChange> = {
  trash: { folder: "trash" },
  restore: { folder: "inbox" },
  read: { read: true },
  unread: { read: false },
  star: { starred: true },
  unstar: { starred: false },
};

export type InboxAnswer = { ok: boolean; intent: InboxIntent | null; error: Problem | null };

/**
 * The message table's form: `intent` with the ticked `id`s, or a row's star button
 * (`star=<id>:on|off`), which acts on its own row only.
 */
export async function inboxAction(request: Request, context: Readonly<RouterContextProvider>) {
  requireAdminPage(context, request);
  const { services, actor } = pageOf(context);
  const posted = await request.formData();
  const star = String(posted.get("star") ?? "");
  let intent = String(posted.get("intent") ?? "") as InboxIntent;
  let ids = posted
    .getAll("id")
    .filter((id): id is string => typeof id === "string" && id !== "")
    .slice(0, 100);
  if (star) {
    const [id, on] = star.split(":");
    ids = id ? [id] : [];
    intent = on === "on" ? "star" : "unstar";
  }
  if (!inboxIntents.includes(intent))
    return data<InboxAnswer>({ ok: false, intent: null, error: problem("request.invalid") }, { status: 400 });
  if (ids.length === 0) return data<InboxAnswer>({ ok: false, intent, error: null }, { status: 400 });
  try {
    if (intent === "delete") await deleteForever(services.db, actor, ids);
    else await changeMessages(services.db, actor, ids, changes[intent]);
    return { ok: true, intent, error: null } satisfies InboxAnswer;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<InboxAnswer>({ ok: false, intent, error: error.problem }, { status: statusOf[error.code] });
  }
}
