// The message queue's other gateways (server/sms/gateways.ts): the generic JSON gateway (SMS_URL)
// on a loopback server, whose answer's id is kept and whose 429 and 5xx are tried again while
// another 4xx fails the text; and the outbox, one file per text, counted as delivered.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageRecipients } from "../../server/db/schema";
import { enqueueTexts } from "../../server/domain/messages/queue";
import { queueDeps } from "../../server/messages/queue-job";
import { runMessageQueue } from "../../server/messages/send-queue";
import { createSmsGateway } from "../../server/sms/gateways";
import { createTestApp, type TestApp, testDatabases } from "../fixtures/test-app";

const logger = pino({ level: "silent" });

describe("the generic JSON gateway for the message queue", () => {
  let server: Server;
  let url = "";
  const answers: { status: number; body: unknown }[] = [];
  const received: { authorization?: string; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received.push({
        authorization: request.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      const answer = answers.shift() ?? { status: 200, body: { id: "gw-1" } };
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  describe.each(testDatabases)("with its delivery reports on %s", (kind) => {
    let t: TestApp;
    const secret = "report-secret-0123456789abcdef";
    beforeAll(async () => {
      t = await createTestApp(kind, { SMS_URL: url, SMS_TOKEN: "secret-token", SMS_INBOUND_SECRET: secret });
    });
    afterAll(() => t?.close());
    const report = (body: unknown, given = secret) =>
      t.app.request("http://localhost:3000/api/sms/delivery-reports", {
        method: "POST",
        headers: { "content-type": "application/json", "x-sms-secret": given },
        body: JSON.stringify(body),
      });
    const stateOf = async (key: string) =>
      (await t.services.db.select().from(messageRecipients).where(eq(messageRecipients.dedupeKey, key)))[0];

    it("marks a sent text delivered or failed from the gateway's report, with the secret only", async () => {
      answers.push({ status: 200, body: { id: 501 } }, { status: 200, body: { id: "gw-502" } });
      await enqueueTexts(t.services.db, "a notice", [
        { to: "+8801712345001", text: "One", language: "en", dedupeKey: "json:1" },
        { to: "+8801712345002", text: "Two", language: "en", dedupeKey: "json:2" },
      ]);
      expect((await runMessageQueue(queueDeps(t.services))).sent).toBe(2);
      expect(await stateOf("json:1")).toMatchObject({ state: "sent", gatewayId: "501" });
      expect((await report({ id: 501, status: "delivered" }, "wrong")).status).toBe(401);
      expect((await stateOf("json:1"))?.state).toBe("sent");
      expect((await report({ id: 501, status: "delivered" })).status).toBe(200);
      expect((await report({ id: "gw-502", status: "failed", reason: "Absent subscriber" })).status).toBe(
        200,
      );
      expect(await stateOf("json:1")).toMatchObject({ state: "delivered", reason: null });
      expect(await stateOf("json:2")).toMatchObject({ state: "failed", reason: "Absent subscriber" });
      // A report for no text, or an odd one, changes nothing and is no 500.
      expect((await report({ id: "nobody", status: "delivered" })).status).toBe(200);
      expect((await report({ id: 501, status: "eaten" })).status).toBe(400);
      expect((await report({ status: "delivered" })).status).toBe(400);
    });
  });

  const gateway = () =>
    createSmsGateway({ dataDir: "/nonexistent", sms: { url, token: "secret-token" } }, logger);

  it("posts the text with its encoding and parts, and keeps the gateway's id", async () => {
    expect(await gateway().send({ to: "+8801712345678", text: "আজ ছুটি" })).toEqual({
      kind: "sent",
      gatewayId: "gw-1",
    });
    expect(received.at(-1)).toEqual({
      authorization: "Bearer secret-token",
      body: { to: "+8801712345678", text: "আজ ছুটি", encoding: "UCS-2", segments: 1 },
    });
  });

  it("tries a 429 or a 5xx again, fails another 4xx, and tells no balance", async () => {
    answers.push({ status: 429, body: {} }, { status: 503, body: {} }, { status: 400, body: {} });
    expect((await gateway().send({ to: "+8801712345678", text: "x" })).kind).toBe("temporary");
    expect((await gateway().send({ to: "+8801712345678", text: "x" })).kind).toBe("temporary");
    expect(await gateway().send({ to: "+8801712345678", text: "x" })).toEqual({
      kind: "permanent",
      reason: "the gateway answered 400",
    });
    expect(await gateway().balance()).toBeNull();
  });
});

describe("the outbox for the message queue", () => {
  it("writes each text to DATA_DIR/outbox/sms and counts it delivered", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-outbox-"));
    try {
      const gateway = createSmsGateway({ dataDir }, logger);
      expect(gateway.name).toBe("outbox");
      const sent = await gateway.send({ to: "+8801712345678", text: "Closed tomorrow" });
      expect(sent.kind).toBe("sent");
      const files = readdirSync(path.join(dataDir, "outbox", "sms"));
      expect(files).toHaveLength(1);
      expect(
        JSON.parse(readFileSync(path.join(dataDir, "outbox", "sms", files[0] ?? ""), "utf8")),
      ).toMatchObject({
        to: "+8801712345678",
        text: "Closed tomorrow",
        encoding: "GSM-7",
        segments: 1,
      });
      expect(await gateway.report("any")).toEqual({ state: "delivered", reason: null });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
