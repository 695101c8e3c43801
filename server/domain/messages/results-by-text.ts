// Results by text (docs/messages.md): as the education boards answer "SSC DHA 123456 2025", a
// guardian texts the school's number "RESULT <roll> <registration>" (or "ফল ..."; digits in either
// script) and gets back the latest published exam's GPA and result in the language they asked in.
// The gateway posts each incoming text to the webhook (server/messages/inbound-webhook.ts); the
// reply goes through the queue, once per incoming text. A wrong pair is answered exactly as an
// unknown one, and each number may ask a few times in ten minutes.
import { createHash } from "node:crypto";
import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { phoneNumber } from "../../../common/schemas/account-security";
import { asciiDigits } from "../../../common/text-rules";
import { bn } from "../../../i18n/bn";
import { en } from "../../../i18n/en";
import { formatDecimal, localDigits } from "../../../i18n/format";
import { intlLocale, type Locale, translate } from "../../../i18n/translate";
import type { Database } from "../../db/client";
import { examResults, exams } from "../../db/schema";
import { DomainError } from "../errors";
import { enforceRateLimit, type RateLimitRule } from "../rate-limit";
import { enqueueTexts } from "./queue";

const dictionary = { en, bn };

/** Each number asks a few times in ten minutes: walking a class by text is as slow as by page. */
export const inboundLimit: RateLimitRule = {
  name: "sms-inbound",
  max: 5,
  windowMs: 10 * 60_000,
  problem: problem("limit.requests"),
};

export type IncomingText = {
  from: string;
  text: string;
  /** The gateway's id of the incoming text, when it sends one: a second delivery answers nothing. */
  id?: string;
};

const banglaLetters = /[\u0980-\u09FF]/;
const question = /^(?:RESULT|RESULTS|ফল|ফলাফল)\s+([0-9]{1,20})\s+([0-9]{1,20})$/i;

/** The language of the question: Bangla when it holds a Bangla letter or digit. */
export const languageOf = (text: string): Locale => (banglaLetters.test(text) ? "bn" : "en");

/** "RESULT 1234 5678901234" in any case, spacing or digits: the roll and registration, or null. */
export function parseQuestion(text: string): { roll: string; registration: string } | null {
  const flat = asciiDigits(text.normalize("NFKC")).replace(/\s+/g, " ").trim();
  const found = question.exec(flat);
  return found?.[1] && found[2] ? { roll: found[1], registration: found[2] } : null;
}

async function latestResult(db: Database, roll: string, registration: string) {
  const [row] = await db
    .select({
      exam: exams.name,
      student: examResults.marksheet,
      gpaHundredths: examResults.gpaHundredths,
      passed: examResults.passed,
    })
    .from(examResults)
    .innerJoin(exams, eq(exams.id, examResults.examId))
    .where(
      and(
        eq(examResults.roll, roll),
        eq(examResults.registration, registration),
        isNotNull(exams.publishAt),
        lte(exams.publishAt, new Date()),
      ),
    )
    .orderBy(desc(exams.publishAt))
    .limit(1);
  return row ?? null;
}

/** The reply to one incoming text, in its language. */
export async function replyTo(
  db: Database,
  text: string,
  site: string,
): Promise<{ text: string; language: Locale }> {
  const language = languageOf(text);
  const words = dictionary[language];
  const asked = parseQuestion(text);
  if (!asked) return { language, text: translate(words, "messages.result.usage", { site }) };
  const found = await latestResult(db, asked.roll, asked.registration);
  if (!found) return { language, text: translate(words, "messages.result.unknown", { site }) };
  const intl = intlLocale[language];
  return {
    language,
    text: translate(words, "messages.result.found", {
      site,
      name: found.student.student,
      roll: localDigits(asked.roll, intl),
      exam: found.exam,
      gpa: formatDecimal(found.gpaHundredths / 100, intl, 2),
      result: translate(words, found.passed ? "messages.result.pass" : "messages.result.fail"),
    }),
  };
}

/**
 * An incoming text from the gateway: counted against its number, answered through the queue
 * once (by the gateway's id, or the number and text within ten minutes).
 */
export async function answerIncomingText(
  db: Database,
  incoming: IncomingText,
  site: string,
  now = Date.now(),
): Promise<void> {
  const from = phoneNumber.safeParse(incoming.from);
  if (!from.success) {
    throw new DomainError("invalid", problem("phone.format"), { from: problem("phone.format") });
  }
  await enforceRateLimit(db, inboundLimit, [from.data]);
  const reply = await replyTo(db, incoming.text, site);
  const digest = createHash("sha256")
    .update(
      incoming.id ? `id:${incoming.id}` : `${from.data}\n${incoming.text}\n${Math.floor(now / 600_000)}`,
    )
    .digest("hex")
    .slice(0, 32);
  await enqueueTexts(db, "results by text", [
    { to: from.data, text: reply.text, language: reply.language, dedupeKey: `inbound:${digest}` },
  ]);
}
