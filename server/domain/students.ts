// Students, the server's part (common/kinds/students.ts is the definition): its table and rules of its own.
import { students } from "../db/schema";
import type { Actor } from "./actor";
import { adminsOrEveryone, shownTo, unapprovedHiddenFromNonAdmins } from "./content/collection";
import { serverKind } from "./content/server-kind";

export const studentKind = serverKind({
  kind: "students",
  table: students,
  hiddenFrom: unapprovedHiddenFromNonAdmins(students.status),
  views: adminsOrEveryone,
  // New students wait for review, whatever the request says; an admin's approval publishes them.
  onCreate: () => ({ status: "pending" }),
});

export const studentCollection = studentKind.collection;

/** A student's e-mail is for admins only. */
export const studentFieldsSeen = { email: "admin" } as const;

/** A student as this actor may see them (fields they may not read are left out). */
export const studentSeenBy = <T extends { email: string }>(actor: Actor, student: T) =>
  shownTo(actor, student, studentFieldsSeen);
