import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, schoolClasses, teachingAssignments, users } from "../../server/db/schema";
import type { Session } from "../fixtures/test-app";
import {
  admissionRound,
  admitCards,
  applicationCode,
  applicationDocument,
  applicationDraft,
  applicationNumber,
  applicationStatusChange,
  completeApplication,
  lotteryToDraw,
  lotteryToSeed,
  newApplication,
  selectedApplication,
  submittedApplication,
  testMarks,
  testRanking,
} from "./admission-setups";
import {
  absenceTimes,
  aChild,
  aFeeRate,
  aGuardian,
  aliceChild,
  attendanceSheet,
  attendanceTap,
  cartCharges,
  childChange,
  childEnrolment,
  childPhoto,
  feeCorrection,
  feeDues,
  feeFines,
  feeLookup,
  feeMonth,
  feeOrder,
  feePayment,
  feeRate,
  feeReceipt,
  feeRefund,
  feeSiblingRule,
  feeTerm,
  feeWaiver,
  guardianChange,
  guardianLinked,
  guardianToLink,
  leaveAsked,
  leaveWaiting,
  linkCodeAsked,
  linkCodeGiven,
  newChild,
  newFeeHead,
  newGuardian,
  optOut,
  promotion,
  publicFeeOrder,
  registerSheet,
  siteCalendars,
  toClassTen,
  unknownText,
} from "./people-setups";
import {
  aClass,
  accountInPath,
  accountRecord,
  aDraft,
  add,
  addPhoto,
  anExam,
  aSubstitute,
  aTeaching,
  type Call,
  type Caller,
  callers,
  cart,
  change,
  changeDraft,
  changePhoto,
  contactMessage,
  disabledAccount,
  enrolmentLink,
  examChange,
  examMarks,
  examSetup,
  grantTeacher,
  heldOrder,
  holders,
  idOf,
  makeAdminOfNewAccount,
  markMany,
  markOne,
  newClass,
  newMail,
  newTeaching,
  nothingSent,
  otherAccount,
  ownPhoto,
  ownProfile,
  paidOrderRefund,
  paidOrderReport,
  remove,
  removeAdminFromSecondAdmin,
  removePhoto,
  replyTo,
  revokeTeacher,
  routineSetup,
  type Setup,
  subscription,
  substituteSetup,
  teacherRecord,
  teachingFromRoutine,
  testCardPayment,
  weekSetup,
} from "./permission-setups";
import {
  createWorld,
  endpointKey,
  fillPath,
  gatewaySecret,
  sendBody,
  stateChangingEndpoints,
  type World,
  watchWrites,
} from "./support";

type Row = [
  anonymous: number,
  user: number,
  other: number,
  admin: number,
  teacher: number,
  accountant: number,
  guardian: number,
  student: number,
  setup: Setup,
];

// biome-ignore format: a table is read by its columns
const matrix: Record<string, Row> = {
  // call                                   anon user other admin teacher accountant guardian student, what is sent
  "POST /User/users":                       [401, 200, 403, 200, 200, 200, 200, 200,  accountRecord],
  "PUT /User/users":                        [401, 200, 403, 200, 200, 200, 200, 200,  accountRecord],
  "PUT /User/users/admin":                  [401, 403, 403, 200, 403, 403, 403, 403,  makeAdminOfNewAccount],
  "PUT /User/users/removeAdmin":            [401, 403, 403, 200, 403, 403, 403, 403,  removeAdminFromSecondAdmin],
  "PUT /User/users/disable":                [401, 403, 403, 200, 403, 403, 403, 403,  otherAccount],
  "PUT /User/users/enable":                 [401, 403, 403, 200, 403, 403, 403, 403,  disabledAccount],
  "DELETE /User/users/:email":              [401, 403, 403, 200, 403, 403, 403, 403,  accountInPath],
  // Roles and teachers' class-subjects: admins only.
  "PUT /users/:id/roles/:role":             [401, 403, 403, 200, 403, 403, 403, 403,  grantTeacher],
  "DELETE /users/:id/roles/:role":          [401, 403, 403, 200, 403, 403, 403, 403,  revokeTeacher],
  "POST /users/:id/teaching":               [401, 403, 403, 201, 403, 403, 403, 403,  newTeaching],
  "POST /users/:id/teaching/from-routine":  [401, 403, 403, 200, 403, 403, 403, 403,  teachingFromRoutine],
  "DELETE /teaching/:id":                   [401, 403, 403, 200, 403, 403, 403, 403,  aTeaching],
  "PUT /users/:id/teacher":                 [401, 403, 403, 200, 403, 403, 403, 403,  teacherRecord],
  "PUT /User/updated":                      [401, 200, 200, 200, 200, 200, 200, 200,  ownProfile],
  "POST /User/photo":                       [401, 200, 200, 200, 200, 200, 200, 200,  ownPhoto],
  // A phone account's added address, mailed its link again: these e-mail accounts have none
  // waiting, so each signed-in caller gets 404 (the 200 and the 429: tests/api/phone-accounts.test.ts).
  "POST /User/added-email/resend":          [401, 404, 404, 404, 404, 404, 404, 404,  nothingSent],

  "POST /AddAdmition":                      [401, 403, 403, 201, 403, 403, 403, 403,  add("admission")],
  "PUT /Admition/admition/:id":             [401, 403, 403, 200, 403, 403, 403, 403,  change("admission")],
  "PATCH /Admition/admition/:id":           [401, 403, 403, 200, 403, 403, 403, 403,  change("admission")],
  "DELETE /Admition/admition/:id":          [401, 403, 403, 200, 403, 403, 403, 403,  remove("admission")],
  "POST /result/Addresult":                 [401, 403, 403, 201, 403, 403, 403, 403,  add("result")],
  "PUT /result/result/:id":                 [401, 403, 403, 200, 403, 403, 403, 403,  change("result")],
  "PATCH /result/result/:id":               [401, 403, 403, 200, 403, 403, 403, 403,  change("result")],
  "DELETE /result/result/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  remove("result")],
  // Users write blogs too (pending until an admin approves them); the user is the author.
  "POST /blog/blogs":                       [401, 201, 201, 201, 201, 201, 201, 201,  add("blog")],
  "PUT /blog/blogs/:id":                    [401, 200, 403, 200, 403, 403, 403, 403,  change("blog")],
  "PATCH /blog/blogs/:id":                  [401, 200, 403, 200, 403, 403, 403, 403,  change("blog")],
  "DELETE /blog/blogs/:id":                 [401, 200, 403, 200, 403, 403, 403, 403,  remove("blog")],
  "POST /blog/comment":                     [401, 201, 201, 201, 201, 201, 201, 201,  add("comment")],
  "PUT /blog/comment/:id":                  [401, 200, 403, 200, 403, 403, 403, 403,  change("comment")],
  "PATCH /blog/comment/:id":                [401, 200, 403, 200, 403, 403, 403, 403,  change("comment")],
  "DELETE /blog/comment/:id":               [401, 200, 403, 200, 403, 403, 403, 403,  remove("comment")],
  // Teachers add notices too, pending until an admin approves them (tests/api/teacher-notices.test.ts).
  "POST /Notice/notices":                   [401, 403, 403, 201, 201, 403, 403, 403,  add("notice")],
  "PUT /Notice/notices/:id":                [401, 403, 403, 200, 403, 403, 403, 403,  change("notice")],
  "PATCH /Notice/notices/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  change("notice")],
  "DELETE /Notice/notices/:id":             [401, 403, 403, 200, 403, 403, 403, 403,  remove("notice")],
  "POST /events":                           [401, 403, 403, 201, 403, 403, 403, 403,  add("event")],
  "PUT /events/:id":                        [401, 403, 403, 200, 403, 403, 403, 403,  change("event")],
  "PATCH /events/:id":                      [401, 403, 403, 200, 403, 403, 403, 403,  change("event")],
  "DELETE /events/:id":                     [401, 403, 403, 200, 403, 403, 403, 403,  remove("event")],
  "POST /downloads":                        [401, 403, 403, 201, 403, 403, 403, 403,  add("download")],
  "PUT /downloads/:id":                     [401, 403, 403, 200, 403, 403, 403, 403,  change("download")],
  "PATCH /downloads/:id":                   [401, 403, 403, 200, 403, 403, 403, 403,  change("download")],
  "DELETE /downloads/:id":                  [401, 403, 403, 200, 403, 403, 403, 403,  remove("download")],
  "POST /gallery":                          [401, 403, 403, 201, 403, 403, 403, 403,  add("album")],
  "PUT /gallery/:id":                       [401, 403, 403, 200, 403, 403, 403, 403,  change("album")],
  "PATCH /gallery/:id":                     [401, 403, 403, 200, 403, 403, 403, 403,  change("album")],
  "DELETE /gallery/:id":                    [401, 403, 403, 200, 403, 403, 403, 403,  remove("album")],
  "POST /gallery/:id/photos":               [401, 403, 403, 201, 403, 403, 403, 403,  addPhoto],
  "PUT /gallery/photos/:id":                [401, 403, 403, 200, 403, 403, 403, 403,  changePhoto],
  "PATCH /gallery/photos/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  changePhoto],
  "DELETE /gallery/photos/:id":             [401, 403, 403, 200, 403, 403, 403, 403,  removePhoto],
  "POST /service/addServices":              [401, 403, 403, 201, 403, 403, 403, 403,  add("service")],
  "PUT /service/services/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  change("service")],
  "PATCH /service/services/:id":            [401, 403, 403, 200, 403, 403, 403, 403,  change("service")],
  "DELETE /service/services/:id":           [401, 403, 403, 200, 403, 403, 403, 403,  remove("service")],
  "POST /student/addStudent":               [401, 403, 403, 201, 403, 403, 403, 403,  add("student")],
  "PUT /student/students/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  change("student")],
  "PATCH /student/students/:id":            [401, 403, 403, 200, 403, 403, 403, 403,  change("student")],
  "DELETE /student/students/:id":           [401, 403, 403, 200, 403, 403, 403, 403,  remove("student")],
  "POST /teacher/addTeacher":               [401, 403, 403, 201, 403, 403, 403, 403,  add("teacher")],
  "PUT /teacher/teacher/:id":               [401, 403, 403, 200, 403, 403, 403, 403,  change("teacher")],
  "PATCH /teacher/teacher/:id":             [401, 403, 403, 200, 403, 403, 403, 403,  change("teacher")],
  "DELETE /teacher/teacher/:id":            [401, 403, 403, 200, 403, 403, 403, 403,  remove("teacher")],

  "POST /contact":                          [201, 201, 201, 201, 201, 201, 201, 201,  contactMessage],
  "POST /subscribe":                        [201, 201, 201, 201, 201, 201, 201, 201,  subscription],

  "POST /Order/create-payment-intent":      [401, 200, 200, 200, 200, 200, 200, 200,  cart],
  "POST /Order/quote":                      [401, 200, 200, 200, 200, 200, 200, 200,  cart],
  "PUT /Admition/admitCollection/:id":      [401, 200, 403, 200, 403, 403, 403, 403,  paidOrderReport],
  // Only the order's buyer pays it, admins included.
  "POST /payments/test/confirm":            [401, 200, 403, 403, 403, 403, 403, 403,  testCardPayment],
  // Only admins give money back, the buyer included.
  "POST /Order/orders/:id/refunds":         [401, 403, 403, 201, 403, 201, 403, 403,  paidOrderRefund],
  "POST /Order/orders/:id/confirm":         [401, 403, 403, 200, 403, 200, 403, 403,  heldOrder],

  // Exam results: admins only. A marks sheet sent as JSON has no file: 422 with its errors.
  "POST /results/classes":                  [401, 403, 403, 201, 403, 403, 403, 403,  newClass],
  "PUT /results/classes/:id":               [401, 403, 403, 200, 403, 403, 403, 403,  aClass],
  "POST /results/exams":                    [401, 403, 403, 201, 403, 403, 403, 403,  examSetup],
  "PUT /results/exams/:id":                 [401, 403, 403, 200, 403, 403, 403, 403,  examChange],
  "PATCH /results/exams/:id/marks":         [401, 403, 403, 200, 200, 403, 403, 403,  examMarks],
  "POST /results/exams/:id/marks":          [401, 403, 403, 422, 403, 403, 403, 403,  anExam],
  "POST /results/exams/:id/publish":        [401, 403, 403, 200, 403, 403, 403, 403,  anExam],
  "POST /results/exams/:id/unpublish":      [401, 403, 403, 200, 403, 403, 403, 403,  anExam],
  "POST /results/enrolments/:id/accounts":  [401, 403, 403, 200, 403, 403, 403, 403,  enrolmentLink],

  // The class routine: admins only.
  "PUT /routines/week":                     [401, 403, 403, 200, 403, 403, 403, 403,  weekSetup],
  "PUT /routines/classes/:id":              [401, 403, 403, 200, 403, 403, 403, 403,  routineSetup],
  "POST /routines/substitutes":             [401, 403, 403, 201, 403, 403, 403, 403,  substituteSetup],
  "DELETE /routines/substitutes/:id":       [401, 403, 403, 200, 403, 403, 403, 403,  aSubstitute],

  // The register of students: admins only (a multipart sheet or photo like any body).
  "POST /register/students":                [401, 403, 403, 201, 403, 403, 403, 403,  newChild],
  "PATCH /register/students/:id":           [401, 403, 403, 200, 403, 403, 403, 403,  childChange],
  "PUT /register/students/:id/enrolment":   [401, 403, 403, 200, 403, 403, 403, 403,  childEnrolment],
  "PUT /register/students/:id/photo":       [401, 403, 403, 200, 403, 403, 403, 403,  childPhoto],
  "DELETE /register/students/:id/photo":    [401, 403, 403, 200, 403, 403, 403, 403,  aChild],
  "POST /register/students/:id/guardians":  [401, 403, 403, 201, 403, 403, 403, 403,  newGuardian],
  "PATCH /register/guardians/:id":          [401, 403, 403, 200, 403, 403, 403, 403,  guardianChange],
  "DELETE /register/guardians/:id":         [401, 403, 403, 200, 403, 403, 403, 403,  aGuardian],
  "POST /register/import":                  [401, 403, 403, 200, 403, 403, 403, 403,  registerSheet],
  "POST /register/promotions":              [401, 403, 403, 200, 403, 403, 403, 403,  promotion],
  "POST /messages/preview":                 [401, 403, 403, 200, 200, 403, 403, 403,  toClassTen],
  "POST /messages":                         [401, 403, 403, 201, 201, 403, 403, 403,  toClassTen],
  "POST /messages/:id/send-unknown-again":  [401, 403, 403, 200, 403, 403, 403, 403,  unknownText],
  "PUT /register/guardians/:id/texts":      [401, 403, 403, 200, 403, 403, 403, 403,  optOut],
  "PUT /messages/absence-texts":            [401, 403, 403, 200, 403, 403, 403, 403,  absenceTimes],
  // The calendars beside the Gregorian date and the installed app's names: admins only.
  "PUT /settings/site":                     [401, 403, 403, 200, 403, 403, 403, 403,  siteCalendars],
  "PUT /settings/cart-charges":             [401, 403, 403, 200, 403, 403, 403, 403,  cartCharges],
  // Fee reminders: admins and accountants (the dues audience of a message: admins only, fee-reminders.test.ts).
  "POST /fees/reminders/preview":           [401, 403, 403, 200, 403, 200, 403, 403,  feeDues],
  "POST /fees/reminders":                   [401, 403, 403, 201, 403, 201, 403, 403,  feeDues],
  // A guardian's children: each account links its own (by a code the account asked for itself),
  // sees and unlinks only its own (404 otherwise, admins included); admins link guardian rows.
  "POST /family/codes":                     [401, 202, 202, 202, 202, 202, 202, 202,  linkCodeAsked],
  "POST /family/children":                  [401, 200, 400, 200, 200, 200, 200, 200,  linkCodeGiven],
  "DELETE /family/children/:id":            [401, 200, 404, 404, 404, 404, 404, 404,  aliceChild],
  "PUT /family/guardians/:id/account":      [401, 403, 403, 200, 403, 403, 403, 403,  guardianToLink],
  "DELETE /family/guardians/:id/account":   [401, 403, 403, 200, 403, 403, 403, 403,  guardianLinked],

  // Daily attendance: admins and the class's teachers (other teachers: tests/api/attendance.test.ts).
  "PUT /attendance/sheet":                  [401, 403, 403, 200, 200, 403, 403, 403,  attendanceSheet],
  "PUT /attendance/marks":                  [401, 403, 403, 200, 200, 403, 403, 403,  attendanceTap],
  // Leave: a guardian asks for their own child (others: 404); the class's teachers and admins answer.
  "POST /attendance/children/:id/leave":     [401, 201, 404, 404, 404, 404, 404, 404,  leaveAsked],
  "PUT /attendance/leave/:id":               [401, 403, 403, 200, 200, 403, 403, 403,  leaveWaiting],
  // Tuition fees: admins and accountants only; "user" is the child's guardian, "guardian" another family's.
  "POST /fees/heads":                       [401, 403, 403, 201, 403, 201, 403, 403,  newFeeHead],
  "PUT /fees/rates":                        [401, 403, 403, 200, 403, 200, 403, 403,  feeRate],
  "DELETE /fees/rates/:id":                 [401, 403, 403, 200, 403, 200, 403, 403,  aFeeRate],
  "PUT /fees/fines":                        [401, 403, 403, 200, 403, 200, 403, 403,  feeFines],
  "PUT /fees/sibling-discount":             [401, 403, 403, 200, 403, 200, 403, 403,  feeSiblingRule],
  "POST /fees/invoices/generate":           [401, 403, 403, 200, 403, 200, 403, 403,  feeMonth],
  "POST /fees/invoices/:id/corrections":    [401, 403, 403, 201, 403, 201, 403, 403,  feeCorrection],
  "POST /fees/waivers":                     [401, 403, 403, 201, 403, 201, 403, 403,  feeWaiver],
  "PUT /fees/students/:id/term":            [401, 403, 403, 200, 403, 200, 403, 403,  feeTerm],
  "POST /fees/students/:id/payments":       [401, 403, 403, 201, 403, 201, 403, 403,  feePayment],
  "POST /fees/receipts/:id/cancel":         [401, 403, 403, 200, 403, 200, 403, 403,  feeReceipt],
  "POST /fees/receipts/:id/refunds":        [401, 403, 403, 201, 403, 201, 403, 403,  feeRefund],
  // The public lookup by the student's ID and a guardian's phone: anyone, with both.
  "POST /fees/pay/lookup":                  [200, 200, 200, 200, 200, 200, 200, 200,  feeLookup],
  // Paying months online: the child's guardian and the staff from the child's view; anyone with both at /fees/pay.
  "POST /fees/students/:id/orders":         [401, 200, 403, 200, 403, 200, 403, 403,  feeOrder],
  "POST /fees/pay/orders":                  [200, 200, 200, 200, 200, 200, 200, 200,  publicFeeOrder],

  // Admission applications: an admin sets the round; any account applies for its own children
  // ("user" is alice, whose application it is: others get the same 404 as for none); only an
  // admin moves a status; anyone checks one with its number and the code texted to its phone.
  "PUT /admissions/:id/round":                     [401, 403, 403, 200, 403, 403, 403, 403,  admissionRound],
  "POST /admissions/:id/applications":             [401, 201, 201, 201, 201, 201, 201, 201,  newApplication],
  "PATCH /admission-applications/:id":             [401, 200, 404, 200, 404, 404, 404, 404,  applicationDraft],
  "PUT /admission-applications/:id/documents/:kind": [401, 200, 404, 200, 404, 404, 404, 404, applicationDocument],
  "POST /admission-applications/:id/orders":       [401, 200, 404, 200, 404, 404, 404, 404,  completeApplication],
  "POST /admission-applications/:id/withdraw":     [401, 200, 404, 200, 404, 404, 404, 404,  submittedApplication],
  "POST /admission-applications/:id/status":       [401, 403, 403, 200, 403, 403, 403, 403,  applicationStatusChange],
  "POST /admission-status/code":                   [202, 202, 202, 202, 202, 202, 202, 202,  applicationNumber],
  "POST /admission-status":                        [200, 200, 200, 200, 200, 200, 200, 200,  applicationCode],
  "POST /admissions/:id/round/admit-cards":       [401, 403, 403, 200, 403, 403, 403, 403,  admitCards],
  "PUT /admissions/:id/round/marks":              [401, 403, 403, 200, 403, 403, 403, 403,  testMarks],
  "POST /admissions/:id/round/ranking":           [401, 403, 403, 200, 403, 403, 403, 403,  testRanking],
  "POST /admissions/:id/round/lottery/seed":      [401, 403, 403, 200, 403, 403, 403, 403,  lotteryToSeed],
  "POST /admissions/:id/round/lottery/draw":      [401, 403, 403, 200, 403, 403, 403, 403,  lotteryToDraw],
  "POST /admission-applications/:id/admit":       [401, 403, 403, 200, 403, 403, 403, 403,  selectedApplication],

  "PATCH /inbox":                           [401, 403, 403, 200, 403, 403, 403, 403,  markMany],
  "PATCH /inbox/:id":                       [401, 403, 403, 200, 403, 403, 403, 403,  markOne],
  "DELETE /inbox/:id":                      [401, 403, 403, 200, 403, 403, 403, 403,  aDraft],
  "POST /inbox/messages":                   [401, 403, 403, 201, 403, 403, 403, 403,  newMail],
  "POST /inbox/:id/reply":                  [401, 403, 403, 201, 403, 403, 403, 403,  replyTo],
  "POST /inbox/drafts":                     [401, 403, 403, 201, 403, 403, 403, 403,  newMail],
  "PUT /inbox/drafts/:id":                  [401, 403, 403, 200, 403, 403, 403, 403,  changeDraft],
  "POST /inbox/drafts/:id/send":            [401, 403, 403, 200, 403, 403, 403, 403,  aDraft],
};

describe("permission matrix", () => {
  let w: World;
  let addresses = 0;
  /**
   * The tables a call changed: one watcher for the file (a full hash of every table before and
   * after each of the matrix's ~1,200 calls was most of its time). A cell's setup is taken in
   * first, so only the call itself is judged.
   */
  let writes: Awaited<ReturnType<typeof watchWrites>>;

  beforeAll(async () => {
    w = await createWorld();
    // The role holders; the teacher teaches Class Ten's Bangla in 2026.
    for (const role of ["teacher", "accountant", "guardian", "student"] as const) {
      holders[role] = await w.t.signUp(`${role}@abuse.test`, `${role}-password-1`, `A ${role}`);
      await w.t.services.db
        .update(users)
        .set({ role })
        .where(eq(users.email, `${role}@abuse.test`));
    }
    const [tenth] = await w.t.services.db
      .select({ id: schoolClasses.id })
      .from(schoolClasses)
      .where(eq(schoolClasses.name, "Class Ten"));
    await w.t.services.db.insert(teachingAssignments).values({
      userId: await idOf(w, "teacher@abuse.test"),
      session: "2026",
      classId: tenth?.id ?? "",
      section: "",
      subject: "Bangla",
    });
    writes = await watchWrites(w.t.services.db);
  });
  afterAll(() => w?.t.close());

  it("has a row for every state-changing endpoint, and none for calls that do not exist", () => {
    const keys = stateChangingEndpoints().map(endpointKey);
    const missing = keys.filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !keys.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  const sessionOf = (caller: Caller): Session | undefined =>
    caller === "anonymous"
      ? undefined
      : caller === "user"
        ? w.alice
        : caller === "other"
          ? w.bob
          : caller === "admin"
            ? w.admin
            : holders[caller];

  /**
   * A cell's setup, with the per-account and per-address counters cleared first: a cell makes
   * several of alice's blogs and comments in a few seconds, and flooding is another test's subject.
   */
  const fresh = async (setup: Setup, caller: Caller, session: Session | undefined) => {
    await w.t.services.db.delete(rateLimits);
    return setup(w, caller, session);
  };

  /** One cell's call, from a fresh client address (per-address limits stay out of the way). */
  const send = (method: string, pattern: string, call: Call, session?: Session, origin?: string) =>
    sendBody(w.t, `/api${fillPath(pattern, call.params ?? {})}`, method, call.body ?? {}, {
      ...(session ? { session } : {}),
      headers: { "x-forwarded-for": `198.51.100.${++addresses % 250}`, ...(origin ? { origin } : {}) },
    });

  for (const endpoint of stateChangingEndpoints()) {
    const key = endpointKey(endpoint);
    const row = matrix[key];
    if (!row) continue;
    const setup = row[8];
    it(`${key}: ${callers.map((caller, i) => `${caller} ${row[i]}`).join(", ")}`, async () => {
      const problems: string[] = [];
      for (const [index, caller] of callers.entries()) {
        const session = sessionOf(caller);
        const call = await fresh(setup, caller, session);
        await writes.changed();
        const response = await send(endpoint.method, endpoint.paths[0] as string, call, session);
        const text = await response.text();
        const changed = await writes.changed();
        if (response.status !== row[index]) {
          problems.push(`${caller}: expected ${row[index]}, got ${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        if (response.status >= 400) {
          if (changed.length > 0)
            problems.push(`${caller}: refused with ${response.status} but changed ${changed}`);
          if (!JSON.parse(text)?.error?.message) problems.push(`${caller}: refusal without {error}: ${text}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  // The gateway's webhooks are outside the endpoints' table (a gateway sends no cookie and no
  // Origin): only the shared secret opens them, whoever is signed in.
  it.each(["/api/sms/inbound", "/api/sms/delivery-reports"])(
    "%s: opened by the gateway's secret alone, never by a session",
    async (path) => {
      const body =
        path === "/api/sms/inbound"
          ? { from: "01712345678", text: "RESULT 1 2", id: `matrix-${path}` }
          : { id: "no-such-text", status: "delivered" };
      const problems: string[] = [];
      for (const caller of callers) {
        const session = sessionOf(caller);
        await w.t.services.db.delete(rateLimits);
        await writes.changed();
        const response = await sendBody(w.t, path, "POST", body, { ...(session ? { session } : {}) });
        if (response.status !== 401) problems.push(`${caller} without the secret: ${response.status}`);
        const changed = await writes.changed();
        if (changed.length > 0) problems.push(`${caller} without the secret: changed ${changed}`);
        const wrong = await sendBody(w.t, path, "POST", body, {
          ...(session ? { session } : {}),
          headers: { "x-sms-secret": `${gatewaySecret}x` },
        });
        if (wrong.status !== 401) problems.push(`${caller} with a wrong secret: ${wrong.status}`);
      }
      const opened = await sendBody(w.t, path, "POST", body, { headers: { "x-sms-secret": gatewaySecret } });
      if (opened.status !== 200) problems.push(`the gateway with the secret: ${opened.status}`);
      expect(problems).toEqual([]);
    },
  );

  it("refuses every state-changing call made with an admin's cookie from another site (403)", async () => {
    const problems: string[] = [];
    for (const endpoint of stateChangingEndpoints()) {
      const setup = matrix[endpointKey(endpoint)]?.[8];
      if (!setup) continue;
      const call = await fresh(setup, "admin", w.admin);
      await writes.changed();
      const response = await send(
        endpoint.method,
        endpoint.paths[0] as string,
        call,
        w.admin,
        "https://evil.example",
      );
      if (response.status !== 403) problems.push(`${endpointKey(endpoint)}: ${response.status}`);
      const changed = await writes.changed();
      if (changed.length > 0) problems.push(`${endpointKey(endpoint)}: changed ${changed}`);
    }
    expect(problems).toEqual([]);
  });
});
