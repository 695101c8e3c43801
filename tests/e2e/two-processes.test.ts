// Two built app processes on one PostgreSQL database (and Redis, when one answers), as a site
// behind a load balancer runs: they start together on a fresh database, a session made on one
// works on the other, and a change made on one is on the other's public pages at once, though
// the other kept that page a moment before. Skipped when no PostgreSQL answers on 127.0.0.1:5432
// (or TEST_DATABASE_URL).
import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSignIn, launchBrowser, newPage, type RunningServer, sessionOf, startServer } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const admin = { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" };

/** Whether something answers on the URL's host and port (and says PONG, for Redis). */
function answers(url: string, defaultPort: number, ping?: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => (ping ? socket.write(ping) : done(true)));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

const withPostgres = await answers(adminUrl, 5432);
const withRedis = withPostgres && (await answers(redisUrl, 6379, "PING\r\n"));

const setups = [
  { shared: "PostgreSQL", redis: false },
  ...(withRedis ? [{ shared: "PostgreSQL and Redis", redis: true }] : []),
];

describe.skipIf(!withPostgres).each(setups)("two app processes on one $shared", ({ redis }) => {
  const name = `maktab_two_${randomBytes(5).toString("hex")}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    await sql.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = {
      ...admin,
      DATABASE_URL: url.toString(),
      // Processes behind one address share the secret that signs sessions.
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      ...(redis ? { REDIS_URL: redisUrl } : {}),
    };
    // At the same moment, on a database with no tables yet: both migrate and make the admin.
    const started = await Promise.allSettled([startServer({ env }), startServer({ env })]);
    for (const outcome of started) if (outcome.status === "rejected") throw outcome.reason;
    [a, b] = started.map((outcome) => (outcome as PromiseFulfilledResult<RunningServer>).value) as [
      RunningServer,
      RunningServer,
    ];
  });

  afterAll(async () => {
    const exits = await Promise.all([a?.stop(), b?.stop()]);
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
    for (const exit of exits) if (exit) expect(exit).toEqual({ code: 0, signal: null });
  });

  it("both start on the same fresh database at once and serve from it", async () => {
    for (const server of [a, b]) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(await ready.json()).toEqual({ status: "ready", database: "postgres" });
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const [admins] = await db`select count(*)::int as n from users where email = ${admin.ADMIN_EMAIL}`;
    await db.end();
    expect(admins?.n).toBe(1);
  });

  it("a session made on one works on the other", async () => {
    const signIn = await apiSignIn(a, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
    expect(signIn.status).toBe(200);
    const { cookie, token } = sessionOf(signIn);

    const session = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie } });
    expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(admin.ADMIN_EMAIL);
    const users = await fetch(`${b.url}/api/User/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);
    const dashboard = await fetch(`${b.url}/DeashBoard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    const anonymous = await fetch(`${b.url}/DeashBoard`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
  });

  it("a change made on one is on the other's public page at once", async () => {
    const { cookie } = sessionOf(await apiSignIn(a, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD));
    await fetch(`${b.url}/notices`).then((response) => response.text());
    const kept = await fetch(`${b.url}/notices`);
    await kept.text();
    expect(kept.headers.get("x-cache")).toBe("HIT");

    const title = `Made on A ${randomBytes(3).toString("hex")}`;
    const created = await fetch(`${a.url}/api/Notice/notices`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url, cookie },
      body: JSON.stringify({ Title: title, about: "Posted on one process, read on the other." }),
    });
    expect(created.status).toBe(201);

    const page = await fetch(`${b.url}/notices`);
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect(await page.text()).toContain(title);
    const list = (await (await fetch(`${b.url}/api/Notice/notices`)).json()) as { Title: string }[];
    expect(list[0]?.Title).toBe(title);
  });

  it("a kept page runs its scripts in the browser, as its policy allows", async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser);
      // A cart of two in the browser: the page is sent with 0, and its cart module (a reading
      // page's own script, decision 0059) shows the browser's count once it runs.
      await context.addInitScript(() => localStorage.setItem("shopping_cart", JSON.stringify({ x: 2 })));
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      page.on("pageerror", (error) => refused.push(error.message));
      for (const expected of ["MISS", "HIT"]) {
        await fetch(`${b.url}/services`).then((response) => response.text());
        const response = await page.goto(`${b.url}/services`);
        if (expected === "HIT") expect(response?.headers()["x-cache"]).toBe("HIT");
        await page.waitForFunction(
          () => document.querySelector(".cart-badge")?.textContent === "2",
          undefined,
          { timeout: 30_000 },
        );
      }
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
