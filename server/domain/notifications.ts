// What waits for an admin, for the dashboard header: records awaiting review and unread mail.
import { count, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { blogs, students, teachers } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";
import { type InboxListItem, latestUnread } from "./inbox";

export type AwaitingReview = { students: number; teachers: number; blogs: number };

export type HeaderNotices = {
  review: AwaitingReview;
  unread: { items: InboxListItem[]; total: number };
};

export async function awaitingReview(db: Database, actor: Actor): Promise<AwaitingReview> {
  requireAdmin(actor);
  const pending = async (table: typeof students | typeof teachers | typeof blogs) => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.status, "pending"));
    return row?.n ?? 0;
  };
  const [studentCount, teacherCount, blogCount] = await Promise.all([
    pending(students),
    pending(teachers),
    pending(blogs),
  ]);
  return { students: studentCount, teachers: teacherCount, blogs: blogCount };
}

/** Everything the header's two lists show, for admins. */
export async function headerNotices(db: Database, actor: Actor): Promise<HeaderNotices> {
  const [review, unread] = await Promise.all([awaitingReview(db, actor), latestUnread(db, actor, 5)]);
  return { review, unread };
}
