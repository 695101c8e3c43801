// The banners a folder of the inbox shows after a change made on another screen (?notice=): read
// by the inbox's loader (inbox.server.ts) and shown by the inbox (inbox.tsx).
import type { MessageKey } from "../../../i18n";

export const inboxNotices = {
  sent: "inbox.flash.sent",
  draftSaved: "inbox.flash.draftSaved",
  draftDeleted: "inbox.flash.draftDeleted",
  trashed: "inbox.flash.trashed",
  deleted: "inbox.flash.deleted",
  unread: "inbox.flash.unread",
} as const satisfies Record<string, MessageKey>;
export type InboxNotice = keyof typeof inboxNotices;
