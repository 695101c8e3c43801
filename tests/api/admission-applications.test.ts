// Admission applications through REST: an admin sets the round of "Class Six admission" (500 taka
// form fee, 2 seats in Class Six, children born in 2014 or 2015, a photo and a birth certificate);
// alice applies for her child with a photo and a PDF, pays in test mode and gets the number
// 2027-C6-0001, texted and mailed through the message queue; the office moves it and the news is
// queued each time; anyone with the number and the texted code sees its status, and no one
// without the code. Bad input names its field; a duplicate child, a closed round, an unpaid
// application and files of the wrong type are refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  admissionApplications,
  admissionRounds,
  auditEntries,
  messageRecipients,
  orders,
  users,
} from "../../server/db/schema";
import type { SignedInActor } from "../../server/domain/actor";
import { completeTestGateway } from "../../server/domain/payment-returns";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import { addAdmission, appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const pdf = (body = "1 0 obj << /Type /Catalog >> endobj") =>
  new TextEncoder().encode(`%PDF-1.4\n${body}\ntrailer << >>\n%%EOF\n`);
const hour = 3600_000;

describe.each(testDatabases)("admission applications on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let admissionId: string;
  let aliceActor: SignedInActor;

  const call = (path: string, method: string, body: unknown, session: Session | null) =>
    t.json(`/api${path}`, method, body, session ? { session } : {});
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  const fieldsOf = async (response: Response) => Object.keys((await response.json()).error.fields ?? {});
  const upload = (id: string, kind: string, file: File, session: Session = alice) => {
    const form = new FormData();
    form.set("file", file);
    return t.request(`/api/admission-applications/${id}/documents/${kind}`, {
      method: "PUT",
      body: form,
      session,
    });
  };
  const round = (overrides: Record<string, unknown> = {}) => ({
    session: 2027,
    opensAt: new Date(Date.now() - hour).toISOString(),
    closesAt: new Date(Date.now() + 48 * hour).toISOString(),
    fee: "500",
    decision: "test",
    classes: [{ class: "Class Six", seats: 2, bornFrom: "2014-01-01", bornUntil: "2015-12-31" }],
    documents: ["photo", "birthCertificate"],
    fields: [{ key: "hifz", label: "Memorised paras", type: "number" }],
    ...overrides,
  });
  const child = (n: number, overrides: Record<string, unknown> = {}) => ({
    class: "Class Six",
    childName: `Rahim ${n}`,
    childNameBn: `রহিম ${n}`,
    dateOfBirth: "2014-05-06",
    birthRegistration: `2014269${String(n).padStart(10, "0")}`,
    gender: "male",
    guardians: [{ name: "Alice", relation: "mother", phone: "01711000001", email: "alice@school.test" }],
    ...overrides,
  });
  const applyComplete = async (n: number, session: Session = alice) => {
    const made = await ok(
      await call(`/admissions/${admissionId}/applications`, "POST", child(n), session),
      201,
    );
    await ok(
      await upload(made.id, "photo", new File([new Uint8Array(pngOfZeros(40, 40))], "me.png"), session),
    );
    await ok(await upload(made.id, "birthCertificate", new File([pdf()], "birth.pdf"), session));
    return made.id as string;
  };
  const pay = async (id: string, actor: SignedInActor = aliceActor, session: Session = alice) => {
    const order = await ok(
      await call(`/admission-applications/${id}/orders`, "POST", { provider: "sslcommerz" }, session),
    );
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, order.orderId));
    return completeTestGateway(t.services, actor, {
      paymentId: row?.providerPaymentId ?? "",
      outcome: "paid",
      channel: "BKASH-BKash",
    });
  };

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
    admissionId = await addAdmission(t, admin);
    await ok(await call(`/admissions/${admissionId}/round`, "PUT", round(), admin));
    const [row] = await t.services.db.select().from(users).where(eq(users.email, alice.email));
    aliceActor = {
      kind: "user",
      id: row?.id ?? "",
      email: alice.email,
      name: "Alice",
      image: null,
      roles: new Set(),
      isAdmin: false,
    };
  });
  afterAll(() => t?.close());

  it("shows anyone the round with its seats left, and refuses a bad round naming the field", async () => {
    const shown = await ok(await t.request(`/api/admissions/${admissionId}/round`));
    expect(shown).toMatchObject({ session: 2027, feeMinor: 50_000, state: "open", decision: "test" });
    expect(shown.classes[0]).toMatchObject({ class: "Class Six", seats: 2, seatsLeft: 2 });
    const backwards = round({ closesAt: new Date(Date.now() - 2 * hour).toISOString() });
    const bad = await call(`/admissions/${admissionId}/round`, "PUT", backwards, admin);
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toEqual(["closesAt"]);
    const coin = await call(
      `/admissions/${admissionId}/round`,
      "PUT",
      round({ decision: "coin", fee: "-5" }),
      admin,
    );
    expect(await fieldsOf(coin)).toEqual(expect.arrayContaining(["decision", "fee"]));
    expect((await call(`/admissions/${admissionId}/round`, "PUT", round(), alice)).status).toBe(403);
  });

  it("refuses bad answers naming the field: registration number, phone, date of birth outside the limits", async () => {
    const wrong = await call(
      `/admissions/${admissionId}/applications`,
      "POST",
      child(90, {
        birthRegistration: "12345",
        guardians: [{ name: "A", relation: "mother", phone: "12345" }],
      }),
      alice,
    );
    expect(wrong.status).toBe(400);
    expect(await fieldsOf(wrong)).toEqual(expect.arrayContaining(["birthRegistration", "guardians.0.phone"]));
    const old = await call(
      `/admissions/${admissionId}/applications`,
      "POST",
      child(91, { dateOfBirth: "2010-01-01" }),
      alice,
    );
    expect(old.status).toBe(400);
    expect(await fieldsOf(old)).toEqual(["dateOfBirth"]);
    const noClass = await call(
      `/admissions/${admissionId}/applications`,
      "POST",
      child(92, { class: "Class Nine" }),
      alice,
    );
    expect(await fieldsOf(noClass)).toEqual(["class"]);
    const extra = await call(
      `/admissions/${admissionId}/applications`,
      "POST",
      child(93, { extra: { hifz: "many" } }),
      alice,
    );
    expect(await fieldsOf(extra)).toEqual(["extra.hifz"]);
    expect((await call(`/admissions/${admissionId}/applications`, "POST", child(94), null)).status).toBe(401);
  });

  it("keeps a draft to come back to; refuses the fee until it is complete; an unpaid one is never submitted", async () => {
    const draft = await ok(
      await call(
        `/admissions/${admissionId}/applications`,
        "POST",
        { class: "Class Six", childName: "Karim" },
        alice,
      ),
      201,
    );
    expect(draft).toMatchObject({ status: "draft", number: null, childName: "Karim" });
    const changed = await ok(
      await call(`/admission-applications/${draft.id}`, "PATCH", { childNameBn: "করিম" }, alice),
    );
    expect(changed).toMatchObject({ childName: "Karim", childNameBn: "করিম" });
    const mine = await ok(await t.request("/api/admission-applications", { session: alice }));
    expect(mine.map((a: { id: string }) => a.id)).toContain(draft.id);
    // Bob sees no trace of it.
    expect((await t.request(`/api/admission-applications/${draft.id}`, { session: bob })).status).toBe(404);
    expect((await call(`/admission-applications/${draft.id}`, "PATCH", { childName: "X" }, bob)).status).toBe(
      404,
    );

    const early = await call(`/admission-applications/${draft.id}/orders`, "POST", {}, alice);
    expect(early.status).toBe(400);
    expect(await fieldsOf(early)).toEqual(
      expect.arrayContaining(["dateOfBirth", "birthRegistration", "gender", "guardians", "documents.photo"]),
    );

    // A payment started and failed: still a draft, no number.
    const id = await applyComplete(50);
    const order = await ok(
      await call(`/admission-applications/${id}/orders`, "POST", { provider: "sslcommerz" }, alice),
    );
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, order.orderId));
    await completeTestGateway(t.services, aliceActor, {
      paymentId: row?.providerPaymentId ?? "",
      outcome: "failed",
    });
    const after = await ok(await t.request(`/api/admission-applications/${id}`, { session: alice }));
    expect(after).toMatchObject({ status: "draft", number: null, paid: false });
  });

  it("refuses files of the wrong type or size at upload", async () => {
    const id = (
      await ok(await call(`/admissions/${admissionId}/applications`, "POST", child(60), alice), 201)
    ).id;
    const html = await upload(
      id,
      "birthCertificate",
      new File(["<html><script>alert(1)</script></html>"], "b.pdf"),
    );
    expect(html.status).toBe(415);
    expect(await fieldsOf(html)).toEqual(["file"]);
    const htmlInPdf = await upload(
      id,
      "birthCertificate",
      new File([pdf("<script>alert(1)</script>")], "b.pdf"),
    );
    expect(htmlInPdf.status).toBe(415);
    const big = await upload(id, "birthCertificate", new File([pdf("x".repeat(3 * 1024 * 1024))], "b.pdf"));
    expect(big.status).toBe(413);
    const pdfAsPhoto = await upload(id, "photo", new File([pdf()], "me.pdf"));
    expect(pdfAsPhoto.status).toBe(415);
    const notAsked = await upload(id, "marksheet", new File([pdf()], "m.pdf"));
    expect(notAsked.status).toBe(400);
    const kept = await ok(await t.request(`/api/admission-applications/${id}`, { session: alice }));
    expect(kept.documents).toEqual([]);
  });

  it("submits a paid application with its number, texted and mailed in its language, once", async () => {
    const id = await applyComplete(1);
    const answer = await pay(id);
    expect(answer.outcome).toBe("paid");
    const paid = await ok(await t.request(`/api/admission-applications/${id}`, { session: alice }));
    expect(paid).toMatchObject({ status: "submitted", number: "2027-C6-0001", paid: true });
    const texts = await t.services.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.address, "+8801711000001"));
    const submitted = texts.filter((r) => r.body.includes("2027-C6-0001"));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.body).toContain("রহিম 1");
    expect(submitted[0]?.language).toBe("bn");
    const mails = await t.services.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.address, "alice@school.test"));
    expect(mails.filter((r) => r.body.includes("2027-C6-0001"))).toHaveLength(1);
    // The same child cannot apply twice to the round's class.
    const again = await call(`/admissions/${admissionId}/applications`, "POST", child(1), bob);
    expect(again.status).toBe(409);
    expect(await fieldsOf(again)).toEqual(["birthRegistration"]);
    // Paid: no second fee, no change of the form.
    expect((await call(`/admission-applications/${id}/orders`, "POST", {}, alice)).status).toBe(409);
    expect((await call(`/admission-applications/${id}`, "PATCH", { childName: "Other" }, alice)).status).toBe(
      409,
    );
    // The next is numbered on, in English when asked.
    const second = await ok(
      await call(`/admissions/${admissionId}/applications`, "POST", child(2, { language: "en" }), alice),
      201,
    );
    await ok(await upload(second.id, "photo", new File([new Uint8Array(pngOfZeros(40, 40))], "me.png")));
    await ok(await upload(second.id, "birthCertificate", new File([pdf()], "birth.pdf")));
    await pay(second.id);
    const [row] = await t.services.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.id, second.id));
    expect(row?.number).toBe("2027-C6-0002");
    const english = await t.services.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.language, "en"));
    expect(english.some((r) => r.body.includes("Rahim 2") && r.body.includes("2027-C6-0002"))).toBe(true);
  });

  it("lets the office move it with a note (audited, texted each time), counts the seats, and exports CSV", async () => {
    const board = await ok(await t.request(`/api/admissions/${admissionId}/round/board`, { session: admin }));
    expect(board.counts.submitted).toBe(2);
    const first = board.rows.find((r: { number: string }) => r.number === "2027-C6-0001");
    expect(first).toMatchObject({ childName: "Rahim 1", paidMinor: 50_000, status: "submitted" });
    const found = await ok(
      await t.request(`/api/admissions/${admissionId}/round/board?q=Rahim%202`, { session: admin }),
    );
    expect(found.rows.map((r: { number: string }) => r.number)).toEqual(["2027-C6-0002"]);

    const moved = await ok(
      await call(
        `/admission-applications/${first.id}/status`,
        "POST",
        { status: "under_review", note: "Papers fine" },
        admin,
      ),
    );
    expect(moved.status).toBe("under_review");
    expect(
      (await call(`/admission-applications/${first.id}/status`, "POST", { status: "admitted" }, admin))
        .status,
    ).toBe(409);
    expect(
      (await call(`/admission-applications/${first.id}/status`, "POST", { status: "selected" }, alice))
        .status,
    ).toBe(403);
    await ok(await call(`/admission-applications/${first.id}/status`, "POST", { status: "selected" }, admin));
    const texts = await t.services.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.address, "+8801711000001"));
    expect(texts.filter((r) => r.body.includes("2027-C6-0001")).map((r) => r.body)).toEqual([
      expect.stringContaining("জমা"),
      expect.stringContaining("যাচাই চলছে"),
      expect.stringContaining("নির্বাচিত"),
    ]);
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.subjectId, first.id));
    expect(audit.map((a) => a.label)).toEqual(
      expect.arrayContaining([expect.stringContaining("submitted → under_review (Papers fine)")]),
    );
    const seats = await ok(await t.request(`/api/admissions/${admissionId}/round`));
    expect(seats.classes[0].seatsLeft).toBe(1);

    const csv = await t.request(`/api/admissions/${admissionId}/round/applications.csv`, { session: admin });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("2027-C6-0001,Class Six,,Rahim 1,রহিম 1");
    expect((await t.request(`/api/admissions/${admissionId}/round/board`, { session: bob })).status).toBe(
      403,
    );
  });

  it("shows the status to whoever holds the number and the texted code, and nothing without it", async () => {
    const asked = await call("/admission-status/code", "POST", { number: "2027-C6-0001" }, null);
    expect(asked.status).toBe(202);
    const unknown = await call("/admission-status/code", "POST", { number: "2027-C6-0999" }, null);
    expect(unknown.status).toBe(202);
    const [text] = (
      await t.services.db
        .select()
        .from(messageRecipients)
        .where(eq(messageRecipients.address, "+8801711000001"))
    ).filter((r) => /\b\d{6}\b/.test(r.body.replace("2027-C6-0001", "")));
    const code = /(\d{6})/.exec((text?.body ?? "").replace("2027-C6-0001", ""))?.[1] ?? "";
    const wrong = await call(
      "/admission-status",
      "POST",
      { number: "2027-C6-0001", code: "000000" === code ? "111111" : "000000" },
      null,
    );
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(await wrong.json())).not.toContain("Rahim");
    const shown = await ok(await call("/admission-status", "POST", { number: "2027-c6-0001", code }, null));
    expect(shown).toMatchObject({ number: "2027-C6-0001", class: "Class Six", status: "selected" });
    expect(JSON.stringify(shown)).not.toMatch(/Rahim|রহিম|0171|alice/);
  });

  it("refuses new applications and fees once the round is closed or the class is full", async () => {
    const id = await applyComplete(3);
    // The second seat is taken: the class is full.
    const [second] = await t.services.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.number, "2027-C6-0002"));
    await ok(
      await call(`/admission-applications/${second?.id}/status`, "POST", { status: "selected" }, admin),
    );
    const full = await call(`/admission-applications/${id}/orders`, "POST", {}, alice);
    expect(full.status).toBe(409);
    expect((await full.json()).error.message).toContain("no seats left");

    await t.services.db
      .update(admissionRounds)
      .set({ closesAt: new Date(Date.now() - 1000), opensAt: new Date(Date.now() - 2 * hour) });
    const closed = await call(`/admissions/${admissionId}/applications`, "POST", child(4), alice);
    expect(closed.status).toBe(409);
    expect((await closed.json()).error.message).toContain("Applications closed on");
    const [draft] = await t.services.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.id, id));
    expect(draft?.status).toBe("draft");
  });
});
