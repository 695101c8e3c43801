// The message queue at a school's size (issue 37): an admin sends one text to every guardian of
// 10,000 children (the dashboard's "everyone"), and the queue sends them to a fake sms.net.bd on
// loopback at the gateway's rate limit, inside the server, while visitors keep asking for pages.
// Measured: the texts a second against the limit, duplicates (none allowed), and a signed-in
// page's p99 before the message and while the queue sends it.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { enrolments, registerGuardians, registerStudents, schoolClasses } from "../server/db/schema";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../tests/fixtures/fake-sms-net-bd";
import { removeAtEnd } from "./cleanup";
import { type LoadFigure, measure, type Target } from "./load";
import { adminAccount, signIn, startAppServer } from "./server";

export const messageQueueSettings = {
  children: 10_000,
  /** SMS_RATE_PER_SECOND: the gateway's limit the queue keeps to. */
  ratePerSecond: 200,
  connections: 50,
  /** The page measured while the queue sends (the reader's own page: a render each time). */
  page: { name: "profile", path: "/profile-route", kind: "page" } satisfies Target,
};

export type MessageQueueResult = {
  texts: number;
  ratePerSecond: number;
  /** From the first text the gateway took to the last. */
  seconds: number | null;
  textsPerSecond: number | null;
  /** Numbers that got the text more than once. */
  duplicates: number;
  quiet?: LoadFigure;
  whileSending?: LoadFigure;
  problem?: string;
};

const log = (message: string) => console.error(`bench: ${message}`);
const batchSize = 1000;

async function seedGuardians(dataDir: string, children: number): Promise<void> {
  const handle = openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    await handle.migrate();
    const db = handle.db;
    const [six] = await db
      .insert(schoolClasses)
      .values({ name: "Class Six" })
      .onConflictDoUpdate({ target: schoolClasses.name, set: { name: "Class Six" } })
      .returning({ id: schoolClasses.id });
    for (let start = 0; start < children; start += batchSize) {
      const count = Math.min(batchSize, children - start);
      const made = await db
        .insert(registerStudents)
        .values(Array.from({ length: count }, (_, i) => ({ name: `Child ${start + i + 1}` })))
        .returning({ id: registerStudents.id });
      await db.insert(enrolments).values(
        made.map((child, i) => ({
          session: "2026",
          classId: six?.id ?? "",
          roll: String(start + i + 1),
          registration: String(1_000_000 + start + i),
          name: `Child ${start + i + 1}`,
          registerStudentId: child.id,
        })),
      );
      await db.insert(registerGuardians).values(
        made.map((child, i) => ({
          registerStudentId: child.id,
          relation: "mother" as const,
          phone: `+8801${String(710_000_000 + start + i)}`,
        })),
      );
    }
  } finally {
    await handle.close();
  }
}

export async function runMessageQueue(options: {
  buildDir: string;
  durationSeconds: number;
}): Promise<MessageQueueResult> {
  const { children, ratePerSecond, connections, page } = messageQueueSettings;
  const result: MessageQueueResult = {
    texts: children,
    ratePerSecond,
    seconds: null,
    textsPerSecond: null,
    duplicates: 0,
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-bench-queue-"));
  const remove = removeAtEnd(dataDir);
  let fake: FakeSmsNetBd | undefined;
  try {
    await seedGuardians(dataDir, children);
    fake = await startFakeSmsNetBd();
    fake.balance = 1_000_000;
    const taken = fake;
    const server = await startAppServer({
      buildDir: options.buildDir,
      dataDir,
      env: {
        SMS_NET_BD_API_KEY: taken.apiKey,
        SMS_NET_BD_API_URL: taken.url,
        SMS_RATE_PER_SECOND: String(ratePerSecond),
      },
    });
    try {
      const cookie = await signIn(server.url, adminAccount.email, adminAccount.password);
      const load = () =>
        measure({
          baseUrl: server.url,
          target: page,
          auth: "signed-in",
          cookie,
          connections,
          durationSeconds: options.durationSeconds,
        });
      result.quiet = await load();
      const sent = await fetch(`${server.url}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, cookie },
        body: JSON.stringify({
          audience: { kind: "everyone" },
          channel: "sms",
          text: "The school is closed tomorrow for the election.",
        }),
      });
      if (sent.status !== 201)
        throw new Error(`the message was refused: ${sent.status} ${await sent.text()}`);
      log(`message queue: ${children.toLocaleString("en-US")} texts queued at ${ratePerSecond} a second`);
      // The page while the queue sends (it starts within the queue's 5 s tick).
      while (taken.sent.length === 0) await new Promise((done) => setTimeout(done, 50));
      const firstAt = Date.now();
      result.whileSending = await load();
      const deadline = Date.now() + (children / ratePerSecond) * 3_000 + 60_000;
      let last = taken.sent.length;
      let lastAt = Date.now();
      while (taken.sent.length < children && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 100));
        if (taken.sent.length !== last) {
          last = taken.sent.length;
          lastAt = Date.now();
        }
      }
      const unique = new Set(taken.sent.map((sms) => sms.to));
      result.duplicates = taken.sent.length - unique.size;
      if (taken.sent.length < children)
        result.problem = `only ${taken.sent.length} of ${children} texts were sent`;
      const seconds = (lastAt - firstAt) / 1000;
      result.seconds = Math.round(seconds * 10) / 10;
      result.textsPerSecond = seconds > 0 ? Math.round((taken.sent.length / seconds) * 10) / 10 : null;
    } finally {
      await server.stop();
    }
  } catch (error) {
    result.problem = String(error instanceof Error ? error.message.split("\n")[0] : error);
  } finally {
    await fake?.close();
    await remove();
  }
  return result;
}
