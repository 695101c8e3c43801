// Exam results: the shapes shared by the server, the pages, the PDF and the marks sheets.
// Marks are whole numbers (as the boards publish them); a missing score is an absence.
import { z } from "zod";
import { issue } from "../errors/problem";
import { asciiDigits, maxGraphemes } from "../text-rules";

/** The parts a subject is examined in: written (creative questions), multiple choice, practical. */
export const componentKinds = ["written", "mcq", "practical"] as const;
export type ComponentKind = (typeof componentKinds)[number];

/** How an exam turns marks into grades (common/grading.ts). */
export const schemeKinds = ["national", "qawmi", "custom"] as const;
export type SchemeKind = (typeof schemeKinds)[number];

/** One band of a grading table: from `min` percent of the full marks up, this grade and point. */
export type GradeBand = { min: number; grade: string; point: number };

export type GradingScheme = { kind: "national" } | { kind: "qawmi" } | { kind: "custom"; bands: GradeBand[] };

/** A subject's component as an exam defines it. */
export type ComponentRule = { kind: ComponentKind; full: number; pass: number };

/** A subject as an exam defines it. */
export type SubjectRule = {
  code: string;
  name: string;
  /** The optional (4th) subject: only its points above 2.00 count towards the GPA. */
  optional: boolean;
  components: ComponentRule[];
};

/** A component's score on a marksheet: null when the student was absent. */
export type ComponentScore = ComponentRule & { score: number | null };

/** One subject of a marksheet, graded. */
export type GradedSubject = {
  code: string;
  name: string;
  optional: boolean;
  components: ComponentScore[];
  /** The sum of the components' scores (the absent count 0). */
  marks: number;
  full: number;
  grade: string;
  point: number;
  /** A component under its pass mark, or absent. */
  failed: boolean;
  /** Absent from every component. */
  absent: boolean;
};

/** What the grading of one student's subjects gives. */
export type GradedResult = {
  subjects: GradedSubject[];
  /** Two decimals, at most 5.00; 0 when a compulsory subject is failed. */
  gpa: number;
  /** The GPA of the compulsory subjects alone. */
  gpaWithoutOptional: number;
  /** The letter grade of the GPA (A+ for 5.00), or the division of a Qawmi scheme. */
  grade: string;
  result: "pass" | "fail";
  totalMarks: number;
  fullMarks: number;
};

/** A published marksheet, as the lookup, the page and the PDF show it. */
export type Marksheet = GradedResult & {
  institute: { name: string };
  exam: { id: string; name: string; session: string; scheme: SchemeKind; publishedAt: string };
  student: string;
  class: string;
  section: string | null;
  roll: string;
  registration: string;
  /** Position in class by GPA then total marks, when the exam shows it. */
  position: number | null;
};

// ---------------------------------------------------------------------------------------------
// Input rules.

const marksNumber = z
  .number()
  .int(issue("value.whole"))
  .min(0, issue("value.zeroOrMore"))
  .max(1000, issue("value.atMost", { max: 1000 }));

export const componentRuleInput = z
  .strictObject({
    kind: z.enum(componentKinds, { error: issue("value.componentKind") }),
    full: marksNumber.min(1, issue("value.atLeast", { min: 1 })),
    pass: marksNumber,
  })
  .refine((c) => c.pass <= c.full, { path: ["pass"], message: issue("value.passAboveFull") });

export const subjectCode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,10}$/, issue("exam.subjectCode"));

export const subjectRuleInput = z.strictObject({
  code: subjectCode,
  name: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(80), issue("value.tooLong", { max: 80 })),
  optional: z.boolean().default(false),
  components: z
    .array(componentRuleInput)
    .min(1, "needs at least one component")
    .max(3, issue("exam.maxComponents"))
    .refine((list) => new Set(list.map((c) => c.kind)).size === list.length, issue("exam.componentsOnce")),
});

export const gradeBandInput = z.strictObject({
  min: z
    .number()
    .min(0, issue("value.zeroOrMore"))
    .max(100, issue("value.atMost", { max: 100 })),
  grade: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(20), issue("value.tooLong", { max: 20 })),
  point: z
    .number()
    .min(0, issue("value.zeroOrMore"))
    .max(10, issue("value.atMost", { max: 10 })),
});

export const schemeInput = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("national") }),
    z.strictObject({ kind: z.literal("qawmi") }),
    z.strictObject({
      kind: z.literal("custom"),
      bands: z
        .array(gradeBandInput)
        .min(2, "needs at least two bands")
        .max(20, issue("exam.maxBands", { max: 20 }))
        .refine((bands) => bands.some((b) => b.min === 0), "needs a band from 0"),
    }),
  ],
  { error: issue("value.gradingScheme") },
);

/** A session: a year (2026) or two (2025-2026). */
export const sessionName = z
  .string()
  .trim()
  .regex(/^(19|20)\d\d(-(19|20)\d\d)?$/, issue("exam.session"));

/** Roll and registration numbers: digits (ASCII or Bangla are read alike), up to 20. */
export const rollNumber = z
  .string()
  .trim()
  .transform(asciiDigits)
  .pipe(z.string().regex(/^[0-9]{1,20}$/, issue("exam.digits")));

// ---------------------------------------------------------------------------------------------
// Calls.

/** A new exam: its class by name (a class of the list), its subjects in order. */
export const examInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(100), issue("value.tooLong", { max: 100 })),
  session: sessionName,
  class: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(40), issue("value.tooLong", { max: 40 })),
  scheme: schemeInput.default({ kind: "national" }),
  showPosition: z.boolean().default(true),
  figuresPublic: z.boolean().default(false),
  subjects: z
    .array(subjectRuleInput)
    .min(1, "needs at least one subject")
    .max(20, issue("exam.maxSubjects", { max: 20 }))
    .refine(
      (list) => new Set(list.map((s) => s.code.toLowerCase())).size === list.length,
      issue("exam.codesOnce"),
    ),
});

/** Scores typed into the marks grid: null is absent; a score left empty is removed. */
export const marksInput = z.strictObject({
  marks: z
    .array(
      z.strictObject({
        enrolment: z.uuid(issue("value.enrolmentId")),
        subject: subjectCode,
        component: z.enum(componentKinds, { error: issue("value.componentKind") }),
        score: marksNumber.nullable().optional(),
      }),
    )
    .min(1, "needs at least one score")
    .max(500, issue("exam.maxScores", { max: 500 })),
});

/** When an exam's results are shown: now, or at a set time. */
export const publishInput = z.strictObject({
  at: z.iso.datetime({ offset: true, error: issue("value.dateTime") }).optional(),
});

/** The public lookup: an exam, a roll and a registration number, all three needed. */
export const lookupQuery = z.strictObject({
  exam: z.uuid(issue("value.examId")),
  roll: rollNumber,
  registration: rollNumber,
});

/** How an account is linked to an enrolled student. */
export const enrolmentRelations = ["student", "guardian"] as const;

/** An account linked to an enrolled student, as the student or a guardian. */
export const linkAccountInput = z.strictObject({
  email: z.email(issue("value.email")).max(254, issue("value.tooLong", { max: 254 })),
  relation: z.enum(enrolmentRelations, { error: issue("value.relation") }),
});

/** A class of the institute and its sections (A, B, Science...). */
export const classInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, issue("value.required"))
    .refine(maxGraphemes(40), issue("value.tooLong", { max: 40 })),
  sections: z
    .array(
      z
        .string()
        .trim()
        .min(1, issue("value.notEmpty"))
        .refine(maxGraphemes(20), issue("value.tooLong", { max: 20 })),
    )
    .max(20, issue("exam.maxSections", { max: 20 }))
    .refine(
      (list) => new Set(list.map((s) => s.toLowerCase())).size === list.length,
      issue("exam.sectionsOnce"),
    )
    .default([]),
});
