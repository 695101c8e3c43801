// What each call of the permission matrix (permissions.test.ts) is about: the callers, and for each
// call a setup that makes the record it names and the body it sends, fresh for every caller.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { blogs, orders, users } from "../../server/db/schema";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import type { Session } from "../fixtures/test-app";
import { createBody, image, type Kind, kinds, sendBody, type World } from "./support";

export const callers = [
  "anonymous",
  "user",
  "other",
  "admin",
  "teacher",
  "accountant",
  "guardian",
  "student",
] as const;
export type Caller = (typeof callers)[number];
/** The role holders' sessions, made in beforeAll. */
export const holders: Partial<Record<Caller, Session>> = {};

/** What a cell sends: the path's parameters and the body. */
export type Call = { params?: Record<string, string>; body?: unknown };
/** Prepares one cell's call (on fresh records: a cell never sees another cell's leftovers). */
export type Setup = (w: World, caller: Caller, session: Session | undefined) => Promise<Call>;

// ---- what the calls are about ---------------------------------------------------------------

export async function created(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).insertedId;
}

/** Kinds whose records have an author, who may change them: the user (alice) writes those. */
export const authored = new Set<Kind>(["comment", "blog"]);

/** A record of this kind, written by an admin, or by alice for the authored kinds. */
export async function make(
  w: World,
  kind: Kind,
  author = authored.has(kind) ? w.alice : w.admin,
): Promise<string> {
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

export const add =
  (kind: Kind): Setup =>
  async (w) => ({
    body: createBody(kind, kind === "comment" ? { id: await make(w, "blog", w.admin) } : {}),
  });
/** One field of each kind, changed. */
export const changes: Record<Kind, Record<string, string>> = {
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
export const change =
  (kind: Kind): Setup =>
  async (w) => ({ params: { id: await make(w, kind) }, body: changes[kind] });
export const remove =
  (kind: Kind): Setup =>
  async (w) => ({ params: { id: await make(w, kind) } });

/** A small real PNG as an album photo's multipart body. */
export function photoBody(): FormData {
  const form = new FormData();
  form.set("caption", "The stage");
  form.set("image", new Blob([new Uint8Array(pngOfZeros(64, 64))], { type: "image/png" }), "stage.png");
  return form;
}
export const addPhoto: Setup = async (w) => ({ params: { id: await make(w, "album") }, body: photoBody() });
/** A photo an admin added to a fresh album. */
export async function makePhoto(w: World): Promise<string> {
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
export const changePhoto: Setup = async (w) => ({
  params: { id: await makePhoto(w) },
  body: { caption: "Changed" },
});
export const removePhoto: Setup = async (w) => ({ params: { id: await makePhoto(w) } });

/** The user's own account record; "other" names the user's e-mail instead of their own. */
export const accountRecord: Setup = async (w, caller, session) => ({
  body: { email: caller === "other" ? w.alice.email : (session?.email ?? w.alice.email), displayName: "New" },
});
export const ownProfile: Setup = async () => ({ body: { about: "I like maths", number: "01711111111" } });
export const ownPhoto: Setup = async () => ({ body: { photoURl: image } });
export const nothingSent: Setup = async () => ({});

let accounts = 0;
export async function freshAccount(w: World): Promise<string> {
  const email = `account${++accounts}@abuse.test`;
  await w.t.signUp(email, "account-password-1", "Someone");
  return email;
}
export const makeAdminOfNewAccount: Setup = async (w) => ({ body: { email: await freshAccount(w) } });
export const removeAdminFromSecondAdmin: Setup = async (w) => {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ role: "admin" }).where(eq(users.email, email));
  return { body: { email } };
};
/** A fresh account, named in the body (disable) or the path (delete); disabled first for enable. */
export const otherAccount: Setup = async (w) => ({ body: { email: await freshAccount(w) } });
export const disabledAccount: Setup = async (w) => {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ banned: true }).where(eq(users.email, email));
  return { body: { email } };
};
export const accountInPath: Setup = async (w) => ({ params: { email: await freshAccount(w) } });

export async function idOf(w: World, email: string): Promise<string> {
  const [row] = await w.t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? "";
}
/** A fresh account holding this role (or none), by id. */
export async function freshWithRole(w: World, role = "user"): Promise<string> {
  const email = await freshAccount(w);
  await w.t.services.db.update(users).set({ role }).where(eq(users.email, email));
  return idOf(w, email);
}
export const grantTeacher: Setup = async (w) => ({ params: { id: await freshWithRole(w), role: "teacher" } });
export const revokeTeacher: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher"), role: "teacher" },
});
export const newTeaching: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { session: "2026", class: "Class Ten", subject: "Mathematics" },
});
export const teachingFromRoutine: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { session: "2026" },
});
export const aTeaching: Setup = async (w) => {
  const made = await w.t.json(
    `/api/users/${await freshWithRole(w, "teacher")}/teaching`,
    "POST",
    { session: "2026", class: "Class Ten", subject: "Mathematics" },
    { session: w.admin },
  );
  expect(made.status).toBe(201);
  return { params: { id: (await made.json())._id } };
};
export const teacherRecord: Setup = async (w) => ({
  params: { id: await freshWithRole(w, "teacher") },
  body: { teacher: await make(w, "teacher") },
});

export const contactMessage: Setup = async () => ({
  body: { name: "Rahima", email: "rahima@abuse.test", message: "When does Class Six start?" },
});
export const subscription: Setup = async () => ({ body: { email: `reader-${randomUUID()}@abuse.test` } });

/** A cart of one admission, with a quantity no other cell uses (so every intent is new). */
let quantity = 0;
export const cart: Setup = async (w) => ({
  body: { items: [{ id: await make(w, "admission"), quantity: ++quantity }] },
});

/** A pending order of alice's and its payment intent. */
export async function aliceOrder(w: World) {
  const body = (await cart(w, "user", w.alice)).body;
  const response = await w.t.json("/api/Order/create-payment-intent", "POST", body, { session: w.alice });
  expect(response.status).toBe(200);
  return (await response.json()) as { orderId: string; clientSecret: string };
}
export const card = (clientSecret: string) => ({
  clientSecret,
  cardNumber: "4242 4242 4242 4242",
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: "123",
  billing: { name: "Alice", email: "alice@abuse.test", address: "12 Lake Road, Dhaka" },
});
/** Alice's order paid with a test card; the call reports its transaction. */
export const paidOrderReport: Setup = async (w) => {
  const order = await aliceOrder(w);
  const paid = await w.t.json("/api/payments/test/confirm", "POST", card(order.clientSecret), {
    session: w.alice,
  });
  expect(paid.status).toBe(200);
  return { params: { id: order.orderId }, body: { transaction: order.clientSecret.split("_secret_")[0] } };
};
export const testCardPayment: Setup = async (w) => ({ body: card((await aliceOrder(w)).clientSecret) });
/** Alice's paid order, put on hold as a risky payment would be. */
export const heldOrder: Setup = async (w) => {
  const { params } = await paidOrderReport(w, "admin", undefined);
  await w.t.services.db
    .update(orders)
    .set({ status: "on_hold" })
    .where(eq(orders.id, params?.id ?? ""));
  return { params, body: {} };
};
/** Alice's paid order, refunded in part. */
export const paidOrderRefund: Setup = async (w) => {
  const { params } = await paidOrderReport(w, "admin", undefined);
  return { params, body: { amount: "1", reason: "A goodwill refund" } };
};

/** A Class Ten exam of two subjects, as an admin sets it up. */
export const examDefinition = () => ({
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
export const examSetup: Setup = async () => ({ body: examDefinition() });
export const newClass: Setup = async () => ({
  body: { name: `Hifz ${randomUUID().slice(0, 8)}`, sections: ["A", "B"] },
});
export const aClass: Setup = async (w) => {
  const made = await w.t.json("/api/results/classes", "POST", (await newClass(w, "admin", w.admin)).body, {
    session: w.admin,
  });
  expect(made.status).toBe(201);
  return {
    params: { id: (await made.json())._id },
    body: { name: `Nazera ${randomUUID().slice(0, 8)}`, sections: [] },
  };
};
export async function makeExam(w: World): Promise<string> {
  const response = await w.t.json("/api/results/exams", "POST", examDefinition(), { session: w.admin });
  expect(response.status).toBe(201);
  return (await response.json())._id;
}
export const anExam: Setup = async (w) => ({ params: { id: await makeExam(w) }, body: {} });
export const examChange: Setup = async (w) => ({ params: { id: await makeExam(w) }, body: examDefinition() });
let rolls = 0;
/** An exam with one student enrolled by a marks sheet: the exam and the enrolment. */
export async function examWithStudent(w: World): Promise<{ exam: string; enrolment: string }> {
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
export const examMarks: Setup = async (w) => {
  const { exam, enrolment } = await examWithStudent(w);
  return {
    params: { id: exam },
    body: { marks: [{ enrolment, subject: "101", component: "written", score: 50 }] },
  };
};
export const enrolmentLink: Setup = async (w) => {
  const { enrolment } = await examWithStudent(w);
  return { params: { id: enrolment }, body: { email: "bob@abuse.test", relation: "guardian" } };
};

/** The class routine: two periods, Saturday to Thursday. */
export const routineWeek = () => ({
  periods: [
    { number: 1, start: "08:00", end: "08:45" },
    { number: 2, start: "08:45", end: "09:30" },
  ],
  days: ["saturday", "sunday", "monday", "tuesday", "wednesday", "thursday"],
});
export const weekSetup: Setup = async () => ({ body: routineWeek() });
/** A new class (without sections) whose Sunday has a first period of Bangla, without a teacher. */
export async function classWithRoutine(w: World): Promise<string> {
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
export const routineSetup: Setup = async (w) => ({
  params: { id: await classWithRoutine(w) },
  body: { slots: [{ day: "monday", period: 2, subject: "English", room: "" }] },
});
/** A substitute for 2030-01-06 (a Sunday): an approved teacher takes a new class's first period. */
export const substituteSetup: Setup = async (w) => {
  const classId = await classWithRoutine(w);
  const teacher = await make(w, "teacher");
  await w.t.json(`/api/teacher/teacher/${teacher}`, "PATCH", { status: "approved" }, { session: w.admin });
  return { body: { class: classId, date: "2030-01-06", period: 1, teacher } };
};
export const aSubstitute: Setup = async (w, caller, session) => {
  const { body } = await substituteSetup(w, caller, session);
  const made = await w.t.json("/api/routines/substitutes", "POST", body, { session: w.admin });
  expect(made.status).toBe(201);
  return { params: { id: (await made.json())._id } };
};

/** A message received through the contact form. */
export async function receivedMessage(w: World): Promise<string> {
  const body = (await contactMessage(w, "anonymous", undefined)).body;
  const headers = { "x-forwarded-for": `192.0.2.${++accounts % 250}` };
  return created(await w.t.json("/api/contact", "POST", body, { headers }));
}
export const mail = { to: "parent@abuse.test", subject: "Class Six", body: "It starts on Sunday." };
export async function draft(w: World): Promise<string> {
  return created(await w.t.json("/api/inbox/drafts", "POST", mail, { session: w.admin }));
}
export const markMany: Setup = async (w) => ({ body: { ids: [await receivedMessage(w)], starred: true } });
export const markOne: Setup = async (w) => ({
  params: { id: await receivedMessage(w) },
  body: { read: true },
});
export const replyTo: Setup = async (w) => ({
  params: { id: await receivedMessage(w) },
  body: { body: "Sunday." },
});
export const newMail: Setup = async () => ({ body: mail });
export const changeDraft: Setup = async (w) => ({
  params: { id: await draft(w) },
  body: { ...mail, subject: "Changed" },
});
export const aDraft: Setup = async (w) => ({ params: { id: await draft(w) } });
