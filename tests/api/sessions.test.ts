// Who is asking is remembered for a few seconds between requests (server/cache/actor-cache.ts);
// these calls prove that a change to a session or a role still counts from the very next request,
// for a session cookie and for a bearer token, on every test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("remembered sessions on %s", (kind) => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
  });
  afterAll(() => t?.close());

  const accounts = (auth: { session?: Session; bearer?: Session }) => t.request("/api/User/users", auth);
  const adminFlag = async (session: Session) =>
    (await (await t.request(`/api/User/users/${session.email}`, { session })).json()) as { admin: boolean };

  it("refuses a session cookie at once after its sign-out", async () => {
    const user = await t.signUp("cookie@school.test", "cookie-password-1");
    for (let i = 0; i < 3; i++) expect((await adminFlag(user)).admin).toBe(false);
    const out = await t.json("/api/auth/sign-out", "POST", {}, { session: user });
    expect(out.status).toBe(200);
    expect((await t.request(`/api/User/users/${user.email}`, { session: user })).status).toBe(401);
  });

  it("refuses a bearer token at once after its sign-out", async () => {
    const user = await t.signUp("bearer@school.test", "bearer-password-1");
    const profile = () => t.request(`/api/User/users/${user.email}`, { bearer: user });
    expect((await profile()).status).toBe(200);
    expect((await profile()).status).toBe(200);
    const out = await t.json("/api/auth/sign-out", "POST", {}, { bearer: user });
    expect(out.status).toBe(200);
    expect((await profile()).status).toBe(401);
  });

  it("gives and takes the admin role from the next request on", async () => {
    const helper = await t.signUp("helper@school.test", "helper-password-1");
    expect((await accounts({ session: helper })).status).toBe(403);
    expect((await accounts({ bearer: helper })).status).toBe(403);

    const made = await t.json("/api/User/users/admin", "PUT", { email: helper.email }, { session: admin });
    expect(made.status).toBe(200);
    expect((await accounts({ session: helper })).status).toBe(200);
    expect((await accounts({ bearer: helper })).status).toBe(200);

    const removed = await t.json(
      "/api/User/users/removeAdmin",
      "PUT",
      { email: helper.email },
      { session: admin },
    );
    expect(removed.status).toBe(200);
    expect((await accounts({ session: helper })).status).toBe(403);
    expect((await accounts({ bearer: helper })).status).toBe(403);
  });

  it("ends every other session of an account at once when its password changes", async () => {
    await t.signUp("owner@school.test", "owner-password-1");
    const laptop = await t.signIn("owner@school.test", "owner-password-1");
    const phone = await t.signIn("owner@school.test", "owner-password-1");
    expect((await adminFlag(phone)).admin).toBe(false);
    const changed = await t.json(
      "/api/auth/change-password",
      "POST",
      { currentPassword: "owner-password-1", newPassword: "owner-password-2", revokeOtherSessions: true },
      { session: laptop },
    );
    expect(changed.status).toBe(200);
    // The new session's token stays in its HttpOnly cookie: a page's script cannot read it.
    const answer = await changed.json();
    expect(answer.token).toBeNull();
    expect(answer.user.email).toBe("owner@school.test");
    expect(changed.headers.getSetCookie().join(";")).toContain("session_token=");
    expect((await t.request(`/api/User/users/${phone.email}`, { session: phone })).status).toBe(401);
  });

  it("gives a bearer client its new session's token when its password change ends the others", async () => {
    await t.signUp("app@school.test", "app-password-1");
    const app = await t.signIn("app@school.test", "app-password-1");
    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${app.token}` },
      body: JSON.stringify({
        currentPassword: "app-password-1",
        newPassword: "app-password-2",
        revokeOtherSessions: true,
      }),
    });
    expect(changed.status).toBe(200);
    const { token } = await changed.json();
    expect(token).toEqual(expect.any(String));
    expect(token).not.toBe(app.token);
    const mine = await t.request("/api/auth/get-session", { headers: { authorization: `Bearer ${token}` } });
    expect((await mine.json())?.user?.email).toBe("app@school.test");
  });
});
