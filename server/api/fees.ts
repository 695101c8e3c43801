// Tuition fees: the structure, generating a month's invoices, waivers, terms, corrections, the
// dues list, a student's ledger, the office's payments and their receipts. Admins and accountants
// manage them; a guardian reads their linked children's ledger and receipts, a student their
// own. Every answer is private (no cache keeps it). Amounts are sent as taka ("1,200" or 1200)
// and answered in paisa (`...Minor`).
import { z } from "zod";
import {
  cancelInput,
  collectionsQuery,
  correctionInput,
  duesLookupInput,
  duesQuery,
  feeChannels,
  feeDueKinds,
  feeHeadInput,
  feeOrderInput,
  feeRateInput,
  feeRefundInput,
  fineBandsInput,
  generateInput,
  paymentInput,
  publicFeeOrderInput,
  siblingRuleInput,
  termInput,
  waiverInput,
} from "../../common/schemas/fees";
import { sessionName } from "../../common/schemas/results";
import { collections } from "../domain/fees/collections";
import { correctInvoice } from "../domain/fees/corrections";
import { duesList } from "../domain/fees/dues";
import { duesFile, duesFileFormats, xlsxType } from "../domain/fees/dues-export";
import { generateMonth } from "../domain/fees/generate";
import { studentLedger } from "../domain/fees/ledger";
import { lookUpDues } from "../domain/fees/lookup";
import { feeOrderState, startChildFeeOrder, startPublicFeeOrder } from "../domain/fees/online";
import { takePayment } from "../domain/fees/payment";
import { cancelReceipt, readReceipt } from "../domain/fees/receipt";
import { refundFeePayment } from "../domain/fees/refunds";
import { readSiblingRule, saveSiblingRule } from "../domain/fees/siblings";
import {
  addHead,
  listHeads,
  readStructure,
  removeRate,
  setFineBands,
  setRate,
} from "../domain/fees/structure";
import { setTerm } from "../domain/fees/terms";
import { addWaiver } from "../domain/fees/waivers";
import { Answer, endpoint, FileAnswer } from "./endpoint";

const tag = "Tuition fees";
const idParams = z.object({ id: z.string().max(100) });
const receiptKeyQuery = z.object({ key: z.string().max(100).optional() });
const siblingRuleWire = z.object({
  session: z.string(),
  on: z.boolean(),
  head: z.string().nullable().meta({ description: "The head's key; null when off" }),
  headName: z.string().nullable(),
  secondPercent: z.number().int().meta({ description: "Percent off for the second child, 0-100" }),
  laterPercent: z.number().int().meta({ description: "Percent off for each later child, 0-100" }),
});
const feeOrderWire = z.object({
  orderId: z.string(),
  clientSecret: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  provider: z.string(),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.number().int(),
  months: z.array(
    z.object({
      invoiceId: z.string(),
      month: z.string(),
      owedMinor: z.number().int(),
      fineMinor: z.number().int(),
    }),
  ),
  receiptKey: z.string(),
});

const headWire = z.object({ id: z.string(), key: z.string(), name: z.string(), nameBn: z.string() });
const structureWire = z.object({
  session: z.string(),
  class: z.object({ id: z.string(), name: z.string(), sections: z.array(z.string()) }),
  rates: z.array(
    z.object({
      id: z.string(),
      head: headWire,
      amountMinor: z.number().int(),
      due: z.enum(feeDueKinds),
      dueDay: z.number().int(),
      months: z.array(z.number().int()),
    }),
  ),
  fines: z.array(z.object({ afterDay: z.number().int().nullable(), amountMinor: z.number().int() })),
});
const studentWire = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  session: z.string().nullable(),
  className: z.string().nullable(),
  section: z.string().nullable(),
  roll: z.string().nullable(),
  registration: z.string().nullable(),
});
const ledgerWire = z.object({
  student: studentWire,
  entries: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      kind: z.enum(["charge", "waiver", "sibling", "fine", "credit", "debit", "payment", "refund"]),
      label: z.string(),
      month: z.string().nullable(),
      reason: z.string().nullable(),
      amountMinor: z.number().int(),
      balanceMinor: z.number().int(),
      paymentId: z.string().nullable(),
    }),
  ),
  open: z.array(
    z.object({
      id: z.string(),
      month: z.string(),
      period: z.string(),
      dueOn: z.string(),
      totalMinor: z.number().int(),
      paidMinor: z.number().int(),
      fineTodayMinor: z.number().int(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      month: z.string(),
      period: z.string(),
      totalMinor: z.number().int(),
      paidMinor: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      receipt: z.string(),
      paidOn: z.string(),
      channel: z.enum(feeChannels),
      amountMinor: z.number().int(),
      overpaidMinor: z.number().int(),
      refundedMinor: z.number().int().meta({ description: "Given back since, paisa" }),
      cancelled: z.boolean(),
    }),
  ),
  balanceMinor: z.number().int(),
  dueTodayMinor: z.number().int(),
});
const receiptWire = z.object({
  id: z.string(),
  receipt: z.string(),
  student: studentWire,
  paidOn: z.string(),
  channel: z.enum(feeChannels),
  reference: z.string().nullable(),
  amountMinor: z.number().int(),
  fineMinor: z.number().int(),
  overpaidMinor: z.number().int(),
  waiverMinor: z.number().int(),
  collector: z.string(),
  invoices: z.array(
    z.object({
      month: z.string(),
      period: z.string(),
      lines: z.array(
        z.object({ id: z.string(), kind: z.string(), label: z.string(), amountMinor: z.number().int() }),
      ),
      paidMinor: z.number().int(),
    }),
  ),
  cancelled: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

export const feeEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/fees/heads"],
    summary: "The fee heads: tuition, session, exam, admission, transport, hostel and the school's own",
    tag,
    access: "accountant or admin",
    noStore: true,
    response: z.array(headWire),
    handle: ({ services, actor }) => listHeads(services.db, actor),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/heads"],
    summary: "Add a head of the school's own (library, sports...): its name in English and Bangla",
    tag,
    access: "accountant or admin",
    body: feeHeadInput,
    status: 201,
    response: headWire,
    errors: { "409": "Another head has this name" },
    handle: ({ services, actor, body }) => addHead(services.db, actor, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/structure"],
    summary: "What a class pays for each head in a session, when each falls due, and its late fines",
    tag,
    access: "accountant or admin",
    query: z.strictObject({ session: sessionName, class: z.string().trim().min(1).max(40) }),
    noStore: true,
    response: structureWire,
    handle: ({ services, actor, query }) => readStructure(services.db, actor, query.session, query.class),
  }),
  endpoint({
    method: "PUT",
    paths: ["/fees/rates"],
    summary:
      "Set what a class pays for a head in a session (taka) and when: `monthly` on `dueDay`, in the named " +
      "`months` (1-12), or `once`. Invoices already made keep their amounts.",
    tag,
    access: "accountant or admin",
    body: feeRateInput,
    response: structureWire,
    handle: ({ services, actor, body }) => setRate(services.db, actor, body),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/fees/rates/:id"],
    summary: "Take a rate away; invoices made from it stay",
    tag,
    access: "accountant or admin",
    params: idParams,
    response: z.object({ deleted: z.literal(true) }),
    errors: { "404": "No such rate" },
    handle: ({ services, actor, params }) => removeRate(services.db, actor, params.id),
  }),
  endpoint({
    method: "PUT",
    paths: ["/fees/fines"],
    summary:
      "Set a class's late fines in a session, replacing its bands: `afterDay` N of the invoice's month, or null " +
      "for after the month's end; the largest band begun on the day of payment is charged",
    tag,
    access: "accountant or admin",
    body: fineBandsInput,
    response: structureWire,
    handle: ({ services, actor, body }) => setFineBands(services.db, actor, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/sibling-discount"],
    summary:
      "A session's sibling discount: off, or the head it comes off and the percents for the second and later children",
    tag,
    access: "accountant or admin",
    query: z.strictObject({ session: sessionName }),
    response: siblingRuleWire,
    handle: ({ services, actor, query }) => readSiblingRule(services.db, actor, query.session),
  }),
  endpoint({
    method: "PUT",
    paths: ["/fees/sibling-discount"],
    summary:
      "Switch a session's sibling discount on or change it (a percent off a head's charges for the second child " +
      "of a family, another for each later one; a family is the children sharing a guardian's phone, the eldest " +
      "paying in full), or off with both percents 0. Months generated afterwards carry it.",
    tag,
    access: "accountant or admin",
    body: siblingRuleInput,
    response: siblingRuleWire,
    handle: ({ services, actor, body }) => saveSiblingRule(services.db, actor, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/invoices/generate"],
    summary:
      "Make a month's invoices for every student on the register studying in a class with fees (or one " +
      "`class`): one per student and month, and one per one-time head; waivers applied. Generating twice never " +
      "doubles an invoice.",
    tag,
    access: "accountant or admin",
    body: generateInput,
    response: z.object({
      month: z.string(),
      students: z.number().int(),
      created: z.number().int(),
      existing: z.number().int(),
    }),
    handle: ({ services, actor, body }) => generateMonth(services.db, actor, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/invoices/:id/corrections"],
    summary:
      "Correct an invoice with a new line: a `credit` (less to pay) or a `debit` (more), with the reason; its " +
      "lines never change",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: correctionInput,
    status: 201,
    response: z.object({ invoiceId: z.string(), totalMinor: z.number().int(), paidMinor: z.number().int() }),
    errors: { "404": "No such invoice" },
    handle: ({ services, actor, params, body }) => correctInvoice(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/waivers"],
    summary:
      "Waive a `percent` or a fixed `amount` of a student's head from a month (to a month), with the reason: " +
      "invoices made later carry it, and those already made and not yet paid at all get it now",
    tag,
    access: "accountant or admin",
    body: waiverInput,
    status: 201,
    response: z.object({
      id: z.string(),
      head: z.string(),
      kind: z.enum(["percent", "fixed"]),
      percent: z.number().int().nullable(),
      amountMinor: z.number().int().nullable(),
      from: z.string(),
      until: z.string().nullable(),
      reason: z.string(),
      applied: z.number().int(),
    }),
    errors: { "404": "No such student" },
    handle: ({ services, actor, body }) => addWaiver(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/fees/students/:id/term"],
    summary:
      "The months of a session the student pays for: `from` the month they joined, `until` the last before " +
      "they left (empty: the session's start or end)",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: termInput,
    response: z.object({ session: z.string(), from: z.string().nullable(), until: z.string().nullable() }),
    errors: { "404": "No such student" },
    handle: ({ services, actor, params, body }) => setTerm(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/dues"],
    summary: "Who owes in a session, a class and a section: months owed, the oldest, and how much (paisa)",
    tag,
    access: "accountant or admin",
    query: duesQuery,
    noStore: true,
    response: z.object({
      session: z.string(),
      class: z.string().nullable(),
      section: z.string().nullable(),
      rows: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          nameBn: z.string(),
          className: z.string(),
          section: z.string().nullable(),
          roll: z.string(),
          months: z.number().int(),
          oldest: z.string(),
          owedMinor: z.number().int(),
        }),
      ),
      totalMinor: z.number().int(),
    }),
    handle: ({ services, actor, query }) => duesList(services.db, actor, query),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/dues/file"],
    summary:
      "The dues list as a file: `format` csv (UTF-8) or xlsx, headers in `language` en or bn; class, section, " +
      "roll, names, months owed, since, owed in taka",
    tag,
    access: "accountant or admin",
    query: duesQuery.extend({
      format: z.enum(duesFileFormats, { error: "format must be csv or xlsx" }).default("xlsx"),
      language: z.enum(["en", "bn"], { error: "language must be en or bn" }).default("en"),
    }),
    noStore: true,
    response: z.never(),
    fileTypes: [xlsxType, "text/csv"],
    responseHeaders: ["Content-Disposition"],
    handle: async ({ services, actor, query }) => {
      const { format, language, ...dues } = query;
      const file = await duesFile(services.db, actor, dues, format, language);
      return new FileAnswer(file.bytes, file.contentType, {
        "Content-Disposition": `attachment; filename="${file.filename}"`,
      });
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/students/:id/ledger"],
    summary:
      "A student's ledger: every charge, waiver, fine, correction and payment with the running balance, the " +
      "open invoices with today's fine. The staff, the child's linked guardians and the student; 403 for others.",
    tag,
    access: "signed-in user",
    params: idParams,
    noStore: true,
    response: ledgerWire,
    handle: ({ services, actor, params }) => studentLedger(services.db, actor, params.id),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/students/:id/payments"],
    summary:
      "Take money at the office against the student's dues, whole or in part, oldest month first, with the " +
      "fine of the day of payment (`paidOn`, today when left out); the receipt's number is the year's next",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: paymentInput,
    status: 201,
    responseHeaders: ["Location"],
    response: receiptWire,
    errors: { "404": "No such student" },
    handle: async ({ services, actor, params, body }) => {
      const taken = await takePayment(services.db, actor, params.id, body);
      return new Answer(await readReceipt(services.db, actor, taken.id), {
        Location: `/api/fees/receipts/${taken.id}`,
      });
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/receipts/:id"],
    summary:
      "A receipt: the months and heads paid, the fine, the waivers, the channel and who took it. The staff and " +
      "the child's family read it; `key` (from paying online) lets the payer read their own without an account",
    tag,
    access: "signed-in user",
    params: idParams,
    query: receiptKeyQuery,
    noStore: true,
    response: receiptWire,
    errors: { "404": "No such receipt" },
    handle: ({ services, actor, params, query }) => readReceipt(services.db, actor, params.id, query.key),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/receipts/:id/cancel"],
    summary:
      "Cancel a receipt with the reason: it stays, marked cancelled, its number never reused; the months it paid are owed again",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: cancelInput,
    response: receiptWire,
    errors: { "404": "No such receipt", "409": "Already cancelled" },
    handle: ({ services, actor, params, body }) => cancelReceipt(services.db, actor, params.id, body.reason),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/receipts/:id/refunds"],
    summary:
      "Give back money of a receipt with the reason (taka; none: what it brought beyond its months, or else all " +
      "that is left): through the provider when it was paid online, in cash at the office otherwise. It comes off " +
      "an overpayment first, then the latest months', which are owed again; the ledger shows it.",
    tag,
    access: "accountant or admin",
    params: idParams,
    body: feeRefundInput,
    status: 201,
    response: z.object({
      id: z.string(),
      paymentId: z.string(),
      receipt: z.string(),
      amountMinor: z.number().int(),
      reason: z.string(),
      refundedOn: z.string(),
      way: z.enum(["provider", "cash"]),
      leftMinor: z.number().int().meta({ description: "What is left of the receipt to refund, paisa" }),
    }),
    errors: {
      "400": "More than is left to refund",
      "404": "No such receipt",
      "409": "The receipt is cancelled",
    },
    handle: ({ services, actor, params, body }) => refundFeePayment(services, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/pay/lookup"],
    summary:
      "Anyone: a student's dues by their ID (registration number) and a guardian's phone on record, both or " +
      "nothing (the same 404 for a wrong ID or a wrong phone): the months owed, oldest first, with today's " +
      "fines. Limited per address: 300 lookups in 10 minutes, 20 that find nothing.",
    tag,
    access: "anyone",
    body: duesLookupInput,
    readOnly: true,
    rateLimited: true,
    noStore: true,
    response: z.object({
      student: z.object({
        name: z.string(),
        className: z.string().nullable(),
        section: z.string().nullable(),
        roll: z.string().nullable(),
      }),
      months: z.array(
        z.object({
          month: z.string(),
          heads: z.array(z.string()),
          owedMinor: z.number().int(),
          fineTodayMinor: z.number().int(),
        }),
      ),
      totalMinor: z.number().int(),
    }),
    errors: { "404": "No student has this ID with this guardian's phone" },
    handle: ({ services, body, client }) => lookUpDues(services.db, body, client),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/students/:id/orders"],
    summary:
      "A guardian pays the child's oldest `months` online: an order priced from the invoices with today's fines " +
      "(no shipping or tax) and a payment started with the provider. `firstMonth` is the oldest month the payer " +
      "saw: if someone paid it meanwhile, 409 before any money moves. The invoices are paid when the provider " +
      "confirms; the receipt is then at /fees/receipts/{id}",
    tag,
    access: "signed-in user",
    params: idParams,
    body: feeOrderInput,
    noStore: true,
    response: feeOrderWire,
    errors: { "409": "A month was paid meanwhile, or the amount changed" },
    handle: ({ services, actor, params, body }) => startChildFeeOrder(services, actor, params.id, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/pay/orders"],
    summary:
      "Anyone at /fees/pay: the same with the student's ID and a guardian's phone on record (the lookup's 404 and " +
      "limits). Keep `receiptKey`: with it /fees/orders/{id} and the receipt are readable without an account",
    tag,
    access: "anyone",
    body: publicFeeOrderInput,
    rateLimited: true,
    noStore: true,
    response: feeOrderWire,
    errors: {
      "404": "No student has this ID with this guardian's phone",
      "409": "A month was paid meanwhile, or the amount changed",
    },
    handle: ({ services, actor, body, client }) => startPublicFeeOrder(services, actor, body, client),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/orders/:id"],
    summary:
      "An online payment of fees: its status and, once paid, its receipt's id (for its buyer or with `key`)",
    tag,
    access: "anyone",
    params: idParams,
    query: receiptKeyQuery,
    noStore: true,
    response: z.object({
      orderId: z.string(),
      status: z.string(),
      amountMinor: z.number().int(),
      receiptId: z.string().nullable(),
    }),
    errors: { "404": "No such order, or not yours" },
    handle: ({ services, actor, params, query }) => feeOrderState(services.db, actor, params.id, query.key),
  }),
  endpoint({
    method: "GET",
    paths: ["/fees/collections"],
    summary:
      "The money taken from one day to another (both included), by day, collector and channel, with the fines " +
      "in it; cancelled receipts left out",
    tag,
    access: "accountant or admin",
    query: collectionsQuery,
    noStore: true,
    response: z.object({
      from: z.string(),
      to: z.string(),
      rows: z.array(
        z.object({
          day: z.string(),
          collector: z.string(),
          channel: z.enum(feeChannels),
          receipts: z.number().int(),
          amountMinor: z.number().int(),
          fineMinor: z.number().int(),
        }),
      ),
      totalMinor: z.number().int(),
    }),
    handle: ({ services, actor, query }) => collections(services.db, actor, query),
  }),
];
