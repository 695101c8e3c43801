// A guardian's children: linking one with the registration number and the code sent to the
// guardian phone on the register, the list, one child's view (published marksheets, routine,
// notices) and removing a link; a teacher's class-subjects; an admin's link of a guardian row to
// an account. Every answer is one person's: private, no-store.
import { z } from "zod";
import { guardianRelations } from "../../common/people";
import { guardianAccountInput, linkCodeConfirm, linkCodeRequest } from "../../common/schemas/family";
import { weekdays } from "../../common/schemas/routines";
import type { Services } from "../container";
import { localeOf } from "../cookies";
import { childView, myChildren, myTeaching } from "../domain/register/family";
import {
  confirmGuardianCode,
  type GuardianLinkDeps,
  linkGuardianAccount,
  requestGuardianCode,
  unlinkGuardianAccount,
  unlinkOwnChild,
} from "../domain/register/guardian-links";
import { endpoint } from "./endpoint";
import { marksheetWire } from "./exams";

const tag = "Family";
const childParams = z.object({ id: z.string().max(100) });

const relationWire = z.enum([...guardianRelations, "self"]);
const childWire = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  photoUrl: z.string().nullable(),
  relation: relationWire,
  enrolment: z
    .object({
      session: z.string(),
      classId: z.string(),
      className: z.string(),
      section: z.string().nullable(),
      roll: z.string(),
      registration: z.string(),
    })
    .nullable(),
});
const periodWire = z.object({
  number: z.number().int(),
  start: z.string(),
  end: z.string(),
  break: z.boolean(),
});
const routineWire = z.object({
  className: z.string(),
  section: z.string(),
  date: z.string(),
  weekday: z.enum(weekdays),
  periods: z.array(periodWire),
  days: z.array(z.enum(weekdays)),
  slots: z.array(
    z.object({
      day: z.enum(weekdays),
      period: z.number().int(),
      subject: z.string(),
      teacher: z.string().nullable(),
      room: z.string(),
      substitute: z.string().nullable(),
    }),
  ),
});
const childViewWire = z.object({
  child: childWire,
  marksheets: z.array(marksheetWire),
  routine: routineWire.nullable(),
  notices: z.array(z.object({ id: z.string(), title: z.string(), createdAt: z.string() })),
});
const guardianWire = z.object({
  id: z.string(),
  childId: z.string(),
  childName: z.string(),
  name: z.string(),
  relation: z.enum(guardianRelations),
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
});
const teachingWire = z.object({
  session: z.string().nullable(),
  classes: z.array(
    z.object({
      classId: z.string(),
      className: z.string(),
      section: z.string(),
      subject: z.string(),
      exams: z.array(
        z.object({ id: z.string(), name: z.string(), subjectCode: z.string(), published: z.boolean() }),
      ),
    }),
  ),
});

export const guardianLinkDeps = (services: Services): GuardianLinkDeps => ({
  db: services.db,
  sms: services.sms,
  logger: services.logger,
  secret: services.config.authSecret,
  institute: services.config.instituteName,
});

export const familyEndpoints = [
  endpoint({
    method: "POST",
    paths: ["/family/codes"],
    summary:
      "Ask for a code to link your account to a child: it goes by text message to each guardian phone the " +
      "register holds for the child of this registration number. The answer is the same whether the number " +
      "is on the register or not",
    tag,
    access: "signed-in user",
    body: linkCodeRequest,
    status: 202,
    rateLimited: true,
    noStore: true,
    response: z.object({
      requested: z.literal(true),
      registration: z.string(),
      expiresInSeconds: z.number().int(),
    }),
    handle: ({ services, actor, body, client, request }) =>
      requestGuardianCode(guardianLinkDeps(services), actor, {
        registration: body.registration,
        client,
        locale: localeOf(request),
      }),
  }),
  endpoint({
    method: "POST",
    paths: ["/family/children"],
    summary:
      "Link your account to a child with the registration number and the code from the text message: you " +
      "become the guardian the code was sent for. 3 wrong codes and it is void; a code lasts 5 minutes",
    tag,
    access: "signed-in user",
    body: linkCodeConfirm,
    noStore: true,
    errors: { "409": "Your account is already linked to this child" },
    response: z.object({ id: z.string(), name: z.string(), relation: z.enum(guardianRelations) }),
    handle: ({ services, actor, body }) => confirmGuardianCode(guardianLinkDeps(services), actor, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/family/children"],
    summary: "The children your account is linked to (as a guardian, or the student's own record)",
    tag,
    access: "signed-in user",
    noStore: true,
    response: z.array(childWire),
    handle: ({ services, actor }) => myChildren(services.db, actor),
  }),
  endpoint({
    method: "GET",
    paths: ["/family/children/:id"],
    summary:
      "One of your children: the newest class, section and roll, the published marksheets, the class " +
      "routine and the newest notices. 404 for a child who is not yours, the same as for none",
    tag,
    access: "signed-in user",
    params: childParams,
    noStore: true,
    errors: { "404": "No such child among yours" },
    response: childViewWire,
    handle: async ({ services, actor, params, reads }) => {
      const view = await childView(services.db, actor, params.id, {
        institute: services.config.instituteName,
        reads,
      });
      const { routine } = view;
      return {
        ...view,
        routine: routine && {
          className: routine.class.name,
          section: routine.section,
          date: routine.date,
          weekday: routine.weekday,
          periods: routine.periods,
          days: routine.days,
          slots: routine.slots.map((slot) => ({
            day: slot.day,
            period: slot.period,
            subject: slot.subject,
            teacher: slot.teacher?.name ?? null,
            room: slot.room,
            substitute: slot.substitute?.name ?? null,
          })),
        },
      };
    },
  }),
  endpoint({
    method: "DELETE",
    paths: ["/family/children/:id"],
    summary: "Remove your account's link to one of your children (404 for a child who is not yours)",
    tag,
    access: "signed-in user",
    params: childParams,
    noStore: true,
    errors: { "404": "No such child among yours" },
    response: z.object({ unlinked: z.literal(true) }),
    handle: ({ services, actor, params }) => unlinkOwnChild(services.db, actor, params.id),
  }),
  endpoint({
    method: "GET",
    paths: ["/family/teaching"],
    summary:
      "A teacher's class-subjects of their newest session, each with the session's exams of that subject " +
      "(their marks grid is /DeashBoard/exams/{id}?subject={subjectCode})",
    tag,
    access: "signed-in user",
    noStore: true,
    response: teachingWire,
    handle: ({ services, actor }) => myTeaching(services.db, actor),
  }),
  endpoint({
    method: "PUT",
    paths: ["/family/guardians/:id/account"],
    summary:
      "Link a guardian of the register (by the guardian's id) to the account of this e-mail address or " +
      "phone number; the account gets the guardian role",
    tag,
    access: "admin",
    params: childParams,
    body: guardianAccountInput,
    noStore: true,
    errors: { "404": "No such guardian", "409": "The account is another guardian of the same child" },
    response: guardianWire,
    handle: ({ services, actor, params, body }) => linkGuardianAccount(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/family/guardians/:id/account"],
    summary: "Unlink a guardian of the register from their account",
    tag,
    access: "admin",
    params: childParams,
    noStore: true,
    errors: { "404": "No such guardian" },
    response: guardianWire,
    handle: ({ services, actor, params }) => unlinkGuardianAccount(services.db, actor, params.id),
  }),
];
