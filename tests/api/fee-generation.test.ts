// A school's whole month of fees at once, through the REST API: 2,000 children in 20 classes
// each get their invoice, and generating the month again makes none. Its time is logged, not
// asserted (a busy CI machine took 14 s): `npm run bench` measures speed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrolments, registerStudents, schoolClasses } from "../../server/db/schema";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("a month of fees for a whole school on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  const call = (path: string, method: string, body: unknown) =>
    t.json(`/api${path}`, method, body, { session: admin });
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };

  beforeAll(async () => {
    ({ t, admin } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  it("generates a month for 2,000 children in 20 classes once, and nothing more the second time", async () => {
    const db = t.services.db;
    const classes = await db
      .insert(schoolClasses)
      .values(Array.from({ length: 20 }, (_, i) => ({ name: `Bench ${i + 1}` })))
      .returning({ id: schoolClasses.id, name: schoolClasses.name });
    const made = await db
      .insert(registerStudents)
      .values(Array.from({ length: 2000 }, (_, i) => ({ name: `Bench child ${i + 1}` })))
      .returning({ id: registerStudents.id });
    await db.insert(enrolments).values(
      made.map((m, i) => ({
        session: "2030",
        classId: classes[i % 20]?.id ?? "",
        roll: String(Math.floor(i / 20) + 1),
        registration: String(900_000 + i),
        name: `Bench child ${i + 1}`,
        registerStudentId: m.id,
      })),
    );
    for (const { name } of classes) {
      await ok(
        await call("/fees/rates", "PUT", {
          session: "2030",
          class: name,
          head: "tuition",
          amount: 900,
          due: "monthly",
        }),
      );
      await ok(
        await call("/fees/rates", "PUT", {
          session: "2030",
          class: name,
          head: "transport",
          amount: 300,
          due: "monthly",
        }),
      );
    }
    const started = performance.now();
    const done = await ok(
      await call("/fees/invoices/generate", "POST", { session: "2030", month: "2030-02" }),
    );
    const took = performance.now() - started;
    console.log(`fees: generated ${done.created} invoices for 2,000 students in ${Math.round(took)} ms`);
    expect(done).toEqual({ month: "2030-02", students: 2000, created: 2000, existing: 0 });
    const again = performance.now();
    expect(
      (await ok(await call("/fees/invoices/generate", "POST", { session: "2030", month: "2030-02" })))
        .created,
    ).toBe(0);
    console.log(`fees: generating it again took ${Math.round(performance.now() - again)} ms`);
  });
});
