// What teachers teach: an admin assigns class-subjects per session to a teacher's account (or takes
// the routine's pairs as a start) and links the account to a teachers' record; a teacher reads
// their own, and the exams they mark.
import { z } from "zod";
import { roles } from "../../common/people";
import {
  accountId,
  teacherRecordInput,
  teachingFromRoutineInput,
  teachingInput,
} from "../../common/schemas/people";
import { sessionName } from "../../common/schemas/results";
import { dhakaToday } from "../../common/schemas/routines";
import {
  assignFromRoutine,
  assignTeaching,
  linkTeacherRecord,
  removeTeaching,
  teachersExams,
  teachingOf,
} from "../domain/teaching";
import { Answer, endpoint } from "./endpoint";
import { examToWire, examWire } from "./exams";
import { deleted } from "./wire-schemas";

const tag = "Teaching";
const accountParams = z.strictObject({ id: accountId });

const assignmentWire = z.strictObject({
  _id: z.string(),
  session: z.string(),
  class: z.string(),
  section: z.string().meta({ description: '"" for the whole class' }),
  subject: z.string(),
});
const teacherRef = z.strictObject({ _id: z.string(), name: z.string() }).nullable();

const toWire = (a: { id: string; session: string; className: string; section: string; subject: string }) => ({
  _id: a.id,
  session: a.session,
  class: a.className,
  section: a.section,
  subject: a.subject,
});
const teacherToWire = (teacher: { id: string; name: string } | null) =>
  teacher ? { _id: teacher.id, name: teacher.name } : null;

export const teachingEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/users/:id/teaching"],
    summary:
      "A teacher's class-subjects, the teachers' record linked to the account, and the routine's teacher-subject " +
      "pairs not yet assigned for `session` (this year's unless named)",
    tag,
    access: "teacher or admin",
    params: accountParams,
    query: z.strictObject({ session: sessionName.optional() }),
    response: z.strictObject({
      account: z.strictObject({
        _id: z.string(),
        name: z.string(),
        email: z.string(),
        roles: z.array(z.enum(roles)),
      }),
      teacher: teacherRef,
      assignments: z.array(assignmentWire),
      suggestions: z.array(z.strictObject({ class: z.string(), section: z.string(), subject: z.string() })),
    }),
    errors: { "404": "No such account (a teacher asking about another account gets this too)" },
    handle: async ({ services, actor, params, query }) => {
      const view = await teachingOf(services.db, actor, params.id, query.session ?? dhakaToday().slice(0, 4));
      return {
        account: {
          _id: view.account.id,
          name: view.account.name,
          email: view.account.email,
          roles: view.account.roles,
        },
        teacher: teacherToWire(view.teacher),
        assignments: view.assignments.map(toWire),
        suggestions: view.suggestions.map((s) => ({
          class: s.className,
          section: s.section,
          subject: s.subject,
        })),
      };
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/users/:id/teaching"],
    summary:
      "Assign a class-subject of a session to a teacher's account (the class by name, a section or all)",
    tag,
    access: "admin",
    params: accountParams,
    body: teachingInput,
    status: 201,
    response: assignmentWire,
    errors: { "404": "No such account", "409": "The account does not hold the teacher role" },
    handle: async ({ services, actor, params, body }) =>
      new Answer(toWire(await assignTeaching(services.db, actor, params.id, body)), {}, 201),
  }),
  endpoint({
    method: "POST",
    paths: ["/users/:id/teaching/from-routine"],
    summary:
      "Assign the class routine's teacher-subject pairs of the account's teachers' record for a session",
    tag,
    access: "admin",
    params: accountParams,
    body: teachingFromRoutineInput,
    response: z.strictObject({ added: z.number().int() }),
    errors: { "404": "No such account", "409": "The account does not hold the teacher role" },
    handle: ({ services, actor, params, body }) =>
      assignFromRoutine(services.db, actor, params.id, body.session),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/teaching/:id"],
    summary: "Take a class-subject back from a teacher",
    tag,
    access: "admin",
    params: z.strictObject({ id: z.string().max(100) }),
    response: deleted,
    errors: { "404": "No such class-subject" },
    handle: async ({ services, actor, params }) => {
      await removeTeaching(services.db, actor, params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  }),
  endpoint({
    method: "PUT",
    paths: ["/users/:id/teacher"],
    summary:
      "Link the account to a teachers' record of the public list (their routine follows from it), or to none with null",
    tag,
    access: "admin",
    params: accountParams,
    body: teacherRecordInput,
    response: z.strictObject({ teacher: teacherRef }),
    errors: { "404": "No such account or teacher", "409": "The teacher's record belongs to another account" },
    handle: async ({ services, actor, params, body }) => ({
      teacher: teacherToWire((await linkTeacherRecord(services.db, actor, params.id, body.teacher)).teacher),
    }),
  }),
  endpoint({
    method: "GET",
    paths: ["/teaching/exams"],
    summary:
      "The exams the signed-in teacher marks (those with a subject assigned to them); every exam for an admin",
    tag,
    access: "teacher or admin",
    response: z.array(examWire),
    handle: async ({ services, actor }) => (await teachersExams(services.db, actor)).map(examToWire),
  }),
];
