// Phone accounts, as a client sees them, on every test database: a guardian with no e-mail
// address signs up and signs in with a Bangladeshi mobile number and a code from the SMS outbox.
// Numbers are read in every form people type and stored in one; the send and wrong-code limits
// are today's phone codes'; the placeholder address the user table needs is never in an answer,
// a page or the mail outbox.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { confirmAddedEmail } from "../../server/domain/added-email";
import { codeSentTo } from "../fixtures/outbox";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const bangla = "মোহাম্মদ শহীদুল ইসলাম";

describe.each(testDatabases)("phone accounts on %s", (kind) => {
  let t: TestApp;
  let counter = 0;
  /** A client address and a number no other test has used (+88018 numbers: Robi/Airtel). */
  const fresh = () => {
    counter += 1;
    return { ip: `203.0.113.${counter}`, number: `+88018${String(counter).padStart(8, "0")}` };
  };
  /** Every answer's body, to find the placeholder in none of them. */
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      TRUST_PROXY: "on",
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
    });
  });
  afterAll(() => t?.close());

  const post = async (pathname: string, body: unknown, ip: string, session?: Session) => {
    const response = await t.json(`/api/auth${pathname}`, "POST", body, {
      session,
      headers: { "x-forwarded-for": ip },
    });
    const text = await response.clone().text();
    seen.push(text);
    return { response, status: response.status, body: JSON.parse(text || "null") };
  };
  const send = (phoneNumber: unknown, ip: string, session?: Session) =>
    post("/phone-number/send-otp", { phoneNumber }, ip, session);
  const verify = (body: Record<string, unknown>, ip: string) => post("/phone-number/verify", body, ip);
  const code = (number: string) => codeSentTo(t.config.dataDir, number);
  const sessionOf = (response: Response, email = ""): Session => ({
    email,
    cookie: response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; "),
    token: response.headers.get("set-auth-token") ?? "",
  });
  const get = async (pathname: string, session?: Session) => {
    const response = await t.request(pathname, { session });
    const text = await response.text();
    seen.push(text);
    return { status: response.status, text };
  };

  /** Signs up (or in) with a fresh number: the session and the number. */
  async function phoneAccount(name = bangla) {
    const { ip, number } = fresh();
    expect((await send(number, ip)).status).toBe(200);
    const made = await verify({ phoneNumber: number, code: await code(number), name }, ip);
    expect(made.status).toBe(200);
    return { session: sessionOf(made.response), number, ip, user: made.body.user };
  }

  it("reads every form of a Bangladeshi mobile number people type, and stores one", async () => {
    const forms: ((local: string) => string)[] = [
      (local) => local,
      (local) => `880${local.slice(1)}`,
      (local) => `+880${local.slice(1)}`,
      (local) => `+880 ${local.slice(1, 5)}-${local.slice(5)}`,
      (local) => `00880${local.slice(1)}`,
      (local) => `(+880) ${local.slice(1, 5)}.${local.slice(5)}`,
      (local) => ` ${local.slice(0, 5)} ${local.slice(5)} `,
      // In Bangla digits: ০১৭১২-৩৪৫৬৭৮.
      (local) =>
        `${local.slice(0, 5)}-${local.slice(5)}`.replace(/\d/g, (d) =>
          String.fromCharCode(0x09e6 + Number(d)),
        ),
    ];
    let n = 0;
    for (const prefix of ["013", "014", "015", "016", "017", "018", "019"]) {
      for (const form of forms) {
        n += 1;
        const local = `${prefix}${String(30_000_000 + n)}`;
        const typed = form(local);
        const answer = await send(typed, `192.0.2.${n}`);
        expect(answer.status, `${typed}: ${JSON.stringify(answer.body)}`).toBe(200);
        // The message went to the one stored form.
        expect(await code(`+880${local.slice(1)}`), typed).toMatch(/^\d{6}$/);
      }
    }
  });

  it("refuses anything that is not a Bangladeshi mobile with a 400 naming the field", async () => {
    const { ip } = fresh();
    for (const typed of [
      "+15551234567",
      "01212345678",
      "01112345678",
      "0171234567",
      "017123456789",
      "+8802123456789",
      "phone",
      "",
      "01712345678x",
      12345678901,
      null,
      ["01712345678"],
    ]) {
      const answer = await send(typed, ip);
      expect(answer.status, JSON.stringify(typed)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(answer.body)).toEqual(["phoneNumber"]);
    }
    const wrong = await send("+15551234567", ip);
    expect(wrong.body.fields.phoneNumber).toBe("Enter a Bangladeshi mobile number, such as 01712345678");
  });

  it("signs a guardian up with no e-mail: the name is asked after a right code, which stays valid", async () => {
    const { ip, number } = fresh();
    const sent = await send(`0${number.slice(4)}`, ip);
    expect(sent.status).toBe(200);
    const right = await code(number);

    const nameless = await verify({ phoneNumber: number, code: right }, ip);
    expect(nameless.status).toBe(400);
    expect(nameless.body).toMatchObject({ code: "NAME_REQUIRED", fields: { name: "Name is required" } });
    expect(nameless.response.headers.getSetCookie().join("")).not.toContain("session_token");

    const tooLong = await verify({ phoneNumber: number, code: right, name: "ক্ষ".repeat(101) }, ip);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.fields)).toEqual(["name"]);

    const made = await verify({ phoneNumber: number, code: right, name: `  ${bangla} ` }, ip);
    expect(made.status).toBe(200);
    expect(made.body.user).toMatchObject({ name: bangla, email: null, phoneNumber: number });
    expect(made.body.token).toEqual(expect.any(String));
    const session = sessionOf(made.response);
    const current = await get("/api/auth/get-session", session);
    expect(JSON.parse(current.text).user).toMatchObject({ name: bangla, email: null, phoneNumber: number });

    const [row] = await t.services.db.select().from(users).where(eq(users.phoneNumber, number));
    expect(row?.email).toMatch(/^[0-9a-f-]{36}@phone\.invalid$/);
    expect(row?.phoneNumberVerified).toBe(true);
    expect(row?.role).toBe("user");
    // The code is spent.
    expect((await verify({ phoneNumber: number, code: right, name: "Again" }, ip)).body.code).toBe(
      "OTP_NOT_FOUND",
    );
  });

  it("signs the same account in again with a new code, and a name then changes nothing", async () => {
    const first = await phoneAccount("Rahima Khatun");
    expect((await send(first.number, first.ip)).status).toBe(200);
    const again = await verify(
      { phoneNumber: `+880 ${first.number.slice(4)}`, code: await code(first.number), name: "Someone Else" },
      first.ip,
    );
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ id: first.user.id, name: "Rahima Khatun", email: null });
    expect(
      await t.services.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, first.number)),
    ).toHaveLength(1);
  });

  it("signs an e-mail account whose number is verified into that same account", async () => {
    const { ip, number } = fresh();
    const owner = await t.signUp(`owner-${counter}@school.test`, "owner-password-1", "Owner");
    await send(number, ip, owner);
    expect(
      (await post("/phone-number/verify", { phoneNumber: number, code: await code(number) }, ip, owner))
        .status,
    ).toBe(200);
    expect((await send(number, ip)).status).toBe(200);
    const signedIn = await verify({ phoneNumber: number, code: await code(number) }, ip);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: owner.email, name: "Owner", phoneNumber: number });
  });

  it("keeps today's limits: 3 codes per number per 15 minutes, 10 per address, 3 wrong tries", async () => {
    const { ip, number } = fresh();
    for (let i = 0; i < 3; i++) expect((await send(number, ip)).status).toBe(200);
    const fourth = await send(number, ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe("RATE_LIMITED");
    expect(Number(fourth.response.headers.get("retry-after"))).toBeGreaterThan(0);

    const shared = fresh().ip;
    for (let i = 0; i < 10; i++) expect((await send(fresh().number, shared)).status).toBe(200);
    expect((await send(fresh().number, shared)).status).toBe(429);

    const right = await code(number);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 3; i++)
      expect((await verify({ phoneNumber: number, code: wrong, name: "X" }, ip)).body.code).toBe(
        "INVALID_OTP",
      );
    const spent = await verify({ phoneNumber: number, code: right, name: "X" }, ip);
    expect(spent.status).toBe(403);
    expect(spent.body.code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("never shows nor mails the placeholder address", async () => {
    const { session, number } = await phoneAccount("Nasrin Akter");
    const admin = await t.signIn("head@school.test", "head-password-1");
    const [row] = await t.services.db.select().from(users).where(eq(users.phoneNumber, number));
    const placeholder = row?.email ?? "";
    expect(placeholder).toContain("@phone.invalid");

    const list = await get("/api/User/users?q=Nasrin", admin);
    expect(JSON.parse(list.text)).toEqual([
      expect.objectContaining({ name: "Nasrin Akter", email: null, phoneNumber: number }),
    ]);
    // (The pages are checked in Chromium: tests/e2e/phone-sign-in.test.ts.)
    await get("/api/auth/get-session", session);
    await get("/api/User/users", admin);

    // A reset asked for the placeholder sends nothing.
    await post("/request-password-reset", { email: placeholder, redirectTo: "/reset-password" }, fresh().ip);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mailDir = path.join(t.config.dataDir, "outbox", "mail");
    const mails = existsSync(mailDir) ? await readdir(mailDir) : [];
    for (const file of mails)
      expect(await readFile(path.join(mailDir, file), "utf8")).not.toContain(".invalid");

    for (const text of seen) expect(text).not.toContain("phone.invalid");
  });

  it("adds a phone account's e-mail address only once its link is opened, mailing nothing there before", async () => {
    const { session, number } = await phoneAccount("Karim Uddin");
    const account = async () =>
      (await t.services.db.select().from(users).where(eq(users.phoneNumber, number)))[0];
    const placeholder = (await account())?.email ?? "";
    const added = await t.json("/api/User/updated", "PUT", { email: "karim@school.test" }, { session });
    expect(added.status).toBe(200);
    // Not the account's yet: unverified, it is not stored, nobody signs in with it, no mail goes there
    // but the link.
    expect((await account())?.email).toBe(placeholder);
    const mailDir = path.join(t.config.dataDir, "outbox", "mail");
    const toKarim: string[] = [];
    for (const file of existsSync(mailDir) ? await readdir(mailDir) : []) {
      const text = await readFile(path.join(mailDir, file), "utf8");
      if (text.includes("karim@school.test")) toKarim.push(text);
    }
    expect(toKarim).toHaveLength(1);
    const token =
      /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(
        toKarim[0]?.replace(/=\r?\n/g, "").replaceAll("=3D", "=") ?? "",
      )?.[1] ?? "";
    expect(token).not.toBe("");
    // A wrong link confirms nothing (400 naming the token).
    await expect(confirmAddedEmail(t.services.db, "not-the-token")).rejects.toMatchObject({
      code: "invalid",
      fieldProblems: { token: expect.anything() },
    });
    expect((await account())?.email).toBe(placeholder);

    expect(await confirmAddedEmail(t.services.db, token)).toEqual({ email: "karim@school.test" });
    expect(await account()).toMatchObject({ email: "karim@school.test", emailVerified: true });
    // Used once.
    await expect(confirmAddedEmail(t.services.db, token)).rejects.toMatchObject({ code: "invalid" });
    const again = await t.json("/api/User/updated", "PUT", { email: "other@school.test" }, { session });
    expect(again.status).toBe(400);
  });

  it("says which address waits for its confirmation and sends its link again, 3 times an hour", async () => {
    const { session, number } = await phoneAccount("Salma Begum");
    const waiting = () => t.request("/api/User/added-email", { session });
    const resend = () => t.request("/api/User/added-email/resend", { method: "POST", session });
    expect(await (await waiting()).json()).toBeNull();
    expect((await resend()).status).toBe(404);

    expect(
      (await t.json("/api/User/updated", "PUT", { email: "salma@school.test" }, { session })).status,
    ).toBe(200);
    const shown = await (await waiting()).json();
    expect(shown).toMatchObject({ email: "salma@school.test" });
    expect(new Date(shown.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);

    const links = async () => {
      const mailDir = path.join(t.config.dataDir, "outbox", "mail");
      const found: string[] = [];
      for (const file of (existsSync(mailDir) ? await readdir(mailDir) : []).sort()) {
        const text = (await readFile(path.join(mailDir, file), "utf8"))
          .replace(/=\r?\n/g, "")
          .replaceAll("=3D", "=");
        if (!text.includes("salma@school.test")) continue;
        const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
        if (token) found.push(token);
      }
      return found;
    };
    expect(await links()).toHaveLength(1);
    const [first] = await links();
    const sent = await resend();
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ email: "salma@school.test" });
    const tokens = await links();
    expect(tokens).toHaveLength(2);
    const newest = tokens.find((token) => token !== first) ?? "";
    // The older link stops working; the newest one confirms.
    await expect(confirmAddedEmail(t.services.db, first ?? "")).rejects.toMatchObject({ code: "invalid" });

    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await links()).toHaveLength(4);

    // Someone else's session sees none of it.
    const other = await phoneAccount("Rina Das");
    expect(await (await t.request("/api/User/added-email", { session: other.session })).json()).toBeNull();

    const latest = (await links()).at(-1) ?? newest;
    expect(await confirmAddedEmail(t.services.db, latest)).toEqual({ email: "salma@school.test" });
    const [row] = await t.services.db.select().from(users).where(eq(users.phoneNumber, number));
    expect(row?.email).toBe("salma@school.test");
  });
});
