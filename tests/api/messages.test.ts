// Messages to guardians (docs/messages.md): the queue in the database sends each recipient once
// through the gateway (a fake sms.net.bd on loopback), a server stopped between claiming a text and
// sending it leaves it "unknown" and never sends it again, a dedupe key queues once, a temporary
// failure is tried again after a growing wait, and a message's length is counted in parts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsLengthOf } from "../../common/sms-segments";
import { messageRecipients } from "../../server/db/schema";
import { backoffMs, claimDue, enqueueTexts } from "../../server/domain/messages/queue";
import { queueDeps } from "../../server/messages/queue-job";
import { runMessageQueue } from "../../server/messages/send-queue";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const banglaNotice150 =
  "প্রিয় অভিভাবক, আগামী রবিবার বার্ষিক ক্রীড়া প্রতিযোগিতার কারণে বিদ্যালয়ের সব ক্লাস বন্ধ থাকবে। শিক্ষার্থীরা সকাল আটটায় মাঠে উপস্থিত হবে। ধন্যবাদ, প্রধান শিক্ষক";

describe("message length", () => {
  it("counts a 150-character Bangla text as 3 parts and 160 English letters as one", () => {
    const text = banglaNotice150.slice(0, 150);
    expect(text.length).toBe(150);
    expect(smsLengthOf(text)).toEqual({ encoding: "UCS-2", segments: 3, characters: 150 });
    expect(smsLengthOf("a".repeat(160)).segments).toBe(1);
    expect(smsLengthOf("a".repeat(161)).segments).toBe(2);
    expect(smsLengthOf("ক".repeat(70)).segments).toBe(1);
    expect(smsLengthOf("ক".repeat(71)).segments).toBe(2);
  });
});

describe.each(testDatabases)("the message queue on %s", (kind) => {
  let t: TestApp;
  let fake: FakeSmsNetBd;
  let n = 0;
  const phone = () => `+88017${String(10_000_000 + ++n).slice(-8)}`;
  const run = () => runMessageQueue(queueDeps(t.services));
  const rowsFor = (key: string) =>
    t.services.db.select().from(messageRecipients).where(eq(messageRecipients.dedupeKey, key));

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    t = await createTestApp(kind, {
      SMS_NET_BD_API_KEY: fake.apiKey,
      SMS_NET_BD_API_URL: fake.url,
      SMS_RATE_PER_SECOND: "1000",
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await run();
    fake.sent.length = 0;
  });

  it("sends each recipient once, however often the sender runs", async () => {
    const texts = Array.from({ length: 12 }, (_, i) => ({
      to: phone(),
      text: `Notice ${i}`,
      language: "en" as const,
      dedupeKey: `test:once:${i}`,
    }));
    expect(await enqueueTexts(t.services.db, "a notice", texts)).toEqual({ queued: 12 });
    const first = await run();
    expect(first.sent).toBe(12);
    await run();
    await run();
    expect(fake.sent.map((sms) => `+${sms.to}`).sort()).toEqual(texts.map((x) => x.to).sort());
    const [row] = await rowsFor("test:once:0");
    expect(row).toMatchObject({ state: "sent", attempts: 1, gatewayId: expect.any(String) });
  });

  it("queues a dedupe key once", async () => {
    const text = {
      to: phone(),
      text: "Absent today",
      language: "en" as const,
      dedupeKey: "absence:child:2026-11-29",
    };
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 1 });
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 0 });
    await run();
    expect(await enqueueTexts(t.services.db, "absence texts", [text])).toEqual({ queued: 0 });
    await run();
    expect(fake.sent.filter((sms) => sms.msg === "Absent today")).toHaveLength(1);
    expect(await rowsFor(text.dedupeKey)).toHaveLength(1);
  });

  it("leaves a text claimed before a crash unknown, and never sends it", async () => {
    const to = phone();
    await enqueueTexts(t.services.db, "a notice", [
      { to, text: "Cut off", language: "en", dedupeKey: "test:crash" },
    ]);
    // A sender claims the row (committed as "sending") and the server stops before the gateway is called.
    const claimed = await claimDue(t.services.db, 10);
    expect(claimed.map((row) => row.dedupeKey)).toContain("test:crash");
    const after = await run();
    expect(after.interrupted).toBe(1);
    await run();
    expect(fake.sent.filter((sms) => sms.to === to.slice(1))).toEqual([]);
    const [row] = await rowsFor("test:crash");
    expect(row?.state).toBe("unknown");
  });

  it("tries a temporary failure again after a growing wait, and fails a permanent one at once", async () => {
    fake.failNext(417);
    const to = phone();
    await enqueueTexts(t.services.db, "a notice", [
      { to, text: "Try again", language: "en", dedupeKey: "test:retry" },
    ]);
    const before = Date.now();
    const first = await run();
    expect(first.retried).toBe(1);
    let [row] = await rowsFor("test:retry");
    expect(row).toMatchObject({ state: "queued", attempts: 1, reason: "417: Insufficient balance" });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + backoffMs(1) - 1000);
    // Not yet due: nothing is sent.
    await run();
    expect(fake.sent).toEqual([]);
    // Due now.
    await t.services.db
      .update(messageRecipients)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(messageRecipients.dedupeKey, "test:retry"));
    await run();
    [row] = await rowsFor("test:retry");
    expect(row).toMatchObject({ state: "sent", attempts: 2 });
    expect(fake.sent.map((sms) => sms.to)).toEqual([to.slice(1)]);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    await enqueueTexts(t.services.db, "a notice", [
      { to: "+8801212345678", text: "Wrong number", language: "en", dedupeKey: "test:permanent" },
    ]);
    await run();
    [row] = await rowsFor("test:permanent");
    expect(row).toMatchObject({ state: "failed", attempts: 1, reason: "416: No valid number found" });
  });

  it("updates a sent text from the gateway's delivery report", async () => {
    await enqueueTexts(t.services.db, "a notice", [
      { to: phone(), text: "Report me", language: "en", dedupeKey: "test:report" },
    ]);
    await run();
    let [row] = await rowsFor("test:report");
    fake.setStatus(row?.gatewayId ?? "", "Delivered");
    // Reports are asked for a minute after the last look.
    await t.services.db
      .update(messageRecipients)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(messageRecipients.dedupeKey, "test:report"));
    const report = await run();
    expect(report.reported).toBeGreaterThanOrEqual(1);
    [row] = await rowsFor("test:report");
    expect(row?.state).toBe("delivered");
  });

  it("sends no faster than the configured texts a second", async () => {
    const slow = { ...queueDeps(t.services), perSecond: 20 };
    await enqueueTexts(
      t.services.db,
      "a notice",
      Array.from({ length: 10 }, (_, i) => ({
        to: phone(),
        text: `Rate ${i}`,
        language: "en" as const,
        dedupeKey: `test:rate:${i}`,
      })),
    );
    const started = performance.now();
    const report = await runMessageQueue(slow);
    expect(report.sent).toBe(10);
    // Ten texts at 20 a second: nine gaps of 50 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(430);
  });
});
