// Tuition fees, what is owed: the structure, generating a month's invoices, waivers, terms,
// corrections, the dues list and a student's ledger (what is paid: fee-payments.ts). Admins and
// accountants manage them; a guardian reads their linked children's ledger, a student their own.
// Every answer is private (no cache keeps it). Amounts are sent as taka ("1,200" or 1200) and
// answered in paisa (`...Minor`).
import { z } from "zod";
import {
  correctionInput,
  duesQuery,
  feeChannels,
  feeDueKinds,
  feeHeadInput,
  feeRateInput,
  fineBandsInput,
  generateInput,
  siblingRuleInput,
  termInput,
  waiverInput,
} from "../../common/schemas/fees";
import { sessionName } from "../../common/schemas/results";
import { correctInvoice } from "../domain/fees/corrections";
import { duesList } from "../domain/fees/dues";
import { duesFile, duesFileFormats, xlsxType } from "../domain/fees/dues-export";
import { generateMonth } from "../domain/fees/generate";
import { studentLedger } from "../domain/fees/ledger";
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
import { endpoint, FileAnswer } from "./endpoint";

const tag = "Tuition fees";
const idParams = z.object({ id: z.string().max(100) });
const siblingRuleWire = z.object({
  session: z.string(),
  on: z.boolean(),
  head: z.string().nullable().meta({ description: "The head's key; null when off" }),
  headName: z.string().nullable(),
  secondPercent: z.number().int().meta({ description: "Percent off for the second child, 0-100" }),
  laterPercent: z.number().int().meta({ description: "Percent off for each later child, 0-100" }),
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
export const studentWire = z.object({
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
];
