// The request log (server/middleware/request-log.ts): one line per request with its method, the
// route it matched, its status, its time and its request id, and the account's id when signed
// in; never the path's ids or e-mail address, the query string, or any other personal detail.
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Line = Record<string, unknown> & { msg?: string; requestId?: string };

describe.each(testDatabases)("request log lines, on %s", (kind) => {
  let t: TestApp;
  let alice: Session;
  let aliceId: string;
  const written: string[] = [];
  const email = "alice.log@school.test";
  const phone = "+8801711223344";

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    t = await createTestApp(kind, {}, {}, { logger: createLogger("info", stream) });
    alice = await t.signUp(email, "alice-password", "Alice");
    const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    aliceId = row?.id ?? "";
    expect(aliceId).not.toBe("");
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The text of every line a request wrote, and its request line (parsed). */
  function linesOf(requestId: string): { text: string[]; request: Line | undefined } {
    const text = written.filter((line) => line.includes(requestId));
    const parsed = text.map((line) => JSON.parse(line) as Line);
    return { text, request: parsed.find((line) => line.msg === "request" || line.msg === "request failed") };
  }

  it("names the route, not the path or its query, and no e-mail or phone number", async () => {
    const requestId = `log-anonymous-${kind}`;
    const query = `?search=${encodeURIComponent(email)}&phone=${encodeURIComponent(phone)}`;
    const answer = await t.request(`/api/Notice/notices${query}`, { headers: { "x-request-id": requestId } });
    expect(answer.headers.get("x-request-id")).toBe(requestId);

    const { text, request } = linesOf(requestId);
    expect(request).toMatchObject({
      method: "GET",
      route: "/api/Notice/notices",
      status: answer.status,
      requestId,
    });
    expect(typeof request?.ms).toBe("number");
    expect(request).not.toHaveProperty("accountId");
    for (const line of text) {
      expect(line).not.toContain("?");
      expect(line).not.toContain("search");
      expect(line).not.toContain(email);
      expect(line).not.toContain(phone.slice(1));
    }
  });

  it("gives a signed-in request's account id, and a path's e-mail address only as its pattern", async () => {
    const requestId = `log-signed-in-${kind}`;
    const answer = await t.request(`/api/User/users/${encodeURIComponent(email)}?phone=${phone}`, {
      session: alice,
      headers: { "x-request-id": requestId },
    });
    expect(answer.status).toBe(200);

    const { text, request } = linesOf(requestId);
    expect(request).toMatchObject({
      method: "GET",
      route: "/api/User/users/:email",
      status: 200,
      requestId,
      accountId: aliceId,
    });
    for (const line of text) {
      expect(line).not.toContain(email);
      expect(line).not.toContain(encodeURIComponent(email));
      expect(line).not.toContain(phone.slice(1));
      expect(line).not.toContain("Alice");
    }
  });

  it("names a sign-in call by Better Auth's path, and a reset link's token only as its pattern", async () => {
    const signIn = `log-sign-in-${kind}`;
    const signedIn = await t.json(
      "/api/auth/sign-in/email",
      "POST",
      { email, password: "alice-password" },
      { headers: { "x-request-id": signIn } },
    );
    expect(signedIn.status).toBe(200);
    expect(linesOf(signIn).request).toMatchObject({
      method: "POST",
      route: "/api/auth/sign-in/email",
      status: 200,
    });

    const resetToken = "reset0token0that0must0stay0out0of0logs";
    const reset = `log-reset-link-${kind}`;
    await t.request(`/api/auth/reset-password/${resetToken}?callbackURL=%2Freset-password`, {
      headers: { "x-request-id": reset },
      redirect: "manual",
    });
    const { text, request } = linesOf(reset);
    expect(request).toMatchObject({ method: "GET", route: "/api/auth/reset-password/:token" });
    for (const line of text) expect(line).not.toContain(resetToken);
    for (const line of linesOf(signIn).text) expect(line).not.toContain(email);
  });

  it("names an unknown call by the API's mount, not by what the client sent", async () => {
    const requestId = `log-unknown-${kind}`;
    const answer = await t.request(`/api/no/such/${encodeURIComponent(email)}`, {
      headers: { "x-request-id": requestId },
    });
    expect(answer.status).toBe(404);
    const { text, request } = linesOf(requestId);
    expect(request).toMatchObject({ method: "GET", route: "/api/*", status: 404, requestId });
    for (const line of text) expect(line).not.toContain("alice.log");
  });
});
