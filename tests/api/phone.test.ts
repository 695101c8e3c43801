// Phone verification through Better Auth's phone number plugin, as a client sees it, on every
// test database: the code comes from the SMS outbox; wrong, expired and overused codes are
// refused; sending is limited per number, per account and per address; a number belongs to
// one account; only a signed-in user asks for or checks a code.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "../../server/db/schema";
import { codeSentTo } from "../fixtures/outbox";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("phone verification on %s", (kind) => {
  let t: TestApp;
  let counter = 0;
  /** A client address and a number no other test has used. */
  const fresh = () => {
    counter += 1;
    return { ip: `198.51.100.${counter}`, number: `+88017000${String(counter).padStart(5, "0")}` };
  };
  const newUser = () => t.signUp(`phone-${++counter}@school.test`);

  beforeAll(async () => {
    t = await createTestApp(kind, { TRUST_PROXY: "on" });
  });
  afterAll(() => t?.close());

  const post = (pathname: string, body: unknown, session: Session | undefined, ip: string) =>
    t.json(`/api/auth${pathname}`, "POST", body, { session, headers: { "x-forwarded-for": ip } });
  const send = (session: Session | undefined, phoneNumber: string, ip: string) =>
    post("/phone-number/send-otp", { phoneNumber }, session, ip);
  const verify = (session: Session | undefined, phoneNumber: string, code: string, ip: string) =>
    post("/phone-number/verify", { phoneNumber, code }, session, ip);

  const codeSent = (phoneNumber: string) => codeSentTo(t.config.dataDir, phoneNumber);
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  const ownRow = async (session: Session) => {
    const [row] = await t.services.db
      .select({ phoneNumber: users.phoneNumber, verified: users.phoneNumberVerified })
      .from(users)
      .where(eq(users.email, session.email));
    return row;
  };

  it("verifies the number with the 6-digit code from the outbox and stores it on the account", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    // Typed the way people write numbers; stored in international form.
    const typed = `${number.slice(0, 4)} ${number.slice(4, 8)}-${number.slice(8)}`;
    const sent = await send(session, typed, ip);
    expect(sent.status).toBe(200);
    const code = await codeSent(number);
    expect(code).toMatch(/^\d{6}$/);
    // Kept only as a keyed hash, beside the number it went to (server/domain/short-codes.ts).
    const kept = await t.services.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(like(verifications.value, `%${number}%`));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.value).not.toContain(`"${code}"`);

    const verified = await verify(session, number, code, ip);
    expect(verified.status).toBe(200);
    expect(await ownRow(session)).toEqual({ phoneNumber: number, verified: true });
    const current = await (await t.request("/api/auth/get-session", { session })).json();
    expect(current.user).toMatchObject({ phoneNumber: number, phoneNumberVerified: true });
  });

  it("refuses a wrong code, and the right one still works within its tries", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    await send(session, number, ip);
    const code = await codeSent(number);
    const wrong = await verify(session, number, otherCode(code), ip);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_OTP");
    expect((await ownRow(session))?.verified).toBe(false);
    expect((await verify(session, number, code, ip)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    await send(session, number, ip);
    const code = await codeSent(number);
    // Five minutes have passed.
    await t.services.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.value, `%${number}%`));
    const answer = await verify(session, number, code, ip);
    expect(answer.status).toBe(400);
    expect((await answer.json()).code).toBe("OTP_EXPIRED");
    expect(await ownRow(session)).toEqual({ phoneNumber: null, verified: false });
  });

  it("voids the code after three wrong tries, even for the right code", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    await send(session, number, ip);
    const code = await codeSent(number);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await verify(session, number, otherCode(code), ip)).status).toBe(400);
    }
    const locked = await verify(session, number, code, ip);
    expect(locked.status).toBe(403);
    expect((await locked.json()).code).toBe("TOO_MANY_ATTEMPTS");
    // The void code is gone: trying again finds nothing until a new one is sent.
    expect((await (await verify(session, number, code, ip)).json()).code).toBe("OTP_NOT_FOUND");
    expect((await ownRow(session))?.verified).toBe(false);
  });

  it("lets a code verify only the account that asked for it; another's guesses do not void it", async () => {
    const asker = await newUser();
    const other = await newUser();
    const { ip, number } = fresh();
    await send(asker, number, ip);
    const code = await codeSent(number);
    // Another account tries the asker's number: with wrong codes, then with the right one.
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await verify(other, number, otherCode(code), fresh().ip);
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).code).toBe("OTP_NOT_FOUND");
    }
    const stolen = await verify(other, number, code, fresh().ip);
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).code).toBe("OTP_NOT_FOUND");
    expect(await ownRow(other)).toEqual({ phoneNumber: null, verified: false });
    // Nor does another account's own code for the number replace it.
    expect((await send(other, number, fresh().ip)).status).toBe(200);
    // The asker's code is whole: its tries are the asker's own.
    expect((await verify(asker, number, otherCode(code), ip)).status).toBe(400);
    expect((await verify(asker, number, otherCode(code), ip)).status).toBe(400);
    expect((await verify(asker, number, code, ip)).status).toBe(200);
    expect(await ownRow(asker)).toEqual({ phoneNumber: number, verified: true });
  });

  it("counts wrong tries per asking account: each account's code has its own three", async () => {
    const first = await newUser();
    const second = await newUser();
    const { ip, number } = fresh();
    await send(first, number, ip);
    const firstCode = await codeSent(number);
    await send(second, number, fresh().ip);
    const secondCode = await codeSent(number);
    // The second account spends all its tries; the first account's code still has all of its own.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await verify(second, number, otherCode(secondCode), ip)).status).toBe(400);
    }
    expect((await (await verify(second, number, secondCode, ip)).json()).code).toBe("TOO_MANY_ATTEMPTS");
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await verify(first, number, otherCode(firstCode), ip)).status).toBe(400);
    }
    expect((await verify(first, number, firstCode, ip)).status).toBe(200);
  });

  it("answers a verification without the session token, but to a bearer client, which holds it", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    await send(session, number, ip);
    const withCookie = await verify(session, number, await codeSent(number), ip);
    expect(withCookie.status).toBe(200);
    const body = await withCookie.json();
    // The cookie is HttpOnly so that page scripts cannot read the token: the body must not hand it out.
    expect(body).toMatchObject({ status: true, token: null, user: { phoneNumber: number } });
    expect(JSON.stringify(body)).not.toContain(session.token);

    const client = await newUser();
    const other = fresh();
    const headers = { "x-forwarded-for": other.ip };
    const asked = await t.json(
      "/api/auth/phone-number/send-otp",
      "POST",
      { phoneNumber: other.number },
      { bearer: client, headers },
    );
    expect(asked.status, await asked.clone().text()).toBe(200);
    const code = await codeSent(other.number);
    const verified = await t.json(
      "/api/auth/phone-number/verify",
      "POST",
      { phoneNumber: other.number, code },
      { bearer: client, headers },
    );
    expect(verified.status).toBe(200);
    // Its own session's token (set-auth-token is the same token with its signature).
    expect((await verified.json()).token).toBe(client.token.split(".")[0]);
  });

  it("limits codes per number: the fourth within 15 minutes is refused with Retry-After", async () => {
    const session = await newUser();
    const { ip, number } = fresh();
    for (let n = 0; n < 3; n++) expect((await send(session, number, ip)).status).toBe(200);
    const refused = await send(session, number, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe("RATE_LIMITED");
  });

  it("limits codes per account (5 an hour) and per address (10 an hour)", async () => {
    const { ip } = fresh();
    const first = await newUser();
    for (let n = 0; n < 5; n++) expect((await send(first, fresh().number, ip)).status).toBe(200);
    expect((await send(first, fresh().number, ip)).status).toBe(429);

    const second = await newUser();
    // The address has counted 6 so far: 4 more pass, the 11th is refused.
    for (let n = 0; n < 4; n++) expect((await send(second, fresh().number, ip)).status).toBe(200);
    expect((await send(second, fresh().number, ip)).status).toBe(429);
    // Another address is not held back by this one.
    expect((await send(await newUser(), fresh().number, fresh().ip)).status).toBe(200);
  });

  it("refuses a number verified by another account, after its code proves the phone", async () => {
    const owner = await newUser();
    const { ip, number } = fresh();
    await send(owner, number, ip);
    expect((await verify(owner, number, await codeSent(number), ip)).status).toBe(200);

    const other = await newUser();
    const otherIp = fresh().ip;
    expect((await send(other, number, otherIp)).status).toBe(200);
    const refused = await verify(other, number, await codeSent(number), otherIp);
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("PHONE_NUMBER_EXIST");
    expect(await ownRow(other)).toEqual({ phoneNumber: null, verified: false });
    expect(await ownRow(owner)).toEqual({ phoneNumber: number, verified: true });

    // The owner asking again for their own verified number gets an answer, not a text message.
    const again = await send(owner, number, ip);
    expect(again.status).toBe(409);
  });

  it("gives one account the number when two verify it at the same moment, and the other a clear refusal", async () => {
    for (let round = 0; round < 5; round++) {
      const first = await newUser();
      const second = await newUser();
      const { ip, number } = fresh();
      await send(first, number, ip);
      const code = await codeSent(number);
      const answers = await Promise.all([verify(first, number, code, ip), verify(second, number, code, ip)]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.status === 400) as Response;
      // Which check refuses the second depends on timing (the code used up, or the number taken).
      const error = await refused.json();
      expect(["PHONE_NUMBER_EXIST", "OTP_NOT_FOUND", "INVALID_OTP"]).toContain(error.code);
      expect(error.message).toEqual(expect.any(String));
      const owners = await t.services.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phoneNumber, number));
      expect(owners).toHaveLength(1);
    }
  });

  it("takes Bangladeshi mobile numbers only, and is no way to sign in with a password", async () => {
    const { ip, number } = fresh();
    const session = await newUser();
    const bad = await send(session, "+15551234567", ip);
    expect(bad.status).toBe(400);
    const refusal = await bad.json();
    expect(refusal.message).toBe("Enter a Bangladeshi mobile number, such as 01712345678");
    expect(refusal.fields).toEqual({ phoneNumber: "Enter a Bangladeshi mobile number, such as 01712345678" });

    for (const pathname of ["/sign-in/phone-number", "/phone-number/request-password-reset"]) {
      expect((await post(pathname, { phoneNumber: number, password: "x" }, undefined, ip)).status).toBe(404);
    }
  });
});
