// Admission applications (docs/admission-applications.md): an admission's round (an admin sets
// it, anyone reads it), a guardian's applications (a draft, its documents, paying its form fee,
// withdrawing it), the office's board with status changes and CSV, and the public status check
// by number and a code texted to the application's phone. Every answer about an application is
// private (no cache keeps it).
import { z } from "zod";
import {
  admitCardsInput,
  admitInput,
  applicationChange,
  applicationOrderInput,
  applicationStatuses,
  boardQuery,
  classInput,
  decisionMethods,
  documentKinds,
  extraFieldTypes,
  marksInput,
  newApplicationInput,
  roundInput,
  statusChangeInput,
  statusCheckInput,
  statusCodeRequest,
} from "../../common/schemas/admission-applications";
import { admitCard } from "../domain/admission-applications/admit-card";
import { admitApplicant } from "../domain/admission-applications/admitting";
import {
  changeApplication,
  createApplication,
  ownApplications,
  readApplication,
} from "../domain/admission-applications/applications";
import { boardCsv, roundBoard } from "../domain/admission-applications/board";
import { readDocument, uploadDocument } from "../domain/admission-applications/documents";
import { drawLottery, publishSeed, readLottery } from "../domain/admission-applications/lottery";
import { startApplicationOrder } from "../domain/admission-applications/payment";
import { readRound, setRound } from "../domain/admission-applications/rounds";
import {
  changeStatus,
  checkStatus,
  requestStatusCode,
  withdrawApplication,
} from "../domain/admission-applications/status";
import { enterMarks, issueAdmitCards, rankClass } from "../domain/admission-applications/test";
import { attachment } from "./content-disposition";
import { endpoint, FileAnswer } from "./endpoint";

const tag = "Admission applications";
const idParams = z.object({ id: z.string().max(100) });
const documentParams = z.object({ id: z.string().max(100), kind: z.string().max(40) });
const status = z.enum(applicationStatuses);

const roundClassWire = z.object({
  class: z.string(),
  seats: z.number().int(),
  quotas: z.array(z.object({ name: z.string(), seats: z.number().int() })),
  bornFrom: z.string().optional(),
  bornUntil: z.string().optional(),
  seatsLeft: z.number().int(),
});
const roundWire = z.object({
  id: z.string(),
  admissionId: z.string(),
  title: z.string(),
  session: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  feeMinor: z.number().int(),
  decision: z.enum(decisionMethods),
  classes: z.array(roundClassWire),
  documents: z.array(z.enum(documentKinds)),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      labelBn: z.string(),
      type: z.enum(extraFieldTypes),
      choices: z.array(z.string()),
      required: z.boolean(),
    }),
  ),
  instructions: z.string(),
  state: z.enum(["open", "not_open", "closed"]),
});
const applicationWire = z.object({
  id: z.string(),
  roundId: z.string(),
  admissionId: z.string(),
  admissionTitle: z.string(),
  class: z.string(),
  quota: z.string(),
  status,
  number: z.string().nullable(),
  childName: z.string(),
  childNameBn: z.string(),
  dateOfBirth: z.string().nullable(),
  birthRegistration: z.string().nullable(),
  gender: z.string().nullable(),
  guardians: z.array(
    z.object({
      name: z.string(),
      relation: z.string(),
      phone: z.string(),
      email: z.string(),
      address: z.string(),
    }),
  ),
  previousInstitution: z.string(),
  extra: z.record(z.string(), z.string()),
  language: z.string(),
  feeMinor: z.number().int(),
  paid: z.boolean(),
  submittedAt: z.string().nullable(),
  documents: z.array(
    z.object({
      kind: z.enum(documentKinds),
      name: z.string(),
      size: z.number().int(),
      contentType: z.string(),
    }),
  ),
  history: z.array(z.object({ from: status.nullable(), to: status, note: z.string(), at: z.string() })),
  test: z
    .object({ roll: z.number().int(), room: z.string(), at: z.string(), marks: z.number().nullable() })
    .nullable(),
  createdAt: z.string(),
});

const lotteryWire = z.object({
  admissionId: z.string(),
  roundId: z.string(),
  title: z.string(),
  session: z.number().int(),
  algorithm: z.literal("sha256-fisher-yates-v1"),
  seed: z.string().nullable(),
  seedPublishedAt: z.string().nullable(),
  drawnAt: z.string().nullable(),
  classes: z.array(
    z.object({
      class: z.string(),
      seats: z.number().int(),
      inputs: z.array(z.string()),
      order: z.array(z.string()).nullable(),
    }),
  ),
});

export const admissionApplicationEndpoints = [
  endpoint({
    method: "PUT",
    paths: ["/admissions/:id/round"],
    summary:
      "Set the admission's round: `session` (the year joined), `opensAt` and `closesAt`, the form `fee` in taka, " +
      "how places are decided (`decision`: test, lottery, office), the `classes` with their seats, quotas and " +
      "dates of birth accepted, the `documents` asked for and the admin's extra `fields`",
    tag,
    access: "admin",
    params: idParams,
    body: roundInput,
    response: roundWire,
    errors: { "404": "No such admission" },
    handle: ({ services, actor, params, body }) => setRound(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/admissions/:id/round"],
    summary: "The admission's round: when it is open, the fee, the form, and the seats left per class",
    tag,
    access: "anyone",
    params: idParams,
    noStore: true,
    response: roundWire,
    errors: { "404": "This admission takes no applications online" },
    handle: ({ services, params }) => readRound(services.db, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/admissions/:id/applications"],
    summary:
      "Start an application (a draft) for a `class` of the admission's open round, with as much of the form as " +
      "is known; one child (birth registration number) per round and class (409 naming `birthRegistration`)",
    tag,
    access: "signed-in user",
    params: idParams,
    body: newApplicationInput,
    status: 201,
    noStore: true,
    response: applicationWire,
    errors: { "404": "No such round", "409": "Closed or not yet open, or this child has applied already" },
    handle: ({ services, actor, params, body }) => createApplication(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/admission-applications"],
    summary: "The signed-in account's own applications, newest first, with their statuses and numbers",
    tag,
    access: "signed-in user",
    noStore: true,
    response: z.array(
      z.object({
        id: z.string(),
        admissionTitle: z.string(),
        class: z.string(),
        childName: z.string(),
        status,
        number: z.string().nullable(),
        updatedAt: z.string(),
      }),
    ),
    handle: ({ services, actor }) => ownApplications(services.db, actor),
  }),
  endpoint({
    method: "GET",
    paths: ["/admission-applications/:id"],
    summary:
      "An application with its documents and history: its applicant, admins and accountants (404 for others)",
    tag,
    access: "signed-in user",
    params: idParams,
    noStore: true,
    response: applicationWire,
    errors: { "404": "No such application, or not yours" },
    handle: ({ services, actor, params }) => readApplication(services.db, actor, params.id),
  }),
  endpoint({
    method: "PATCH",
    paths: ["/admission-applications/:id"],
    summary: "Change a draft: any part of the form (the applicant, or an admin)",
    tag,
    access: "owner or admin",
    params: idParams,
    body: applicationChange,
    noStore: true,
    response: applicationWire,
    errors: { "404": "No such application, or not yours", "409": "Not a draft, or the round is closed" },
    handle: ({ services, actor, params, body }) => changeApplication(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/admission-applications/:id/documents/:kind"],
    summary:
      "Upload a document of a draft (`kind`: photo, birthCertificate, marksheet) as the multipart field `file`: a " +
      "photo (JPEG, PNG, WebP, AVIF) through the image pipeline, or a PDF of at most 2 MB, told by its bytes " +
      "(HTML inside is refused)",
    tag,
    access: "owner or admin",
    params: documentParams,
    body: z.strictObject({}),
    acceptsFiles: true,
    fileFields: ["file"],
    noStore: true,
    response: applicationWire,
    errors: {
      "404": "No such application or kind of document",
      "413": "The file is too large",
      "415": "Not a PDF or a photo",
    },
    handle: ({ services, actor, params, files }) =>
      uploadDocument(services, actor, params.id, params.kind, files.file),
  }),
  endpoint({
    method: "GET",
    paths: ["/admission-applications/:id/documents/:kind"],
    summary: "A document of an application: the PDF as sent, or the photo as a JPEG",
    tag,
    access: "signed-in user",
    params: documentParams,
    noStore: true,
    response: z.never(),
    fileTypes: ["application/pdf", "image/jpeg"],
    responseHeaders: ["Content-Disposition", "X-Content-Type-Options"],
    errors: { "404": "No such application or document" },
    handle: async ({ services, actor, params }) => {
      const file = await readDocument(services, actor, params.id, params.kind);
      return new FileAnswer(file.bytes, file.contentType, {
        "Content-Disposition": attachment(file.name, params.kind),
        "X-Content-Type-Options": "nosniff",
      });
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-applications/:id/orders"],
    summary:
      "Pay the form fee of a complete draft through a configured `provider`: an order whose item is the " +
      "application. Only the provider's confirmation submits it (its number is then texted and mailed)",
    tag,
    access: "owner or admin",
    params: idParams,
    body: applicationOrderInput,
    noStore: true,
    response: z.object({
      orderId: z.string(),
      clientSecret: z.string().nullable(),
      redirectUrl: z.string().nullable(),
      provider: z.string(),
      testMode: z.boolean(),
      publishableKey: z.string().nullable(),
      currency: z.string(),
      amountMinor: z.number().int(),
    }),
    errors: {
      "404": "No such application, or not yours",
      "409": "Paid already, the round is closed or full",
    },
    handle: ({ services, actor, params, body }) => startApplicationOrder(services, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-applications/:id/withdraw"],
    summary: "The applicant withdraws a submitted application",
    tag,
    access: "owner or admin",
    params: idParams,
    body: z.strictObject({}),
    noStore: true,
    response: applicationWire,
    errors: { "404": "No such application, or not yours", "409": "A draft or a withdrawn application" },
    handle: ({ services, actor, params }) =>
      withdrawApplication({ db: services.db, school: services.config.instituteName }, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-applications/:id/status"],
    summary:
      "Move an application to its next `status` with a `note` for the guardian (audited; texted and mailed)",
    tag,
    access: "admin",
    params: idParams,
    body: statusChangeInput,
    noStore: true,
    response: applicationWire,
    errors: { "404": "No such application", "409": "Not a move from its status, or the class is full" },
    handle: ({ services, actor, params, body }) =>
      changeStatus({ db: services.db, school: services.config.instituteName }, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/admissions/:id/round/board"],
    summary:
      "The office's board of the round: counts per status, seats left per class, and the applications (not " +
      "drafts unless asked), filtered by `status` and `class`, searched by number, name or birth registration (`q`)",
    tag,
    access: "accountant or admin",
    params: idParams,
    query: boardQuery,
    noStore: true,
    response: z.object({
      round: roundWire,
      counts: z.record(z.string(), z.number().int()),
      rows: z.array(
        z.object({
          id: z.string(),
          number: z.string().nullable(),
          class: z.string(),
          quota: z.string(),
          childName: z.string(),
          childNameBn: z.string(),
          dateOfBirth: z.string().nullable(),
          birthRegistration: z.string().nullable(),
          gender: z.string().nullable(),
          guardianName: z.string(),
          guardianPhone: z.string(),
          status,
          paidMinor: z.number().int(),
          submittedAt: z.string().nullable(),
        }),
      ),
    }),
    handle: ({ services, actor, params, query }) => roundBoard(services.db, actor, params.id, query),
  }),
  endpoint({
    method: "GET",
    paths: ["/admissions/:id/round/applications.csv"],
    summary: "The board's applications as CSV (UTF-8), with the same filters",
    tag,
    access: "accountant or admin",
    params: idParams,
    query: boardQuery,
    noStore: true,
    response: z.never(),
    fileTypes: ["text/csv"],
    responseHeaders: ["Content-Disposition"],
    handle: async ({ services, actor, params, query }) => {
      const csv = await boardCsv(services.db, actor, params.id, query);
      return new FileAnswer(new TextEncoder().encode(csv), "text/csv; charset=utf-8", {
        "Content-Disposition": attachment("applications.csv", "applications.csv"),
      });
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-status/code"],
    summary:
      "Anyone: text a code to the phones of the application with this `number` (the same answer whether it " +
      "exists or not); limited per address",
    tag,
    access: "anyone",
    body: statusCodeRequest,
    status: 202,
    rateLimited: true,
    noStore: true,
    response: z.object({ sent: z.literal(true) }),
    handle: ({ services, body, client }) =>
      requestStatusCode({ db: services.db, school: services.config.instituteName }, body, client),
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-status"],
    summary:
      "Anyone with an application's `number` and the `code` texted to its phone: its status and history, no " +
      "personal data (the same 404 for a wrong number or code)",
    tag,
    access: "anyone",
    body: statusCheckInput,
    readOnly: true,
    rateLimited: true,
    noStore: true,
    response: z.object({
      number: z.string(),
      admission: z.string(),
      class: z.string(),
      status,
      history: z.array(z.object({ status, at: z.string() })),
    }),
    errors: { "404": "No application has this number with this code" },
    handle: ({ services, body, client }) =>
      checkStatus({ db: services.db, school: services.config.instituteName }, body, client),
  }),
  endpoint({
    method: "POST",
    paths: ["/admissions/:id/round/admit-cards"],
    summary:
      "Issue admit cards for a `class`: each submitted applicant (in number order) a test roll, the test's time " +
      "(`testAt`) and a room, the `rooms` filled in order up to their `seats`; each guardian is told",
    tag,
    access: "admin",
    params: idParams,
    body: admitCardsInput,
    noStore: true,
    response: z.object({
      cards: z.array(
        z.object({ number: z.string(), roll: z.number().int(), room: z.string(), testAt: z.string() }),
      ),
    }),
    errors: { "404": "No such round", "409": "The rooms seat fewer than the applicants" },
    handle: ({ services, actor, params, body }) =>
      issueAdmitCards({ db: services.db, school: services.config.instituteName }, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/admission-applications/:id/admit-card.pdf"],
    summary:
      "The admit card as one A4 PDF page (English and Bangla): photo, number, roll, the test's time and room, " +
      "instructions. Its applicant, admins and accountants",
    tag,
    access: "signed-in user",
    params: idParams,
    noStore: true,
    response: z.never(),
    fileTypes: ["application/pdf"],
    responseHeaders: ["Content-Disposition"],
    errors: { "404": "No such application, not yours, or no admit card yet" },
    handle: async ({ services, actor, params }) => {
      const card = await admitCard({ ...services, school: services.config.instituteName }, actor, params.id);
      return new FileAnswer(card.bytes, "application/pdf", {
        "Content-Disposition": attachment(card.name, "admit-card.pdf"),
      });
    },
  }),
  endpoint({
    method: "PUT",
    paths: ["/admissions/:id/round/marks"],
    summary:
      "Enter the test marks of applicants with an admit card: `marks` as `[{number, marks}]`, or `csv` as " +
      "lines of `number,marks` (a header line is skipped); an unknown number is a 400 naming its row",
    tag,
    access: "admin",
    params: idParams,
    body: marksInput,
    noStore: true,
    response: z.object({ entered: z.number().int() }),
    errors: { "404": "No such round" },
    handle: ({ services, actor, params, body }) => enterMarks(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/admissions/:id/round/ranking"],
    summary:
      "Rank a `class` by the marks: the best fill the seats left (selected), the rest are waitlisted in order " +
      "(equal marks: the lower roll first); each guardian is told",
    tag,
    access: "admin",
    params: idParams,
    body: classInput,
    noStore: true,
    response: z.object({ class: z.string(), selected: z.array(z.string()), waitlisted: z.array(z.string()) }),
    errors: { "404": "No such round", "409": "No marks to rank in this class" },
    handle: ({ services, actor, params, body }) =>
      rankClass({ db: services.db, school: services.config.instituteName }, actor, params.id, body.class),
  }),
  endpoint({
    method: "GET",
    paths: ["/admissions/:id/round/lottery"],
    summary:
      "Anyone: the round's lottery as published: the `seed` (published before the draw), the `algorithm`, and " +
      "per class the seats, the `inputs` (application numbers, sorted) and the `order` once drawn. No personal data",
    tag,
    access: "anyone",
    params: idParams,
    noStore: true,
    response: lotteryWire,
    errors: { "404": "No such round, or not decided by lottery" },
    handle: ({ services, params }) => readLottery(services.db, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/admissions/:id/round/lottery/seed"],
    summary:
      "Publish the lottery's seed and its inputs (each class's numbers in the draw), once, after the round has closed",
    tag,
    access: "admin",
    params: idParams,
    body: z.strictObject({}),
    noStore: true,
    response: lotteryWire,
    errors: { "404": "No such round", "409": "Still open, published already, or not a lottery" },
    handle: ({ services, actor, params }) => publishSeed(services.db, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/admissions/:id/round/lottery/draw"],
    summary:
      "Draw the lottery, once, after its seed is published: the order's first take the seats left (selected), " +
      "the rest are waitlisted in order; each guardian is told",
    tag,
    access: "admin",
    params: idParams,
    body: z.strictObject({}),
    noStore: true,
    response: lotteryWire,
    errors: { "404": "No such round", "409": "No seed published yet, or drawn already" },
    handle: ({ services, actor, params }) =>
      drawLottery({ db: services.db, school: services.config.instituteName }, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/admission-applications/:id/admit"],
    summary:
      "Admit a selected applicant: the child joins the register in the class for the round's session with a " +
      "`roll` (the class's next when left out) and `section`, the applying account linked as their guardian",
    tag,
    access: "admin",
    params: idParams,
    body: admitInput,
    noStore: true,
    response: applicationWire.extend({
      student: z.object({
        id: z.string(),
        class: z.string(),
        session: z.string(),
        roll: z.string(),
        registration: z.string(),
      }),
    }),
    errors: { "404": "No such application", "409": "Not selected, or the roll is taken" },
    handle: ({ services, actor, params, body }) =>
      admitApplicant({ db: services.db, school: services.config.instituteName }, actor, params.id, body),
  }),
];
