// Accounts as the institute sees them: who is an admin, display names, profiles. Sign-up,
// sign-in and sessions belong to Better Auth; everything here checks the actor first.
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { type Actor, isAdminRole, requireAdmin, requireUser } from "./actor";
import { recordAudit } from "./audit";
import { DomainError } from "./errors";

export type UpdateAnswer = { acknowledged: true; matchedCount: number; modifiedCount: number };

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

async function findByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

/** Whether the account with this e-mail is an admin: asked by its owner or an admin. */
export async function getAdminFlag(db: Database, actor: Actor, email: string): Promise<{ admin: boolean }> {
  const user = requireUser(actor);
  if (user.email.toLowerCase() !== email.toLowerCase() && !user.isAdmin) {
    throw new DomainError("forbidden", "You may only ask about your own account");
  }
  const row = await findByEmail(db, email);
  if (!row) throw new DomainError("not_found", `No account with the e-mail ${email}`);
  return { admin: isAdminRole(row.role) };
}

/** POST and PUT /User/users: the signed-in user records their own display name. */
export async function recordOwnUser(
  db: Database,
  actor: Actor,
  input: { email: string; displayName?: string },
): Promise<UpdateAnswer> {
  const user = requireUser(actor);
  if (user.email.toLowerCase() !== input.email.toLowerCase()) {
    throw new DomainError("forbidden", "You may only change your own account");
  }
  if (input.displayName === undefined || input.displayName === user.name) {
    return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  }
  await db.update(users).set({ name: input.displayName }).where(eq(users.id, user.id));
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
}

/** An admin makes the account with this e-mail an admin too. */
export async function makeAdmin(db: Database, actor: Actor, email: string): Promise<UpdateAnswer> {
  const admin = requireAdmin(actor);
  const row = await findByEmail(db, email);
  if (!row) throw new DomainError("not_found", `No account with the e-mail ${email}`);
  if (isAdminRole(row.role)) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: "admin" }).where(eq(users.id, row.id));
    await recordAudit(tx, admin, { action: "update", subject: "user", subjectId: row.id, label: row.email });
  });
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
}

/** Makes sure the configured account exists and is an admin (run at every start). */
export async function ensureAdminAccount(
  db: Database,
  createAccount: (input: { email: string; password: string; name: string }) => Promise<void>,
  admin: { email: string; password: string },
): Promise<"created" | "promoted" | "unchanged"> {
  let row = await findByEmail(db, admin.email);
  let outcome: "created" | "promoted" | "unchanged" = "unchanged";
  if (!row) {
    await createAccount({ email: admin.email, password: admin.password, name: "Administrator" });
    row = await findByEmail(db, admin.email);
    if (!row) throw new Error(`Could not create the admin account ${admin.email}`);
    outcome = "created";
  }
  if (!isAdminRole(row.role)) {
    await db.update(users).set({ role: "admin" }).where(eq(users.id, row.id));
    if (outcome === "unchanged") outcome = "promoted";
  }
  return outcome;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type UserListItem = { name: string; email: string; role: "admin" | "user"; createdAt: string };

/** `%` and `_` in a search are letters, not patterns. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every account, newest first, with its role: admins only. q searches name and e-mail. */
export async function listUsers(
  db: Database,
  actor: Actor,
  options: { limit?: number; offset?: number; q?: string } = {},
): Promise<{ items: UserListItem[]; total: number }> {
  requireAdmin(actor);
  const limit = options.limit ?? 50;
  const offset = options.offset ?? 0;
  const q = options.q?.trim();
  const where: SQL | undefined = q
    ? or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q)))
    : undefined;
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return {
    items: rows.map((row) => ({
      name: row.name,
      email: row.email,
      role: isAdminRole(row.role) ? "admin" : "user",
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}

/** The SQL twin of isAdminRole: the role list holds "admin". */
const hasAdminRole = sql`'admin' = any(string_to_array(replace(${users.role}, ' ', ''), ','))`;

export const lastAdminMessage = "There must always be at least one admin";

/**
 * An admin takes the admin role from the account with this e-mail (their own too), never from
 * the last admin. Every admin row is locked first, so two removals at once cannot both pass.
 */
export async function removeAdmin(db: Database, actor: Actor, email: string): Promise<UpdateAnswer> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(hasAdminRole)
      .orderBy(users.id)
      .for("update");
    const target = admins.find((row) => row.email.toLowerCase() === email.toLowerCase());
    if (!target) {
      const [row] = await tx.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
      if (!row) throw new DomainError("not_found", `No account with the e-mail ${email}`);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 0 } as const;
    }
    if (admins.length <= 1) throw new DomainError("conflict", lastAdminMessage);
    await tx
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.id, target.id), hasAdminRole));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: target.id,
      label: target.email,
    });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 } as const;
  });
}
