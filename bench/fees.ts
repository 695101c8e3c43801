// Tuition fees at a school's size (issue 41): 2,000 students in 20 classes of 100, each with a
// guardian's phone, tuition of 1,200 taka a month with late fines. Measured on the embedded
// database: generating a month's invoices for the whole school (the office's button), then at
// 50 connections the whole school's dues list and a student's ledger (signed-in budgets), and
// the payment day's lookups at /api/fees/pay/lookup, each request a different student from a
// different address (as guardians on their own phones are), against the static file's rate.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../server/db/client";
import { enrolments, registerGuardians, registerStudents, schoolClasses } from "../server/db/schema";
import { removeAtEnd } from "./cleanup";
import { headersFor, type LoadFigure, measure, summarise, type Target } from "./load";
import { adminAccount, signIn, startAppServer } from "./server";
import { ratio } from "./stats";

export const feeSettings = {
  classes: 20,
  perClass: 100,
  session: "2026",
  /** The months generated before the load runs: each is timed. */
  months: ["2026-01", "2026-02", "2026-03"],
  connections: 50,
};

export type FeeBenchResult = {
  students: number;
  /** Milliseconds to generate each month for the whole school, in order. */
  generateMs: number[];
  /** Invoices the first month made (one per student). */
  invoicesMade: number;
  staticFigure?: LoadFigure;
  duesList?: LoadFigure;
  ledger?: LoadFigure;
  lookups?: LoadFigure;
  problem?: string;
};

const log = (message: string) => console.error(`bench: ${message}`);
const registrationOf = (n: number) => String(2_026_000_000 + n);
const phoneOf = (n: number) => `+8801${String(720_000_000 + n)}`;

/** The register: classes, children, their enrolments in the session and a guardian each. */
async function seedSchool(dataDir: string): Promise<void> {
  const { classes, perClass, session } = feeSettings;
  const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    await handle.migrate();
    const db = handle.db;
    for (let c = 1; c <= classes; c++) {
      const [made] = await db
        .insert(schoolClasses)
        .values({ name: `Class ${c}`, sections: ["A", "B"] })
        .returning({ id: schoolClasses.id });
      const first = (c - 1) * perClass + 1;
      const numbers = Array.from({ length: perClass }, (_, i) => first + i);
      const children = await db
        .insert(registerStudents)
        .values(numbers.map((n) => ({ name: `Pupil ${n}`, dateOfBirth: "2014-01-01" })))
        .returning({ id: registerStudents.id });
      await db.insert(enrolments).values(
        children.map((child, i) => ({
          session,
          classId: made?.id ?? "",
          section: i % 2 === 0 ? "A" : "B",
          roll: String(i + 1),
          registration: registrationOf(numbers[i] ?? 0),
          name: `Pupil ${numbers[i]}`,
          registerStudentId: child.id,
        })),
      );
      await db.insert(registerGuardians).values(
        children.map((child, i) => ({
          registerStudentId: child.id,
          relation: "mother" as const,
          phone: phoneOf(numbers[i] ?? 0),
        })),
      );
    }
  } finally {
    await handle.close();
  }
}

export async function runFees(options: {
  buildDir: string;
  staticPath: string;
  durationSeconds: number;
  /** BENCH_CPU_PROF: the server's CPU profile (fees.cpuprofile) goes here. */
  cpuProfileDir?: string | null;
}): Promise<FeeBenchResult> {
  const { classes, perClass, session, months, connections } = feeSettings;
  const students = classes * perClass;
  const result: FeeBenchResult = { students, generateMs: [], invoicesMade: 0 };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-fees-"));
  const remove = removeAtEnd(dataDir);
  try {
    log(`fees: seeding ${students} students in ${classes} classes`);
    await seedSchool(dataDir);
    // TRUST_PROXY: each lookup names its own client address, as guardians' phones each have one.
    const server = await startAppServer({
      buildDir: options.buildDir,
      dataDir,
      env: { TRUST_PROXY: "on" },
      nodeArgs: options.cpuProfileDir
        ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`, "--cpu-prof-name=fees.cpuprofile"]
        : [],
    });
    try {
      const cookie = await signIn(server.url, adminAccount.email, adminAccount.password);
      const send = async (method: string, pathname: string, body?: unknown) => {
        const answer = await fetch(`${server.url}/api${pathname}`, {
          method,
          headers: { "content-type": "application/json", origin: server.url, cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await answer.text();
        if (answer.status >= 300)
          throw new Error(`${method} ${pathname}: ${answer.status} ${text.slice(0, 200)}`);
        return JSON.parse(text);
      };
      for (let c = 1; c <= classes; c++) {
        const place = { session, class: `Class ${c}` };
        await send("PUT", "/fees/rates", {
          ...place,
          head: "tuition",
          amount: 1200,
          due: "monthly",
          dueDay: 10,
        });
        await send("PUT", "/fees/fines", {
          ...place,
          bands: [
            { afterDay: 10, amount: 10 },
            { afterDay: null, amount: 50 },
          ],
        });
      }
      for (const month of months) {
        const started = performance.now();
        const made = await send("POST", "/fees/invoices/generate", { session, month });
        result.generateMs.push(Math.round(performance.now() - started));
        if (month === months[0]) result.invoicesMade = Number(made.created ?? 0);
      }
      log(`fees: generated ${months.length} months in ${result.generateMs.join(", ")} ms`);

      const firstClass = await send("GET", `/fees/dues?session=${session}&class=Class%201`);
      const childId = String(firstClass.rows?.[0]?.id ?? "");
      const load = (target: Target, auth: "anonymous" | "admin") =>
        measure({
          baseUrl: server.url,
          target,
          auth,
          cookie,
          connections,
          durationSeconds: options.durationSeconds,
        });
      result.staticFigure = await load(
        { name: "static file", path: options.staticPath, kind: "static" },
        "anonymous",
      );
      result.duesList = await load(
        { name: "the whole school's dues", path: `/api/fees/dues?session=${session}`, kind: "api" },
        "admin",
      );
      result.ledger = await load(
        { name: "a student's ledger", path: `/DeashBoard/fees/students/${childId}`, kind: "page" },
        "admin",
      );
      result.lookups = await lookups(server.url, students, connections, options.durationSeconds);
      for (const figure of [result.duesList, result.ledger, result.lookups])
        figure.ratioToStatic = ratio(figure.requestsPerSecond, result.staticFigure.requestsPerSecond);
    } finally {
      await server.stop();
    }
  } catch (error) {
    result.problem = String(error instanceof Error ? error.message.split("\n")[0] : error);
  } finally {
    await remove();
  }
  return result;
}

/** The payment day: each lookup a different student and guardian, from a different address. */
async function lookups(
  baseUrl: string,
  students: number,
  connections: number,
  durationSeconds: number,
): Promise<LoadFigure> {
  let n = 0;
  const path = "/api/fees/pay/lookup";
  const run = await autocannon({
    url: `${baseUrl}${path}`,
    connections,
    duration: durationSeconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const student = (n % students) + 1;
          return {
            ...request,
            method: "POST",
            headers: {
              ...headersFor("api"),
              "content-type": "application/json",
              origin: baseUrl,
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ student: registrationOf(student), phone: phoneOf(student) }),
          };
        },
      },
    ],
  });
  return {
    target: "a dues lookup at /fees/pay",
    path,
    kind: "api",
    auth: "anonymous",
    connections,
    ...summarise(run),
    ratioToStatic: null,
  };
}
