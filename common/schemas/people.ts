// Inputs about people's roles and what a teacher teaches (server/domain/roles.ts, teaching.ts).
import { z } from "zod";
import { issue } from "../errors/problem";
import { roles } from "../people";
import { sessionName } from "./results";

/** One of the roles an account may hold (common/people.ts). */
export const roleName = z.enum(roles, { error: issue("value.role") });

/** An account named in a path: Better Auth's id. */
export const accountId = z
  .string()
  .trim()
  .min(1, issue("value.required"))
  .max(64, issue("value.tooLong", { max: 64 }));

export const accountRoleParams = z.strictObject({ id: accountId, role: roleName });

/** A class-subject given to a teacher for a session: the class by name, its section or "" for all. */
export const teachingInput = z.strictObject({
  session: sessionName,
  class: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .max(40, issue("value.tooLong", { max: 40 })),
  section: z
    .string()
    .trim()
    .max(20, issue("value.tooLong", { max: 20 }))
    .default(""),
  subject: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .max(80, issue("value.tooLong", { max: 80 })),
});

/** The routine's teacher-subject pairs taken as a start, for a session. */
export const teachingFromRoutineInput = z.strictObject({ session: sessionName });

/** The teachers' record (of the public list) that is this account's, or null for none. */
export const teacherRecordInput = z.strictObject({
  teacher: z.uuid(issue("value.teacherId")).nullable(),
});
