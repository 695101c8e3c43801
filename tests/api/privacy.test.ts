// Privacy: with the sample content and a user who writes a blog and comments, every public page
// (the route table's, HTML and .data), the sitemap, the RSS feed and every GET of the API, asked
// anonymously, carry no e-mail address, no phone number and no account id, and nobody who still
// waits for review (the sample's pending student and teacher). The only ones allowed
// are the institute's own contact details, which live in the site's texts (app/i18n).
//
// The pages are the real React Router pages, rendered in this process: the app, the pages and
// the server modules load through one Vite module graph, as in development (server/dev.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bn } from "../../i18n/bn";
import { en } from "../../i18n/en";
import { sampleContent } from "../../server/sample-content/data";
import { origin } from "../fixtures/test-app";
import { startViteApp, viteAppAdmin } from "../fixtures/vite-app";

const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// International numbers (a + and at least eight digits) and Bangladeshi mobile numbers written
// without the country code (01711-000101), standing alone: a record id's last group of hex
// digits ("-1729627053ab") is not a phone number (it made this test fail now and then).
const phonePattern = /(?<!\w)\+[1-9][\d\s().-]{6,}\d|(?<![\w.])0?1[3-9]\d{2}[\s-]?\d{6}(?!\w)/g;

/** The institute's own contact details: whatever the site's texts carry. */
const ownTexts = [...Object.values(en), ...Object.values(bn)].join("\n");
const allowed = new Set([...(ownTexts.match(emailPattern) ?? []), ...(ownTexts.match(phonePattern) ?? [])]);

function personalData(text: string): string[] {
  return [...(text.match(emailPattern) ?? []), ...(text.match(phonePattern) ?? [])].filter(
    (found) => !allowed.has(found),
  );
}

/** The sample students and teachers waiting for review: not public until an admin approves them. */
const sample = sampleContent(new Date().getUTCFullYear());
const waiting = [...sample.students, ...sample.teachers]
  .filter((person) => person.status !== "approved")
  .map((person) => person.name);

type Endpoint = { method: string; paths: string[]; tag: string };
type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

describe("nothing personal in anonymous answers", () => {
  let app: { request(url: string, init?: RequestInit): Response | Promise<Response> };
  let close: () => Promise<void>;
  let routes: RouteEntry[];
  let endpoints: Endpoint[];
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-privacy-"));
  const secrets: string[] = [];

  const get = (pathname: string, init: RequestInit = {}) =>
    app.request(`${origin}${pathname}`, {
      ...init,
      headers: { origin, ...(init.headers as Record<string, string>) },
    });
  const send = (pathname: string, method: string, body: unknown, cookie?: string) =>
    get(pathname, {
      method,
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    });
  const sessionOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; ");

  beforeAll(async () => {
    const started = await startViteApp({
      dataDir,
      origin,
      prepare: async (services, load) => {
        const { seedSampleContent } = await load<typeof import("../../server/sample-content/seed")>(
          "/server/sample-content/seed.ts",
        );
        await seedSampleContent({ db: services.db, files: services.files });
      },
    });
    app = started.app;
    close = started.close;
    const api = await started.load<typeof import("../../server/api/index")>("/server/api/index.ts");
    endpoints = api.endpoints as Endpoint[];
    routes = Object.values(started.build.routes) as RouteEntry[];

    // A parent with an account writes a blog (approved by the office) and comments on it.
    const admin = sessionOf(await send("/api/auth/sign-in/email", "POST", viteAppAdmin));
    const signUp = await send("/api/auth/sign-up/email", "POST", {
      email: "parent.karim@mail.example",
      password: "parent-password-1",
      name: "Karim Parent",
    });
    const parent = sessionOf(signUp);
    const { user } = (await signUp.json()) as { user: { id: string } };
    secrets.push(user.id, "parent.karim@mail.example");
    const blog = await send(
      "/api/blog/blogs",
      "POST",
      { title: "Our first term", blog: "It went well.", catagori: "Parents" },
      parent,
    );
    const { insertedId } = (await blog.json()) as { insertedId: string };
    await send(`/api/blog/blogs/${insertedId}`, "PATCH", { status: "approved" }, admin);
    const comment = await send(
      "/api/blog/comment",
      "POST",
      {
        id: insertedId,
        name: "Karim Parent",
        email: "parent.karim@mail.example",
        info: "Thank you, teachers!",
      },
      parent,
    );
    expect(comment.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every record id of a kind, from its public list. */
  async function idsOf(listPath: string): Promise<string[]> {
    const response = await get(`${listPath}?limit=100`);
    const items = (await response.json()) as { _id: string }[] | object;
    return Array.isArray(items) ? items.map((item) => item._id) : [];
  }

  async function expectNothingPersonal(pathname: string) {
    const response = await get(pathname);
    const text = await response.text();
    expect(response.status, `${pathname}: ${text.slice(0, 2000)}`).toBeLessThan(500);
    const found = [...personalData(text), ...secrets.filter((secret) => text.includes(secret))];
    expect(found, pathname).toEqual([]);
    expect(
      waiting.filter((name) => text.includes(name)),
      `${pathname} shows someone waiting for review`,
    ).toEqual([]);
  }

  it("keeps e-mail addresses, phone numbers and account ids out of every public page", async () => {
    const ids: Record<string, string[]> = {
      "blog/:id": await idsOf("/api/blog/blogs"),
      "services/:ID": await idsOf("/api/service/services"),
      "result/:ID": await idsOf("/api/result/results"),
      "about/:about": await idsOf("/api/teacher/teachers"),
      "admition/:booking": await idsOf("/api/Admition/admition"),
    };
    const byId = new Map(routes.map((route) => [route.id, route]));
    const fullPath = (route: RouteEntry): string => {
      const parent = route.parentId ? byId.get(route.parentId) : undefined;
      const own = route.path ?? "";
      const above = parent ? fullPath(parent) : "";
      return [above, own].filter(Boolean).join("/");
    };
    const pages = new Set<string>();
    for (const route of routes) {
      const full = fullPath(route);
      if (full === "*") {
        pages.add("/no-such-page");
        continue;
      }
      const param = Object.keys(ids).find((pattern) => full === pattern);
      if (param) {
        for (const id of ids[param] ?? []) pages.add(`/${full.replace(/:\w+$/, id)}`);
      } else if (!full.includes(":")) {
        pages.add(`/${full}`);
      }
    }
    expect(pages.size).toBeGreaterThan(30);
    for (const page of pages) {
      await expectNothingPersonal(page);
      if (!/\.(xml|txt|csv)$/.test(page))
        await expectNothingPersonal(page === "/" ? "/_root.data" : `${page}.data`);
    }
  });

  it("keeps them out of every anonymous GET of the API", async () => {
    const listOf = (tag: string) =>
      endpoints.find((e) => e.method === "GET" && e.tag === tag && !e.paths[0]?.includes(":"));
    const calls = new Set<string>(["/api/openapi.json"]);
    for (const endpoint of endpoints.filter((e) => e.method === "GET")) {
      for (const pathname of endpoint.paths) {
        if (!pathname.includes(":")) {
          calls.add(`/api${pathname}?limit=100`);
          continue;
        }
        const list = listOf(endpoint.tag);
        const ids = list?.paths[0] ? await idsOf(`/api${list.paths[0]}`) : [];
        for (const id of ids.length > 0 ? ids : ["parent.karim@mail.example"])
          calls.add(`/api${pathname.replace(/:\w+/, encodeURIComponent(id))}`);
      }
    }
    expect(calls.size).toBeGreaterThan(20);
    for (const call of calls) await expectNothingPersonal(call);
  });
});
