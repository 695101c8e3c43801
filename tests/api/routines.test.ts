// The class routine's REST calls (/api/routines), as a client sees them: the periods and days, a
// class's week saved and read back, clashes refused naming the teacher or room, the day, the
// period and the other class (nothing saved), a substitute shown on its date only, and only
// admins changing anything. Every answer is checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

type Slot = {
  day: string;
  period: number;
  subject: string;
  teacher: { _id: string; name: string } | null;
  room: string;
  substitute: { _id: string; name: string } | null;
};

describe("the class routine's calls", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let six: string;
  let seven: string;
  const teacher: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp("pglite", { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    for (const name of ["Rahim", "Karim", "Salma"]) {
      const made = await t.json(
        "/api/teacher/addTeacher",
        "POST",
        { name, email: `${name.toLowerCase()}@school.test`, phone: "+880 1711-000999", address: "Dhaka" },
        { session: admin },
      );
      const id = (await made.json()).insertedId as string;
      await t.json(`/api/teacher/teacher/${id}`, "PATCH", { status: "approved" }, { session: admin });
      teacher[name] = id;
    }
    const classes = (await (await t.request("/api/results/classes")).json()) as {
      _id: string;
      name: string;
    }[];
    six = classes.find((c) => c.name === "Class Six")?._id ?? "";
    seven = classes.find((c) => c.name === "Class Seven")?._id ?? "";
    await t.json(
      `/api/results/classes/${six}`,
      "PUT",
      { name: "Class Six", sections: ["A", "B"] },
      { session: admin },
    );
    const week = await t.json(
      "/api/routines/week",
      "PUT",
      {
        periods: [
          { number: 1, start: "08:00", end: "08:45" },
          { number: 2, start: "08:45", end: "09:30" },
          { number: 3, start: "09:30", end: "10:00", break: true },
          { number: 4, start: "10:00", end: "10:45" },
        ],
        days: ["saturday", "sunday", "monday", "tuesday", "wednesday", "thursday"],
      },
      { session: admin },
    );
    expect(week.status).toBe(200);
  });
  afterAll(() => t?.close());

  // null: no one signed in.
  const save = (classId: string, section: string, slots: unknown[], as: Session | null = admin) =>
    t.json(
      `/api/routines/classes/${classId}${section ? `?section=${section}` : ""}`,
      "PUT",
      { slots },
      {
        session: as ?? undefined,
      },
    );
  const read = async (classId: string, query: string) =>
    (await (await t.request(`/api/routines/classes/${classId}?${query}`)).json()) as {
      slots: Slot[];
      periods: unknown[];
      days: string[];
    };

  it("saves a class's week and reads it back with the periods and days", async () => {
    const saved = await save(six, "A", [
      { day: "sunday", period: 1, subject: "Bangla", teacher: teacher.Rahim, room: "101" },
      { day: "sunday", period: 2, subject: "Mathematics", teacher: teacher.Karim, room: "101" },
      { day: "monday", period: 1, subject: "English", teacher: null, room: "" },
    ]);
    expect(saved.status).toBe(200);
    const routine = await read(six, "section=A&date=2026-12-06");
    expect(routine.days).toEqual(["saturday", "sunday", "monday", "tuesday", "wednesday", "thursday"]);
    expect(routine.periods).toHaveLength(4);
    expect(routine.slots.map((s) => [s.day, s.period, s.subject, s.teacher?.name ?? null, s.room])).toEqual([
      ["sunday", 1, "Bangla", "Rahim", "101"],
      ["sunday", 2, "Mathematics", "Karim", "101"],
      ["monday", 1, "English", null, ""],
    ]);
    // Section B is its own week, still empty; an unknown section is refused naming it.
    expect((await read(six, "section=B")).slots).toEqual([]);
    const unknown = await t.request(`/api/routines/classes/${six}?section=C`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.fields).toHaveProperty("section");
  });

  it("refuses a teacher in two classes at one day and period, naming the teacher, day, period and class", async () => {
    const refused = await save(seven, "", [
      { day: "saturday", period: 1, subject: "Science", teacher: teacher.Salma, room: "201" },
      { day: "sunday", period: 2, subject: "Arabic", teacher: teacher.Karim, room: "202" },
    ]);
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.fields).toHaveProperty(["slots.1.teacher"]);
    expect(error.message).toBe("Teacher Karim already teaches Class Six (A) on Sunday in period 2");
    // The message's code and values, for a client that words it in its own language.
    const clash = {
      key: "routine.teacherBusy",
      params: { name: "Karim", other: "Class Six (A)", day: "sunday", period: 2 },
    };
    expect(error).toMatchObject(clash);
    expect(error.fieldKeys).toEqual({ "slots.1.teacher": clash });
    // Nothing was saved, not even the slot without a clash.
    expect((await read(seven, "")).slots).toEqual([]);
  });

  it("refuses one room used twice at once, naming it", async () => {
    const refused = await save(six, "B", [
      { day: "sunday", period: 1, subject: "Bangla", teacher: teacher.Salma, room: "101" },
    ]);
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.fields).toHaveProperty(["slots.0.room"]);
    expect(error.message).toBe("Room 101 is already used by Class Six (A) on Sunday in period 1");
    expect(error).toMatchObject({
      key: "routine.roomBusy",
      params: { name: "101", day: "sunday", period: 1 },
    });
    expect((await read(six, "section=B")).slots).toEqual([]);
  });

  it("names every clash of a save at once, each on its slot's field, and saves nothing", async () => {
    // Class Six (A) has Rahim in room 101 on Sunday's period 1 and Karim in 101 in period 2.
    const refused = await save(seven, "", [
      { day: "sunday", period: 1, subject: "Science", teacher: teacher.Rahim, room: "101" },
      { day: "sunday", period: 2, subject: "Arabic", teacher: teacher.Karim, room: "202" },
      { day: "monday", period: 1, subject: "Quran", teacher: teacher.Salma, room: "203" },
      { day: "monday", period: 2, subject: "ICT", teacher: teacher.Salma, room: "101" },
    ]);
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.message).toBe("The week has 3 clashes: nothing was saved");
    expect(error).toMatchObject({ key: "routine.clashes", params: { count: 3 } });
    expect(error.fields).toEqual({
      "slots.0.teacher": "Teacher Rahim already teaches Class Six (A) on Sunday in period 1",
      "slots.0.room": "Room 101 is already used by Class Six (A) on Sunday in period 1",
      "slots.1.teacher": "Teacher Karim already teaches Class Six (A) on Sunday in period 2",
    });
    expect(error.fieldKeys["slots.1.teacher"]).toEqual({
      key: "routine.teacherBusy",
      params: { name: "Karim", other: "Class Six (A)", day: "sunday", period: 2 },
    });
    expect((await read(seven, "")).slots).toEqual([]);
  });

  it("names every slot that is not in the week at once", async () => {
    const refused = await save(seven, "", [
      { day: "sunday", period: 3, subject: "Tiffin" },
      { day: "friday", period: 1, subject: "Bangla" },
      { day: "monday", period: 9, subject: "Bangla" },
    ]);
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).error.fields).sort()).toEqual([
      "slots.0.period",
      "slots.1.day",
      "slots.2.period",
    ]);
  });

  it("keeps one of two saves sent at once that want the same teacher, refusing the other", async () => {
    const slot = { day: "thursday", period: 4, subject: "ICT", teacher: teacher.Salma, room: "" };
    const answers = await Promise.all([save(six, "B", [slot]), save(seven, "", [slot])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409) as Response;
    expect(JSON.stringify((await refused.json()).error.fields)).toContain("slots");
    await save(six, "B", []);
    await save(seven, "", []);
  });

  it("refuses a break, a day off, a repeated slot and unknown fields, naming the field", async () => {
    const cases: [unknown, string][] = [
      [{ day: "sunday", period: 3, subject: "Tiffin" }, "slots.0.period"],
      [{ day: "friday", period: 1, subject: "Bangla" }, "slots.0.day"],
      [{ day: "sunday", period: 9, subject: "Bangla" }, "slots.0.period"],
      [{ day: "sunday", period: 1, subject: "Bangla", colour: "red" }, "slots.0"],
    ];
    for (const [slot, field] of cases) {
      const refused = await save(seven, "", [slot]);
      expect(refused.status).toBe(400);
      expect(JSON.stringify((await refused.json()).error.fields)).toContain(field);
    }
    const twice = await save(seven, "", [
      { day: "sunday", period: 1, subject: "Bangla" },
      { day: "sunday", period: 1, subject: "English" },
    ]);
    expect(twice.status).toBe(400);
    expect((await twice.json()).error.fields).toHaveProperty(["slots.1"]);
  });

  it("shows a substitute on its date only, in the class's and both teachers' routines", async () => {
    // 2026-12-06 is a Sunday: Salma takes Rahim's first period of Class Six A.
    const added = await t.json(
      "/api/routines/substitutes",
      "POST",
      { class: six, section: "A", date: "2026-12-06", period: 1, teacher: teacher.Salma },
      { session: admin },
    );
    expect(added.status).toBe(201);
    const substitute = await added.json();
    expect(substitute).toMatchObject({ date: "2026-12-06", period: 1, teacher: { name: "Salma" } });

    const onTheDay = await read(six, "section=A&date=2026-12-06");
    expect(onTheDay.slots[0]).toMatchObject({
      subject: "Bangla",
      teacher: { name: "Rahim" },
      substitute: { name: "Salma" },
    });
    expect(onTheDay.slots[1]?.substitute).toBeNull();
    const weekLater = await read(six, "section=A&date=2026-12-13");
    expect(weekLater.slots.every((slot) => slot.substitute === null)).toBe(true);

    const salma = await (await t.request(`/api/routines/teachers/${teacher.Salma}?date=2026-12-06`)).json();
    expect(salma.slots).toMatchObject([{ day: "sunday", period: 1, subject: "Bangla", asSubstitute: true }]);
    expect(
      (await (await t.request(`/api/routines/teachers/${teacher.Salma}?date=2026-12-07`)).json()).slots,
    ).toEqual([]);
    const rahim = await (await t.request(`/api/routines/teachers/${teacher.Rahim}?date=2026-12-06`)).json();
    expect(rahim.slots[0]).toMatchObject({ subject: "Bangla", replacedBy: { name: "Salma" } });

    // Karim teaches Class Six A's second period on Sundays: he cannot also substitute then.
    const busy = await t.json(
      "/api/routines/substitutes",
      "POST",
      { class: six, section: "A", date: "2026-12-06", period: 2, teacher: teacher.Rahim },
      { session: admin },
    );
    expect(busy.status).toBe(201);
    const elsewhere = await t.json(
      "/api/routines/substitutes",
      "POST",
      { class: six, section: "A", date: "2026-12-07", period: 1, teacher: teacher.Karim },
      { session: admin },
    );
    expect(elsewhere.status).toBe(201);
    const noClass = await t.json(
      "/api/routines/substitutes",
      "POST",
      { class: six, section: "A", date: "2026-12-08", period: 1, teacher: teacher.Karim },
      { session: admin },
    );
    expect(noClass.status).toBe(400);
    expect((await noClass.json()).error.fields).toHaveProperty("period");

    const gone = await t.request(`/api/routines/substitutes/${substitute._id}`, {
      method: "DELETE",
      session: admin,
    });
    expect(gone.status).toBe(200);
    expect((await read(six, "section=A&date=2026-12-06")).slots[0]?.substitute).toBeNull();
  });

  it("refuses a substitute who is teaching elsewhere then", async () => {
    // Sunday 2026-12-13: Karim has his own class in period 2.
    await save(seven, "", [
      { day: "sunday", period: 1, subject: "Arabic", teacher: teacher.Salma, room: "202" },
    ]);
    const refused = await t.json(
      "/api/routines/substitutes",
      "POST",
      { class: seven, date: "2026-12-13", period: 1, teacher: teacher.Rahim },
      { session: admin },
    );
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error.fields).toHaveProperty("teacher");
    expect(error.message).toBe("Teacher Rahim already teaches Class Six (A) on Sunday in period 1");
  });

  it("lets anyone read and only admins change", async () => {
    expect((await t.request("/api/routines/week")).status).toBe(200);
    expect((await t.request(`/api/routines/classes/${six}?section=A`)).status).toBe(200);
    expect((await t.request(`/api/routines/teachers/${teacher.Rahim}`)).status).toBe(200);
    const week = {
      periods: [{ number: 1, start: "08:00", end: "08:45" }],
      days: ["sunday"],
    };
    for (const as of [null, alice]) {
      const expected = as ? 403 : 401;
      expect((await save(seven, "", [], as)).status).toBe(expected);
      expect((await t.json("/api/routines/week", "PUT", week, { session: as ?? undefined })).status).toBe(
        expected,
      );
      const substitute = await t.json(
        "/api/routines/substitutes",
        "POST",
        { class: six, section: "A", date: "2026-12-06", period: 1, teacher: teacher.Salma },
        { session: as ?? undefined },
      );
      expect(substitute.status).toBe(expected);
    }
  });
});
