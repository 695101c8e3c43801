// What the permission matrix's calls about people are about (permissions.test.ts): the register
// of students and guardians, families' links, attendance, messages and fees; the rest of the
// calls' setups are in permission-setups.ts.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { dhakaToday, weekdays } from "../../common/schemas/routines";
import {
  enrolments,
  events,
  feeHeads,
  feeInvoiceLines,
  feeInvoices,
  feeRates,
  guardianMessages,
  leaveRequests,
  messageRecipients,
  registerGuardians,
  registerStudents,
  routineSettings,
  schoolClasses,
  teachingAssignments,
  users,
} from "../../server/db/schema";
import { codeSentTo } from "../fixtures/outbox";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import type { Session } from "../fixtures/test-app";
import { idOf, type Setup } from "./permission-setups";
import type { World } from "./support";

/** The register of students: a child (enrolled in Class One, 2026), a guardian, a sheet, a promotion. */
let registerRows = 0;
export const registerNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, "0")}`;
export async function childOnRegister(w: World): Promise<string> {
  const n = ++registerRows;
  const enrolment = {
    session: "2026",
    class: "Class One",
    roll: String(n),
    registration: registerNumber("77", n),
  };
  const made = await w.t.json(
    "/api/register/students",
    "POST",
    { name: `Rahim ${n}`, enrolment },
    { session: w.admin },
  );
  expect(made.status).toBe(201);
  return (await made.json()).id;
}
export async function guardianOnRegister(w: World): Promise<string> {
  const child = await childOnRegister(w);
  const body = { name: "Abdul Karim", relation: "father", phone: "01712345678" };
  const made = await w.t.json(`/api/register/students/${child}/guardians`, "POST", body, {
    session: w.admin,
  });
  expect(made.status).toBe(201);
  return (await made.json()).guardians[0].id;
}
/** Messages to guardians: Class Ten, which the teacher teaches, with one child and a guardian's phone. */
export async function childInClassTen(w: World): Promise<void> {
  const n = ++registerRows;
  const made = await w.t.json(
    "/api/register/students",
    "POST",
    {
      name: `Rahima ${n}`,
      enrolment: {
        session: "2026",
        class: "Class Ten",
        roll: String(500 + n),
        registration: registerNumber("79", n),
      },
    },
    { session: w.admin },
  );
  expect(made.status).toBe(201);
  const child = (await made.json()).id;
  const body = { name: "Abdul Karim", relation: "father", phone: `0171${String(1_000_000 + n)}` };
  const guardian = await w.t.json(`/api/register/students/${child}/guardians`, "POST", body, {
    session: w.admin,
  });
  expect(guardian.status).toBe(201);
}
export const toClassTen: Setup = async (w) => {
  await childInClassTen(w);
  return {
    body: { audience: { kind: "class", class: "Class Ten" }, channel: "sms", text: "Closed tomorrow." },
  };
};
/** A message one of whose texts was cut off mid-send (its state unknown). */
export const unknownText: Setup = async (w) => {
  const [message] = await w.t.services.db
    .insert(guardianMessages)
    .values({ authorId: null, text: "Closed tomorrow.", channel: "sms", audience: "everyone" })
    .returning({ id: guardianMessages.id });
  await w.t.services.db.insert(messageRecipients).values({
    messageId: message?.id ?? "",
    channel: "sms",
    address: "+8801712345678",
    body: "Closed tomorrow.",
    state: "unknown",
    reason: "interrupted: the server stopped while sending",
  });
  return { params: { id: message?.id ?? "" } };
};
export const siteCalendars: Setup = async () => ({ body: { calendars: "both", hijriOffset: 1 } });
export const cartCharges: Setup = async () => ({
  body: { shippingMinor: 1500, taxPercent: 10, taxLabelEn: "VAT" },
});
export const absenceTimes: Setup = async () => ({ body: { enabled: true, sendAt: "11:30" } });
export const feeDues: Setup = async (w) => {
  await feeChild(w);
  return { body: {} };
};
export const optOut: Setup = async (w) => ({
  params: { id: await guardianOnRegister(w) },
  body: { optOut: true },
});
export const newChild: Setup = async () => ({ body: { name: "Karim", nameBn: "করিম" } });
export const childChange: Setup = async (w) => ({
  params: { id: await childOnRegister(w) },
  body: { nameBn: "রহিম" },
});
export const childEnrolment: Setup = async (w) => {
  const id = await childOnRegister(w);
  const n = ++registerRows;
  return {
    params: { id },
    body: { session: "2027", class: "Class Two", roll: String(n), registration: registerNumber("78", n) },
  };
};
export const childPhoto: Setup = async (w) => {
  const form = new FormData();
  form.set("photo", new Blob([new Uint8Array(pngOfZeros(64, 64))], { type: "image/png" }), "child.png");
  return { params: { id: await childOnRegister(w) }, body: form };
};
export const aChild: Setup = async (w) => ({ params: { id: await childOnRegister(w) } });
export const newGuardian: Setup = async (w) => ({
  params: { id: await childOnRegister(w) },
  body: { name: "Rahima Begum", relation: "mother", phone: "01812345678" },
});
export const guardianChange: Setup = async (w) => ({
  params: { id: await guardianOnRegister(w) },
  body: { phone: "01912345678" },
});
export const aGuardian: Setup = async (w) => ({ params: { id: await guardianOnRegister(w) } });
export const registerSheet: Setup = async () => {
  const n = ++registerRows;
  const form = new FormData();
  const csv = `session,class,roll,registration,name\r\n2031,Class One,${n},${registerNumber("79", n)},Karim ${n}`;
  form.set("file", new File([csv], "register.csv"));
  return { body: form };
};
export const promotion: Setup = async (w) => {
  await childOnRegister(w);
  return {
    body: {
      fromSession: "2026",
      fromClass: "Class One",
      // A session of its own (within the years a session may name: this runs once per caller).
      toSession: String(2040 + (++registerRows % 50)),
      toClass: "Class Two",
    },
  };
};

/** A child on the register, enrolled with a registration number of its own, and a guardian with a phone. */
let children = 0;
export async function childWithGuardian(
  w: World,
): Promise<{ child: string; guardian: string; registration: string; phone: string }> {
  const db = w.t.services.db;
  children += 1;
  const [made] = await db
    .insert(schoolClasses)
    .values({ name: `Family ${randomUUID().slice(0, 8)}` })
    .returning({ id: schoolClasses.id });
  const [child] = await db
    .insert(registerStudents)
    .values({ name: `Child ${children}` })
    .returning({ id: registerStudents.id });
  const registration = `55${String(children).padStart(8, "0")}`;
  await db.insert(enrolments).values({
    session: "2026",
    classId: made?.id ?? "",
    roll: "1",
    registration,
    name: `Child ${children}`,
    registerStudentId: child?.id ?? "",
  });
  const phone = `+88018100${String(children).padStart(5, "0")}`;
  const [guardian] = await db
    .insert(registerGuardians)
    .values({ registerStudentId: child?.id ?? "", relation: "mother", phone })
    .returning({ id: registerGuardians.id });
  return { child: child?.id ?? "", guardian: guardian?.id ?? "", registration, phone };
}
export const userIdOf = async (w: World, session: Session) =>
  (await w.t.services.db.select({ id: users.id }).from(users).where(eq(users.email, session.email)))[0]?.id ??
  "";
/** The code texted to this phone, once it is in the outbox (it goes out after the answer). */
export async function textedCode(w: World, phone: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    try {
      return await codeSentTo(w.t.config.dataDir, phone);
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
export const linkCodeAsked: Setup = async (w) => ({
  body: { registration: (await childWithGuardian(w)).registration },
});
/** A code the user asked for (alice's for "other", who cannot use it), and the number it is for. */
export const linkCodeGiven: Setup = async (w, caller, session) => {
  const { registration, phone } = await childWithGuardian(w);
  const asker = caller === "other" || !session ? w.alice : session;
  const asked = await w.t.json("/api/family/codes", "POST", { registration }, { session: asker });
  expect(asked.status).toBe(202);
  return { body: { registration, code: await textedCode(w, phone) } };
};
/** A child alice is a guardian of. */
export const aliceChild: Setup = async (w) => {
  const { child, guardian } = await childWithGuardian(w);
  await w.t.services.db
    .update(registerGuardians)
    .set({ userId: await userIdOf(w, w.alice) })
    .where(eq(registerGuardians.id, guardian));
  return { params: { id: child } };
};
export const guardianToLink: Setup = async (w) => ({
  params: { id: (await childWithGuardian(w)).guardian },
  body: { account: w.alice.email },
});
export const guardianLinked: Setup = async (w) => {
  const { guardian } = await childWithGuardian(w);
  await w.t.services.db
    .update(registerGuardians)
    .set({ userId: await userIdOf(w, w.bob) })
    .where(eq(registerGuardians.id, guardian));
  return { params: { id: guardian } };
};

/**
 * Daily attendance: a child enrolled in Class Ten this year, whose attendance the teacher takes
 * (their class-subject of this year's session); every day a school day, so any date's run is
 * today's. The other teacher and the other guardian are in tests/api/attendance.test.ts.
 */
let attendanceRows = 0;
export async function tenthChildToday(w: World): Promise<{ child: string; date: string }> {
  const db = w.t.services.db;
  const date = dhakaToday();
  const session = date.slice(0, 4);
  const [tenth] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(eq(schoolClasses.name, "Class Ten"));
  const classId = tenth?.id ?? "";
  await db
    .insert(teachingAssignments)
    .values({ userId: await idOf(w, "teacher@abuse.test"), session, classId, section: "", subject: "Bangla" })
    .onConflictDoNothing();
  await db
    .insert(routineSettings)
    .values({ id: 1, days: [...weekdays] })
    .onConflictDoUpdate({ target: routineSettings.id, set: { days: [...weekdays] } });
  await db.delete(events).where(eq(events.category, "holiday"));
  const n = ++attendanceRows;
  const [child] = await db
    .insert(registerStudents)
    .values({ name: `Pupil ${n}` })
    .returning({ id: registerStudents.id });
  await db.insert(enrolments).values({
    session,
    classId,
    roll: String(500 + n),
    registration: `66${String(n).padStart(8, "0")}`,
    name: `Pupil ${n}`,
    registerStudentId: child?.id ?? "",
  });
  return { child: child?.id ?? "", date };
}
export const attendanceTap: Setup = async (w) => {
  const { child, date } = await tenthChildToday(w);
  return { body: { child, date, status: "absent" } };
};
export const attendanceSheet: Setup = async (w) => {
  const { child, date } = await tenthChildToday(w);
  return { body: { class: "Class Ten", date, marks: [{ child, status: "absent" }] } };
};
/** A leave request of alice's child (alice is the guardian), from today. */
export const leaveAsked: Setup = async (w) => {
  const { params } = await aliceChild(w, "user", w.alice);
  return { params, body: { from: dhakaToday(), to: dhakaToday(), reason: "A fever" } };
};
/** A waiting leave request of a child of the teacher's class. */
export const leaveWaiting: Setup = async (w) => {
  const { child, date } = await tenthChildToday(w);
  const [made] = await w.t.services.db
    .insert(leaveRequests)
    .values({ registerStudentId: child, from: date, to: date, reason: "A wedding" })
    .returning({ id: leaveRequests.id });
  return { params: { id: made?.id ?? "" }, body: { status: "approved" } };
};

/**
 * Tuition fees: a fresh class with 1,000 taka tuition a month in 2026, a child of it (alice is
 * their guardian, so "user" is the child's guardian and "guardian" another family's) with
 * January's invoice made.
 */
export async function feeChild(
  w: World,
): Promise<{ className: string; child: string; invoice: string; registration: string; phone: string }> {
  const db = w.t.services.db;
  const { child, registration, phone } = await childWithGuardian(w);
  const [enrolled] = await db
    .select({ classId: enrolments.classId, name: schoolClasses.name })
    .from(enrolments)
    .innerJoin(schoolClasses, eq(schoolClasses.id, enrolments.classId))
    .where(eq(enrolments.registerStudentId, child));
  const classId = enrolled?.classId ?? "";
  await db
    .update(registerGuardians)
    .set({ userId: await userIdOf(w, w.alice) })
    .where(eq(registerGuardians.registerStudentId, child));
  const [tuition] = await db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.key, "tuition"));
  await db
    .insert(feeRates)
    .values({ session: "2026", classId, headId: tuition?.id ?? "", amountMinor: 100_000, due: "monthly" });
  const [invoice] = await db
    .insert(feeInvoices)
    .values({
      registerStudentId: child,
      session: "2026",
      classId,
      period: "2026-01",
      month: "2026-01",
      dueOn: "2026-01-10",
      totalMinor: 100_000,
    })
    .returning({ id: feeInvoices.id });
  await db.insert(feeInvoiceLines).values({
    invoiceId: invoice?.id ?? "",
    kind: "charge",
    headId: tuition?.id ?? "",
    label: "Tuition",
    amountMinor: 100_000,
  });
  return { className: enrolled?.name ?? "", child, invoice: invoice?.id ?? "", registration, phone };
}
let feeHeadsMade = 0;
export const newFeeHead: Setup = async () => ({
  body: { name: `Library ${++feeHeadsMade} ${randomUUID().slice(0, 6)}` },
});
export const feeRate: Setup = async (w) => ({
  body: {
    session: "2026",
    class: (await feeChild(w)).className,
    head: "exam",
    amount: "500",
    due: "months",
    months: [6],
  },
});
export const aFeeRate: Setup = async (w) => {
  const { className } = await feeChild(w);
  const [rate] = await w.t.services.db
    .select({ id: feeRates.id })
    .from(feeRates)
    .innerJoin(schoolClasses, eq(schoolClasses.id, feeRates.classId))
    .where(eq(schoolClasses.name, className));
  return { params: { id: rate?.id ?? "" } };
};
export const feeFines: Setup = async (w) => ({
  body: { session: "2026", class: (await feeChild(w)).className, bands: [{ afterDay: 10, amount: "10" }] },
});
export const feeSiblingRule: Setup = async (w) => {
  await feeChild(w);
  return { body: { session: "2026", head: "tuition", secondPercent: 25, laterPercent: 50 } };
};
export const feeMonth: Setup = async (w) => ({
  body: { session: "2026", month: "2026-02", class: (await feeChild(w)).className },
});
export const feeCorrection: Setup = async (w) => ({
  params: { id: (await feeChild(w)).invoice },
  body: { kind: "credit", amount: "100", reason: "A book paid twice" },
});
export const feeWaiver: Setup = async (w) => ({
  body: {
    student: (await feeChild(w)).child,
    head: "tuition",
    percent: 50,
    from: "2026-01",
    reason: "A scholarship",
  },
});
export const feeTerm: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { session: "2026", from: "2026-04" },
});
export const feePayment: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { amount: "1,000", channel: "cash", paidOn: "2026-01-05" },
});
export const feeLookup: Setup = async (w) => {
  const { registration, phone } = await feeChild(w);
  return { body: { student: registration, phone } };
};
export const feeOrder: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { months: 1, firstMonth: "2026-01", amountMinor: 100_000 },
});
export const publicFeeOrder: Setup = async (w) => {
  const { registration, phone } = await feeChild(w);
  return { body: { student: registration, phone, months: 1, firstMonth: "2026-01", provider: "sslcommerz" } };
};
export const feeReceipt: Setup = async (w) => {
  const { child } = await feeChild(w);
  const paid = await w.t.json(
    `/api/fees/students/${child}/payments`,
    "POST",
    { amount: 1000, channel: "cash" },
    { session: w.admin },
  );
  expect(paid.status).toBe(201);
  return { params: { id: (await paid.json()).id }, body: { reason: "Entered twice" } };
};
/** A receipt of the office, 100 of its taka to give back in cash. */
export const feeRefund: Setup = async (w, caller, session) => {
  const receipt = await feeReceipt(w, caller, session);
  return { ...receipt, body: { amount: "100", reason: "Counted twice" } };
};

// ---- the matrix ------------------------------------------------------------------------------
