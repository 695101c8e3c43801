// The numbers at the top of the dashboard home: how many records of each kind are on the site
// (for students, teachers and blogs: the approved ones, which visitors see), how many wait
// for review, unread messages, subscribers, and the newest orders. Three queries in all: stale
// orders expire, then one of counts and one of orders. Only the admin-guarded dashboard home
// reads it (there is no REST call).
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { unionAll } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { type KindName, kindNames } from "../../common/kinds";
import type { Database } from "../db/client";
import {
  blogs,
  contactMessages,
  type OrderStatus,
  orders,
  students,
  subscribers,
  teachers,
  users,
} from "../db/schema";
import type { Payments } from "../payments/payments";
import { serverKinds } from "./kinds";
import { expireStaleOrders } from "./orders/expiry";

/** Every kind of content is counted (common/kinds). */
export const overviewKinds = kindNames;

export type OverviewKind = KindName;

export type RecentOrder = {
  id: string;
  status: OrderStatus;
  totalMinor: number;
  currency: string;
  createdAt: string;
  buyerName: string;
  buyerEmail: string;
};

export type OverviewData = {
  /** Records on the site, as visitors see them: of students, teachers and blogs the approved ones. */
  counts: Record<OverviewKind, number>;
  /** Records waiting for an admin's review. */
  pending: { students: number; teachers: number; blogs: number };
  /** Contact messages in the inbox folder that nobody has opened. */
  unreadMessages: number;
  subscribers: number;
  /** The five newest orders, newest first. */
  recentOrders: RecentOrder[];
};

const recentOrderCount = 5;

const pending = (status: PgColumn) => eq(status, "pending");

/** Each number: its name, the table it counts, and which rows. */
const countedRows: [string, PgTable, SQL | undefined][] = [
  ...kindNames.map((kind): [string, PgTable, SQL | undefined] => {
    const { table, shown } = serverKinds[kind] as { table: PgTable; shown?: SQL };
    return [kind, table, shown];
  }),
  ["pending.students", students, pending(students.status)],
  ["pending.teachers", teachers, pending(teachers.status)],
  ["pending.blogs", blogs, pending(blogs.status)],
  [
    "unreadMessages",
    contactMessages,
    and(isNull(contactMessages.readAt), eq(contactMessages.folder, "inbox")),
  ],
  ["subscribers", subscribers, undefined],
];

async function countAll(db: Database): Promise<Map<string, number>> {
  const [first, second, ...rest] = countedRows.map(([name, table, where]) =>
    db
      .select({ name: sql<string>`${name}::text`.as("name"), n: count() })
      .from(table)
      .where(where),
  );
  if (!first || !second) throw new Error("nothing to count");
  const rows = await unionAll(first, second, ...rest);
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}

/**
 * The overview. Its newest orders are read as every read of orders is, after stale ones expire
 * (with the payment provider at hand, their intents are cancelled too: server/domain/orders/expiry.ts).
 */
export async function loadOverview(
  db: Database,
  provider?: { payments: Payments; logger: Logger },
): Promise<OverviewData> {
  await expireStaleOrders({ db, ...provider });
  const [counted, recent] = await Promise.all([
    countAll(db),
    db
      .select({
        id: orders.id,
        status: orders.status,
        totalMinor: orders.totalMinor,
        currency: orders.currency,
        createdAt: orders.createdAt,
        buyerName: users.name,
        buyerEmail: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(orders.userId, users.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(recentOrderCount),
  ]);
  const n = (name: string) => counted.get(name) ?? 0;
  return {
    counts: Object.fromEntries(overviewKinds.map((kind) => [kind, n(kind)])) as Record<OverviewKind, number>,
    pending: { students: n("pending.students"), teachers: n("pending.teachers"), blogs: n("pending.blogs") },
    unreadMessages: n("unreadMessages"),
    subscribers: n("subscribers"),
    recentOrders: recent.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
  };
}
