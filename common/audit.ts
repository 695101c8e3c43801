// What the audit trail records, shared by the server (which writes and filters it) and the
// dashboard (which offers the kinds as a filter). A new kind of audited record is added here.

export const auditSubjects = [
  "admission",
  "result",
  "blog",
  "comment",
  "notice",
  "service",
  "student",
  "teacher",
  "user",
  // The inbox: a received message deleted for good, and mail sent from the dashboard.
  "message",
  "mail",
  // A refund given on an order.
  "order",
  // An exam: set up, its marks changed, published or hidden (server/domain/exams.ts).
  "exam",
] as const;

export type AuditSubject = (typeof auditSubjects)[number];
