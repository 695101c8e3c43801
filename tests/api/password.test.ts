// Changing and resetting a password through Better Auth, as a client sees it, on every test
// database: the old password stops working, other sessions can be ended, the reset link comes
// by mail (the outbox), works once, and the answer never tells whether an account exists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, resetLinkIn } from "../fixtures/outbox";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("password change and reset on %s", (kind) => {
  let t: TestApp;
  let counter = 0;
  const freshEmail = () => `password-${++counter}@school.test`;

  // Every mail the app sends goes through services.mail: each send is kept here, so that a test
  // can wait for the mails it caused instead of waiting a fixed time for one that must not come.
  const sending: Promise<unknown>[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const send = t.services.mail.send;
    t.services.mail.send = (mail) => {
      const sent = send(mail);
      sending.push(sent);
      return sent;
    };
  });
  afterAll(() => t?.close());

  const auth = (pathname: string, body: unknown, session?: Session) =>
    t.json(`/api/auth${pathname}`, "POST", body, { session });
  const signInStatus = async (email: string, password: string) =>
    (await auth("/sign-in/email", { email, password })).status;
  const sessionUser = async (session: Session) =>
    (await (await t.request("/api/auth/get-session", { session })).json())?.user ?? null;

  const mails = (email: string, count?: number) => mailsTo(t.config.dataDir, email, count);

  /**
   * Waits until the reset mail of every request made so far has been sent or refused. It goes out
   * after the answer (so the answer's timing does not tell whether the account exists), each
   * request's mail task first counting itself against the address's hourly limit in the
   * database, in the order the requests came. So: one more reset, for another account, is asked
   * for and its mail awaited, by when every earlier task has decided; then every send started is
   * awaited. (Before, the tests waited out 5 s for the mail that must not come.)
   */
  async function resetMailsDone() {
    const marker = freshEmail();
    await t.signUp(marker);
    expect((await auth("/request-password-reset", { email: marker })).status).toBe(200);
    expect(await mails(marker)).toHaveLength(1);
    await Promise.allSettled(sending);
  }
  /** The mails to `email` in the outbox now, without waiting for more. */
  const mailsNow = (email: string) => mails(email, 0);

  it("changes the password: the old one stops working, the new one signs in", async () => {
    const email = freshEmail();
    const session = await t.signUp(email, "first-password-1");
    const changed = await auth(
      "/change-password",
      { currentPassword: "first-password-1", newPassword: "second-password-2" },
      session,
    );
    expect(changed.status).toBe(200);
    expect(await signInStatus(email, "first-password-1")).toBe(401);
    expect(await signInStatus(email, "second-password-2")).toBe(200);
    // Without the option, this session goes on.
    expect(await sessionUser(session)).toMatchObject({ email });
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const email = freshEmail();
    const session = await t.signUp(email, "first-password-1");
    const refused = await auth(
      "/change-password",
      { currentPassword: "not-the-password", newPassword: "second-password-2" },
      session,
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("INVALID_PASSWORD");
    expect(await signInStatus(email, "first-password-1")).toBe(200);
  });

  it("ends the other sessions when asked to", async () => {
    const email = freshEmail();
    const elsewhere = await t.signUp(email, "first-password-1");
    const here = await t.signIn(email, "first-password-1");
    const changed = await auth(
      "/change-password",
      { currentPassword: "first-password-1", newPassword: "second-password-2", revokeOtherSessions: true },
      here,
    );
    expect(changed.status).toBe(200);
    expect(await sessionUser(elsewhere)).toBeNull();
    expect(await sessionUser(here)).toBeNull();
    // This browser gets a new session cookie in the answer.
    expect(changed.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
  });

  it("mails a reset link that sets a new password once, and ends every session", async () => {
    const email = freshEmail();
    const session = await t.signUp(email, "forgotten-password-1");
    const asked = await auth("/request-password-reset", { email });
    expect(asked.status).toBe(200);

    const [mail] = await mails(email);
    const link = resetLinkIn(mail);
    expect(link).toBeDefined();
    const url = new URL(link as string);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    const token = url.searchParams.get("token");

    expect((await auth("/reset-password", { token, newPassword: "remembered-password-2" })).status).toBe(200);
    expect(await signInStatus(email, "forgotten-password-1")).toBe(401);
    expect(await signInStatus(email, "remembered-password-2")).toBe(200);
    expect(await sessionUser(session)).toBeNull();
    // The link works once.
    const again = await auth("/reset-password", { token, newPassword: "third-password-3" });
    expect(again.status).toBe(400);
    expect(await signInStatus(email, "remembered-password-2")).toBe(200);
  });

  it("answers an unknown e-mail exactly as a known one, and mails nothing", async () => {
    const known = freshEmail();
    await t.signUp(known);
    const unknown = freshEmail();
    const forKnown = await auth("/request-password-reset", { email: known });
    const forUnknown = await auth("/request-password-reset", { email: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    await resetMailsDone();
    expect(await mailsNow(known)).toHaveLength(1);
    expect(await mailsNow(unknown)).toHaveLength(0);
  });

  it("sends at most three reset mails an hour to one address", async () => {
    const email = freshEmail();
    await t.signUp(email);
    for (let n = 0; n < 5; n++) expect((await auth("/request-password-reset", { email })).status).toBe(200);
    await resetMailsDone();
    expect(await mailsNow(email)).toHaveLength(3);
  });
});
