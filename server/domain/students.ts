import { studentInput } from "../../common/schemas/content";
import { students } from "../db/schema";
import type { Actor } from "./actor";
import { adminsOrEveryone, collection, shownTo, unapprovedHiddenFromNonAdmins } from "./content/collection";

export const studentCollection = collection({
  kind: "students",
  table: students,
  input: studentInput,
  searchColumn: students.name,
  create: "admin",
  change: "admin",
  hiddenFrom: unapprovedHiddenFromNonAdmins(students.status),
  views: adminsOrEveryone,
  // New students wait for review, whatever the request says; an admin's approval publishes them.
  onCreate: () => ({ status: "pending" }),
});

/** A student's e-mail is for admins only. */
export const studentFieldsSeen = { email: "admin" } as const;

/** A student as this actor may see them (fields they may not read are left out). */
export const studentSeenBy = <T extends { email: string }>(actor: Actor, student: T) =>
  shownTo(actor, student, studentFieldsSeen);
