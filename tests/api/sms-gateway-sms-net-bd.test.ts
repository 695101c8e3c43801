// The sms.net.bd client (server/sms/sms-net-bd.ts) against a fake sms.net.bd on loopback written
// from the same public documentation: a text sent with the documented fields, the gateway's id
// kept, its errors read as temporary or permanent, the balance, and delivery reports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmsGateway } from "../../server/sms/gateway";
import { createSmsNetBdGateway } from "../../server/sms/sms-net-bd";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";

describe("the sms.net.bd gateway", () => {
  let fake: FakeSmsNetBd;
  let gateway: SmsGateway;

  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    gateway = createSmsNetBdGateway({ apiKey: fake.apiKey, senderId: "Maktab", apiUrl: fake.url });
  });
  afterAll(() => fake?.close());

  it("sends a Bangla text to the number without its plus, with the sender id, and keeps the request id", async () => {
    const outcome = await gateway.send({ to: "+8801712345678", text: "আগামীকাল বিদ্যালয় বন্ধ থাকবে।" });
    expect(outcome).toEqual({ kind: "sent", gatewayId: expect.stringMatching(/^[0-9]+$/) });
    expect(fake.sent.at(-1)).toMatchObject({
      to: "8801712345678",
      msg: "আগামীকাল বিদ্যালয় বন্ধ থাকবে।",
      senderId: "Maktab",
    });
  });

  it("reads an insufficient balance and an unknown error as temporary, a wrong number as permanent", async () => {
    fake.failNext(417);
    expect(await gateway.send({ to: "+8801712345678", text: "Hello" })).toEqual({
      kind: "temporary",
      reason: "417: Insufficient balance",
    });
    fake.failNext(409);
    expect((await gateway.send({ to: "+8801712345678", text: "Hello" })).kind).toBe("temporary");
    expect(await gateway.send({ to: "+8801212345678", text: "Hello" })).toEqual({
      kind: "permanent",
      reason: "416: No valid number found",
    });
  });

  it("reads a wrong key as permanent", async () => {
    const wrong = createSmsNetBdGateway({ apiKey: "not-the-key", apiUrl: fake.url });
    expect((await wrong.send({ to: "+8801712345678", text: "Hello" })).kind).toBe("permanent");
    expect(await wrong.balance()).toBeNull();
  });

  it("tells the balance as the gateway writes it", async () => {
    fake.balance = 4838.86;
    expect(await gateway.balance()).toBe("4838.8600");
  });

  it("reads delivery reports: sent until the gateway knows, then delivered or failed", async () => {
    const outcome = await gateway.send({ to: "+8801812345678", text: "Results are out" });
    if (outcome.kind !== "sent" || !outcome.gatewayId) throw new Error("not sent");
    expect(await gateway.report(outcome.gatewayId)).toEqual({ state: "sent", reason: null });
    fake.setStatus(outcome.gatewayId, "Delivered");
    expect(await gateway.report(outcome.gatewayId)).toEqual({ state: "delivered", reason: null });
    fake.setStatus(outcome.gatewayId, "Failed");
    expect(await gateway.report(outcome.gatewayId)).toEqual({ state: "failed", reason: "Failed" });
    expect(await gateway.report("999999")).toBeNull();
  });

  it("is temporary when the gateway cannot be reached (nothing left: safe to send again)", async () => {
    const other = await startFakeSmsNetBd();
    await other.close();
    const closed = createSmsNetBdGateway({ apiKey: fake.apiKey, apiUrl: other.url });
    expect(await closed.send({ to: "+8801712345678", text: "Hello" })).toEqual({
      kind: "temporary",
      reason: "unreachable (ECONNREFUSED)",
    });
  });
});
