// The permission matrix: every call of the REST API that changes something, made as each kind of
// caller, with the status each one must get. The list of calls comes from the router's own list
// (server/api/index.ts), so a new endpoint without a row here fails the first test.
//
// Callers:
//   anonymous  no session
//   user       a signed-in user; the author of the comment, the buyer of the order, the owner of
//              the account the call is about
//   other      another signed-in user: on the user's comment, order or account where the call
//              names one; otherwise acting on their own behalf, like "user"
//   admin      an admin
//   teacher    an account holding the teacher role, assigned one class-subject: Class Ten's
//              Bangla in 2026 (the exams here are Class Ten's of 2026, with Bangla and Mathematics)
//   accountant an account holding the accountant role
//   guardian   an account holding the guardian role
//   student    an account holding the student role
// The four role holders act on their own behalf, like "other" where a call names the user's record.
// A refused call (4xx) must also leave every table as it was.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dhakaToday, weekdays } from "../../common/schemas/routines";
import {
  blogs,
  enrolments,
  events,
  feeHeads,
  feeInvoiceLines,
  feeInvoices,
  feeRates,
  leaveRequests,
  orders,
  rateLimits,
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
import {
  changedTables,
  createBody,
  createWorld,
  endpointKey,
  fillPath,
  fingerprint,
  image,
  type Kind,
  kinds,
  sendBody,
  stateChangingEndpoints,
  type World,
} from "./support";

const callers = [
  "anonymous",
  "user",
  "other",
  "admin",
  "teacher",
  "accountant",
  "guardian",
  "student",
] as const;
type Caller = (typeof callers)[number];
/** The role holders' sessions, made in beforeAll. */
const holders: Partial<Record<Caller, Session>> = {};

/** What a cell sends: the path's parameters and the body. */
type Call = { params?: Record<string, string>; body?: unknown };
/** Prepares one cell's call (on fresh records: a cell never sees another cell's leftovers). */
type Setup = (w: World, caller: Caller, session: Session | undefined) => Promise<Call>;

// ---- what the calls are about ---------------------------------------------------------------

async function created(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).insertedId;
}

/** Kinds whose records have an author, who may change them: the user (alice) writes those. */
const authored = new Set<Kind>(["comment", "blog"]);

/** A record of this kind, written by an admin, or by alice for the authored kinds. */
async function make(w: World, kind: Kind, author = authored.has(kind) ? w.alice : w.admin): Promise<string> {
  const { path } = kinds[kind];
  // A comment goes on a published blog (an admin's).
  const extra: Record<string, string> = kind === "comment" ? { id: await make(w, "blog", w.admin) } : {};
  const id = await created(await sendBody(w.t, path, "POST", createBody(kind, extra), { session: author }));
  // A user's blog waits for review, hidden from others (404); approved, others see it and are refused.
  if (kind === "blog" && author !== w.admin) {
    await w.t.services.db.update(blogs).set({ status: "approved" }).where(eq(blogs.id, id));
  }
  return id;
}

const add =
  (kind: Kind): Setup =>
  async (w) => ({
    body: createBody(kind, kind === "comment" ? { id: await make(w, "blog", w.admin) } : {}),
  });
/** One field of each kind, changed. */
const changes: Record<Kind, Record<string, string>> = {
  admission: { title: "Changed" },
  result: { title: "Changed" },
  blog: { title: "Changed" },
  notice: { Title: "Changed" },
  service: { serviceName: "Changed" },
  student: { name: "Changed" },
  teacher: { name: "Changed" },
  comment: { info: "Changed" },
  event: { title: "Changed" },
  download: { title: "Changed" },
  album: { title: "Changed" },
};
const change =
  (kind: Kind): Setup =>
  async (w) => ({ params: { id: await make(w, kind) }, body: changes[kind] });
const remove =
  (kind: Kind): Setup =>
  async (w) => ({ params: { id: await make(w, kind) } });

/** A small real PNG as an album photo's multipart body. */
function photoBody(): FormData {
  const form = new FormData();
  form.set("caption", "The stage");
  form.set("image", new Blob([new Uint8Array(pngOfZeros(64, 64))], { type: "image/png" }), "stage.png");
  return form;
}
const addPhoto: Setup = async (w) => ({ params: { id: await make(w, "album") }, body: photoBody() });
/** A photo an admin added to a fresh album. */
async function makePhoto(w: World): Promise<string> {
  const album = await make(w, "album");
  await created(
    await w.t.request(`/api/gallery/${album}/photos`, {
      method: "POST",
      body: photoBody(),
      session: w.admin,
    }),
  );
  const answer = (await (await w.t.request(`/api/gallery/${album}`)).json()) as { photos: { _id: string }[] };
  return answer.photos[0]?._id ?? "";
}
const changePhoto: Setup = async (w) => ({
  params: { id: await makePhoto(w) },
  body: { caption: "Changed" },
});
const removePhoto: Setup = async (w) => ({ params: { id: await makePhoto(w) } });

/** The user's own account record; "other" names the user's e-mail instead of their own. */
const accountRecord: Setup = async (w, caller, session) => ({
  body: { email: caller === "other" ? w.alice.email : (session?.email ?? w.alice.email), displayName: "New" },
});
const ownProfile: Setup = async () => ({ body: { about: "I like maths", number: "01711111111" } });
const ownPhoto: Setup = async () => ({ body: { photoURl: image } });

let accounts = 0;
async function freshAccount(w: World): Promise<string> {
  const email = `account${++accounts}@abuse.test`;
  await w.t.signUp(email, "account-password-1", "Someone");
  return email;
}
const makeAdminOfNewAccount: Setup = async (w) => ({ body: { email: await freshAccount(w) } });
const removeAdminFromSecondAdmin: Setup = async (w) => {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
  return { body: { email } };
};
/** A fresh account, named in the body (disable) or the path (delete); disabled first for enable. */
const otherAccount: Setup = async (w) => ({ body: { email: await freshAccount(w) } });
const disabledAccount: Setup = async (w) => {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ banned: true }).where(eq(users.email, email));
  return { body: { email } };
};
const accountInPath: Setup = async (w) => ({ params: { email: await freshAccount(w) } });

async function idOf(w: World, email: string): Promise<string> {
  const [row] = await w.t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? "";
}
/** A fresh account holding this role (or none), by id. */
async function freshWithRole(w: World, role = "user"): Promise<string> {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ role }).where(eq(users.email, email));
  return idOf(w, email);
}
const grantTeacher: Setup = async (w) => ({ params: { id: await freshWithRole(w), role: "teacher" } });
const revokeTeacher: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher"), role: "teacher" },
});
const newTeaching: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { session: "2026", class: "Class Ten", subject: "Mathematics" },
});
const teachingFromRoutine: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { session: "2026" },
});
const aTeaching: Setup = async (w) => {
  const made = await w.t.json(
    `/api/users/${await freshWithRole(w, "teacher")}/teaching`,
    "POST",
    { session: "2026", class: "Class Ten", subject: "Mathematics" },
    { session: w.admin },
  );
  expect(made.status).toBe(201);
  return { params: { id: (await made.json())._id } };
};
const teacherRecord: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { teacher: await make(w, "teacher") },
});

const contactMessage: Setup = async () => ({
  body: { name: "Rahima", email: "rahima@abuse.test", message: "When does Class Six start?" },
});
const subscription: Setup = async () => ({ body: { email: `reader-${randomUUID()}@abuse.test` } });

/** A cart of one admission, with a quantity no other cell uses (so every intent is new). */
let quantity = 0;
const cart: Setup = async (w) => ({
  body: { items: [{ id: await make(w, "admission"), quantity: ++quantity }] },
});

/** A pending order of alice's and its payment intent. */
async function aliceOrder(w: World) {
  const body = (await cart(w, "user", w.alice)).body;
  const response = await w.t.json("/api/Order/create-payment-intent", "POST", body, { session: w.alice });
  expect(response.status).toBe(200);
  return (await response.json()) as { orderId: string; clientSecret: string };
}
const card = (clientSecret: string) => ({
  clientSecret,
  cardNumber: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  billing: { name: "Alice", email: "alice@abuse.test", address: "12 Lake Road, Dhaka" },
});
/** Alice's order paid with a test card; the call reports its transaction. */
const paidOrderReport: Setup = async (w) => {
  const order = await aliceOrder(w);
  const paid = await w.t.json("/api/payments/test/confirm", "POST", card(order.clientSecret), {
    session: w.alice,
  });
  expect(paid.status).toBe(200);
  return { params: { id: order.orderId }, body: { transaction: order.clientSecret.split("_secret_")[0] } };
};
const testCardPayment: Setup = async (w) => ({ body: card((await aliceOrder(w)).clientSecret) });
/** Alice's paid order, put on hold as a risky payment would be. */
const heldOrder: Setup = async (w) => {
  const { params } = await paidOrderReport(w, "admin", undefined);
  await w.t.services.db
    .update(orders)
    .set({ status: "on_hold" })
    .where(eq(orders.id, params?.id ?? ""));
  return { params, body: {} };
};
/** Alice's paid order, refunded in part. */
const paidOrderRefund: Setup = async (w) => {
  const { params } = await paidOrderReport(w, "admin", undefined);
  return { params, body: { amount: "1", reason: "A goodwill refund" } };
};

/** A Class Ten exam of two subjects, as an admin sets it up. */
const examDefinition = () => ({
  name: `Half-yearly ${randomUUID().slice(0, 8)}`,
  session: "2026",
  class: "Class Ten",
  subjects: [
    {
      code: "101",
      name: "Bangla",
      components: [
        { kind: "written", full: 70, pass: 23 },
        { kind: "mcq", full: 30, pass: 10 },
      ],
    },
    { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] },
  ],
});
const examSetup: Setup = async () => ({ body: examDefinition() });
const newClass: Setup = async () => ({
  body: { name: `Hifz ${randomUUID().slice(0, 8)}`, sections: ["A", "B"] },
});
const aClass: Setup = async (w) => {
  const made = await w.t.json("/api/results/classes", "POST", (await newClass(w, "admin", w.admin)).body, {
    session: w.admin,
  });
  expect(made.status).toBe(201);
  return {
    params: { id: (await made.json())._id },
    body: { name: `Nazera ${randomUUID().slice(0, 8)}`, sections: [] },
  };
};
async function makeExam(w: World): Promise<string> {
  const response = await w.t.json("/api/results/exams", "POST", examDefinition(), { session: w.admin });
  expect(response.status).toBe(201);
  return (await response.json())._id;
}
const anExam: Setup = async (w) => ({ params: { id: await makeExam(w) }, body: {} });
const examChange: Setup = async (w) => ({ params: { id: await makeExam(w) }, body: examDefinition() });
let rolls = 0;
/** An exam with one student enrolled by a marks sheet: the exam and the enrolment. */
async function examWithStudent(w: World): Promise<{ exam: string; enrolment: string }> {
  const exam = await makeExam(w);
  const roll = String(++rolls);
  const form = new FormData();
  form.set("file", new File([`roll,registration,name\r\n${roll},99${roll.padStart(6, "0")},Rahim`], "m.csv"));
  const imported = await w.t.request(`/api/results/exams/${exam}/marks`, {
    method: "POST",
    body: form,
    session: w.admin,
  });
  expect(imported.status).toBe(200);
  const grid = await (await w.t.request(`/api/results/exams/${exam}/marks`, { session: w.admin })).json();
  return { exam, enrolment: grid.students[0].enrolment };
}
const examMarks: Setup = async (w) => {
  const { exam, enrolment } = await examWithStudent(w);
  return {
    params: { id: exam },
    body: { marks: [{ enrolment, subject: "101", component: "written", score: 50 }] },
  };
};
const enrolmentLink: Setup = async (w) => {
  const { enrolment } = await examWithStudent(w);
  return { params: { id: enrolment }, body: { email: "bob@abuse.test", relation: "guardian" } };
};

/** The class routine: two periods, Saturday to Thursday. */
const routineWeek = () => ({
  periods: [
    { number: 1, start: "08:00", end: "08:45" },
    { number: 2, start: "08:45", end: "09:30" },
  ],
  days: ["saturday", "sunday", "monday", "tuesday", "wednesday", "thursday"],
});
const weekSetup: Setup = async () => ({ body: routineWeek() });
/** A new class (without sections) whose Sunday has a first period of Bangla, without a teacher. */
async function classWithRoutine(w: World): Promise<string> {
  expect((await w.t.json("/api/routines/week", "PUT", routineWeek(), { session: w.admin })).status).toBe(200);
  const made = await w.t.json(
    "/api/results/classes",
    "POST",
    { name: `Nazera ${randomUUID().slice(0, 8)}` },
    {
      session: w.admin,
    },
  );
  const id = (await made.json())._id as string;
  const slots = [{ day: "sunday", period: 1, subject: "Bangla" }];
  expect((await w.t.json(`/api/routines/classes/${id}`, "PUT", { slots }, { session: w.admin })).status).toBe(
    200,
  );
  return id;
}
const routineSetup: Setup = async (w) => ({
  params: { id: await classWithRoutine(w) },
  body: { slots: [{ day: "monday", period: 2, subject: "English", room: "" }] },
});
/** A substitute for 2030-01-06 (a Sunday): an approved teacher takes a new class's first period. */
const substituteSetup: Setup = async (w) => {
  const classId = await classWithRoutine(w);
  const teacher = await make(w, "teacher");
  await w.t.json(`/api/teacher/teacher/${teacher}`, "PATCH", { status: "approved" }, { session: w.admin });
  return { body: { class: classId, date: "2030-01-06", period: 1, teacher } };
};
const aSubstitute: Setup = async (w, caller, session) => {
  const { body } = await substituteSetup(w, caller, session);
  const made = await w.t.json("/api/routines/substitutes", "POST", body, { session: w.admin });
  expect(made.status).toBe(201);
  return { params: { id: (await made.json())._id } };
};

/** A message received through the contact form. */
async function receivedMessage(w: World): Promise<string> {
  const body = (await contactMessage(w, "anonymous", undefined)).body;
  const headers = { "x-forwarded-for": `192.0.2.${++accounts % 250}` };
  return created(await w.t.json("/api/contact", "POST", body, { headers }));
}
const mail = { to: "parent@abuse.test", subject: "Class Six", body: "It starts on Sunday." };
async function draft(w: World): Promise<string> {
  return created(await w.t.json("/api/inbox/drafts", "POST", mail, { session: w.admin }));
}
const markMany: Setup = async (w) => ({ body: { ids: [await receivedMessage(w)], starred: true } });
const markOne: Setup = async (w) => ({ params: { id: await receivedMessage(w) }, body: { read: true } });
const replyTo: Setup = async (w) => ({ params: { id: await receivedMessage(w) }, body: { body: "Sunday." } });
const newMail: Setup = async () => ({ body: mail });
const changeDraft: Setup = async (w) => ({
  params: { id: await draft(w) },
  body: { ...mail, subject: "Changed" },
});
const aDraft: Setup = async (w) => ({ params: { id: await draft(w) } });

/** The register of students: a child (enrolled in Class One, 2026), a guardian, a sheet, a promotion. */
let registerRows = 0;
const registerNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, "0")}`;
async function childOnRegister(w: World): Promise<string> {
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
async function guardianOnRegister(w: World): Promise<string> {
  const child = await childOnRegister(w);
  const body = { name: "Abdul Karim", relation: "father", phone: "01712345678" };
  const made = await w.t.json(`/api/register/students/${child}/guardians`, "POST", body, {
    session: w.admin,
  });
  expect(made.status).toBe(201);
  return (await made.json()).guardians[0].id;
}
/** Messages to guardians: Class Ten, which the teacher teaches, with one child and a guardian's phone. */
async function childInClassTen(w: World): Promise<void> {
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
const toClassTen: Setup = async (w) => {
  await childInClassTen(w);
  return {
    body: { audience: { kind: "class", class: "Class Ten" }, channel: "sms", text: "Closed tomorrow." },
  };
};
const absenceTimes: Setup = async () => ({ body: { enabled: true, sendAt: "11:30" } });
const feeDues: Setup = async (w) => {
  await feeChild(w);
  return { body: {} };
};
const optOut: Setup = async (w) => ({ params: { id: await guardianOnRegister(w) }, body: { optOut: true } });
const newChild: Setup = async () => ({ body: { name: "Karim", nameBn: "করিম" } });
const childChange: Setup = async (w) => ({
  params: { id: await childOnRegister(w) },
  body: { nameBn: "রহিম" },
});
const childEnrolment: Setup = async (w) => {
  const id = await childOnRegister(w);
  const n = ++registerRows;
  return {
    params: { id },
    body: { session: "2027", class: "Class Two", roll: String(n), registration: registerNumber("78", n) },
  };
};
const childPhoto: Setup = async (w) => {
  const form = new FormData();
  form.set("photo", new Blob([new Uint8Array(pngOfZeros(64, 64))], { type: "image/png" }), "child.png");
  return { params: { id: await childOnRegister(w) }, body: form };
};
const aChild: Setup = async (w) => ({ params: { id: await childOnRegister(w) } });
const newGuardian: Setup = async (w) => ({
  params: { id: await childOnRegister(w) },
  body: { name: "Rahima Begum", relation: "mother", phone: "01812345678" },
});
const guardianChange: Setup = async (w) => ({
  params: { id: await guardianOnRegister(w) },
  body: { phone: "01912345678" },
});
const aGuardian: Setup = async (w) => ({ params: { id: await guardianOnRegister(w) } });
const registerSheet: Setup = async () => {
  const n = ++registerRows;
  const form = new FormData();
  const csv = `session,class,roll,registration,name\r\n2031,Class One,${n},${registerNumber("79", n)},Karim ${n}`;
  form.set("file", new File([csv], "register.csv"));
  return { body: form };
};
const promotion: Setup = async (w) => {
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
async function childWithGuardian(
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
const userIdOf = async (w: World, session: Session) =>
  (await w.t.services.db.select({ id: users.id }).from(users).where(eq(users.email, session.email)))[0]?.id ??
  "";
/** The code texted to this phone, once it is in the outbox (it goes out after the answer). */
async function textedCode(w: World, phone: string): Promise<string> {
  for (let tries = 0; ; tries++) {
    try {
      return await codeSentTo(w.t.config.dataDir, phone);
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
const linkCodeAsked: Setup = async (w) => ({
  body: { registration: (await childWithGuardian(w)).registration },
});
/** A code the user asked for (alice's for "other", who cannot use it), and the number it is for. */
const linkCodeGiven: Setup = async (w, caller, session) => {
  const { registration, phone } = await childWithGuardian(w);
  const asker = caller === "other" || !session ? w.alice : session;
  const asked = await w.t.json("/api/family/codes", "POST", { registration }, { session: asker });
  expect(asked.status).toBe(202);
  return { body: { registration, code: await textedCode(w, phone) } };
};
/** A child alice is a guardian of. */
const aliceChild: Setup = async (w) => {
  const { child, guardian } = await childWithGuardian(w);
  await w.t.services.db
    .update(registerGuardians)
    .set({ userId: await userIdOf(w, w.alice) })
    .where(eq(registerGuardians.id, guardian));
  return { params: { id: child } };
};
const guardianToLink: Setup = async (w) => ({
  params: { id: (await childWithGuardian(w)).guardian },
  body: { account: w.alice.email },
});
const guardianLinked: Setup = async (w) => {
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
async function tenthChildToday(w: World): Promise<{ child: string; date: string }> {
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
const attendanceTap: Setup = async (w) => {
  const { child, date } = await tenthChildToday(w);
  return { body: { child, date, status: "absent" } };
};
const attendanceSheet: Setup = async (w) => {
  const { child, date } = await tenthChildToday(w);
  return { body: { class: "Class Ten", date, marks: [{ child, status: "absent" }] } };
};
/** A leave request of alice's child (alice is the guardian), from today. */
const leaveAsked: Setup = async (w) => {
  const { params } = await aliceChild(w, "user", w.alice);
  return { params, body: { from: dhakaToday(), to: dhakaToday(), reason: "A fever" } };
};
/** A waiting leave request of a child of the teacher's class. */
const leaveWaiting: Setup = async (w) => {
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
async function feeChild(
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
const newFeeHead: Setup = async () => ({
  body: { name: `Library ${++feeHeadsMade} ${randomUUID().slice(0, 6)}` },
});
const feeRate: Setup = async (w) => ({
  body: {
    session: "2026",
    class: (await feeChild(w)).className,
    head: "exam",
    amount: "500",
    due: "months",
    months: [6],
  },
});
const aFeeRate: Setup = async (w) => {
  const { className } = await feeChild(w);
  const [rate] = await w.t.services.db
    .select({ id: feeRates.id })
    .from(feeRates)
    .innerJoin(schoolClasses, eq(schoolClasses.id, feeRates.classId))
    .where(eq(schoolClasses.name, className));
  return { params: { id: rate?.id ?? "" } };
};
const feeFines: Setup = async (w) => ({
  body: { session: "2026", class: (await feeChild(w)).className, bands: [{ afterDay: 10, amount: "10" }] },
});
const feeMonth: Setup = async (w) => ({
  body: { session: "2026", month: "2026-02", class: (await feeChild(w)).className },
});
const feeCorrection: Setup = async (w) => ({
  params: { id: (await feeChild(w)).invoice },
  body: { kind: "credit", amount: "100", reason: "A book paid twice" },
});
const feeWaiver: Setup = async (w) => ({
  body: {
    student: (await feeChild(w)).child,
    head: "tuition",
    percent: 50,
    from: "2026-01",
    reason: "A scholarship",
  },
});
const feeTerm: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { session: "2026", from: "2026-04" },
});
const feePayment: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { amount: "1,000", channel: "cash", paidOn: "2026-01-05" },
});
const feeLookup: Setup = async (w) => {
  const { registration, phone } = await feeChild(w);
  return { body: { student: registration, phone } };
};
const feeOrder: Setup = async (w) => ({
  params: { id: (await feeChild(w)).child },
  body: { months: 1, firstMonth: "2026-01", amountMinor: 100_000 },
});
const publicFeeOrder: Setup = async (w) => {
  const { registration, phone } = await feeChild(w);
  return { body: { student: registration, phone, months: 1, firstMonth: "2026-01", provider: "sslcommerz" } };
};
const feeReceipt: Setup = async (w) => {
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

// ---- the matrix ------------------------------------------------------------------------------

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
  "POST /Notice/notices":                   [401, 403, 403, 201, 403, 403, 403, 403,  add("notice")],
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
  "PUT /register/guardians/:id/texts":      [401, 403, 403, 200, 403, 403, 403, 403,  optOut],
  "PUT /messages/absence-texts":            [401, 403, 403, 200, 403, 403, 403, 403,  absenceTimes],
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
  "POST /fees/invoices/generate":           [401, 403, 403, 200, 403, 200, 403, 403,  feeMonth],
  "POST /fees/invoices/:id/corrections":    [401, 403, 403, 201, 403, 201, 403, 403,  feeCorrection],
  "POST /fees/waivers":                     [401, 403, 403, 201, 403, 201, 403, 403,  feeWaiver],
  "PUT /fees/students/:id/term":            [401, 403, 403, 200, 403, 200, 403, 403,  feeTerm],
  "POST /fees/students/:id/payments":       [401, 403, 403, 201, 403, 201, 403, 403,  feePayment],
  "POST /fees/receipts/:id/cancel":         [401, 403, 403, 200, 403, 200, 403, 403,  feeReceipt],
  // The public lookup by the student's ID and a guardian's phone: anyone, with both.
  "POST /fees/pay/lookup":                  [200, 200, 200, 200, 200, 200, 200, 200,  feeLookup],
  // Paying months online: the child's guardian and the staff from the child's view; anyone with both at /fees/pay.
  "POST /fees/students/:id/orders":         [401, 200, 403, 200, 403, 200, 403, 403,  feeOrder],
  "POST /fees/pay/orders":                  [200, 200, 200, 200, 200, 200, 200, 200,  publicFeeOrder],

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
        const before = await fingerprint(w.t.services.db);
        const response = await send(endpoint.method, endpoint.paths[0] as string, call, session);
        const text = await response.text();
        if (response.status !== row[index]) {
          problems.push(`${caller}: expected ${row[index]}, got ${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        if (response.status >= 400) {
          const changed = changedTables(before, await fingerprint(w.t.services.db));
          if (changed.length > 0)
            problems.push(`${caller}: refused with ${response.status} but changed ${changed}`);
          if (!JSON.parse(text)?.error?.message) problems.push(`${caller}: refusal without {error}: ${text}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("refuses every state-changing call made with an admin's cookie from another site (403)", async () => {
    const problems: string[] = [];
    for (const endpoint of stateChangingEndpoints()) {
      const setup = matrix[endpointKey(endpoint)]?.[8];
      if (!setup) continue;
      const call = await fresh(setup, "admin", w.admin);
      const before = await fingerprint(w.t.services.db);
      const response = await send(
        endpoint.method,
        endpoint.paths[0] as string,
        call,
        w.admin,
        "https://evil.example",
      );
      if (response.status !== 403) problems.push(`${endpointKey(endpoint)}: ${response.status}`);
      const changed = changedTables(before, await fingerprint(w.t.services.db));
      if (changed.length > 0) problems.push(`${endpointKey(endpoint)}: changed ${changed}`);
    }
    expect(problems).toEqual([]);
  });
});
