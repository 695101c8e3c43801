// What the permission matrix's calls about admission applications are about (permissions.test.ts):
// an admission with an open round, alice's draft (complete or not) and her submitted application.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { admissionApplications, admissionRounds, admissionStatusCodes } from "../../server/db/schema";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import { created, type Setup } from "./permission-setups";
import { sendBody, type World } from "./support";

const hour = 3600_000;
const rounds = new WeakMap<World, string>();
let children = 0;

const roundBody = () => ({
  session: 2027,
  opensAt: new Date(Date.now() - hour).toISOString(),
  closesAt: new Date(Date.now() + 240 * hour).toISOString(),
  fee: "500",
  decision: "lottery",
  classes: [{ class: "Class Six", seats: 500 }],
  documents: ["photo", "birthCertificate"],
});

/** An admission with an open round (one per world): its id. */
async function admissionWithRound(w: World): Promise<string> {
  const known = rounds.get(w);
  if (known) return known;
  const id = await created(
    await sendBody(
      w.t,
      "/api/AddAdmition",
      "POST",
      { title: "Class Six 2027", price: "500", image1: "https://img.example/a.jpg" },
      { session: w.admin },
    ),
  );
  const put = await w.t.json(`/api/admissions/${id}/round`, "PUT", roundBody(), { session: w.admin });
  expect(put.status, await put.clone().text()).toBe(200);
  rounds.set(w, id);
  return id;
}

const pdf = (): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const fileForm = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  return form;
};

/** Alice's draft, complete (with its documents) when asked. */
async function aliceDraft(w: World, complete = false): Promise<string> {
  const admission = await admissionWithRound(w);
  const n = ++children;
  const made = await w.t.json(
    `/api/admissions/${admission}/applications`,
    "POST",
    {
      class: "Class Six",
      childName: `Rahim ${n}`,
      childNameBn: `রহিম ${n}`,
      dateOfBirth: "2014-05-06",
      birthRegistration: `2014269${String(n).padStart(10, "0")}`,
      gender: "male",
      guardians: [{ name: "Alice", relation: "mother", phone: "01711000001" }],
    },
    { session: w.alice },
  );
  expect(made.status, await made.clone().text()).toBe(201);
  const id = (await made.json()).id as string;
  if (complete) {
    for (const [kind, bytes, name] of [
      ["photo", new Uint8Array(pngOfZeros(20, 20)), "me.png"],
      ["birthCertificate", pdf(), "birth.pdf"],
    ] as const) {
      const sent = await w.t.request(`/api/admission-applications/${id}/documents/${kind}`, {
        method: "PUT",
        body: fileForm(bytes, name),
        session: w.alice,
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
    }
  }
  return id;
}

/** Alice's application, submitted as a paid one is (its number its own). */
async function aliceSubmitted(w: World): Promise<{ id: string; number: string }> {
  const id = await aliceDraft(w, true);
  const number = `2027-C6-${String(5000 + children).padStart(4, "0")}`;
  await w.t.services.db
    .update(admissionApplications)
    .set({ status: "submitted", number })
    .where(eq(admissionApplications.id, id));
  return { id, number };
}

export const admissionRound: Setup = async (w) => ({
  params: { id: await admissionWithRound(w) },
  body: roundBody(),
});
export const newApplication: Setup = async (w) => ({
  params: { id: await admissionWithRound(w) },
  body: { class: "Class Six", childName: "Karim" },
});
export const applicationDraft: Setup = async (w) => ({
  params: { id: await aliceDraft(w) },
  body: { childNameBn: "করিম" },
});
export const applicationDocument: Setup = async (w) => ({
  params: { id: await aliceDraft(w), kind: "birthCertificate" },
  body: fileForm(pdf(), "birth.pdf"),
});
export const completeApplication: Setup = async (w) => ({
  params: { id: await aliceDraft(w, true) },
  body: {},
});
export const submittedApplication: Setup = async (w) => ({
  params: { id: (await aliceSubmitted(w)).id },
  body: {},
});
export const applicationStatusChange: Setup = async (w) => ({
  params: { id: (await aliceSubmitted(w)).id },
  body: { status: "under_review", note: "Papers fine" },
});
export const applicationNumber: Setup = async (w) => ({
  body: { number: (await aliceSubmitted(w)).number },
});
export const applicationCode: Setup = async (w) => {
  const { id, number } = await aliceSubmitted(w);
  await w.t.services.db.insert(admissionStatusCodes).values({
    applicationId: id,
    codeHash: createHash("sha256").update("123456").digest("hex"),
    expiresAt: new Date(Date.now() + 600_000),
  });
  return { body: { number, code: "123456" } };
};

/** Alice's submitted application moved on by the office as far as `status`, with a roll and marks. */
async function aliceAt(
  w: World,
  status: "admit_card_issued" | "selected",
): Promise<{ id: string; number: string }> {
  const made = await aliceSubmitted(w);
  await w.t.services.db
    .update(admissionApplications)
    .set({
      status,
      testRoll: 9000 + children,
      testAt: new Date(Date.now() + 24 * hour),
      testRoom: "Hall",
      marks: "50",
    })
    .where(eq(admissionApplications.id, made.id));
  return made;
}

/** A new admission whose lottery round has closed, with its seed published when asked. */
async function closedLottery(w: World, seeded: boolean): Promise<string> {
  const id = await created(
    await sendBody(
      w.t,
      "/api/AddAdmition",
      "POST",
      { title: "Class Six lottery", price: "500", image1: "https://img.example/a.jpg" },
      { session: w.admin },
    ),
  );
  const put = await w.t.json(`/api/admissions/${id}/round`, "PUT", roundBody(), { session: w.admin });
  expect(put.status, await put.clone().text()).toBe(200);
  await w.t.services.db
    .update(admissionRounds)
    .set({
      opensAt: new Date(Date.now() - 3 * hour),
      closesAt: new Date(Date.now() - hour),
      ...(seeded
        ? {
            lotterySeed: "ab".repeat(32),
            lotterySeedPublishedAt: new Date(),
            lottery: [{ class: "Class Six", seats: 500, inputs: [], order: null }],
          }
        : {}),
    })
    .where(eq(admissionRounds.admissionId, id));
  return id;
}

export const admitCards: Setup = async (w) => ({
  params: { id: await admissionWithRound(w) },
  body: { class: "Class Six", testAt: "2026-12-20T04:00:00Z", rooms: [{ room: "Hall", seats: 5000 }] },
});
export const testMarks: Setup = async (w) => ({
  params: { id: await admissionWithRound(w) },
  body: { marks: [{ number: (await aliceAt(w, "admit_card_issued")).number, marks: "71" }] },
});
export const testRanking: Setup = async (w) => {
  await aliceAt(w, "admit_card_issued");
  return { params: { id: await admissionWithRound(w) }, body: { class: "Class Six" } };
};
export const lotteryToSeed: Setup = async (w) => ({
  params: { id: await closedLottery(w, false) },
  body: {},
});
export const lotteryToDraw: Setup = async (w) => ({ params: { id: await closedLottery(w, true) }, body: {} });
export const selectedApplication: Setup = async (w) => ({
  params: { id: (await aliceAt(w, "selected")).id },
  body: {},
});
