// Daily attendance: the statuses a child may be marked with, a class's sheet for a day (which
// class, section and date), one mark (a tap) and a whole sheet (a form), and the reports' months.
// Shared by the REST calls and the dashboard's attendance page, so a value is read the same way
// wherever it is sent.
import { z } from "zod";
import { issue } from "../errors/problem";
import { asciiDigits, maxGraphemes } from "../text-rules";
import { dateText } from "./routines";

/** What a child is marked: present (the default of an unmarked child), absent, late, on leave. */
export const attendanceStatuses = ["present", "absent", "late", "leave"] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** The largest period number a mark may name (0 is the whole day). */
export const maxPeriod = 12;

const status = z.enum(attendanceStatuses, { error: issue("attendance.status") });

/** A period: 0 (the whole day, the default) to 12; Bangla digits are read alike. */
export const periodNumber = z
  .union([z.number(), z.string()], { error: issue("value.number") })
  .transform((value) => (typeof value === "string" ? Number(asciiDigits(value.trim()) || Number.NaN) : value))
  .pipe(
    z
      .number({ error: issue("value.number") })
      .int(issue("value.whole"))
      .min(0, issue("value.atLeast", { min: 0 }))
      .max(maxPeriod, issue("value.atMost", { max: maxPeriod })),
  );

const className = z
  .string({ error: issue("value.text") })
  .trim()
  .min(1, issue("value.required"))
  .max(40, issue("value.tooLong", { max: 40 }));

const sectionName = z
  .string({ error: issue("value.text") })
  .trim()
  .max(20, issue("value.tooLong", { max: 20 }));

/** A day's date: YYYY-MM-DD (Bangla digits read alike). */
export const attendanceDate = z
  .string({ error: issue("value.date") })
  .max(20, issue("value.date"))
  .transform((value) => asciiDigits(value.trim()))
  .pipe(dateText);

/** Which sheet: a class (by name, any case), its section ("" for all), a date, a period. */
export const sheetQuery = z.strictObject({
  class: className,
  section: sectionName.default(""),
  date: attendanceDate,
  period: periodNumber.default(0),
});
export type SheetQuery = z.output<typeof sheetQuery>;

/** One tap: a child of the sheet and their status. */
export const markInput = z.strictObject({
  child: z.uuid(issue("attendance.child")),
  date: attendanceDate,
  period: periodNumber.default(0),
  status,
});
export type MarkInput = z.output<typeof markInput>;

/** A whole sheet: every child listed gets the status given (the others stay as they are). */
export const sheetInput = sheetQuery.extend({
  marks: z
    .array(z.strictObject({ child: z.uuid(issue("attendance.child")), status }), {
      error: issue("value.list"),
    })
    .max(300, issue("value.atMost", { max: 300 })),
});
export type SheetInput = z.output<typeof sheetInput>;

/** A month: YYYY-MM. */
export const monthText = z
  .string({ error: issue("attendance.month") })
  .transform((value) => asciiDigits(value.trim()))
  .pipe(z.string().regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, issue("attendance.month")));

/** A child's report: a month (YYYY-MM) or a year (YYYY). */
export const childReportQuery = z.strictObject({
  month: monthText.optional(),
  year: z
    .string({ error: issue("attendance.year") })
    .regex(/^(19|20)\d\d$/, issue("attendance.year"))
    .optional(),
});

/** A class's month: who is below the threshold percentage (75 unless said). */
export const classReportQuery = z.strictObject({
  class: className,
  section: sectionName.default(""),
  month: monthText,
  below: z.coerce
    .number({ error: issue("value.number") })
    .min(0, issue("value.atLeast", { min: 0 }))
    .max(100, issue("value.atMost", { max: 100 }))
    .default(75),
});
export type ClassReportQuery = z.output<typeof classReportQuery>;
/** The monthly register as a PDF: a class (and section) and a month, in English or Bangla. */
export const registerFileQuery = classReportQuery
  .omit({ below: true })
  .extend({ lang: z.enum(["en", "bn"], { error: issue("value.required") }).default("en") });

/** A leave request: asked by a guardian, then approved or refused by the class's teacher. */
export const leaveStatuses = ["requested", "approved", "refused"] as const;
export type LeaveStatus = (typeof leaveStatuses)[number];

/** The longest leave one request asks for, in days. */
export const maxLeaveDays = 31;

/** A guardian's request: from and to (inclusive), and why (up to 500 letters). */
export const leaveInput = z
  .strictObject({
    from: attendanceDate,
    to: attendanceDate,
    reason: z
      .string({ error: issue("value.text") })
      .trim()
      .min(1, issue("value.required"))
      .refine(maxGraphemes(500), issue("value.tooLong", { max: 500 })),
  })
  .superRefine((value, context) => {
    if (value.to < value.from)
      context.addIssue({ code: "custom", path: ["to"], message: issue("leave.toBeforeFrom") });
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days > maxLeaveDays)
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: issue("leave.tooLong", { max: maxLeaveDays }),
      });
  });
export type LeaveInput = z.output<typeof leaveInput>;

/** A teacher's answer to a request. */
export const leaveDecision = z.strictObject({
  status: z.enum(["approved", "refused"], { error: issue("leave.decision") }),
});
