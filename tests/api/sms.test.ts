// Text messages through an HTTP gateway (SMS_URL and SMS_TOKEN): a small server on 127.0.0.1
// stands in for the gateway. A phone code goes out as a POST of JSON {to, text} with the bearer
// token, nothing is written to the outbox, and the code received verifies the number. When the
// gateway fails or cannot be reached, asking for a code says so (502) instead of "code sent".
import { existsSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

const token = "gateway-token-0123456789";

describe.each(testDatabases)("the SMS gateway on %s", (kind) => {
  let gateway: Server;
  let gatewayUrl: string;
  const received: Received[] = [];
  /** What the gateway answers next. */
  let answerStatus = 200;
  let t: TestApp;
  let counter = 0;
  const fresh = () => {
    counter += 1;
    return { ip: `203.0.113.${counter}`, number: `+88018000${String(counter).padStart(5, "0")}` };
  };
  const newUser = () => t.signUp(`sms-${++counter}@school.test`);

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        response.writeHead(answerStatus, { "content-type": "application/json" });
        response.end(JSON.stringify(answerStatus < 300 ? { queued: true } : { error: "down" }));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    t = await createTestApp(kind, { TRUST_PROXY: "on", SMS_URL: gatewayUrl, SMS_TOKEN: token });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
    answerStatus = 200;
  });

  const post = (pathname: string, body: unknown, session: Session, ip: string) =>
    t.json(`/api/auth${pathname}`, "POST", body, { session, headers: { "x-forwarded-for": ip } });
  const send = (session: Session, phoneNumber: string, ip: string) =>
    post("/phone-number/send-otp", { phoneNumber }, session, ip);
  const outboxDir = () => path.join(t.config.dataDir, "outbox", "sms");

  it("POSTs the code as JSON {to, text} with the bearer token, and the code verifies the number", async () => {
    expect(t.config.sms).toEqual({ url: gatewayUrl, token });
    expect(t.services.sms.outboxDir).toBeUndefined();
    const session = await newUser();
    const { ip, number } = fresh();

    const sent = await send(session, number, ip);
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    const [message] = received as [Received];
    expect(message.method).toBe("POST");
    expect(message.url).toBe("/send");
    expect(message.headers.authorization).toBe(`Bearer ${token}`);
    expect(message.headers["content-type"]).toMatch(/^application\/json\b/);
    const body = JSON.parse(message.body) as { to: string; text: string; encoding: string; segments: number };
    expect(Object.keys(body).sort()).toEqual(["encoding", "segments", "text", "to"]);
    expect(body.to).toBe(number);
    // English fits GSM-7 and one message.
    expect(body).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(body.text).toMatch(/^Maktab: your code is \d{6}\./);
    const code = body.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // With a gateway nothing goes to the outbox.
    expect(existsSync(outboxDir())).toBe(false);

    const verified = await post("/phone-number/verify", { phoneNumber: number, code }, session, ip);
    expect(verified.status).toBe(200);
    const current = await (await t.request("/api/auth/get-session", { session })).json();
    expect(current.user).toMatchObject({ phoneNumber: number, phoneNumberVerified: true });
  });

  it("sends a Bangla reader's code in Bangla, as UCS-2, with its segment count", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    // The reader's language: the site's language cookie, else Accept-Language (as for pages).
    const sent = await t.json(
      "/api/auth/phone-number/send-otp",
      "POST",
      { phoneNumber: number },
      { session, headers: { "x-forwarded-for": ip, "accept-language": "bn-BD,bn;q=0.9" } },
    );
    expect(sent.status).toBe(200);
    const body = JSON.parse((received[0] as Received).body) as {
      text: string;
      encoding: string;
      segments: number;
    };
    expect(body.text).toMatch(/^Maktab: আপনার কোড \d{6}।/);
    expect(body).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(body.text.length).toBeLessThanOrEqual(70);
  });

  it("answers 502 with a clear message when the gateway answers 500, never 'code sent'", async () => {
    answerStatus = 500;
    const session = await newUser();
    const { ip, number } = fresh();
    const refused = await send(session, number, ip);
    expect(received).toHaveLength(1);
    expect(refused.status).toBe(502);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json\b/);
    const error = await refused.json();
    expect(error).toMatchObject({
      code: "SMS_NOT_SENT",
      message: "The text message could not be sent. Please try again in a moment.",
    });
    expect(JSON.stringify(error)).not.toMatch(/code sent/i);
    expect(existsSync(outboxDir())).toBe(false);

    // The gateway works again: a new code goes out and verifies the number.
    answerStatus = 200;
    expect((await send(session, number, ip)).status).toBe(200);
    const code = (JSON.parse((received.at(-1) as Received).body) as { text: string }).text.match(
      /\b(\d{6})\b/,
    )?.[1];
    expect((await post("/phone-number/verify", { phoneNumber: number, code }, session, ip)).status).toBe(200);
  });

  it("answers 502 when the gateway cannot be reached", async () => {
    // A port nothing listens on: a server bound and closed again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createTestApp(kind, {
      SMS_URL: `http://127.0.0.1:${port}/send`,
      SMS_TOKEN: token,
    });
    try {
      const session = await unreachable.signUp("sms-unreachable@school.test");
      const refused = await unreachable.json(
        "/api/auth/phone-number/send-otp",
        "POST",
        { phoneNumber: fresh().number },
        { session },
      );
      expect(refused.status).toBe(502);
      expect(await refused.json()).toMatchObject({ code: "SMS_NOT_SENT" });
    } finally {
      await unreachable.close();
    }
  });
});
