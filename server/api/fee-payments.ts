// Tuition fees, what is paid: the office's payments and their receipts, cancelling and refunding
// them, paying online (by the student's ID and the guardian's phone, or from a guardian's view)
// and the day's collections (what is owed: fees.ts). Every answer is private. Amounts are answered
// in paisa (`...Minor`).
import { z } from "zod";
import {
  cancelInput,
  collectionsQuery,
  duesLookupInput,
  feeChannels,
  feeOrderInput,
  feeRefundInput,
  paymentInput,
  publicFeeOrderInput,
} from "../../common/schemas/fees";
import { collections } from "../domain/fees/collections";
import { lookUpDues } from "../domain/fees/lookup";
import { feeOrderState, startChildFeeOrder, startPublicFeeOrder } from "../domain/fees/online";
import { takePayment } from "../domain/fees/payment";
import { cancelReceipt, readReceipt } from "../domain/fees/receipt";
import { refundFeePayment } from "../domain/fees/refunds";
import { Answer, endpoint } from "./endpoint";

import { studentWire } from "./fees";

const tag = "Tuition fees";
const idParams = z.object({ id: z.string().max(100) });
const receiptKeyQuery = z.object({ key: z.string().max(100).optional() });
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

export const feePaymentEndpoints = [
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
    handle: ({ services, body, client }) =>
      lookUpDues(services.db, body, client, undefined, services.recordsGeneration),
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
      "in it, and by head (what a payment paid of a month shared among its heads in proportion to each after " +
      "its waivers; late fines, corrections and money to refund as rows of their own); cancelled receipts left out",
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
      byHead: z.array(
        z.object({
          kind: z.enum(["head", "fine", "correction", "overpaid"]),
          head: z.string().nullable().meta({ description: "The head's key, for kind head" }),
          name: z.string(),
          nameBn: z.string(),
          amountMinor: z.number().int(),
        }),
      ),
      totalMinor: z.number().int().meta({ description: "The whole taken; byHead adds up to it" }),
    }),
    handle: ({ services, actor, query }) => collections(services.db, actor, query),
  }),
];
