// ADMIN_EMAIL and ADMIN_PASSWORD: at every start the account exists and is an admin.
import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createServices } from "../../server/container-factory";
import { users } from "../../server/db/schema";
import { createTestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("the configured admin on %s", (kind) => {
  it("is created on an empty database, can sign in, and is an admin", async () => {
    const t = await createTestApp(kind, {
      ADMIN_EMAIL: "Head@School.test",
      ADMIN_PASSWORD: "head-password-1",
    });
    try {
      const session = await t.signIn("head@school.test", "head-password-1");
      const answer = await t.request("/api/User/users/head@school.test", { session });
      expect(await answer.json()).toEqual({ admin: true });
    } finally {
      await t.close();
    }
  });

  it("promotes an existing account at the next start and leaves its password alone", async () => {
    const t = await createTestApp(kind);
    try {
      await t.signUp("teacher@school.test", "own-password-1", "Teacher");
      const restarted = { ...t.config, admin: { email: "teacher@school.test", password: "other-password" } };
      await createServices(restarted, pino({ level: "silent" }), t.services.database);
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "teacher@school.test"));
      expect(row?.role).toBe("admin");
      await expect(t.signIn("teacher@school.test", "own-password-1")).resolves.toMatchObject({
        email: "teacher@school.test",
      });
      // A third start changes nothing and does not fail.
      await createServices(restarted, pino({ level: "silent" }), t.services.database);
      expect((await t.services.db.select().from(users)).length).toBe(1);
    } finally {
      await t.close();
    }
  });
});
