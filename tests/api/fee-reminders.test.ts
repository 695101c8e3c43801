// Fee reminders (issue 41 item 6) and the audience "children with fee dues" (issue 37 item 4): an
// accountant previews and sends a reminder to the guardians of children with dues (one class, or
// every class); each guardian with a number who has not opted out gets one Bangla text (UCS-2,
// its parts counted) naming the months owed and the amount in taka; sending again in the same
// month queues nothing more; a child who paid gets none; teachers and guardians are refused.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dhakaToday } from "../../common/schemas/routines";
import { smsLengthOf } from "../../common/sms-segments";
import {
  enrolments,
  feeInvoices,
  messageRecipients,
  registerGuardians,
  registerStudents,
  schoolClasses,
  users,
} from "../../server/db/schema";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const year = dhakaToday().slice(0, 4);
const thisMonth = dhakaToday().slice(0, 7);
const bnDigits = (text: string) => text.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)] ?? d);

describe.each(testDatabases)("fee reminders on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let accountant: Session;
  let teacher: Session;
  let guardian: Session;
  /** Class Six's children 1-4, then Class Seven's one child. */
  const children: string[] = [];
  const guardians: string[] = [];

  const call = (path: string, body: unknown, session: Session = accountant) =>
    t.json(`/api${path}`, "POST", body, { session });
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  const reminderRows = () =>
    t.services.db.select().from(messageRecipients).where(like(messageRecipients.dedupeKey, "fee-reminder:%"));

  beforeAll(async () => {
    let alice: Session;
    ({ t, admin, alice } = await appWithPeople(kind, {}, { INSTITUTE_NAME: "Maktab School" }));
    guardian = alice;
    const db = t.services.db;
    accountant = await t.signUp("cash@school.test", "cash-password-1", "Karim");
    teacher = await t.signUp("teach@school.test", "teach-password-1", "Rahima");
    await db.update(users).set({ role: "accountant" }).where(eq(users.email, "cash@school.test"));
    await db.update(users).set({ role: "teacher" }).where(eq(users.email, "teach@school.test"));
    await db.update(users).set({ role: "guardian" }).where(eq(users.email, "alice@school.test"));
    const classes = await db.select().from(schoolClasses);
    const classId = (name: string) => classes.find((c) => c.name === name)?.id ?? "";
    for (const [i, className] of [
      "Class Six",
      "Class Six",
      "Class Six",
      "Class Six",
      "Class Seven",
    ].entries()) {
      const [child] = await db
        .insert(registerStudents)
        .values({ name: `Child ${i + 1}`, nameBn: `শিশু ${i + 1}` })
        .returning({ id: registerStudents.id });
      children.push(child?.id ?? "");
      await db.insert(enrolments).values({
        session: year,
        classId: classId(className),
        roll: String(i + 1),
        registration: String(770_000 + i),
        name: `Child ${i + 1}`,
        registerStudentId: child?.id ?? "",
      });
      // Child 4's guardian has no number; child 2's stopped the school's texts.
      const [row] = await db
        .insert(registerGuardians)
        .values({
          registerStudentId: child?.id ?? "",
          relation: "mother",
          phone: i === 3 ? null : `+88017110000${i + 1}0`,
          textsOptOut: i === 1,
        })
        .returning({ id: registerGuardians.id });
      guardians.push(row?.id ?? "");
    }
    for (const className of ["Class Six", "Class Seven"]) {
      await ok(
        await t.json(
          "/api/fees/rates",
          "PUT",
          { session: year, class: className, head: "tuition", amount: "1,200", due: "monthly", dueDay: 10 },
          { session: accountant },
        ),
      );
    }
    for (const month of [`${year}-01`, `${year}-02`]) {
      await ok(await call("/fees/invoices/generate", { session: year, month }));
    }
    // Child 3 has paid both months.
    await db
      .update(feeInvoices)
      .set({ paidMinor: 120_000 })
      .where(eq(feeInvoices.registerStudentId, children[2] ?? ""));
  });
  afterAll(() => t?.close());

  it("refuses teachers and guardians, and an unknown class by name", async () => {
    expect((await call("/fees/reminders", {}, teacher)).status).toBe(403);
    expect((await call("/fees/reminders/preview", {}, guardian)).status).toBe(403);
    const bad = await call("/fees/reminders", { class: "Class Ninety" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["class"]);
    expect(await reminderRows()).toEqual([]);
  });

  it("shows what a reminder would send: the children, texts and parts", async () => {
    const preview = await ok(await call("/fees/reminders/preview", {}));
    // Child 1 and Class Seven's child: child 2's guardian opted out, child 3 paid, child 4's has no number.
    expect(preview).toMatchObject({ children: 2, texts: 2, encoding: "UCS-2" });
    expect(preview.segments).toBeGreaterThanOrEqual(2);
    expect(await reminderRows()).toEqual([]);
  });

  it("queues one Bangla text per guardian and child for one class, naming the months and the amount", async () => {
    const sent = await ok(await call("/fees/reminders", { class: "Class Six" }), 201);
    expect(sent).toMatchObject({ children: 1, texts: 1, queued: 1, encoding: "UCS-2" });
    const [row] = await reminderRows();
    expect(row).toMatchObject({
      address: "+8801711000010",
      language: "bn",
      dedupeKey: `fee-reminder:${children[0]}:${guardians[0]}:${thisMonth}`,
    });
    const body = row?.body ?? "";
    expect(body).toContain("শিশু 1");
    expect(body).toContain(`জানুয়ারি ${bnDigits(year)}, ফেব্রুয়ারি ${bnDigits(year)} মাসের`);
    expect(body).toContain("মোট ৳২,৪০০.০০");
    expect(sent.segments).toBe(smsLengthOf(body).segments);

    // Again this month (by an admin too): nothing more; every class: only Class Seven's child.
    expect(await ok(await call("/fees/reminders", { class: "Class Six" }, admin), 201)).toMatchObject({
      queued: 0,
    });
    expect(await ok(await call("/fees/reminders", {}), 201)).toMatchObject({ texts: 2, queued: 1 });
    expect((await reminderRows()).map((r) => r.address).sort()).toEqual(["+8801711000010", "+8801711000050"]);
  });

  it("reaches the guardians of children with dues as a message's audience, for admins only", async () => {
    const message = { audience: { kind: "dues" }, channel: "sms", text: "বকেয়া বেতন পরিশোধ করুন।" };
    const preview = await ok(await call("/messages/preview", message, admin));
    // The guardians of children 1, 2, 4 and Class Seven's; texts to those with a number who did not opt out.
    expect(preview).toMatchObject({ guardians: 4, texts: 2, emails: 0, segments: 1, encoding: "UCS-2" });
    expect((await call("/messages/preview", message, teacher)).status).toBe(403);
    expect((await call("/messages", message, teacher)).status).toBe(403);
  });
});
