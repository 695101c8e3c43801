// The SMS sender's own error: a gateway that refuses a message or cannot be reached fails the send
// with SmsNotSentError, which knows nothing of HTTP answers (server/auth/auth.ts makes the 502).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createSmsSender, SmsNotSentError } from "../../server/sms/sender";

const logger = pino({ level: "silent" });
const message = { to: "+8801800000001", text: "Maktab: your code is 123456." };

async function listen(status: number) {
  const server = createServer((_request, response) => {
    response.writeHead(status);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
const urlOf = (server: ReturnType<typeof createServer>) =>
  `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
const senderFor = (url: string) =>
  createSmsSender({ dataDir: "/nonexistent", sms: { url, token: "t" } }, logger);

describe("the SMS gateway sender", () => {
  it("throws SmsNotSentError when the gateway answers other than 2xx", async () => {
    const gateway = await listen(500);
    try {
      const failure = await senderFor(urlOf(gateway))
        .send(message)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SmsNotSentError);
      expect((failure as Error).message).toBe("The SMS gateway answered 500");
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it("throws SmsNotSentError when the gateway cannot be reached", async () => {
    const closed = await listen(200);
    const url = urlOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    await expect(senderFor(url).send(message)).rejects.toBeInstanceOf(SmsNotSentError);
  });
});
