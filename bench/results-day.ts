// Results day: a published exam of Class Ten (2,000 students, ten subjects) and the crowd that
// looks it up at once, by roll and registration number, as JSON and as the /results page, then
// downloads marksheet PDFs in English and Bangla.
//
// The exam is made as an admin makes it: the exam posted to the API, the marks sheet written by
// the app's own writer (the CSV a teacher downloads and fills) and imported through the API,
// then published. The measured server trusts X-Forwarded-For (TRUST_PROXY, as behind nginx) and
// every request names an address of its own, so the per-address limits on lookups
// (server/domain/result-lookup.ts, lookupLimit and lookupMissLimit) count each visitor once, as
// they would on the day, and are still counted, in memory (server/domain/rate-limit.ts).
import autocannon from "autocannon";
import { gradeMarksheet } from "../common/grading";
import type { SubjectRule } from "../common/schemas/results";
import { writeMarksSheet } from "../server/exam-results/marks-sheet";
import { headersFor, type LoadFigure, summarise } from "./load";
import { settle } from "./server";

/** Class Ten's science group as the SSC examines it; Higher Mathematics is the optional (4th) subject. */
export const resultsDaySubjects: SubjectRule[] = [
  ["101", "Bangla 1st Paper", "cq70"],
  ["102", "Bangla 2nd Paper", "cq70"],
  ["107", "English 1st Paper", "written100"],
  ["108", "English 2nd Paper", "written100"],
  ["109", "Mathematics", "cq70"],
  ["111", "Islam and Moral Education", "cq70"],
  ["136", "Physics", "science"],
  ["137", "Chemistry", "science"],
  ["138", "Biology", "science"],
  ["126", "Higher Mathematics", "science"],
].map(([code, name, shape]) => ({
  code: code!,
  name: name!,
  optional: code === "126",
  // Every part is passed separately at 33% of its marks, as the boards do.
  components:
    shape === "cq70"
      ? [
          { kind: "written" as const, full: 70, pass: 23 },
          { kind: "mcq" as const, full: 30, pass: 10 },
        ]
      : shape === "written100"
        ? [{ kind: "written" as const, full: 100, pass: 33 }]
        : [
            { kind: "written" as const, full: 50, pass: 17 },
            { kind: "mcq" as const, full: 25, pass: 8 },
            { kind: "practical" as const, full: 25, pass: 8 },
          ],
}));

export const resultsDayExam = {
  name: "Secondary School Certificate Test Examination",
  session: "2026",
  class: "Class Ten",
  scheme: { kind: "national" },
  showPosition: true,
  figuresPublic: false,
  subjects: resultsDaySubjects,
};

const givenNames = [
  "Abdullah",
  "Ayesha",
  "Farhan",
  "Fatema",
  "Habibur",
  "Jannatul",
  "Mahmudul",
  "Nusrat",
  "Rafiqul",
  "Sadia",
  "Tanvir",
  "Umme",
  "Zahid",
  "Sumaiya",
  "Arif",
  "Mithila",
];
const familyNames = [
  "Rahman",
  "Hossain",
  "Akter",
  "Islam",
  "Chowdhury",
  "Khatun",
  "Uddin",
  "Begum",
  "Sarkar",
];
// Some schools keep their registers in Bangla: these names go through the PDF's Bangla shaping.
const banglaNames = ["মোঃ আব্দুল করিম", "নুসরাত জাহান", "সাকিব হাসান", "তাসনিম আক্তার", "রাকিবুল ইসলাম"];

export type ResultsDayStudent = { roll: string; registration: string };

/** The class's size. */
export const resultsDayStudents = 2000;

/** The crowd's connections (the budget's), and the few downloading PDFs at once. */
export const resultsDayConnections = { lookups: 50, pdfs: 4 } as const;

/** A small seeded generator (mulberry32): the same marks on every run. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The class's marks sheet rows. Each student has an ability (most between 45% and 90%, a tail
 * below), each part a spread around it (multiple choice a little easier, practicals much
 * easier), so every grade from A+ to F occurs; one student in 60 missed a subject, one in 400
 * missed the whole exam (a score of null: absent).
 */
export function resultsDayRows(count: number) {
  const random = randomFrom(2026);
  const normal = () => {
    // Box-Muller; 1 - random() keeps log() away from 0.
    return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  };
  return Array.from({ length: count }, (_, i) => {
    const ability = Math.min(0.97, Math.max(0.15, 0.66 + 0.15 * normal()));
    const missedAll = random() < 1 / 400;
    const scores: Record<string, (number | null)[]> = {};
    for (const subject of resultsDaySubjects) {
      const missed = missedAll || random() < 1 / 60 / resultsDaySubjects.length;
      scores[subject.code] = subject.components.map((component) => {
        if (missed) return null;
        const ease = component.kind === "practical" ? 0.2 : component.kind === "mcq" ? 0.04 : 0;
        const share = Math.min(1, Math.max(0, ability + ease + 0.09 * normal()));
        return Math.round(share * component.full);
      });
    }
    const name =
      i % 5 === 4
        ? banglaNames[i % banglaNames.length]!
        : `${givenNames[(i * 7) % givenNames.length]} ${familyNames[(i * 5) % familyNames.length]}`;
    return {
      roll: String(i + 1),
      // Ten digits, unique: 7919 is prime to a million.
      registration: String(2_610_000_000 + ((i * 7919 + 1234) % 1_000_000)),
      name,
      scores,
    };
  });
}

export type ResultsDaySeed = {
  examId: string;
  students: ResultsDayStudent[];
  ms: number;
  counts: {
    students: number;
    subjects: number;
    scores: number;
    absentScores: number;
    passed: number;
    failed: number;
    gpa5: number;
    absentFromSomeSubject: number;
  };
};

async function asAdmin(url: string, cookie: string, path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie, origin: url, accept: "application/json" },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** Sets the exam up through the API, as an admin: post it, import its marks sheet, publish. */
export async function seedResultsDay(
  url: string,
  adminCookie: string,
  count: number,
): Promise<ResultsDaySeed> {
  const started = performance.now();
  const json = { "content-type": "application/json" };
  const exam = (await asAdmin(url, adminCookie, "/api/results/exams", {
    method: "POST",
    headers: json,
    body: JSON.stringify(resultsDayExam),
  })) as { _id: string };

  const rows = resultsDayRows(count);
  const csv = await writeMarksSheet("csv", resultsDaySubjects, rows);
  const form = new FormData();
  form.set("file", new Blob([csv as Uint8Array<ArrayBuffer>], { type: "text/csv" }), "class-ten-marks.csv");
  const imported = (await asAdmin(url, adminCookie, `/api/results/exams/${exam._id}/marks`, {
    method: "POST",
    body: form,
  })) as { imported: number; enrolled: number };
  if (imported.imported !== count || imported.enrolled !== count) {
    throw new Error(`the marks sheet import answered ${JSON.stringify(imported)}, not ${count} students`);
  }
  await asAdmin(url, adminCookie, `/api/results/exams/${exam._id}/publish`, {
    method: "POST",
    headers: json,
    body: "{}",
  });

  // What the class looks like, graded by the same module the server grades with.
  const graded = rows.map((row) => gradeMarksheet(resultsDaySubjects, row.scores, { kind: "national" }));
  const scores = rows.flatMap((row) => Object.values(row.scores).flat());
  const seed: ResultsDaySeed = {
    examId: exam._id,
    students: rows.map(({ roll, registration }) => ({ roll, registration })),
    ms: 0,
    counts: {
      students: count,
      subjects: resultsDaySubjects.length,
      scores: scores.length,
      absentScores: scores.filter((score) => score === null).length,
      passed: graded.filter((g) => g.result === "pass").length,
      failed: graded.filter((g) => g.result === "fail").length,
      gpa5: graded.filter((g) => g.gpa === 5).length,
      absentFromSomeSubject: graded.filter((g) => g.subjects.some((s) => s.absent)).length,
    },
  };

  // The server's marksheets must be those: a few students checked through the lookup (as the
  // admin, whom the limit does not count).
  for (const index of [0, 1, 2, 3, 4, count >> 1, count - 1]) {
    const row = rows[index]!;
    const sheet = (await asAdmin(
      url,
      adminCookie,
      `/api/results/lookup?exam=${exam._id}&roll=${row.roll}&registration=${row.registration}`,
      { method: "GET" },
    )) as { gpa: number; result: string; totalMarks: number };
    const expected = graded[index]!;
    if (
      sheet.gpa !== expected.gpa ||
      sheet.result !== expected.result ||
      sheet.totalMarks !== expected.totalMarks
    ) {
      throw new Error(
        `roll ${row.roll}: the server graded ${JSON.stringify(sheet).slice(0, 200)}, expected GPA ${expected.gpa}, ${expected.result}`,
      );
    }
  }
  seed.ms = Math.round(performance.now() - started);
  return seed;
}

// ---------------------------------------------------------------------------------------------
// The load.

let addresses = 0;
/** A client address not used before in this bench run (10.0.0.1 upwards). */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export type ResultsDayTarget =
  | "static file"
  | "lookup (REST)"
  | "lookup (page)"
  | "PDF (English)"
  | "PDF (Bangla)";

export type ResultsDayFigure = LoadFigure & { target: ResultsDayTarget };

export type ResultsDayResult = {
  seed?: ResultsDaySeed;
  figures: ResultsDayFigure[];
  /** VmHWM after the results-day runs (the matrix's peak is read before them). */
  peakRssMb?: number;
  problem?: string;
};

export function lookupPath(kind: "REST" | "page", examId: string, student: ResultsDayStudent): string {
  const query = `exam=${examId}&roll=${student.roll}&registration=${student.registration}`;
  return kind === "REST" ? `/api/results/lookup?${query}` : `/results?${query}`;
}

export const pdfPath = (examId: string, student: ResultsDayStudent, language: "en" | "bn") =>
  `/results/marksheet/${examId}/${student.roll}.pdf?registration=${student.registration}&lang=${language}`;

/** One load run in which request n asks for `pathOf(n)` from an address of its own. */
async function crowd(options: {
  baseUrl: string;
  target: ResultsDayTarget;
  kind: LoadFigure["kind"];
  /** The path as the report shows it. */
  shownPath: string;
  pathOf: (index: number) => string;
  connections: number;
  durationSeconds: number;
}): Promise<ResultsDayFigure> {
  let next = 0;
  const run = autocannon({
    url: `${options.baseUrl}${options.shownPath}`,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: headersFor(options.kind),
    // A slow answer is a figure, not an error: a visitor waits longer than 10 s for a result.
    timeout: 30,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: options.pathOf(next++),
          headers: { ...request.headers, "x-forwarded-for": nextAddress() },
        }),
      },
    ],
  });
  const result = await run;
  return {
    target: options.target,
    path: options.shownPath,
    kind: options.kind,
    auth: "anonymous",
    connections: options.connections,
    ...summarise(result),
    ratioToStatic: null,
  };
}

/** Students in a spread-out order (a stride prime to the count), not roll by roll. */
function spreadOrder(students: ResultsDayStudent[]): ResultsDayStudent[] {
  const n = students.length;
  let stride = Math.floor(n * 0.618) | 1;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  while (gcd(stride, n) !== 1) stride += 2;
  return Array.from({ length: n }, (_, i) => students[(i * stride) % n]!);
}

const warmUpStudents = 20;

export async function runResultsDay(options: {
  baseUrl: string;
  /** The server's process, to wait for it to settle between runs. */
  pid: number;
  seed: ResultsDaySeed;
  staticPath: string;
  durationSeconds: number;
  lookupConnections: number;
  pdfConnections: number;
  log: (message: string) => void;
}): Promise<ResultsDayFigure[]> {
  const { baseUrl, seed, log, durationSeconds } = options;
  const examId = seed.examId;
  // The first students warm the code paths up; the rest are looked up once each, per target.
  const warm = seed.students.slice(0, warmUpStudents);
  const crowdOf = spreadOrder(seed.students.slice(warmUpStudents));
  for (const student of warm) {
    for (const [path, kind] of [
      [lookupPath("REST", examId, student), "api"],
      [lookupPath("page", examId, student), "page"],
      [pdfPath(examId, student, "en"), "page"],
      [pdfPath(examId, student, "bn"), "page"],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { ...headersFor(kind), "x-forwarded-for": nextAddress() },
      });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`results day warm-up: ${path} answered ${response.status}`);
    }
  }

  const figures: ResultsDayFigure[] = [];
  const measured = async (figure: ResultsDayFigure) => {
    await settle(options.pid);
    figures.push(figure);
    log(
      `results day: ${figure.target}, ${figure.connections} conn: ${figure.requests} requests, ` +
        `${Math.round(figure.requestsPerSecond)} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.errors} errors`,
    );
  };
  const shown = { roll: "{roll}", registration: "{registration}" };
  // The warm-up's kept copies compress after their answers leave.
  await settle(options.pid);
  const student = (index: number) => crowdOf[index % crowdOf.length]!;

  // The ceiling again, just before the crowd: the machine is shared and its load changes.
  const ceiling = await crowd({
    baseUrl,
    target: "static file",
    kind: "static",
    shownPath: options.staticPath,
    pathOf: () => options.staticPath,
    connections: options.lookupConnections,
    durationSeconds,
  });
  await measured(ceiling);

  // No copy of one student's lookup is kept (decision 0027), so a repeat costs what a first
  // lookup costs: a run goes through the class in a spread order, again and again, for a load
  // run's time (one pass of 2,000 took well under a second: too short to measure).
  for (const kind of ["REST", "page"] as const) {
    await measured(
      await crowd({
        baseUrl,
        target: kind === "REST" ? "lookup (REST)" : "lookup (page)",
        kind: kind === "REST" ? "api" : "page",
        shownPath: lookupPath(kind, examId, shown),
        pathOf: (index) => lookupPath(kind, examId, student(index)),
        connections: options.lookupConnections,
        durationSeconds,
      }),
    );
  }
  // A PDF is never kept: each is drawn for its request, so any student will do.
  for (const language of ["en", "bn"] as const) {
    await measured(
      await crowd({
        baseUrl,
        target: language === "en" ? "PDF (English)" : "PDF (Bangla)",
        kind: "page",
        shownPath: pdfPath(examId, shown, language),
        pathOf: (index) => pdfPath(examId, student(index), language),
        connections: options.pdfConnections,
        durationSeconds,
      }),
    );
  }
  // Lookups against the ceiling at the same connection count, to three places (they can be
  // far below a hundredth); PDFs run at fewer connections.
  return figures.map((figure) => ({
    ...figure,
    ratioToStatic:
      figure.connections === ceiling.connections && ceiling.requestsPerSecond > 0
        ? Math.round((figure.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000
        : null,
  }));
}
