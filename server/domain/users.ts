// Accounts as the institute sees them: who is an admin, display names, profiles. Sign-up,
// sign-in and sessions belong to Better Auth; everything here checks the actor first.

import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import type { Role } from "../../common/people";
import { shownEmail } from "../../common/phone-accounts";
import type { Database } from "../db/client";
import { likePattern } from "../db/like";
import { blogs, comments, sessions, users } from "../db/schema";
import type { Transaction } from "../db/transaction";
import { type Actor, isAdminRole, requireAdmin, requireUser, roleListWith, rolesOf } from "./actor";
import { recordAudit } from "./audit/record";
import { DomainError } from "./errors";
import { normalisePhoneNumber } from "./phone";

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
    throw new DomainError("forbidden", problem("account.ownOnlyAsk"));
  }
  const row = await findByEmail(db, email);
  if (!row) throw new DomainError("not_found", problem("account.notFound", { email }));
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
    throw new DomainError("forbidden", problem("account.ownOnlyChange"));
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
  if (!row) throw new DomainError("not_found", problem("account.notFound", { email }));
  if (isAdminRole(row.role)) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: "admin" }).where(eq(users.id, row.id));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: row.id,
      label: shownEmail(row.email) ?? row.id,
    });
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

export type UserListItem = {
  id: string;
  name: string;
  /** None for a phone account (its placeholder address is never shown): its number names it. */
  email: string | null;
  phoneNumber: string | null;
  role: "admin" | "user";
  /** Every role the account holds, in the order of common/people.ts. */
  roles: Role[];
  /** A disabled account cannot sign in (Better Auth's admin plugin's `banned`). */
  disabled: boolean;
  createdAt: string;
};

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
    ? or(
        ilike(users.name, likePattern(q)),
        ilike(users.email, likePattern(q)),
        ilike(users.phoneNumber, likePattern(q)),
      )
    : undefined;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: users.role,
      banned: users.banned,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: shownEmail(row.email),
      phoneNumber: row.phoneNumber,
      role: isAdminRole(row.role) ? "admin" : "user",
      roles: [...rolesOf(row.role)],
      disabled: row.banned === true,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}

/** The SQL twin of isAdminRole: the role list holds "admin". */
const hasAdminRole = sql`'admin' = any(string_to_array(replace(${users.role}, ' ', ''), ','))`;

export const lastAdminMessage = problem("account.lastAdmin");
export const ownAccountMessage = problem("account.ownAccount");

type AdminRow = { id: string; email: string; banned: boolean | null };

/**
 * Every admin row, locked until the transaction ends: two role or account changes at once
 * cannot both pass a check that only one of them may pass (never fewer than one admin who can
 * sign in).
 */
const lockAdmins = (tx: Transaction): Promise<AdminRow[]> =>
  tx
    .select({ id: users.id, email: users.email, banned: users.banned })
    .from(users)
    .where(hasAdminRole)
    .orderBy(users.id)
    .for("update");

/** Admins who can sign in, other than this account. */
const otherActiveAdmins = (admins: AdminRow[], id: string) =>
  admins.filter((row) => row.id !== id && row.banned !== true).length;

/**
 * An admin takes the admin role from the account with this e-mail (their own too), never from
 * the last admin who can sign in.
 */
export async function removeAdmin(db: Database, actor: Actor, email: string): Promise<UpdateAnswer> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = admins.find((row) => row.email.toLowerCase() === email.toLowerCase());
    if (!target) {
      const [row] = await tx.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
      if (!row) throw new DomainError("not_found", problem("account.notFound", { email }));
      return { acknowledged: true, matchedCount: 1, modifiedCount: 0 } as const;
    }
    if (otherActiveAdmins(admins, target.id) === 0) throw new DomainError("conflict", lastAdminMessage);
    await tx
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.id, target.id), hasAdminRole));
    await recordAudit(tx, admin, {
      action: "update",
      subject: "user",
      subjectId: target.id,
      label: shownEmail(target.email) ?? target.id,
    });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 } as const;
  });
}

/**
 * The frame of disabling, enabling and deleting an account: an admin (still one, and still able
 * to sign in, once the admins are locked) acts on someone else's account, found by e-mail. The
 * server's command line (`npm run admin`) acts without an account of its own (its id is null):
 * it holds the server's files, so no account check applies to it.
 */
async function changeAccount<T>(
  db: Database,
  actor: Actor,
  email: string,
  change: (
    tx: Transaction,
    admin: ReturnType<typeof requireAdmin>,
    target: { id: string; email: string; banned: boolean | null },
    admins: AdminRow[],
  ) => Promise<T>,
): Promise<T> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const fromCommandLine = admin.id === null;
    if (!fromCommandLine && !admins.some((row) => row.id === admin.id && row.banned !== true)) {
      throw new DomainError("forbidden", problem("auth.adminOnly"));
    }
    const [target] = await tx
      .select({ id: users.id, email: users.email, banned: users.banned })
      .from(users)
      .where(byEmail(email))
      .limit(1)
      .for("update");
    if (!target) throw new DomainError("not_found", problem("account.notFound", { email }));
    if (target.id === admin.id) throw new DomainError("conflict", ownAccountMessage);
    return change(tx, admin, target, admins);
  });
}

/** An admin disables someone else's account: it cannot sign in, and its sessions end now. */
export function disableUser(db: Database, actor: Actor, email: string): Promise<UpdateAnswer> {
  return changeAccount(db, actor, email, async (tx, admin, target, admins) => {
    if (target.banned === true) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 } as const;
    // Never the last admin who can sign in (from the dashboard the actor is one already).
    if (admins.some((row) => row.id === target.id) && otherActiveAdmins(admins, target.id) === 0) {
      throw new DomainError("conflict", lastAdminMessage);
    }
    await tx
      .update(users)
      .set({ banned: true, banReason: "Disabled by an admin" })
      .where(eq(users.id, target.id));
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await recordAudit(tx, admin, {
      action: "disable",
      subject: "user",
      subjectId: target.id,
      label: shownEmail(target.email) ?? target.id,
    });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 } as const;
  });
}

/** An admin lets a disabled account sign in again. */
export function enableUser(db: Database, actor: Actor, email: string): Promise<UpdateAnswer> {
  return changeAccount(db, actor, email, async (tx, admin, target) => {
    if (target.banned !== true) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 } as const;
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null })
      .where(eq(users.id, target.id));
    await recordAudit(tx, admin, {
      action: "enable",
      subject: "user",
      subjectId: target.id,
      label: shownEmail(target.email) ?? target.id,
    });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 } as const;
  });
}

/**
 * An admin deletes someone else's account with its sessions and sign-in methods. What others
 * read stays, without the writer's name, e-mail or photo: the comments' text (shown under "a
 * former user") and the blogs (their byline likewise). Orders stay for the school's accounts,
 * with the billing details the buyer gave (the foreign keys set the account to null).
 */
export function deleteUser(
  db: Database,
  actor: Actor,
  email: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  return changeAccount(db, actor, email, async (tx, admin, target) => {
    await tx
      .update(comments)
      .set({ name: "", email: "", photoUrl: null })
      .where(eq(comments.authorId, target.id));
    await tx
      .update(blogs)
      .set({ authorEmail: "", authorName: "", authorPhotoUrl: null })
      .where(eq(blogs.authorId, target.id));
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, admin, {
      action: "delete",
      subject: "user",
      subjectId: target.id,
      label: shownEmail(target.email) ?? target.id,
    });
    return { acknowledged: true, deletedCount: 1 } as const;
  });
}

// ---- roles -------------------------------------------------------------------------------------

export type AccountRoles = { id: string; email: string; roles: Role[]; changed: boolean };

/** How an account is found: by its id (the dashboard, REST) or by e-mail or phone number (the command line). */
export type AccountRef = { id: string } | { who: string };

type RoleTarget = { id: string; email: string; phoneNumber: string | null; role: string | null };

async function findForRoles(tx: Transaction, ref: AccountRef): Promise<RoleTarget> {
  const columns = { id: users.id, email: users.email, phoneNumber: users.phoneNumber, role: users.role };
  if ("id" in ref) {
    const [row] = await tx.select(columns).from(users).where(eq(users.id, ref.id)).limit(1).for("update");
    if (!row) throw new DomainError("not_found", problem("record.notFound", { kind: "account" }));
    return row;
  }
  const who = ref.who.trim();
  // An e-mail has an @; anything else is a Bangladeshi mobile number in any of its forms.
  const where = who.includes("@") ? byEmail(who) : eq(users.phoneNumber, normalisePhoneNumber(who));
  const [row] = await tx.select(columns).from(users).where(where).limit(1).for("update");
  if (!row) throw new DomainError("not_found", problem("account.notFoundBy", { who }));
  return row;
}

/** An account as the audit trail names it: its e-mail, or its phone when the e-mail is a placeholder. */
const shownAs = (row: RoleTarget) =>
  row.email.toLowerCase().endsWith(".invalid") && row.phoneNumber ? row.phoneNumber : row.email;

/**
 * An admin gives (held) or takes a role. The admin role is never taken from the last admin who
 * can sign in; an admin taking their own is told they are the last. Each change is audited.
 */
export async function setRole(
  db: Database,
  actor: Actor,
  ref: AccountRef,
  role: Role,
  held: boolean,
): Promise<AccountRoles> {
  const admin = requireAdmin(actor);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = await findForRoles(tx, ref);
    const now = rolesOf(target.role);
    if (now.has(role) === held) {
      return { id: target.id, email: target.email, roles: [...now], changed: false };
    }
    if (role === "admin" && !held && otherActiveAdmins(admins, target.id) === 0) {
      const own = target.id === admin.id;
      throw new DomainError("conflict", own ? problem("account.lastAdminSelf") : lastAdminMessage);
    }
    const list = roleListWith(target.role, role, held);
    await tx.update(users).set({ role: list }).where(eq(users.id, target.id));
    await recordAudit(tx, admin, {
      action: held ? "grant" : "revoke",
      subject: "user",
      subjectId: target.id,
      label: `${shownAs(target)}: ${role}`,
    });
    return { id: target.id, email: target.email, roles: [...rolesOf(list)], changed: true };
  });
}
