// The specification's /User calls, as a client sees them, on every test database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("user calls on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
  });
  afterAll(() => t?.close());

  const roleOf = async (email: string) =>
    (await t.services.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

  describe("GET /User/users/{email}", () => {
    it("answers 401 to an anonymous visitor", async () => {
      const response = await t.request("/api/User/users/alice@school.test");
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("unauthorized");
    });

    it("tells a user whether they are an admin", async () => {
      const response = await t.request("/api/User/users/alice@school.test", { session: alice });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ admin: false });
    });

    it("refuses to tell a user about someone else", async () => {
      const response = await t.request("/api/User/users/alice@school.test", { session: bob });
      expect(response.status).toBe(403);
    });

    it("tells an admin about anyone, and 404 for an unknown e-mail", async () => {
      expect(await (await t.request("/api/User/users/head@school.test", { session: admin })).json()).toEqual({
        admin: true,
      });
      expect(await (await t.request("/api/User/users/bob@school.test", { session: admin })).json()).toEqual({
        admin: false,
      });
      const unknown = await t.request("/api/User/users/nobody@school.test", { session: admin });
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.message).toContain("nobody@school.test");
    });

    it("matches the path case-insensitively and accepts a bearer token", async () => {
      const response = await t.request("/api/user/USERS/alice@school.test", { bearer: alice });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ admin: false });
    });
  });

  describe("PUT /User/users/admin", () => {
    it("answers 401 to an anonymous visitor and changes nothing", async () => {
      const response = await t.json("/api/User/users/admin", "PUT", { email: "bob@school.test" });
      expect(response.status).toBe(401);
      expect(await roleOf("bob@school.test")).toBe("user");
    });

    it("answers 403 to a user who is not an admin, by cookie or by token", async () => {
      for (const auth of [{ session: alice }, { bearer: alice }]) {
        const response = await t.json("/api/User/users/admin", "PUT", { email: "alice@school.test" }, auth);
        expect(response.status).toBe(403);
      }
      expect(await roleOf("alice@school.test")).toBe("user");
    });

    it("validates the e-mail as sign-up does: required, well formed, at most 254 characters", async () => {
      for (const body of [{}, { email: "not-an-email" }, { email: `${"a".repeat(245)}@school.test` }]) {
        const response = await t.json("/api/User/users/admin", "PUT", body, { session: admin });
        expect(response.status).toBe(400);
        const { error } = await response.json();
        expect(error.code).toBe("invalid");
        expect(Object.keys(error.fields)).toEqual(["email"]);
      }
    });

    it("answers 404 with a clear message when no account has that e-mail", async () => {
      const response = await t.json(
        "/api/User/users/admin",
        "PUT",
        { email: "ghost@school.test" },
        { session: admin },
      );
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe("No account with the e-mail ghost@school.test");
    });

    it("lets an admin make another account an admin, once", async () => {
      const first = await t.json(
        "/api/User/users/admin",
        "PUT",
        { email: "Bob@School.test" },
        { bearer: admin },
      );
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      expect(await (await t.request("/api/User/users/bob@school.test", { session: bob })).json()).toEqual({
        admin: true,
      });
      const again = await t.json(
        "/api/User/users/admin",
        "PUT",
        { email: "bob@school.test" },
        { session: admin },
      );
      expect(await again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    });
  });

  describe("POST and PUT /User/users", () => {
    it("records the signed-in user's own display name", async () => {
      const response = await t.json(
        "/api/User/users",
        "POST",
        { email: "alice@school.test", displayName: "Alice Rahman" },
        { session: alice },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "alice@school.test"));
      expect(row?.name).toBe("Alice Rahman");
    });

    it("refuses to touch another user's record", async () => {
      const response = await t.json(
        "/api/User/users",
        "PUT",
        { email: "bob@school.test", displayName: "Hacked" },
        { session: alice },
      );
      expect(response.status).toBe(403);
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "bob@school.test"));
      expect(row?.name).toBe("Bob");
    });

    it("answers 401 without a session", async () => {
      const response = await t.json("/api/User/users", "PUT", {
        email: "alice@school.test",
        displayName: "X",
      });
      expect(response.status).toBe(401);
    });
  });

  describe("PUT /User/updated", () => {
    it("saves the signed-in user's profile fields", async () => {
      const profile = {
        photoURl: "https://images.example/alice.jpg",
        displayName: "Alice R.",
        email: "alice@school.test",
        about: "Class captain",
        number: "+880 1711-000000",
        className: "Class Tree",
        rollNumber: "12",
      };
      const response = await t.json("/api/User/updated", "PUT", profile, { session: alice });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "alice@school.test"));
      expect(row).toMatchObject({
        name: "Alice R.",
        image: "https://images.example/alice.jpg",
        about: "Class captain",
        contactNumber: "+880 1711-000000",
        className: "Class Three",
        rollNumber: "12",
      });
      const same = await t.json("/api/User/updated", "PUT", profile, { session: alice });
      expect((await same.json()).modifiedCount).toBe(0);
    });

    it("names each bad field and keeps what was stored", async () => {
      const response = await t.json(
        "/api/User/updated",
        "PUT",
        { photoURl: "javascript:alert(1)", className: "Class Hundred", rollNumber: "9".repeat(21) },
        { session: alice },
      );
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(Object.keys(error.fields).sort()).toEqual(["className", "photoURl", "rollNumber"]);
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "alice@school.test"));
      expect(row?.image).toBe("https://images.example/alice.jpg");
    });

    it("does not let the e-mail be changed", async () => {
      const response = await t.json(
        "/api/User/updated",
        "PUT",
        { email: "bob@school.test" },
        { session: alice },
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toHaveProperty("email");
    });

    it("answers 401 without a session", async () => {
      expect((await t.json("/api/User/updated", "PUT", { about: "x" })).status).toBe(401);
    });
  });

  describe("bodies and paths", () => {
    it("answers 400 to malformed JSON, 415 to a body that is not JSON, 413 over 1 MB", async () => {
      const malformed = await t.request("/api/User/updated", {
        method: "PUT",
        session: alice,
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).error.code).toBe("invalid_json");

      const form = await t.request("/api/User/updated", {
        method: "PUT",
        session: alice,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "about=x",
      });
      expect(form.status).toBe(415);

      const huge = await t.json(
        "/api/User/updated",
        "PUT",
        { about: "x".repeat(1024 * 1024 + 10) },
        { session: alice },
      );
      expect(huge.status).toBe(413);
      expect((await huge.json()).error.code).toBe("payload_too_large");
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "alice@school.test"));
      expect(row?.about).toBe("Class captain");
    });

    it("answers 404 for an unknown call and 405 for a known path with the wrong method", async () => {
      const unknown = await t.request("/api/nothing/here");
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.code).toBe("not_found");
      const wrongMethod = await t.request("/api/User/updated", { method: "DELETE", session: alice });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("PUT");
    });
  });

  describe("cross-site requests", () => {
    it("refuses a state change with a cookie from another origin", async () => {
      const response = await t.json(
        "/api/User/users/admin",
        "PUT",
        { email: "alice@school.test" },
        { session: admin, headers: { origin: "https://evil.example" } },
      );
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("cross_site_request");
      expect(await roleOf("alice@school.test")).toBe("user");
    });

    it("refuses one marked cross-site by the browser even without an Origin header", async () => {
      const response = await t.app.request("http://localhost:3000/api/User/updated", {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: alice.cookie, "sec-fetch-site": "cross-site" },
        body: JSON.stringify({ about: "forged" }),
      });
      expect(response.status).toBe(403);
    });

    it("lets a bearer-token client call from anywhere (no ambient credential)", async () => {
      const response = await t.app.request("http://localhost:3000/api/User/updated", {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${alice.token}`,
          origin: "https://app.example",
        },
        body: JSON.stringify({ about: "Class captain" }),
      });
      expect(response.status).toBe(200);
    });
  });

  describe("health", () => {
    it("answers /healthz and /readyz, with security headers and a request id", async () => {
      const health = await t.request("/healthz");
      expect(health.status).toBe(200);
      expect(health.headers.get("x-content-type-options")).toBe("nosniff");
      expect(health.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(health.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(health.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
      const ready = await t.request("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: kind });
    });
  });
});
