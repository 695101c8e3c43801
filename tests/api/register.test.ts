// The school's register of students through the REST API: an admin adds, reads, changes and
// searches children, their enrolments, guardians and photo; imports the register from a sheet
// (previewed, then all or nothing); promotes a class to the next session. Nobody else sees any of it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, type enrolments, registerGuardians, registerStudents } from "../../server/db/schema";
import { registerColumns } from "../../server/register-sheet/layout";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const csvOf = (rows: string[][]) =>
  rows
    .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(","))
    .join("\r\n");

/** A class of generated children with two guardians each, as a sheet's rows. */
function generatedRows(count: number, session = "2026", className = "Class Six", from = 1): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const phone = (k: number) => `017${String(10_000_000 + n * 2 + k).padStart(8, "0")}`;
    return [
      session,
      className,
      n % 2 ? "A" : "B",
      String(n),
      String(260_000 + n),
      `Student ${n}`,
      `শিক্ষার্থী ${n}`,
      "2014-03-15",
      String(20_140_000_000_000_000n + BigInt(n)),
      n % 2 ? "male" : "female",
      "",
      `Father ${n}`,
      "father",
      phone(0),
      `Mother ${n}`,
      "mother",
      phone(1),
    ];
  });
}

/** Rows for a class without sections. */
const withoutSections = (rows: string[][]) => rows.map((row) => row.map((cell, i) => (i === 2 ? "" : cell)));

describe.each(testDatabases)("the register of students on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  const upload = (
    rows: string[][],
    check = false,
    session: Session | null = admin,
    name = "register.csv",
  ) => {
    const form = new FormData();
    form.set("file", new File([csvOf([[...registerColumns], ...rows])], name, { type: "text/csv" }));
    return t.request(`/api/register/import${check ? "?check=1" : ""}`, {
      method: "POST",
      body: form,
      ...(session ? { session } : {}),
    });
  };
  const count = async (table: typeof registerStudents | typeof enrolments | typeof registerGuardians) =>
    (await t.services.db.select().from(table)).length;

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople(kind));
    // The classes are the institute's list; Six and Seven have sections A and B, Eight none.
    const classes: { _id: string; name: string }[] = await (await t.request("/api/results/classes")).json();
    for (const name of ["Class Six", "Class Seven"]) {
      const id = classes.find((c) => c.name === name)?._id;
      const made = await t.json(
        `/api/results/classes/${id}`,
        "PUT",
        { name, sections: ["A", "B"] },
        { session: admin },
      );
      expect(made.status, await made.clone().text()).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it("adds a child with a Bangla name, a birth registration in Bangla digits and an enrolment; reads and changes them", async () => {
    const added = await t.json(
      "/api/register/students",
      "POST",
      {
        name: "Mohammad Shahidul Islam",
        nameBn: "মোহাম্মদ শহীদুল ইসলাম",
        dateOfBirth: "২০১৪-০৩-১৫",
        birthRegistration: "২০১৪ ৩০১২ ৩৪৫৬ ৭৮৯০২",
        gender: "male",
        enrolment: { session: "2025", class: "class six", section: "a", roll: "7", registration: "250007" },
      },
      { session: admin },
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const child = await added.json();
    expect(added.headers.get("location")).toBe(`/api/register/students/${child.id}`);
    expect(child).toMatchObject({
      name: "Mohammad Shahidul Islam",
      nameBn: "মোহাম্মদ শহীদুল ইসলাম",
      dateOfBirth: "2014-03-15",
      birthRegistration: "20143012345678902",
      gender: "male",
      status: "studying",
      enrolments: [{ session: "2025", class: "Class Six", section: "A", roll: "7", registration: "250007" }],
      guardians: [],
      photo: null,
    });

    const read = await t.request(`/api/register/students/${child.id}`, { session: admin });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");

    const changed = await t.json(
      `/api/register/students/${child.id}`,
      "PATCH",
      { status: "left", nameBn: "শহীদুল" },
      { session: admin },
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      status: "left",
      nameBn: "শহীদুল",
      name: "Mohammad Shahidul Islam",
    });

    const enrolled = await t.json(
      `/api/register/students/${child.id}/enrolment`,
      "PUT",
      { session: "2026", class: "Class Seven", section: "B", roll: "3", registration: "250007" },
      { session: admin },
    );
    expect(enrolled.status, await enrolled.clone().text()).toBe(200);
    expect((await enrolled.json()).enrolments.map((e: { session: string }) => e.session)).toEqual([
      "2026",
      "2025",
    ]);

    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.subjectId, child.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update", "update"]);
    expect(audit.every((a) => a.subject === "child" && a.actorEmail === "head@school.test")).toBe(true);
  });

  it("refuses bad numbers, lengths and Unicode with a 400 naming the field", async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await t.json(
        "/api/register/students",
        "POST",
        { name: "Rahim", ...body },
        { session: admin },
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { error } = await answer.json();
      expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(field);
      return error;
    };
    // 16 and 18 digits, letters, an empty name.
    await refused({ birthRegistration: "2014301234567890" }, "birthRegistration");
    await refused({ birthRegistration: "201430123456789012" }, "birthRegistration");
    await refused({ birthRegistration: "2014301234567890X" }, "birthRegistration");
    await refused({ name: "   " }, "name");
    // 101 letters are too many; 100 Bangla letters of several code points each are not.
    const error = await refused({ name: "a".repeat(101) }, "name");
    expect(error.fields.name).toContain("100 letters");
    const conjuncts = "ক্ষ".repeat(100);
    const long = await t.json("/api/register/students", "POST", { name: conjuncts }, { session: admin });
    expect(long.status, await long.clone().text()).toBe(201);
    await refused({ nameBn: "ক্ষ".repeat(101) }, "nameBn");
    // Control characters and a letter stacked with hundreds of marks.
    await refused({ name: "Ra\u0000him" }, "name");
    await refused({ name: `a${"\u0301".repeat(4000)}` }, "name");
    await refused({ dateOfBirth: "2014-02-30" }, "dateOfBirth");
    await refused({ dateOfBirth: "2999-01-01" }, "dateOfBirth");
    await refused({ gender: "boy" }, "gender");
    await refused({ status: "expelled" }, "status");
    await refused(
      { enrolment: { session: "26", class: "Class Six", roll: "1", registration: "1" } },
      "enrolment.session",
    );
    await refused(
      { enrolment: { session: "2026", class: "Class Six", roll: "১২x", registration: "1" } },
      "enrolment.roll",
    );
    const unknownClass = await refused(
      { enrolment: { session: "2026", class: "Class Twelve", roll: "1", registration: "990001" } },
      "class",
    );
    expect(unknownClass.message).toBeTruthy();
    const section = await refused(
      {
        enrolment: { session: "2026", class: "Class Eight", section: "A", roll: "1", registration: "990002" },
      },
      "section",
    );
    expect(section.key).toBe("register.noSections");
    // A birth registration number is one child's.
    const taken = await t.json(
      "/api/register/students",
      "POST",
      { name: "Copy", birthRegistration: "20143012345678902" },
      { session: admin },
    );
    expect(taken.status).toBe(409);
    expect(Object.keys((await taken.json()).error.fields)).toEqual(["birthRegistration"]);
  });

  it("adds, changes and removes guardians, phones in one form, bad numbers refused", async () => {
    const child = await (
      await t.json("/api/register/students", "POST", { name: "Karim" }, { session: admin })
    ).json();
    const path = `/api/register/students/${child.id}/guardians`;
    for (const phone of ["0171234567", "01212345678", "+441712345678", "০১৭১২৩৪৫৬৭৮৯", "phone"]) {
      const refused = await t.json(
        path,
        "POST",
        { name: "Abba", relation: "father", phone },
        { session: admin },
      );
      expect(refused.status, phone).toBe(400);
      expect(Object.keys((await refused.json()).error.fields)).toEqual(["phone"]);
    }
    const badRelation = await t.json(path, "POST", { name: "Abba", relation: "uncle" }, { session: admin });
    expect(Object.keys((await badRelation.json()).error.fields)).toEqual(["relation"]);
    const added = await t.json(
      path,
      "POST",
      { name: "আব্দুল করিম", relation: "father", phone: "০১৭১২-৩৪৫৬৭৮" },
      { session: admin },
    );
    expect(added.status, await added.clone().text()).toBe(201);
    const [guardian] = (await added.json()).guardians;
    expect(guardian).toMatchObject({
      name: "আব্দুল করিম",
      relation: "father",
      phone: "+8801712345678",
      linked: false,
    });
    const changed = await t.json(
      `/api/register/guardians/${guardian.id}`,
      "PATCH",
      { phone: "8801812345678" },
      { session: admin },
    );
    expect((await changed.json()).guardians[0].phone).toBe("+8801812345678");
    const removed = await t.request(`/api/register/guardians/${guardian.id}`, {
      method: "DELETE",
      session: admin,
    });
    expect(removed.status).toBe(200);
    expect((await removed.json()).guardians).toEqual([]);
    expect(
      (await t.request(`/api/register/guardians/${guardian.id}`, { method: "DELETE", session: admin }))
        .status,
    ).toBe(404);
    const labels = (
      await t.services.db.select().from(auditEntries).where(eq(auditEntries.subjectId, child.id))
    ).map((a) => a.label);
    expect(labels.join("\n")).toMatch(/guardian added[\s\S]*guardian changed[\s\S]*guardian removed/);
  });

  it("sets and removes a child's photo through the image pipeline", async () => {
    const child = await (
      await t.json("/api/register/students", "POST", { name: "Photo" }, { session: admin })
    ).json();
    const form = new FormData();
    form.set("photo", new File([new Uint8Array(pngOfZeros(40, 40))], "me.png", { type: "image/png" }));
    const set = await t.request(`/api/register/students/${child.id}/photo`, {
      method: "PUT",
      body: form,
      session: admin,
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const { photo } = await set.json();
    expect(photo.url).toMatch(/^\/files\//);
    const notImage = new FormData();
    notImage.set("photo", new File(["hello"], "me.png", { type: "image/png" }));
    const refused = await t.request(`/api/register/students/${child.id}/photo`, {
      method: "PUT",
      body: notImage,
      session: admin,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const removed = await t.request(`/api/register/students/${child.id}/photo`, {
      method: "DELETE",
      session: admin,
    });
    expect((await removed.json()).photo).toBeNull();
  });

  it("lists and searches by name in English or Bangla, registration and roll, filtered and paged", async () => {
    expect((await upload(withoutSections(generatedRows(12, "2027", "Class Eight", 501)))).status).toBe(200);
    const list = async (query: Record<string, string>) => {
      const answer = await t.request(`/api/register/students?${new URLSearchParams(query)}`, {
        session: admin,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      return answer.json();
    };
    const eight = await list({ session: "2027", class: "class eight", limit: "5" });
    expect(eight.total).toBe(12);
    expect(eight.pages).toBe(3);
    expect(eight.children.map((c: { enrolment: { roll: string } }) => c.enrolment.roll)).toEqual([
      "501",
      "502",
      "503",
      "504",
      "505",
    ]);
    expect((await list({ q: "Student 507" })).children.map((c: { name: string }) => c.name)).toEqual([
      "Student 507",
    ]);
    expect((await list({ q: "শিক্ষার্থী ৫০৮" })).total).toBe(0);
    expect((await list({ q: "শিক্ষার্থী 508" })).children[0].name).toBe("Student 508");
    expect((await list({ q: "২৬০৫০৯" })).children[0].name).toBe("Student 509");
    expect((await list({ q: "510", session: "2027" })).children[0].name).toBe("Student 510");
    expect((await list({ status: "left" })).children.map((c: { name: string }) => c.name)).toContain(
      "Mohammad Shahidul Islam",
    );
    const bad = await t.request("/api/register/students?status=gone", { session: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["status"]);
  });

  it("previews an import of the whole sheet, saves nothing with one bad row and names every error by row and column", async () => {
    const before = await count(registerStudents);
    const rows = generatedRows(40);
    const preview = await upload(rows, true);
    expect(preview.status, await preview.clone().text()).toBe(200);
    const seen = await preview.json();
    expect(seen).toMatchObject({ added: 40, updated: 0, errors: [] });
    expect(seen.rows).toHaveLength(40);
    expect(seen.rows[0]).toMatchObject({
      line: 2,
      action: "add",
      name: "Student 1",
      class: "Class Six",
      guardians: 2,
    });
    expect(await count(registerStudents)).toBe(before);

    const broken = generatedRows(40);
    broken[4]![8] = "123"; // row 6: birth registration
    broken[9]![13] = "01234"; // row 11: guardian phone
    broken[14]![1] = "Class Twelve"; // row 16: class
    broken[19]![3] = "4"; // row 21: roll of row 5
    broken[24]![12] = "uncle"; // row 26: relation
    broken[29]![5] = "x".repeat(101); // row 31: name
    const refused = await upload(broken);
    expect(refused.status).toBe(422);
    const answer = await refused.json();
    expect(answer.error.key).toBe("register.sheetProblems");
    const named = answer.errors.map((e: { row: number; column: string }) => `${e.row} ${e.column}`);
    for (const expected of [
      "6 birth registration",
      "11 guardian phone",
      "21 roll",
      "26 guardian relation",
      "31 name",
      "16 class",
    ])
      expect(named).toContain(expected);
    expect(await count(registerStudents)).toBe(before);

    const saved = await upload(rows);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ added: 40, updated: 0 });
    expect(await count(registerStudents)).toBe(before + 40);
    const guardians = await t.services.db
      .select()
      .from(registerGuardians)
      .where(eq(registerGuardians.name, "Father 1"));
    expect(guardians).toMatchObject([{ relation: "father", phone: "+8801710000002" }]);

    // The same sheet again updates the same children (by registration), with a changed name.
    const again = generatedRows(40);
    again[0]![5] = "Student One";
    again[0]![13] = "01911111111";
    const updated = await upload(again);
    expect(await updated.json()).toMatchObject({ added: 0, updated: 40 });
    expect(await count(registerStudents)).toBe(before + 40);
    const [one] = await t.services.db
      .select()
      .from(registerStudents)
      .where(eq(registerStudents.name, "Student One"));
    expect(one?.birthRegistration).toBe("20140000000000001");
    const fathers = await t.services.db
      .select()
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, one!.id));
    expect(fathers.map((g) => g.phone).sort()).toEqual(["+8801710000003", "+8801911111111"]);
    const audited = await t.services.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, one!.id));
    expect(audited.map((a) => a.action)).toEqual(["create", "update"]);
  });

  it("reads a sheet with Bangla headers and digits, and refuses a file that is not a sheet", async () => {
    const csv = [
      "সেশন,শ্রেণি,শাখা,রোল,রেজিস্ট্রেশন,নাম,বাংলায় নাম,জন্ম তারিখ,জন্মনিবন্ধন,লিঙ্গ,অভিভাবকের নাম,সম্পর্ক,ফোন",
      "২০২৬,Class Seven,A,১,২৭৯০০১,Ayesha Siddika,আয়েশা সিদ্দিকা,০১/০২/২০১৩,২০১৩০০০০০০০০০০০০১,মেয়ে,রহিমা,মা,০১৮১২৩৪৫৬৭৮",
    ].join("\n");
    const form = new FormData();
    form.set("file", new File([csv], "bangla.csv"));
    const answer = await t.request("/api/register/import", { method: "POST", body: form, session: admin });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const [child] = await t.services.db
      .select()
      .from(registerStudents)
      .where(eq(registerStudents.name, "Ayesha Siddika"));
    expect(child).toMatchObject({ nameBn: "আয়েশা সিদ্দিকা", dateOfBirth: "2013-02-01", gender: "female" });
    const pdf = new FormData();
    pdf.set("file", new File(["%PDF-1.4"], "x.pdf"));
    const refused = await t.request("/api/register/import", { method: "POST", body: pdf, session: admin });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0]).toMatchObject({ row: 0, column: "file", key: "sheet.pdf" });
  });

  it("imports 2,000 generated rows with their guardians", async () => {
    const rows = withoutSections(generatedRows(2000, "2028", "Class Eight", 10_001));
    const started = performance.now();
    const answer = await upload(rows);
    const seconds = (performance.now() - started) / 1000;
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toMatchObject({ added: 2000, updated: 0 });
    console.log(`register import of 2,000 rows on ${kind}: ${seconds.toFixed(2)} s`);
    const again = performance.now();
    expect(await (await upload(rows)).json()).toMatchObject({ added: 0, updated: 2000 });
    console.log(
      `register re-import (update) of 2,000 rows on ${kind}: ${((performance.now() - again) / 1000).toFixed(2)} s`,
    );
  }, 120_000);

  it("promotes a class to the next session, rolls kept or renumbered, the enrolled skipped and reported", async () => {
    // Class Six 2026 has the 40 imported children; one has left, one is already in Class Seven 2027.
    const [gone] = await t.services.db
      .select()
      .from(registerStudents)
      .where(eq(registerStudents.name, "Student 2"));
    await t.json(`/api/register/students/${gone!.id}`, "PATCH", { status: "left" }, { session: admin });
    const [early] = await t.services.db
      .select()
      .from(registerStudents)
      .where(eq(registerStudents.name, "Student 3"));
    await t.json(
      `/api/register/students/${early!.id}/enrolment`,
      "PUT",
      { session: "2027", class: "Class Seven", section: "A", roll: "99", registration: "260003" },
      { session: admin },
    );
    const body = {
      fromSession: "2026",
      fromClass: "Class Six",
      toSession: "2027",
      toClass: "Class Seven",
      rolls: "keep",
    };
    const same = await t.json(
      "/api/register/promotions",
      "POST",
      { ...body, toSession: "2026" },
      { session: admin },
    );
    expect(same.status).toBe(400);
    expect(Object.keys((await same.json()).error.fields)).toEqual(["toSession"]);
    expect((await t.json("/api/register/promotions", "POST", body, { session: alice })).status).toBe(403);

    const promoted = await t.json("/api/register/promotions", "POST", body, { session: admin });
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    const answer = await promoted.json();
    expect(answer.promoted).toHaveLength(38);
    expect(answer.skipped).toEqual([{ id: early!.id, name: "Student 3", roll: "3", reason: "enrolled" }]);
    expect(answer.promoted.find((p: { name: string }) => p.name === "Student 10")).toMatchObject({
      roll: "10",
      section: "B",
    });
    // Again: everyone is enrolled by now.
    const twice = await (await t.json("/api/register/promotions", "POST", body, { session: admin })).json();
    expect(twice.promoted).toEqual([]);
    expect(twice.skipped).toHaveLength(39);

    // Renumbered by the old roll into a class nobody is in yet: 1, 2, 3... in order.
    const renumbered = await (
      await t.json(
        "/api/register/promotions",
        "POST",
        { ...body, toSession: "2029", toClass: "Class Eight", rolls: "byRoll" },
        { session: admin },
      )
    ).json();
    expect(
      renumbered.promoted.slice(0, 3).map((p: { name: string; roll: string }) => `${p.name} ${p.roll}`),
    ).toEqual(["Student One 1", "Student 3 2", "Student 4 3"]);
    const byName = await (
      await t.json(
        "/api/register/promotions",
        "POST",
        { ...body, toSession: "2030", toClass: "Class Eight", rolls: "byName" },
        { session: admin },
      )
    ).json();
    expect(byName.promoted.slice(0, 3).map((p: { name: string }) => p.name)).toEqual([
      "Student 10",
      "Student 11",
      "Student 12",
    ]);
    const audit = await t.services.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.subjectId, early!.id));
    expect(audit.some((a) => a.label.includes("promoted"))).toBe(true);
  });

  it("is never public: anonymous callers get 401, other users 403, and the template is an admin's", async () => {
    const child = await (
      await t.json("/api/register/students", "POST", { name: "Secret" }, { session: admin })
    ).json();
    for (const path of [
      "/api/register/students",
      `/api/register/students/${child.id}`,
      "/api/register/template",
    ]) {
      expect((await t.request(path)).status, path).toBe(401);
      expect((await t.request(path, { session: alice })).status, path).toBe(403);
    }
    const template = await t.request("/api/register/template?format=xlsx", { session: admin });
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toContain("spreadsheetml");
    const csv = await (await t.request("/api/register/template?format=csv", { session: admin })).text();
    expect(csv.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(registerColumns.join(","));
    // The template's example rows import as they are.
    const form = new FormData();
    form.set("file", new File([await template.arrayBuffer()], "register.xlsx"));
    const preview = await t.request("/api/register/import?check=1", {
      method: "POST",
      body: form,
      session: admin,
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect((await preview.json()).rows).toHaveLength(2);
    expect((await upload(generatedRows(1), true, alice)).status).toBe(403);
    expect((await upload(generatedRows(1), true, null)).status).toBe(401);
  });
});
