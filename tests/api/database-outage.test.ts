// A database that does not answer gets an honest answer (issue 34). PostgreSQL sits behind a proxy
// of the test's own (tests/fixtures/tcp-proxy.ts) that refuses connections, cuts them or stalls
// them: every REST call, every write and every signed-in page answers 503 with Retry-After (pages
// in the visitor's language), /readyz says so and is ready again once the database is back,
// visitors' kept pages keep coming, and every write that was acknowledged is there afterwards.
// The embedded database, closed, answers the same. The pages are the real React Router pages,
// rendered in this process (tests/fixtures/vite-app.ts). Nothing here measures speed: a request
// must answer at all, within a bound far above what the app allows itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { checkAnswer } from "../fixtures/openapi-check";
import { type ProxyMode, startTcpProxy, type TcpProxy } from "../fixtures/tcp-proxy";
import { origin } from "../fixtures/test-app";
import { throwawayDatabase } from "../fixtures/throwaway-database";
import { startVite, startViteApp, type ViteApp, viteAppAdmin } from "../fixtures/vite-app";

/** Far longer than any bound the app keeps (a few seconds): a request that takes this long hangs. */
const hangsAfterMs = 30_000;

/** The answer, or a failure when none comes: an outage must be answered, not waited out. */
async function answered(work: Response | Promise<Response>, what: string): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${hangsAfterMs} ms`)), hangsAfterMs);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

type Session = { cookie: string; token: string };

/** The app in this process, asked as its own pages and REST clients ask it. */
function clientOf(app: ViteApp) {
  const request = async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("origin", origin);
    const method = init.method ?? "GET";
    const response = await answered(
      app.app.request(`${origin}${pathname}`, { ...init, headers }),
      `${method} ${pathname}`,
    );
    // Every REST answer, the 503s included, is what the OpenAPI document says.
    await checkAnswer(method, `${origin}${pathname}`, response);
    return response;
  };
  const json = (pathname: string, method: string, body: unknown, session?: Session) =>
    request(pathname, {
      method,
      body: JSON.stringify(body),
      headers: {
        "content-type": "application/json",
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      },
    });
  async function signIn(): Promise<Session> {
    const response = await json("/api/auth/sign-in/email", "POST", viteAppAdmin);
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; ");
    return { cookie, token: response.headers.get("set-auth-token") ?? "" };
  }
  return { request, json, signIn };
}

type Client = ReturnType<typeof clientOf>;

async function expectRetryLater(response: Response, what: string) {
  const body = await response.clone().text();
  expect(response.status, `${what}: ${body.slice(0, 300)}`).toBe(503);
  expect(response.headers.get("retry-after"), what).toMatch(/^[1-9][0-9]*$/);
}

/** A REST call's 503: the error in the API's shape, by code. */
async function expectApiOutage(response: Response, what: string) {
  await expectRetryLater(response, what);
  const { error } = (await response.json()) as { error: { code: string; key: string; message: string } };
  expect(error.code).toBe("database_unavailable");
  expect(error.key).toBe("database.unavailable");
}

const entities: Record<string, string> = {
  "&apos;": "'",
  "&quot;": '"',
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
};

/** A page's 503: the outage page, in the language asked for. */
async function expectPageOutage(response: Response, what: string, locale: "en" | "bn" = "en") {
  await expectRetryLater(response, what);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  const html = (await response.text()).replace(
    /&apos;|&quot;|&lt;|&gt;|&amp;/g,
    (entity) => entities[entity] ?? entity,
  );
  const texts = locale === "bn" ? bn : en;
  expect(html).toContain(`lang="${locale}"`);
  expect(html).toContain(texts["outage.heading"]);
  expect(html).toContain(texts["outage.lead"]);
}

/** Notices the admin adds: the ids of those acknowledged (201). Others must have failed honestly. */
async function addNotices(client: Client, admin: Session, count: number, during: () => Promise<void>) {
  const writes = Array.from({ length: count }, (_, n) =>
    client.json("/api/Notice/notices", "POST", { Title: `Notice ${n}`, about: "Outage test" }, admin),
  );
  await during();
  const ids: string[] = [];
  for (const write of writes) {
    const response = await write;
    expect([201, 503], await response.clone().text()).toContain(response.status);
    if (response.status === 201) ids.push(((await response.json()) as { insertedId: string }).insertedId);
    else await expectApiOutage(response, "a write caught by the outage");
  }
  return ids;
}

/** What every request that needs the database answers while it does not answer (asked together). */
async function expectEverythingSaysSo(client: Client, admin: Session) {
  const asAdmin = { headers: { cookie: admin.cookie } };
  await Promise.all([
    // A write and a signed-in read.
    client
      .json("/api/Notice/notices", "POST", { Title: "Lost", about: "Not kept" }, admin)
      .then((answer) => expectApiOutage(answer, "a REST write")),
    client
      .request("/api/Order/orders", { headers: { authorization: `Bearer ${admin.token}` } })
      .then((answer) => expectApiOutage(answer, "a signed-in REST read")),
    // A signed-in page, in both languages, and a navigation's data.
    client.request("/DeashBoard", asAdmin).then((answer) => expectPageOutage(answer, "a page")),
    client
      .request("/DeashBoard", { headers: { cookie: `${admin.cookie}; maktab_lang=bn` } })
      .then((answer) => expectPageOutage(answer, "a page in Bangla", "bn")),
    client
      .request("/DeashBoard.data", asAdmin)
      .then((answer) => expectRetryLater(answer, "a navigation's data")),
    // A visitor's form that writes (the contact form, sent without script).
    client
      .request("/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Visitor", email: "visitor@mail.example", message: "Hello there" }),
      })
      .then((answer) => expectPageOutage(answer, "a visitor's form")),
    client.request("/readyz").then((answer) => expectRetryLater(answer, "/readyz")),
    // A visitor's kept page keeps coming.
    client.request("/notices").then((kept) => {
      expect(kept.status).toBe(200);
      expect(kept.headers.get("x-cache")).toBe("HIT");
    }),
  ]);
}

/** A visitor's page, kept by the page cache (a new notice starts a new generation of it). */
async function keepVisitorsPage(client: Client) {
  expect((await client.request("/notices")).headers.get("x-cache")).toBe("MISS");
  expect((await client.request("/notices")).headers.get("x-cache")).toBe("HIT");
}

/** Ready again within a while of the database coming back (connections are made afresh). */
async function expectReadyAgain(client: Client) {
  for (let tries = 0; tries < 40; tries++) {
    if ((await client.request("/readyz")).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("/readyz never answered 200 again");
}

// One Vite server loads the modules of both apps below.
let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(() => vite?.close());

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL that refuses, cuts or stalls", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-outage-"));
  let proxy: TcpProxy;
  let app: ViteApp;
  let client: Client;
  let admin: Session;
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const acknowledged: string[] = [];

  beforeAll(async () => {
    database = await throwawayDatabase("maktab_outage");
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    app = await startViteApp({
      vite,
      dataDir,
      origin,
      // Short bounds, so that the test waits less: the same code as the defaults'.
      database: (open) =>
        open({
          url: proxy.through(database.url),
          timeouts: { connectSeconds: 2, statementSeconds: 5, idleSeconds: 60, checkSeconds: 1 },
        }),
    });
    client = clientOf(app);
    admin = await client.signIn();
    acknowledged.push(...(await addNotices(client, admin, 3, async () => {})));
    await keepVisitorsPage(client);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each<ProxyMode>(["refuse", "cut", "stall"])(
    "when the proxy does %s, every call answers 503 with Retry-After, and all is well once it passes again",
    async (mode) => {
      // Writes under way when it happens are either acknowledged or refused with 503.
      acknowledged.push(...(await addNotices(client, admin, 4, () => proxy.set(mode))));
      await expectEverythingSaysSo(client, admin);
      await proxy.set("pass");
      await expectReadyAgain(client);
      const page = await client.request("/DeashBoard", { headers: { cookie: admin.cookie } });
      expect(page.status).toBe(200);
      acknowledged.push(...(await addNotices(client, admin, 2, async () => {})));
      await keepVisitorsPage(client);
    },
    90_000,
  );

  it("kept every acknowledged write", async () => {
    expect(acknowledged.length).toBeGreaterThanOrEqual(9);
    const direct = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const rows = await direct<{ id: string }[]>`select id from notices`;
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await direct.end();
    }
  });
});

describe("the embedded database, closed", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-outage-"));
  let app: ViteApp;
  let client: Client;
  let admin: Session;

  beforeAll(async () => {
    app = await startViteApp({ vite, dataDir, origin });
    client = clientOf(app);
    admin = await client.signIn();
    expect(await addNotices(client, admin, 1, async () => {})).toHaveLength(1);
    await keepVisitorsPage(client);
  }, 120_000);

  afterAll(async () => {
    // Its database is closed already.
    await app?.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After to every call that needs it", async () => {
    const { $client } = app.services.db as unknown as { $client: { close(): Promise<void> } };
    await $client.close();
    await expectEverythingSaysSo(client, admin);
  });
});
