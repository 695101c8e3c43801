// What the audit trail records, shared by the server (which writes and filters it) and the
// dashboard (which offers the kinds as a filter). Every kind of content is a subject, by one
// record's name (common/kinds); other audited records are added here.
import { type KindOne, kindOnes } from "./kinds";

const otherSubjects = [
  "user",
  // The inbox: a received message deleted for good, and mail sent from the dashboard.
  "message",
  "mail",
  // A refund given on an order.
  "order",
  // An exam: set up, its marks changed, published or hidden (server/domain/exams.ts and beside it).
  "exam",
  // A class routine, or the periods and days (server/domain/routines.ts).
  "routine",
  // A child on the register of students: the record, photo, enrolments and guardians, whether
  // changed one by one, by an imported sheet or by a class's promotion (server/domain/register/).
  "child",
  // Tuition fees: the structure, waivers, corrections, payments and receipts (server/domain/fees/).
  "fee",
  // An admission round set up, an application's status changed (server/domain/admission-applications/).
  "application",
  // A file of records downloaded from the dashboard: its id names what (a kind, orders,
  // subscribers), its label the file.
  "export",
] as const;

export type AuditSubject = KindOne | (typeof otherSubjects)[number];

/** The kinds of content first, then the others; never empty (the registry has kinds). */
export const auditSubjects = [...kindOnes, ...otherSubjects] as readonly AuditSubject[] as readonly [
  AuditSubject,
  ...AuditSubject[],
];
