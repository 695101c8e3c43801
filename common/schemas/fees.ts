// Tuition fees: the structure, generating a month, waivers, terms, corrections, payments and the
// dues list's filters. Shared by the REST calls and the dashboard's forms, so a value is read the
// same way wherever it is typed. Amounts are taka as people write them ("1,200", "১২০০"), read
// into paisa.
import { z } from "zod";
import { issue } from "../errors/problem";
import { monthInSession, monthPattern } from "../fees";
import { uuidPattern } from "../ids";
import { asciiDigits } from "../text-rules";
import { requiredText } from "./fields";
import { majorUnitPrice, paymentProviderNames } from "./orders";
import { guardianPhone } from "./register";
import { sessionName } from "./results";

export const feeDueKinds = ["monthly", "months", "once"] as const;
export const feeChannels = ["cash", "cheque", "bank", "bkash", "nagad", "card"] as const;
export type FeeChannelName = (typeof feeChannels)[number];
/** The channels the office takes money by (the wallets and cards come through a provider too). */
export const officeChannels = feeChannels;

/** A month, "2026-03" (Bangla digits read alike). */
export const feeMonth = z
  .string({ error: issue("fees.month") })
  .trim()
  .transform(asciiDigits)
  .refine((value) => monthPattern.test(value), issue("fees.month"));

const optionalMonth = z
  .string({ error: issue("fees.month") })
  .trim()
  .transform(asciiDigits)
  .refine((value) => value === "" || monthPattern.test(value), issue("fees.month"))
  .transform((value) => value || null);

const className = z
  .string({ error: issue("value.text") })
  .trim()
  .min(1, issue("value.required"))
  .max(40, issue("value.tooLong", { max: 40 }));

const headKey = z
  .string({ error: issue("fees.head") })
  .trim()
  .min(1, issue("fees.head"))
  .max(40, issue("fees.head"));

/** A day that exists: "2026-02-31" is refused, not read as 3 March. */
const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/** Taka, 0 or more. */
export const takaAmount = majorUnitPrice;
/** Taka, more than 0. */
export const positiveTaka = majorUnitPrice.refine((minor) => minor > 0, {
  error: issue("payment.amountPositive"),
});

const wholeNumber = (key: "fees.dueDay" | "fees.percent" | "fees.siblingPercent", min: number, max: number) =>
  z.coerce
    .number({ error: issue(key) })
    .int({ error: issue(key) })
    .min(min, { error: issue(key) })
    .max(max, { error: issue(key) });

/** A school's own head of fees (library, sports...). */
export const feeHeadInput = z.strictObject({
  name: requiredText("name", 60),
  nameBn: z
    .string()
    .trim()
    .max(60, issue("value.tooLong", { max: 60 }))
    .optional()
    .default(""),
});

/** What a class pays for a head in a session, and when it falls due. */
export const feeRateInput = z
  .strictObject({
    session: sessionName,
    class: className,
    head: headKey,
    amount: takaAmount,
    due: z.enum(feeDueKinds, { error: issue("fees.due") }),
    dueDay: wholeNumber("fees.dueDay", 1, 28).optional().default(10),
    months: z
      .array(
        z.coerce
          .number({ error: issue("fees.months") })
          .int({ error: issue("fees.months") })
          .min(1, { error: issue("fees.months") })
          .max(12, { error: issue("fees.months") }),
        {
          error: issue("fees.months"),
        },
      )
      .max(12, issue("fees.months"))
      .optional()
      .default([]),
  })
  .refine((rate) => rate.due !== "months" || rate.months.length > 0, {
    path: ["months"],
    error: issue("fees.months"),
  });
export type FeeRateInput = z.output<typeof feeRateInput>;

/** The late fines of a class in a session, replacing those it had: after day N, or after the month (afterDay null). */
export const fineBandsInput = z.strictObject({
  session: sessionName,
  class: className,
  bands: z
    .array(
      z.strictObject({
        afterDay: wholeNumber("fees.dueDay", 1, 28).nullable(),
        amount: takaAmount,
      }),
      { error: issue("value.list") },
    )
    .max(5, issue("value.atMost", { max: 5 })),
});
export type FineBandsInput = z.output<typeof fineBandsInput>;

/** Generate a month's invoices for every class that has fees (or one class). */
export const generateInput = z
  .strictObject({
    session: sessionName,
    month: feeMonth,
    class: className.optional(),
  })
  .superRefine((value, ctx) => {
    if (!monthInSession(value.month, value.session))
      ctx.addIssue({
        code: "custom",
        path: ["month"],
        message: issue("fees.monthOfSession", { session: value.session }),
      });
  });
export type GenerateInput = z.output<typeof generateInput>;

const studentId = z
  .string({ error: issue("value.text") })
  .trim()
  .refine((value) => uuidPattern.test(value), issue("record.notFound", { kind: "child" }));

/** A waiver or scholarship: a percent or an amount off each charge of a head, from a month (to a month). */
export const waiverInput = z
  .strictObject({
    student: studentId,
    head: headKey,
    percent: wholeNumber("fees.percent", 1, 100).optional(),
    amount: positiveTaka.optional(),
    from: feeMonth,
    until: optionalMonth.optional(),
    reason: requiredText("reason", 250),
  })
  .superRefine((value, ctx) => {
    if ((value.percent === undefined) === (value.amount === undefined))
      ctx.addIssue({ code: "custom", path: ["percent"], message: issue("fees.percentOrAmount") });
    if (value.until && value.until < value.from)
      ctx.addIssue({ code: "custom", path: ["until"], message: issue("fees.untilBeforeFrom") });
  });
export type WaiverInput = z.output<typeof waiverInput>;

/**
 * A session's sibling discount: the head it comes off and the percent for the second child and
 * for each later one; both 0 switch it off.
 */
export const siblingRuleInput = z.strictObject({
  session: sessionName,
  head: headKey,
  secondPercent: wholeNumber("fees.siblingPercent", 0, 100),
  laterPercent: wholeNumber("fees.siblingPercent", 0, 100),
});
export type SiblingRuleInput = z.output<typeof siblingRuleInput>;

/** The months of a session a student pays for: from the month they joined, until the last before they left. */
export const termInput = z
  .strictObject({
    session: sessionName,
    from: optionalMonth.optional().transform((value) => value ?? null),
    until: optionalMonth.optional().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.until && value.until < value.from)
      ctx.addIssue({ code: "custom", path: ["until"], message: issue("fees.untilBeforeFrom") });
  });
export type TermInput = z.output<typeof termInput>;

/** A correction of an invoice: a credit (less to pay) or a charge (more), with its reason. */
export const correctionInput = z.strictObject({
  kind: z.enum(["credit", "debit"], { error: issue("input.invalid", { detail: "must be credit or debit" }) }),
  amount: positiveTaka,
  reason: requiredText("reason", 250),
});
export type CorrectionInput = z.output<typeof correctionInput>;

/** Money the office takes against a student's dues, oldest month first, whole or in part. */
export const paymentInput = z.strictObject({
  amount: positiveTaka,
  channel: z.enum(officeChannels, { error: issue("fees.channel") }),
  reference: z
    .string()
    .trim()
    .max(60, issue("value.tooLong", { max: 60 }))
    .optional()
    .default(""),
  /** The day the money was taken (fines are worked out on it); today when left out. */
  paidOn: z
    .string({ error: issue("value.date") })
    .trim()
    .transform(asciiDigits)
    .refine((value) => value === "" || /^(19|20)\d\d-\d{2}-\d{2}$/.test(value), issue("value.date"))
    .refine((value) => value === "" || isRealDay(value), issue("value.realDate"))
    .optional()
    .default(""),
  /** The months to pay ("2026-03"); every open invoice, oldest first, when left out. */
  months: z
    .array(feeMonth, { error: issue("value.list") })
    .max(24, issue("value.atMost", { max: 24 }))
    .optional(),
});
export type PaymentInput = z.output<typeof paymentInput>;

export const cancelInput = z.strictObject({ reason: requiredText("reason", 250) });

/** Money given back on a receipt: taka (none: its overpayment, or else all that is left), why. */
export const feeRefundInput = z.strictObject({
  amount: positiveTaka.optional(),
  reason: requiredText("reason", 250),
});

/** The dues list: a session, and a class (and section) of it. */
export const duesQuery = z.strictObject({
  session: sessionName,
  class: className.optional(),
  section: z.string().trim().max(20).optional(),
});
export type DuesQuery = z.output<typeof duesQuery>;

/** The public lookup of a student's dues: their ID (registration number) and a guardian's phone on record. */
export const duesLookupInput = z.strictObject({
  student: z
    .string({ error: issue("exam.digits") })
    .trim()
    .transform(asciiDigits)
    .pipe(z.string().regex(/^[0-9]{1,20}$/, issue("exam.digits"))),
  phone: guardianPhone.refine((value) => value !== null, issue("register.phone")),
});
export type DuesLookupInput = z.output<typeof duesLookupInput>;

const dayText = z
  .string({ error: issue("value.date") })
  .trim()
  .transform(asciiDigits)
  .refine((value) => /^(19|20)\d\d-\d{2}-\d{2}$/.test(value), issue("value.date"))
  .refine(isRealDay, issue("value.realDate"));

/** The days of a collection report, from and to (both included). */
export const collectionsQuery = z
  .strictObject({ from: dayText, to: dayText })
  .refine((span) => span.from <= span.to, { path: ["to"], error: issue("fees.toBeforeFrom") });

/**
 * Paying months online: how many (always the oldest open ones), the oldest month the payer saw
 * (a month paid meanwhile by someone else is then refused before any money moves), optionally the
 * total the payer saw in paisa (only compared), and the provider.
 */
export const feeOrderInput = z.strictObject({
  months: z.coerce
    .number({ error: issue("value.whole") })
    .int(issue("value.whole"))
    .min(1, issue("value.atLeast", { min: 1 }))
    .max(36, issue("value.atMost", { max: 36 })),
  firstMonth: feeMonth,
  amountMinor: z.coerce
    .number({ error: issue("value.whole") })
    .int(issue("value.whole"))
    .optional(),
  provider: z
    .enum(paymentProviderNames, {
      error: issue("payment.provider", { names: paymentProviderNames.join(", ") }),
    })
    .optional(),
});
export type FeeOrderInput = z.output<typeof feeOrderInput>;

/** The same from /fees/pay: with the student's ID and a guardian's phone on record. */
export const publicFeeOrderInput = feeOrderInput.extend(duesLookupInput.shape);
export type PublicFeeOrderInput = z.output<typeof publicFeeOrderInput>;
