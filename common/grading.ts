// Exam grading: a student's marks to subject grades, a GPA or division, a result and a place in
// class. Pure and browser-safe: the marks entry page previews with it, the server publishes with
// it, and both must agree to the last hundredth.
//
// Arithmetic is exact. A band is chosen by comparing whole numbers (marks x 10000 against the
// band's minimum in hundredths of a percent x full marks), never a floating percent, so 80% is
// A+ and 79.5% is A on any full mark. Points are summed in integer hundredths and the GPA is
// rounded once, half up, so 4.999999 can never show.
//
// Rounding. The boards print the GPA with two decimals, rounded to the nearest hundredth, not
// cut. Checked against published results: the BTEB's SSC (Vocational) 2025 results of one school
// as its result site gave them (public repository eklasdev/results-2025, data/studentData.ts):
// 14 subjects, so every GPA is some k/28; all 57 passes match k/28 rounded, and 29 of them (4.61
// = 129/28 = 4.607..., 4.86 = 136/28 = 4.857..., 4.43 = 124/28 = 4.428...) cannot come from
// truncation. Worked examples on bissoy.com (43/9 -> 4.78, 53/12 -> 4.42) round the same way.
// An exact half (33/8 = 4.125) rounds up; no source showed one.
import type {
  ComponentScore,
  GradeBand,
  GradedResult,
  GradedSubject,
  GradingScheme,
  SubjectRule,
} from "./schemas/results";

/** Bangladesh's national 5.00 scale, by percent of a subject's full marks (lower edge included). */
export const nationalBands: GradeBand[] = [
  { min: 80, grade: "A+", point: 5 },
  { min: 70, grade: "A", point: 4 },
  { min: 60, grade: "A-", point: 3.5 },
  { min: 50, grade: "B", point: 3 },
  { min: 40, grade: "C", point: 2 },
  { min: 33, grade: "D", point: 1 },
  { min: 0, grade: "F", point: 0 },
];

// Qawmi madrasah divisions (Befaqul Madarisil Arabia Bangladesh; Al-Haiatul Ulya Lil-Jamiatil
// Qawmia Bangladesh for Dawrah/Takmil). Where the numbers come from:
// - the Haiatul Ulya's Takmil pass-fail rule (as khutbahtv.com reprinted the board's notice to
//   examinees): every subject of 100 marks, 33 to pass; a candidate who fails any subject is
//   "Rasib". (The board may grace one subject by up to 10 marks, the candidate then passing as
//   Maqbul; that is the board's decision, not applied here: a madrasah enters graced marks.)
// - a Qawmi board's examiner marks sheet (Befaqul Madarisid Diniyya Bangladesh, found in public
//   code): "pass mark 33%, second division 50%, first division 65% and Mumtaz 80%".
// - the boards' result announcements (Befaq 2019-2024, Haiatul Ulya 2019-2023, in the press)
//   name the divisions: Mumtaz (star mark), Jayyid Jiddan (first), Jayyid (second), Maqbul
//   (third).
// Some madrasahs set Maqbul at 35% or 40% in their own exams: a custom scheme covers them.
//
// A madrasah reads a result as its division, so the overall `grade` is the division. The shared
// shape still wants points: each subject gets the national point of its percent (a Mumtaz
// subject of 85% is 5.00, a Jayyid Jiddan one of 72% is 4.00) and `gpa` is the national GPA of
// them, so Qawmi and school marksheets, and the class positions, read alike. The `point` below
// is the national point at each division's lower edge, for showing the table.
export const qawmiBands: GradeBand[] = [
  { min: 80, grade: "Mumtaz", point: 5 },
  { min: 65, grade: "Jayyid Jiddan", point: 3.5 },
  { min: 50, grade: "Jayyid", point: 3 },
  { min: 33, grade: "Maqbul", point: 1 },
  { min: 0, grade: "Rasib", point: 0 },
];

/** The optional (4th) subject counts only its points above this, in hundredths. */
const optionalBaseHundredths = 200;

/** A band in whole numbers: its minimum in hundredths of a percent, its point in hundredths. */
type Band = { minHundredths: number; grade: string; pointHundredths: number };

function toBands(bands: readonly GradeBand[]): Band[] {
  // An admin's table comes in any order: the highest minimum is tried first. Percents and
  // points are taken to two decimals, which is all a marksheet shows.
  return bands
    .map((band) => ({
      minHundredths: Math.round(band.min * 100),
      grade: band.grade,
      pointHundredths: Math.round(band.point * 100),
    }))
    .sort((a, b) => b.minHundredths - a.minHundredths);
}

const national = toBands(nationalBands);
const qawmi = toBands(qawmiBands);

function bandsOfScheme(scheme: GradingScheme): Band[] {
  return scheme.kind === "national" ? national : scheme.kind === "qawmi" ? qawmi : toBands(scheme.bands);
}

/** The grading table of a scheme, highest band first. */
export function schemeBands(scheme: GradingScheme): GradeBand[] {
  return bandsOfScheme(scheme).map((band) => ({
    min: band.minHundredths / 100,
    grade: band.grade,
    point: band.pointHundredths / 100,
  }));
}

/** The band of marks out of full: marks / full >= min% exactly, in whole numbers. */
function bandOf(bands: readonly Band[], marks: number, full: number): Band | undefined {
  return bands.find((band) => marks * 10000 >= band.minHundredths * full);
}

/** The grade a failed subject (and a failed result) shows. */
function failingGrade(scheme: GradingScheme, bands: readonly Band[]): string {
  if (scheme.kind === "national") return "F";
  if (scheme.kind === "qawmi") return "Rasib";
  // An admin's table: its lowest band worth no points, or F when every band is worth some.
  const zero = bands.filter((band) => band.pointHundredths === 0);
  return zero[zero.length - 1]?.grade ?? "F";
}

/**
 * Grades one subject. `scores` has one entry per component, in the rule's order; null is an
 * absence. Marks are the sum of the scores (an absence counts 0), the percent of the full marks
 * picks the band. The subject fails when a component is absent or under its pass mark, or when
 * its band is worth no points (national F under 33%); a failed subject is graded F (Rasib, or a
 * custom table's failing band) with no points, whatever its total.
 */
export function gradeSubject(
  rule: SubjectRule,
  scores: readonly (number | null)[],
  scheme: GradingScheme,
): GradedSubject {
  if (scores.length !== rule.components.length) {
    throw new RangeError(`${rule.code}: ${scores.length} scores for ${rule.components.length} components`);
  }
  const bands = bandsOfScheme(scheme);
  const components: ComponentScore[] = rule.components.map((component, index) => ({
    ...component,
    score: scores[index] ?? null,
  }));
  const marks = components.reduce((sum, component) => sum + (component.score ?? 0), 0);
  const full = components.reduce((sum, component) => sum + component.full, 0);
  const absent = components.every((component) => component.score === null);
  const componentFailed = components.some(
    (component) => component.score === null || component.score < component.pass,
  );
  const band = bandOf(bands, marks, full);
  // The point is always the national one in a Qawmi scheme (see qawmiBands).
  const pointBand = scheme.kind === "qawmi" ? bandOf(national, marks, full) : band;
  const failed = componentFailed || !band || !pointBand || band.pointHundredths === 0;
  return {
    code: rule.code,
    name: rule.name,
    optional: rule.optional,
    components,
    marks,
    full,
    grade: failed ? failingGrade(scheme, bands) : band.grade,
    point: failed ? 0 : pointBand.pointHundredths / 100,
    failed,
    absent,
  };
}

/** a / b rounded half up, for whole a >= 0 and b > 0. */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Grades a marksheet's subjects together. The GPA is the compulsory subjects' points plus each
 * optional subject's points above 2.00, over the number of compulsory subjects, at most the top
 * band's point (5.00), rounded half up to two decimals. A failed compulsory subject fails the
 * result (GPA 0); a failed optional subject only adds nothing. With no compulsory subject there
 * is nothing to pass: the result is a fail with GPA 0, not an error, so a half-set-up exam still
 * shows its marksheets. `grade` is the letter of the GPA (the band with the highest point not
 * above it: A+ for 5.00, A from 4.00...), or in a Qawmi scheme the division of the compulsory
 * subjects' average percent.
 */
export function gradeResult(subjects: readonly GradedSubject[], scheme: GradingScheme): GradedResult {
  const bands = bandsOfScheme(scheme);
  const compulsory = subjects.filter((subject) => !subject.optional);
  const optional = subjects.filter((subject) => subject.optional);
  const totalMarks = subjects.reduce((sum, subject) => sum + subject.marks, 0);
  const fullMarks = subjects.reduce((sum, subject) => sum + subject.full, 0);
  const failed = compulsory.length === 0 || compulsory.some((subject) => subject.failed);
  if (failed) {
    return {
      subjects: [...subjects],
      gpa: 0,
      gpaWithoutOptional: 0,
      grade: failingGrade(scheme, bands),
      result: "fail",
      totalMarks,
      fullMarks,
    };
  }
  const hundredths = (point: number) => Math.round(point * 100);
  const compulsoryPoints = compulsory.reduce((sum, subject) => sum + hundredths(subject.point), 0);
  const optionalPoints = optional.reduce(
    (sum, subject) => sum + Math.max(0, hundredths(subject.point) - optionalBaseHundredths),
    0,
  );
  const pointBands = scheme.kind === "qawmi" ? national : bands;
  const top = Math.max(...pointBands.map((band) => band.pointHundredths));
  const count = compulsory.length;
  const gpa = Math.min(top, divideHalfUp(compulsoryPoints + optionalPoints, count));
  const gpaWithoutOptional = Math.min(top, divideHalfUp(compulsoryPoints, count));
  return {
    subjects: [...subjects],
    gpa: gpa / 100,
    gpaWithoutOptional: gpaWithoutOptional / 100,
    grade: scheme.kind === "qawmi" ? qawmiDivision(compulsory) : letterOf(pointBands, gpa),
    result: "pass",
    totalMarks,
    fullMarks,
  };
}

/** The band with the highest point not above the GPA (in hundredths). */
function letterOf(bands: readonly Band[], gpaHundredths: number): string {
  const byPoint = [...bands].sort(
    (a, b) => b.pointHundredths - a.pointHundredths || b.minHundredths - a.minHundredths,
  );
  return byPoint.find((band) => band.pointHundredths <= gpaHundredths)?.grade ?? "F";
}

/**
 * The division of the subjects' average percent, each subject weighing the same (as each does
 * in the GPA); with the boards' 100-mark kitabs it is the percent of the total. Exact: with D a
 * common multiple of the full marks, sum(marks x D / full) x 10000 >= min x count x D, in BigInt
 * because D can pass 2^53.
 */
function qawmiDivision(subjects: readonly GradedSubject[]): string {
  const fulls = subjects.map((subject) => BigInt(subject.full));
  const common = fulls.reduce((lcm, full) => (lcm * full) / gcd(lcm, full), 1n);
  const scaled = subjects.reduce(
    (sum, subject) => sum + (BigInt(subject.marks) * common) / BigInt(subject.full),
    0n,
  );
  const count = BigInt(subjects.length);
  const band = qawmi.find((b) => scaled * 10000n >= BigInt(b.minHundredths) * count * common);
  return band?.grade ?? "Rasib";
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Grades a whole marksheet: each rule with its scores by subject code (a subject with no scores
 * is an absence from it), then the result.
 */
export function gradeMarksheet(
  rules: readonly SubjectRule[],
  scores:
    | ReadonlyMap<string, readonly (number | null)[]>
    | Readonly<Record<string, readonly (number | null)[]>>,
  scheme: GradingScheme,
): GradedResult {
  const scoresOf = (code: string) =>
    scores instanceof Map ? scores.get(code) : (scores as Record<string, readonly (number | null)[]>)[code];
  const subjects = rules.map((rule) =>
    gradeSubject(rule, scoresOf(rule.code) ?? rule.components.map(() => null), scheme),
  );
  return gradeResult(subjects, scheme);
}

/** What a class position needs of a result. */
export type RankedResult = { id: string; gpa: number; totalMarks: number; result: "pass" | "fail" };

/** Merit order: passed before failed, then GPA, then total marks, highest first. */
const meritKey = (r: Omit<RankedResult, "id">) => [
  r.result === "pass" ? 0 : 1,
  -Math.round(r.gpa * 100),
  -r.totalMarks,
];

/** Compares two results in merit order (0: equal). */
export function byMerit(a: Omit<RankedResult, "id">, b: Omit<RankedResult, "id">): number {
  const [ka, kb] = [meritKey(a), meritKey(b)];
  return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
}

/**
 * Positions in class, among those who passed only (as the national boards place them: a failed
 * or absent student has none): GPA, then total marks, highest first. Equal students share a
 * position and the next one skips it (1, 2, 2, 4), as merit lists do.
 */
export function classPositions(results: readonly RankedResult[]): Map<string, number> {
  const order = results.filter((result) => result.result === "pass").sort(byMerit);
  const positions = new Map<string, number>();
  order.forEach((result, index) => {
    const previous = order[index - 1];
    const tied = previous !== undefined && byMerit(previous, result) === 0;
    positions.set(result.id, tied ? positions.get(previous.id)! : index + 1);
  });
  return positions;
}
