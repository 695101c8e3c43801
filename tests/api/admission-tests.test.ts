// Admission decided by a test or a lottery, and admitting (issue 38, stages 5 and 6): the office
// issues admit cards for Class Six (a roll, the test's time and a room each; the card a one-page
// PDF), enters the marks (as JSON or CSV), and ranks: the best fill the two seats, the rest are
// waitlisted in order, each told. A selected child withdrawn frees a seat for the waiting list's
// next, who is told. A selected child admitted becomes a student in the register, in Class Six of
// 2027 with a roll, their guardian's account linked. A second admission decided by lottery
// publishes its seed and its inputs (numbers only) before the draw; the draw's order is the same
// whenever it is recomputed, and the checker in scripts/ finds it from the published JSON alone.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawOrder } from "../../common/lottery";
import { checkPublishedDraw } from "../../scripts/check-lottery";
import {
  admissionApplications,
  admissionRounds,
  enrolments,
  messageRecipients,
  registerGuardians,
  registerStudents,
  users,
} from "../../server/db/schema";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import { addAdmission, appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const hour = 3600_000;

describe.each(testDatabases)("admission tests, lotteries and admitting on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let testAdmission: string;
  let lotteryAdmission: string;
  const numbers = new Map<number, string>();
  const ids = new Map<number, string>();

  const call = (path: string, method: string, body: unknown, session: Session | null) =>
    t.json(`/api${path}`, method, body, session ? { session } : {});
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  const round = (decision: string, seats: number) => ({
    session: 2027,
    opensAt: new Date(Date.now() - hour).toISOString(),
    closesAt: new Date(Date.now() + 48 * hour).toISOString(),
    fee: "500",
    decision,
    classes: [{ class: "Class Six", seats }],
    documents: ["photo", "birthCertificate"],
  });
  /** A submitted application of child n (its number given as a paid one's is). */
  const submitted = async (admission: string, n: number, prefix: string) => {
    const made = await ok(
      await call(
        `/admissions/${admission}/applications`,
        "POST",
        {
          class: "Class Six",
          childName: `Rahim ${n}`,
          childNameBn: `রহিম ${n}`,
          dateOfBirth: "2014-05-06",
          birthRegistration: `2014269${String(n).padStart(10, "0")}`,
          gender: "male",
          guardians: [
            { name: "Alice", relation: "mother", phone: "01711000001", email: "alice@school.test" },
          ],
          language: "en",
        },
        alice,
      ),
      201,
    );
    const number = `${prefix}${String(n).padStart(4, "0")}`;
    await t.services.db
      .update(admissionApplications)
      .set({ status: "submitted", number, submittedAt: new Date() })
      .where(eq(admissionApplications.id, made.id));
    numbers.set(n, number);
    ids.set(n, made.id);
    return made.id as string;
  };
  const statusOf = async (n: number) => {
    const [row] = await t.services.db
      .select({ status: admissionApplications.status })
      .from(admissionApplications)
      .where(eq(admissionApplications.id, ids.get(n) ?? ""));
    return row?.status;
  };
  const textsTo = async (phone: string) =>
    (
      await t.services.db
        .select({ body: messageRecipients.body })
        .from(messageRecipients)
        .where(and(eq(messageRecipients.address, phone), eq(messageRecipients.channel, "sms")))
    ).map((r) => r.body);

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
    testAdmission = await addAdmission(t, admin);
    await ok(await call(`/admissions/${testAdmission}/round`, "PUT", round("test", 2), admin));
    for (const n of [1, 2, 3, 4]) await submitted(testAdmission, n, "2027-C6-");
    lotteryAdmission = await addAdmission(t, admin);
    await ok(await call(`/admissions/${lotteryAdmission}/round`, "PUT", round("lottery", 3), admin));
    for (const n of [11, 12, 13, 14, 15, 16, 17]) await submitted(lotteryAdmission, n, "2027-C6-1");
  });
  afterAll(() => t?.close());

  it("issues admit cards: a roll, the test's time and a room each, told to the guardian; the card is one A4 PDF page", async () => {
    const photo = new File([new Uint8Array(pngOfZeros(40, 40))], "me.png");
    const form = new FormData();
    form.set("file", photo);
    // A photo on the first child's application (uploaded as the office may do for a draft-era file).
    await t.services.db
      .update(admissionApplications)
      .set({ status: "draft" })
      .where(eq(admissionApplications.id, ids.get(1) ?? ""));
    const uploaded = await t.request(`/api/admission-applications/${ids.get(1)}/documents/photo`, {
      method: "PUT",
      body: form,
      session: alice,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    await t.services.db
      .update(admissionApplications)
      .set({ status: "submitted" })
      .where(eq(admissionApplications.id, ids.get(1) ?? ""));

    const body = {
      class: "Class Six",
      testAt: "2026-12-20T04:00:00Z",
      rooms: [
        { room: "Room 101", seats: 3 },
        { room: "Hall B", seats: 10 },
      ],
    };
    expect((await call(`/admissions/${testAdmission}/round/admit-cards`, "POST", body, alice)).status).toBe(
      403,
    );
    const issued = await ok(
      await call(`/admissions/${testAdmission}/round/admit-cards`, "POST", body, admin),
    );
    expect(issued.cards).toEqual([
      { number: numbers.get(1), roll: 1, room: "Room 101", testAt: "2026-12-20T04:00:00.000Z" },
      { number: numbers.get(2), roll: 2, room: "Room 101", testAt: "2026-12-20T04:00:00.000Z" },
      { number: numbers.get(3), roll: 3, room: "Room 101", testAt: "2026-12-20T04:00:00.000Z" },
      { number: numbers.get(4), roll: 4, room: "Hall B", testAt: "2026-12-20T04:00:00.000Z" },
    ]);
    expect(await statusOf(4)).toBe("admit_card_issued");
    const texts = await textsTo("+8801711000001");
    expect(
      texts.some((text) => text.includes(`${numbers.get(4)}`) && text.includes("Admit card issued")),
    ).toBe(true);
    const shown = await ok(await t.request(`/api/admission-applications/${ids.get(4)}`, { session: alice }));
    expect(shown.test).toEqual({ roll: 4, room: "Hall B", at: "2026-12-20T04:00:00.000Z", marks: null });

    const card = await t.request(`/api/admission-applications/${ids.get(1)}/admit-card.pdf`, {
      session: alice,
    });
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await card.arrayBuffer());
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)?.length).toBe(1);
    expect(text).toContain("/Subtype /Image");
    expect(
      (await t.request(`/api/admission-applications/${ids.get(1)}/admit-card.pdf`, { session: bob })).status,
    ).toBe(404);
    expect((await t.request(`/api/admission-applications/${ids.get(1)}/admit-card.pdf`)).status).toBe(401);
  });

  it("ranks by the marks entered (JSON or CSV): the best fill the seats, the rest waitlisted in order, each told", async () => {
    const bad = await call(
      `/admissions/${testAdmission}/round/marks`,
      "PUT",
      { marks: [{ number: "2027-C6-0999", marks: "50" }] },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["marks.0.number"]);
    await ok(
      await call(
        `/admissions/${testAdmission}/round/marks`,
        "PUT",
        { marks: [{ number: numbers.get(1), marks: "61.5" }] },
        admin,
      ),
    );
    const csv = `number,marks\r\n${numbers.get(2)},88\r\n${numbers.get(3)},৭২\r\n${numbers.get(4)},61.5\r\n`;
    const entered = await ok(await call(`/admissions/${testAdmission}/round/marks`, "PUT", { csv }, admin));
    expect(entered).toEqual({ entered: 3 });
    const ranked = await ok(
      await call(`/admissions/${testAdmission}/round/ranking`, "POST", { class: "Class Six" }, admin),
    );
    // 88, 72, then 61.5 twice: the lower roll first.
    expect(ranked).toEqual({
      class: "Class Six",
      selected: [numbers.get(2), numbers.get(3)],
      waitlisted: [numbers.get(1), numbers.get(4)],
    });
    expect([await statusOf(1), await statusOf(2), await statusOf(3), await statusOf(4)]).toEqual([
      "waitlisted",
      "selected",
      "selected",
      "waitlisted",
    ]);
    const texts = await textsTo("+8801711000001");
    expect(texts.some((text) => text.includes(`${numbers.get(2)}`) && text.includes("Selected"))).toBe(true);
    expect(texts.some((text) => text.includes(`${numbers.get(1)}`) && text.includes("Waitlisted"))).toBe(
      true,
    );
  });

  it("gives a seat freed by a withdrawal to the waiting list's next, who is told", async () => {
    const before = (await textsTo("+8801711000001")).length;
    await ok(await call(`/admission-applications/${ids.get(3)}/withdraw`, "POST", {}, alice));
    expect(await statusOf(3)).toBe("withdrawn");
    expect(await statusOf(1)).toBe("selected");
    expect(await statusOf(4)).toBe("waitlisted");
    const news = (await textsTo("+8801711000001")).slice(before);
    expect(news.some((text) => text.includes(`${numbers.get(1)}`) && text.includes("Selected"))).toBe(true);
  });

  it("admits a selected child into the register in its class and session with a roll, linked to the guardian's account", async () => {
    expect((await call(`/admission-applications/${ids.get(4)}/admit`, "POST", {}, admin)).status).toBe(409);
    expect((await call(`/admission-applications/${ids.get(2)}/admit`, "POST", {}, alice)).status).toBe(403);
    const admitted = await ok(await call(`/admission-applications/${ids.get(2)}/admit`, "POST", {}, admin));
    expect(admitted).toMatchObject({ status: "admitted", student: { class: "Class Six", session: "2027" } });
    const [child] = await t.services.db
      .select()
      .from(registerStudents)
      .where(eq(registerStudents.birthRegistration, "20142690000000002"));
    expect(child).toMatchObject({ name: "Rahim 2", nameBn: "রহিম 2", dateOfBirth: "2014-05-06" });
    const [enrolment] = await t.services.db
      .select()
      .from(enrolments)
      .where(eq(enrolments.registerStudentId, child?.id ?? ""));
    expect(enrolment).toMatchObject({ session: "2027", roll: "1", registration: numbers.get(2) });
    const [aliceRow] = await t.services.db.select().from(users).where(eq(users.email, alice.email));
    const guardians = await t.services.db
      .select()
      .from(registerGuardians)
      .where(eq(registerGuardians.registerStudentId, child?.id ?? ""));
    expect(guardians).toMatchObject([{ name: "Alice", relation: "mother", phone: "+8801711000001" }]);
    expect(guardians[0]?.userId).toBe(aliceRow?.id);
    const family = await ok(await t.request("/api/family/children", { session: alice }));
    expect(JSON.stringify(family)).toContain("Rahim 2");
    // The next admitted child takes the next roll.
    const second = await ok(await call(`/admission-applications/${ids.get(1)}/admit`, "POST", {}, admin));
    expect(second.student).toMatchObject({ roll: "2" });
  });

  it("publishes a lottery's seed and inputs before the draw; the order is recomputed alike, from the published JSON alone", async () => {
    const seedPath = `/admissions/${lotteryAdmission}/round/lottery/seed`;
    // Still open: the inputs are not known yet.
    expect((await call(seedPath, "POST", {}, admin)).status).toBe(409);
    await t.services.db
      .update(admissionRounds)
      .set({ opensAt: new Date(Date.now() - 3 * hour), closesAt: new Date(Date.now() - hour) })
      .where(eq(admissionRounds.admissionId, lotteryAdmission));
    expect((await call(`/admissions/${lotteryAdmission}/round/lottery/draw`, "POST", {}, admin)).status).toBe(
      409,
    );
    expect((await call(seedPath, "POST", {}, alice)).status).toBe(403);
    await ok(await call(seedPath, "POST", {}, admin));
    expect((await call(seedPath, "POST", {}, admin)).status).toBe(409);

    const published = await ok(await t.request(`/api/admissions/${lotteryAdmission}/round/lottery`));
    expect(published.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(published.classes).toEqual([
      {
        class: "Class Six",
        seats: 3,
        inputs: [11, 12, 13, 14, 15, 16, 17].map((n) => numbers.get(n)),
        order: null,
      },
    ]);
    const raw = JSON.stringify(published);
    for (const personal of ["Rahim", "রহিম", "01711", "alice", "2014269"])
      expect(raw).not.toContain(personal);

    await ok(await call(`/admissions/${lotteryAdmission}/round/lottery/draw`, "POST", {}, admin));
    expect((await call(`/admissions/${lotteryAdmission}/round/lottery/draw`, "POST", {}, admin)).status).toBe(
      409,
    );
    const drawn = await ok(await t.request(`/api/admissions/${lotteryAdmission}/round/lottery`));
    const order = drawn.classes[0].order as string[];
    expect([...order].sort()).toEqual(published.classes[0].inputs);
    expect(drawOrder(drawn.seed, "Class Six", published.classes[0].inputs)).toEqual(order);
    expect(drawOrder(drawn.seed, "Class Six", published.classes[0].inputs)).toEqual(order);
    // Another seed (its last digit changed, whatever it was) gives another order.
    const otherSeed = `${drawn.seed.slice(0, 63)}${drawn.seed.endsWith("0") ? "1" : "0"}`;
    expect(drawOrder(otherSeed, "Class Six", published.classes[0].inputs)).not.toEqual(order);
    const statuses = await t.services.db
      .select({ number: admissionApplications.number, status: admissionApplications.status })
      .from(admissionApplications)
      .where(eq(admissionApplications.roundId, drawn.roundId));
    const statusByNumber = new Map(statuses.map((s) => [s.number, s.status]));
    expect(order.map((n) => statusByNumber.get(n))).toEqual([
      "selected",
      "selected",
      "selected",
      "waitlisted",
      "waitlisted",
      "waitlisted",
      "waitlisted",
    ]);

    // The checker reads only the published JSON (served here as anyone reads it).
    const served = async (url: string) => (await t.request(new URL(url).pathname)).json();
    const url = `http://school.test/api/admissions/${lotteryAdmission}/round/lottery`;
    expect(await checkPublishedDraw(url, served)).toEqual({
      ok: true,
      classes: [{ class: "Class Six", same: true }],
    });
    const tampered = async () => {
      const json = await served(url);
      json.classes[0].order = [...json.classes[0].order].reverse();
      return json;
    };
    expect(await checkPublishedDraw(url, tampered)).toEqual({
      ok: false,
      classes: [{ class: "Class Six", same: false }],
    });
  });
});
