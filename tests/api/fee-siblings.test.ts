// The sibling discount (issue 41 item 3), with figures a person works out by hand: tuition is 1,200
// taka a month in Class Six and 1,500 in Class Eight; the rule takes 25% off the second child's
// tuition and 50% off each later one's. The Rahman family has three children in two classes (the
// eldest by date of birth pays in full; their mother's and father's phones join them), the Khan
// family two, of whom the elder has left (so the younger is an only child now); a child with a
// waiver gets no more off than the charge; switched off, the next month has no discount.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  enrolments,
  feeInvoiceLines,
  feeInvoices,
  registerGuardians,
  registerStudents,
  schoolClasses,
  users,
} from "../../server/db/schema";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const taka = (n: number) => n * 100;

describe.each(testDatabases)("the sibling discount on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let accountant: Session;
  let teacher: Session;
  const id: Record<string, string> = {};

  const call = (path: string, method: string, body: unknown, session: Session = accountant) =>
    t.json(`/api${path}`, method, body, { session });
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  /** A child's lines of a month's invoice, as [kind, paisa]. */
  const linesOf = async (child: string, month: string) =>
    (
      await t.services.db
        .select({ kind: feeInvoiceLines.kind, amountMinor: feeInvoiceLines.amountMinor })
        .from(feeInvoiceLines)
        .innerJoin(feeInvoices, eq(feeInvoices.id, feeInvoiceLines.invoiceId))
        .where(and(eq(feeInvoices.registerStudentId, id[child] as string), eq(feeInvoices.month, month)))
    )
      .map((line) => [line.kind, line.amountMinor] as const)
      .sort();
  const totalOf = async (child: string, month: string) =>
    (
      await t.services.db
        .select({ total: feeInvoices.totalMinor })
        .from(feeInvoices)
        .where(and(eq(feeInvoices.registerStudentId, id[child] as string), eq(feeInvoices.month, month)))
    )[0]?.total;

  beforeAll(async () => {
    ({ t, admin } = await appWithPeople(kind));
    const db = t.services.db;
    accountant = await t.signUp("cash@school.test", "cash-password-1", "Karim the accountant");
    teacher = await t.signUp("teach@school.test", "teach-password-1", "A teacher");
    await db.update(users).set({ role: "accountant" }).where(eq(users.email, accountant.email));
    await db.update(users).set({ role: "teacher" }).where(eq(users.email, teacher.email));
    const classes = await db.select().from(schoolClasses);
    const classId = (name: string) => classes.find((c) => c.name === name)?.id as string;
    const children = [
      // The Rahmans: Rafi (eldest), Rina, Rumi; Rumi is joined by the father's phone only.
      { name: "Rafi", dateOfBirth: "2012-03-01", class: "Class Eight" },
      { name: "Rina", dateOfBirth: "2014-06-15", class: "Class Six" },
      { name: "Rumi", dateOfBirth: "2014-09-30", class: "Class Six" },
      // The Khans: Kamal has left; Karim is an only child now.
      { name: "Kamal", dateOfBirth: "2011-01-01", class: "Class Eight", status: "left" as const },
      { name: "Karim", dateOfBirth: "2013-01-01", class: "Class Six" },
      // A child with a full waiver and an elder brother: nothing below zero.
      { name: "Wasi", dateOfBirth: "2012-01-01", class: "Class Eight" },
      { name: "Wafa", dateOfBirth: "2014-01-01", class: "Class Six" },
    ];
    for (const [i, child] of children.entries()) {
      const [made] = await db
        .insert(registerStudents)
        .values({ name: child.name, dateOfBirth: child.dateOfBirth, status: child.status ?? "studying" })
        .returning({ id: registerStudents.id });
      id[child.name] = made?.id as string;
      await db.insert(enrolments).values({
        session: "2026",
        classId: classId(child.class),
        section: "A",
        roll: String(i + 1),
        registration: String(770_000 + i),
        name: child.name,
        registerStudentId: made?.id as string,
      });
    }
    const guardian = (child: string, relation: "mother" | "father", phone: string) => ({
      registerStudentId: id[child] as string,
      relation,
      phone,
    });
    await db
      .insert(registerGuardians)
      .values([
        guardian("Rafi", "mother", "+8801711000001"),
        guardian("Rina", "mother", "+8801711000001"),
        guardian("Rina", "father", "+8801811000001"),
        guardian("Rumi", "father", "+8801811000001"),
        guardian("Kamal", "father", "+8801711000002"),
        guardian("Karim", "father", "+8801711000002"),
        guardian("Wasi", "mother", "+8801711000003"),
        guardian("Wafa", "mother", "+8801711000003"),
      ]);
    for (const [name, amount] of [
      ["Class Six", "1,200"],
      ["Class Eight", "1,500"],
    ])
      await ok(
        await call("/fees/rates", "PUT", {
          session: "2026",
          class: name,
          head: "tuition",
          amount,
          due: "monthly",
          dueDay: 10,
        }),
      );
    await ok(
      await call(
        "/fees/waivers",
        "POST",
        { student: id.Wafa, head: "tuition", percent: 100, from: "2026-01", reason: "Orphan's scholarship" },
        accountant,
      ),
      201,
    );
  });
  afterAll(() => t?.close());

  it("is off until the school switches it on; staff only; bad input names the field", async () => {
    expect(
      await ok(await t.request("/api/fees/sibling-discount?session=2026", { session: accountant })),
    ).toEqual({
      session: "2026",
      on: false,
      head: null,
      headName: null,
      secondPercent: 0,
      laterPercent: 0,
    });
    const rule = { session: "2026", head: "tuition", secondPercent: 25, laterPercent: 50 };
    expect((await call("/fees/sibling-discount", "PUT", rule, teacher)).status).toBe(403);
    expect((await t.json("/api/fees/sibling-discount", "PUT", rule)).status).toBe(401);
    const bad = await call("/fees/sibling-discount", "PUT", { ...rule, laterPercent: 101 });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["laterPercent"]);
    const unknownHead = await call("/fees/sibling-discount", "PUT", { ...rule, head: "swimming" });
    expect(unknownHead.status).toBe(400);
    expect(Object.keys((await unknownHead.json()).error.fields)).toEqual(["head"]);
    expect(await ok(await call("/fees/sibling-discount", "PUT", rule, admin))).toMatchObject({
      on: true,
      head: "tuition",
      secondPercent: 25,
      laterPercent: 50,
    });
    // In the audit trail, which an admin reads through the API.
    const trail = await ok(await t.request("/api/audit?subject=fee", { session: admin }));
    expect(JSON.stringify(trail)).toContain(
      "Sibling discount 2026: Tuition, 25% for the second child, 50% for each later one",
    );
  });

  it("takes it off the second and later children of a family, the eldest paying in full", async () => {
    const generated = await ok(
      await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-01" }),
    );
    expect(generated.students).toBe(6);
    expect(await linesOf("Rafi", "2026-01")).toEqual([["charge", taka(1500)]]);
    // 25% of 1,200 = 300; 50% of 1,200 = 600.
    expect(await linesOf("Rina", "2026-01")).toEqual([
      ["charge", taka(1200)],
      ["sibling", -taka(300)],
    ]);
    expect(await linesOf("Rumi", "2026-01")).toEqual([
      ["charge", taka(1200)],
      ["sibling", -taka(600)],
    ]);
    expect(await totalOf("Rumi", "2026-01")).toBe(taka(600));
    // An elder brother who left does not count.
    expect(await linesOf("Karim", "2026-01")).toEqual([["charge", taka(1200)]]);
    // A full waiver leaves nothing to take a discount from.
    expect(await linesOf("Wafa", "2026-01")).toEqual([
      ["charge", taka(1200)],
      ["waiver", -taka(1200)],
    ]);
    expect(await totalOf("Wafa", "2026-01")).toBe(0);
    // Generating again doubles nothing.
    await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-01" }));
    expect(await linesOf("Rina", "2026-01")).toHaveLength(2);
  });

  it("shows on the ledger and the dues as the discount it is", async () => {
    const ledger = await ok(await t.request(`/api/fees/students/${id.Rumi}/ledger`, { session: accountant }));
    const sibling = ledger.entries.find((entry: { kind: string }) => entry.kind === "sibling");
    expect(sibling).toMatchObject({
      kind: "sibling",
      label: "Tuition",
      month: "2026-01",
      amountMinor: -taka(600),
    });
    expect(ledger.balanceMinor).toBe(taka(600));
  });

  it("stops for the months generated after it is switched off", async () => {
    await ok(
      await call("/fees/sibling-discount", "PUT", {
        session: "2026",
        head: "tuition",
        secondPercent: 0,
        laterPercent: 0,
      }),
    );
    expect(
      (await ok(await t.request("/api/fees/sibling-discount?session=2026", { session: accountant }))).on,
    ).toBe(false);
    await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-02" }));
    expect(await linesOf("Rumi", "2026-02")).toEqual([["charge", taka(1200)]]);
    // January keeps what it said.
    expect(await totalOf("Rumi", "2026-01")).toBe(taka(600));
  });
});
