// Sign-in brute force against the built server in production mode (the test configuration turns
// the limits off): after 10 attempts a minute at one account from one address, 429 with
// Retry-After, even for the right password; another address is not blocked; after the window the
// right password works again. A class signing in together from one school network is not held
// back by it.
//
// Waiting out the real 60-second window would make the suite a minute slower, and a fake clock
// cannot reach into another process. The limit is kept in the database (rate_limits, so that
// every app process counts against it), and the server decides from the start of the window
// stored there. So the test lets the window pass the one way the server
// itself would observe it: it stops the server, moves that stored time back by the window, and
// starts the server again on the same data. Nothing in the server is made configurable for this.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { rateLimits } from "../../server/db/schema";
import { type RunningServer, startServer } from "../e2e/harness";
import { adminAccount } from "./support";

const attacker = "203.0.113.66";
const bystander = "203.0.113.77";
const classroom = "203.0.113.88";
const limit = 10;
const windowSeconds = 60;

describe("sign-in brute force", () => {
  let server: RunningServer;
  let dataDir: string;
  // Behind a proxy that names the client in X-Forwarded-For, as a real deployment would be.
  const env = { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password, TRUST_PROXY: "on" };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "maktab-brute-"));
    server = await startServer({ env, dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (call: string, address: string, body: Record<string, string>) =>
    fetch(`${server.url}/api/auth${call}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": address },
      body: JSON.stringify(body),
    });
  const signIn = (password: string, address: string) =>
    post("/sign-in/email", address, { email: adminAccount.email, password });

  it("answers 429 with Retry-After after the limit, then lets the right password in after the window", async () => {
    for (let attempt = 1; attempt <= limit; attempt++) {
      const response = await signIn(`wrong-password-${attempt}`, attacker);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    for (const password of ["wrong-password-again", adminAccount.password]) {
      const refused = await signIn(password, attacker);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(refused.headers.get("set-cookie")).toBeNull();
    }

    // Another client is not locked out by the attacker.
    const other = await signIn(adminAccount.password, bystander);
    expect(other.status).toBe(200);

    // The window passes: see the comment at the top.
    await server.stop();
    const database = openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const moved = await database.db
        .update(rateLimits)
        .set({ lastRequest: sql`${rateLimits.lastRequest} - ${(windowSeconds + 1) * 1000}` })
        .where(like(rateLimits.key, `sign-in:${attacker}:%`))
        .returning({ count: rateLimits.count });
      // The attempts that were refused counted too.
      expect(moved).toEqual([{ count: limit + 2 }]);
    } finally {
      await database.close();
    }
    server = await startServer({ env, dataDir });

    const after = await signIn(adminAccount.password, attacker);
    expect(after.status).toBe(200);
    expect(after.headers.get("set-auth-token")).toBeTruthy();
  });

  it("lets a whole class sign in from one school network within a minute", async () => {
    const pupils = Array.from({ length: 2 * limit }, (_, i) => ({
      email: `pupil${i}@school.test`,
      password: `pupil-password-${i}`,
      name: `Pupil ${i}`,
    }));
    // Accounts made beforehand, each from its own home (sign-ups have a limit per address too).
    for (const [i, pupil] of pupils.entries()) {
      expect((await post("/sign-up/email", `198.51.100.${i + 1}`, pupil)).status).toBe(200);
    }
    for (const pupil of pupils) {
      const response = await post("/sign-in/email", classroom, {
        email: pupil.email,
        password: pupil.password,
      });
      expect(response.status, pupil.email).toBe(200);
    }
  });

  it("holds a class registering from one address at 10 sign-ups a minute, ADDRESS_LIMIT_MULTIPLIER times more when set", async () => {
    const registerClass = async (target: RunningServer, address: string, size: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < size; i++) {
        const response = await fetch(`${target.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: target.url, "x-forwarded-for": address },
          body: JSON.stringify({
            email: `new${i}@${address}.test`,
            password: `new-password-${i}`,
            name: `New ${i}`,
          }),
        });
        statuses.push(response.status);
      }
      return statuses;
    };
    const room = "203.0.113.99";
    expect(await registerClass(server, room, limit + 1)).toEqual([...Array(limit).fill(200), 429]);

    const raised = await startServer({ env: { ...env, ADDRESS_LIMIT_MULTIPLIER: "3" } });
    try {
      expect(await registerClass(raised, room, 3 * limit + 1)).toEqual([...Array(3 * limit).fill(200), 429]);
    } finally {
      await raised.stop();
    }
  });
});
