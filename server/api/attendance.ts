// Daily attendance: a class's sheet for a day (read, and saved whole), one child's mark (a tap on
// the teacher's phone), a child's month or year, and a class's month with the children below a
// threshold. Teachers of the class and admins take it; a child's guardians and the student see
// their own. Every answer is one person's: private, no-store.
import { z } from "zod";
import {
  attendanceStatuses,
  childReportQuery,
  classReportQuery,
  leaveDecision,
  leaveInput,
  leaveStatuses,
  markInput,
  sheetInput,
  sheetQuery,
} from "../../common/schemas/attendance";
import { weekdays } from "../../common/schemas/routines";
import { childAttendance } from "../domain/attendance/child-report";
import { classMonth } from "../domain/attendance/class-report";
import { decideLeave } from "../domain/attendance/decide-leave";
import { leaveRequestsFor } from "../domain/attendance/leave-list";
import { markChild } from "../domain/attendance/mark-child";
import { requestLeave } from "../domain/attendance/request-leave";
import { saveSheet } from "../domain/attendance/save-sheet";
import { readSheet } from "../domain/attendance/sheet";
import { endpoint } from "./endpoint";

const tag = "Attendance";
const status = z.enum(attendanceStatuses);
const counts = z.object({
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  leave: z.number().int(),
});
const sheetWire = z.object({
  class: z.string(),
  sections: z.array(z.string()),
  section: z.string().meta({ description: '"" for every section of the class' }),
  session: z.string(),
  date: z.string(),
  weekday: z.enum(weekdays),
  period: z.number().int().meta({ description: "0 for the whole day" }),
  state: z.enum(["open", "locked"]).meta({ description: "Open on the day (Dhaka time), locked after it" }),
  changeable: z.boolean().meta({ description: "Whether the caller may change it now" }),
  children: z.array(
    z.object({
      child: z.string(),
      name: z.string(),
      nameBn: z.string(),
      roll: z.string(),
      section: z.string(),
      status,
      marked: z.boolean().meta({ description: "false: nobody marked the child, who counts as present" }),
    }),
  ),
  counts,
});
const totalsWire = counts.extend({
  days: z.number().int().meta({ description: "School days up to today (no holidays, no weekly days off)" }),
  percentage: z.number().nullable().meta({ description: "Days at school (present or late) in percent" }),
});
const childWire = z.object({
  child: z.object({ id: z.string(), name: z.string(), nameBn: z.string() }),
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(["school", "holiday", "dayOff"]),
      status: status.nullable(),
    }),
  ),
  months: z.array(totalsWire.extend({ month: z.string() })),
  totals: totalsWire,
});
const classChildWire = totalsWire.extend({
  child: z.string(),
  name: z.string(),
  roll: z.string(),
  section: z.string(),
});
const classMonthWire = z.object({
  class: z.string(),
  section: z.string(),
  session: z.string(),
  month: z.string(),
  below: z.number(),
  days: z.number().int(),
  children: z.array(classChildWire),
  belowThreshold: z.array(classChildWire),
});

const leaveWire = z.object({
  id: z.string(),
  child: z.string(),
  childName: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  status: z.enum(leaveStatuses),
  createdAt: z.string(),
});

const dayRefusals = {
  "409":
    "The date is a holiday of the calendar or a weekly day off of the routine (the message names which), or has not begun",
};

export const attendanceEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/attendance/sheet"],
    summary:
      "A class's attendance for a day: every child enrolled in the class (and section; `section` empty for " +
      "the whole class) in the session of the date, in roll order, each with their status (present unless " +
      "marked otherwise). `period` 0 (the default) is the whole day. For an admin or a teacher of the class",
    tag,
    access: "teacher or admin",
    query: sheetQuery,
    noStore: true,
    response: sheetWire,
    errors: { ...dayRefusals, "404": "Nobody is enrolled in the class in a session of the date's year" },
    handle: ({ services, actor, query }) => readSheet(services.db, actor, query),
  }),
  endpoint({
    method: "PUT",
    paths: ["/attendance/sheet"],
    summary:
      "Save a class's sheet for a day in one request: each child listed in `marks` gets the status sent " +
      "(the others keep theirs). A day is locked once it has ended (Dhaka time): then only an admin may " +
      "change it, and each change goes into the audit trail. Answers the sheet as saved",
    tag,
    access: "teacher or admin",
    body: sheetInput,
    noStore: true,
    response: sheetWire.extend({ changed: z.number().int() }),
    errors: { ...dayRefusals, "403": "Not a teacher of the class, or the day is locked" },
    handle: ({ services, actor, body }) => saveSheet(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/attendance/marks"],
    summary:
      "Mark one child for a day (one tap): `status` present, absent, late or leave; `period` 0 (the " +
      "default) for the whole day. Sending it again changes nothing. A child the caller does not teach " +
      "is 404, as one who does not exist",
    tag,
    access: "teacher or admin",
    body: markInput,
    noStore: true,
    response: z.object({
      child: z.string(),
      date: z.string(),
      period: z.number().int(),
      status,
      changed: z.boolean(),
    }),
    errors: { ...dayRefusals, "403": "The day is locked", "404": "No such child in the caller's classes" },
    handle: ({ services, actor, body }) => markChild(services.db, actor, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/attendance/children/:id"],
    summary:
      "A child's attendance: `month` (YYYY-MM, this month unless `year` is given) with each day up to today, " +
      "or `year` (YYYY) with each month; the school days, present, absent, late, leave and the percentage. " +
      "For the child's guardians, the student themselves and admins (anyone else: 404)",
    tag,
    access: "signed-in user",
    params: z.object({ id: z.string().max(100) }),
    query: childReportQuery,
    noStore: true,
    response: childWire,
    errors: { "404": "No such child of the caller's" },
    handle: ({ services, actor, params, query }) => childAttendance(services.db, actor, params.id, query),
  }),
  endpoint({
    method: "GET",
    paths: ["/attendance/classes/month"],
    summary:
      "A class's month: each child's school days, present, absent, late, leave and percentage, and those " +
      "below `below` percent (75 unless sent), lowest first. For an admin or a teacher of the class",
    tag,
    access: "teacher or admin",
    query: classReportQuery,
    noStore: true,
    response: classMonthWire,
    handle: ({ services, actor, query }) => classMonth(services.db, actor, query),
  }),
  endpoint({
    method: "POST",
    paths: ["/attendance/children/:id/leave"],
    summary:
      "A guardian asks for leave for their child: `from` and `to` (YYYY-MM-DD, today or later, at most 31 " +
      "days) and a `reason`. A teacher of the child's class (or an admin) approves or refuses it. Another " +
      "family's child is 404",
    tag,
    access: "signed-in user",
    params: z.object({ id: z.string().max(100) }),
    body: leaveInput,
    status: 201,
    noStore: true,
    response: leaveWire,
    errors: { "404": "No such child of the caller's" },
    handle: ({ services, actor, params, body }) => requestLeave(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/attendance/leave"],
    summary:
      "Leave requests the caller may see: a guardian's children's; a teacher's classes' children's; an " +
      "admin's, all. Waiting ones first, then the newest (at most 200)",
    tag,
    access: "signed-in user",
    noStore: true,
    response: z.array(leaveWire),
    handle: ({ services, actor }) => leaveRequestsFor(services.db, actor),
  }),
  endpoint({
    method: "PUT",
    paths: ["/attendance/leave/:id"],
    summary:
      "Approve or refuse a leave request (`status`): an approval marks the school days of the range " +
      '"leave" (a teacher, from today on; an admin, past days too, audited). For a teacher of the ' +
      "child's class or an admin; another's is 404",
    tag,
    access: "teacher or admin",
    params: z.object({ id: z.string().max(100) }),
    body: leaveDecision,
    noStore: true,
    response: z.object({ id: z.string(), status: z.enum(leaveStatuses), marked: z.number().int() }),
    errors: { "404": "No such request of the caller's classes", "409": "Already answered" },
    handle: ({ services, actor, params, body }) => decideLeave(services.db, actor, params.id, body.status),
  }),
];
