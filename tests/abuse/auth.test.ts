// Better Auth's own routes (/api/auth/*), which the REST router's list does not hold: no way to
// become an admin or to claim a phone number from outside, its admin routes off for everyone
// (role changes go through our own calls: never the last admin, in the audit trail), and fuzzed bodies never answered with a 5xx. The list of routes is read from the
// auth instance, so routes a plugin adds later are covered too.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import type { Session } from "../fixtures/test-app";
import { createWorld, type World } from "./support";

const seed = Number(process.env.FUZZ_SEED ?? 20_261_121);
const numRuns = Number(process.env.FUZZ_RUNS ?? 10);

type AuthRoute = { path: string; methods: string[] };

describe("Better Auth's routes", () => {
  let w: World;
  let routes: AuthRoute[];

  beforeAll(async () => {
    w = await createWorld();
    routes = Object.values(
      w.t.services.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => typeof endpoint?.path === "string")
      .map((endpoint) => ({
        path: endpoint.path as string,
        methods: [endpoint.options?.method ?? "GET"].flat(),
      }));
  });
  afterAll(() => w?.t.close());

  const userRow = async (email: string) =>
    (await w.t.services.db.select().from(users).where(eq(users.email, email)))[0];

  it("does not let a registration or a profile change make anyone an admin or verify a phone", async () => {
    const sneaky = {
      email: "mallory@abuse.test",
      password: "mallory-password-1",
      name: "Mallory",
      role: "admin",
      phoneNumber: "+8801711111111",
      phoneNumberVerified: true,
      emailVerified: true,
      banned: false,
    };
    const signUp = await w.t.json("/api/auth/sign-up/email", "POST", sneaky);
    expect(signUp.status).toBeLessThan(500);
    if (signUp.ok) {
      const session = await w.t.signIn(sneaky.email, sneaky.password);
      const update = await w.t.json(
        "/api/auth/update-user",
        "POST",
        { role: "admin", phoneNumber: "+8801722222222", phoneNumberVerified: true, emailVerified: true },
        { session },
      );
      expect(update.status).toBeLessThan(500);
      const added = await w.t.json("/api/AddAdmition", "POST", { title: "x", price: "1" }, { session });
      expect(added.status).toBe(403);
    }
    const row = await userRow(sneaky.email);
    expect(row?.role ?? "user").toBe("user");
    expect(row?.phoneNumberVerified ?? false).toBe(false);
    expect(row?.emailVerified ?? false).toBe(false);
    expect(row?.phoneNumber ?? null).toBeNull();
  });

  it("keeps the session cookie out of scripts' and other sites' reach", async () => {
    const response = await w.t.json("/api/auth/sign-in/email", "POST", {
      email: w.bob.email,
      password: "bob-password-1",
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });

  it("keeps the admin plugin's routes off for everyone, admins included", async () => {
    const adminRoutes = routes.filter((route) => route.path.startsWith("/admin/"));
    expect(adminRoutes.length).toBeGreaterThan(5);
    const bobRow = await userRow(w.bob.email);
    // A complete body for any of them, so that a refusal is not about what is sent.
    const body = {
      userId: bobRow?.id,
      id: bobRow?.id,
      role: "admin",
      newPassword: "taken-over-1",
      data: { role: "admin" },
      email: "made-up@abuse.test",
      password: "made-up-password-1",
      name: "Made Up",
      sessionToken: "x",
      permissions: { user: ["set-role"] },
    };
    const problems: string[] = [];
    for (const route of adminRoutes) {
      for (const [who, session] of [
        ["anonymous", undefined],
        ["user", w.alice],
        ["admin", w.admin],
      ] as [string, Session | undefined][]) {
        const method = route.methods.includes("POST") ? "POST" : "GET";
        const query = method === "GET" ? `?userId=${bobRow?.id}&id=${bobRow?.id}` : "";
        const response =
          method === "POST"
            ? await w.t.json(`/api/auth${route.path}`, "POST", body, session ? { session } : {})
            : await w.t.request(`/api/auth${route.path}${query}`, session ? { session } : {});
        if (response.status !== 404) problems.push(`${route.path} as ${who}: ${response.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect((await userRow(w.bob.email))?.role).toBe("user");
    expect(await userRow("made-up@abuse.test")).toBeUndefined();
    // Bob's password still works.
    await expect(w.t.signIn(w.bob.email, "bob-password-1")).resolves.toBeDefined();
  });

  it("answers fuzzed bodies on every POST route without a 5xx", async () => {
    const posts = routes.filter((route) => route.methods.includes("POST"));
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom("", "alice@abuse.test", "+8801711111111", "123456", "admin", "a".repeat(5000)),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const fields = [
      "email",
      "password",
      "newPassword",
      "currentPassword",
      "name",
      "token",
      "phoneNumber",
      "code",
      "otp",
      "provider",
      "callbackURL",
      "userId",
      "role",
      "image",
    ];
    // Its own account: a fuzzed call may sign it out, or even delete it.
    const fuzzer = await w.t.signUp("fuzzer@abuse.test", "fuzzer-password-1", "Fuzzer");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.oneof(fc.dictionary(fc.constantFrom(...fields), value), fc.jsonValue({ maxDepth: 2 })),
        fc.boolean(),
        async (route, body, signedIn) => {
          const pathname = `/api/auth${route.path.replace(/:(\w+)/g, "x")}`;
          const response = await w.t.json(pathname, "POST", body, signedIn ? { session: fuzzer } : {});
          expect(response.status, `${route.path}: ${await response.text()}`).toBeLessThan(500);
        },
      ),
      { seed, numRuns: numRuns * posts.length, endOnFailure: true },
    );
  });
});
