// Accounts as the institute sees them: who is an admin, display names, profiles. Sign-up,
// sign-in and sessions belong to Better Auth; everything here checks the actor first.
import { count, eq, sql } from "drizzle-orm";
import type { ProfileInput } from "../../common/schemas/users";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { type Actor, isAdminRole, requireAdmin, requireUser } from "./actor";
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
  requireAdmin(actor);
  const row = await findByEmail(db, email);
  if (!row) throw new DomainError("not_found", `No account with the e-mail ${email}`);
  if (isAdminRole(row.role)) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  await db.update(users).set({ role: "admin" }).where(eq(users.id, row.id));
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

export type Profile = {
  email: string;
  displayName: string;
  photoUrl: string | null;
  about: string | null;
  contactNumber: string | null;
  className: string | null;
  rollNumber: string | null;
};

export async function getOwnProfile(db: Database, actor: Actor): Promise<Profile> {
  const user = requireUser(actor);
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw new DomainError("unauthorized", "Sign in first");
  return {
    email: row.email,
    displayName: row.name,
    photoUrl: row.image,
    about: row.about,
    contactNumber: row.contactNumber,
    className: row.className,
    rollNumber: row.rollNumber,
  };
}

/** PUT /User/updated: the signed-in user's own profile. The e-mail is shown, never changed here. */
export async function updateOwnProfile(
  db: Database,
  actor: Actor,
  input: ProfileInput,
): Promise<UpdateAnswer> {
  const user = requireUser(actor);
  if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new DomainError("invalid", "The e-mail cannot be changed here", {
      email: "The e-mail cannot be changed here",
    });
  }
  const changes = {
    name: input.displayName,
    image: input.photoURl === undefined ? undefined : input.photoURl || null,
    about: input.about,
    contactNumber: input.number,
    className: input.className === undefined ? undefined : input.className || null,
    rollNumber: input.rollNumber,
  };
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length === 0) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  const before = await getOwnProfile(db, actor);
  await db.update(users).set(defined).where(eq(users.id, user.id));
  const after = await getOwnProfile(db, actor);
  return {
    acknowledged: true,
    matchedCount: 1,
    modifiedCount: JSON.stringify(before) === JSON.stringify(after) ? 0 : 1,
  };
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
