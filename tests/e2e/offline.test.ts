// The installed app and its offline copies (issue 39 items 3 and 4), in Chromium against the built
// server: the manifest names the institute in the reader's language and its icons are served; the
// service worker installs; a guardian who opened the notice board and their child's marksheet
// reads both with the network cut, each marked with when it was saved; after sign-out neither is
// readable offline. And the dates the institute keeps: an event on 14 April 2026 shows
// ১ বৈশাখ ১৪৩৩ and its Hijri date in Bangla and in English, and a notice today's.
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatBangla, formatHijri } from "../../common/dates";
import { apiSignIn, sessionOf, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const guardian = { email: "parent@school.test", password: "parent-password-1", name: "Abdul Karim" };
const exam = {
  name: "Annual Examination",
  session: "2026",
  class: "Class Five",
  subjects: [{ code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] }],
};
const sheet = ["roll,registration,name,101", "3,2026500003,Ayesha Siddika,81"].join("\r\n");

describe("installable and readable offline", () => {
  const site = useSite({ admin });
  let headers: Record<string, string>;

  const api = async (path: string, method: string, body: unknown) => {
    const answer = await fetch(`${site.url}${path}`, {
      method,
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBeLessThan(300);
    return answer.json();
  };

  /** A browser of its own (no waiting for React: an offline copy's scripts do not load). */
  const browserPage = async (javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await site.browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled,
    });
    return { context, page: await context.newPage() };
  };

  /** The names of the worker's caches, as the page sees them. */
  const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
  /** Whether the worker has kept this address (in any of its caches). */
  const isKept = (page: Page, path: string) =>
    page.evaluate(async (url) => Boolean(await caches.match(url)), `${site.url}${path}`);

  /** Offline, a page that was not kept: the worker's short page says so, and nothing of the page shows. */
  const notThere = async (page: Page, path: string) => {
    const answer = await page.goto(`${site.url}${path}`);
    expect(answer?.status()).toBe(503);
    expect(await page.getByTestId("offline-none").textContent()).toBe("You are offline");
    expect(await page.getByTestId("offline-copy").count()).toBe(0);
    expect(await page.locator("body").textContent()).not.toMatch(/Ayesha|Half-yearly/);
  };

  it("gives a valid manifest in both languages, with icons drawn from the logo", async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    headers = { cookie, origin: site.url };
    await api("/api/settings/site", "PUT", {
      calendars: "both",
      hijriOffset: 0,
      nameEn: "Darul Ulum Madrasah",
      nameBn: "দারুল উলুম মাদ্রাসা",
    });

    const english = await fetch(`${site.url}/manifest.webmanifest`);
    expect(english.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = await english.json();
    expect(manifest).toMatchObject({
      name: "Darul Ulum Madrasah",
      start_url: "/",
      display: "standalone",
      theme_color: "#087f5b",
    });
    const bangla = await (
      await fetch(`${site.url}/manifest.webmanifest`, { headers: { cookie: "maktab_lang=bn" } })
    ).json();
    expect(bangla.name).toBe("দারুল উলুম মাদ্রাসা");
    expect(bangla.lang).toBe("bn-BD");

    const sizes = new Set<string>();
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const answer = await fetch(new URL(icon.src, site.url));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(icon.type);
      const { width, height, format } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe("png");
      sizes.add(icon.sizes);
    }
    expect([...sizes].sort()).toEqual(["192x192", "512x512"]);

    // Every page links it, and Chromium reads it as the page's manifest.
    const { context, page } = await browserPage();
    await page.goto(`${site.url}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; data?: string };
    expect(read.errors).toEqual([]);
    expect(JSON.parse(read.data ?? "{}").name).toBe("Darul Ulum Madrasah");
    await context.close();
  });

  it("lets an admin choose the calendars and the offset on the dashboard, without script", async () => {
    const { context, page } = await browserPage(false);
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/login?redirectTo=/DeashBoard/settings`);
    await page.locator('input[name="email"]').fill(admin.email);
    await page.locator('input[name="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').last().click();
    const form = page.getByTestId("site-settings-form");
    await form.waitFor();
    await form.locator('select[name="calendars"]').selectOption("bangla");
    await form.locator('select[name="hijriOffset"]').selectOption("1");
    await form.locator('button[value="site-settings"]').click();
    await page.getByTestId("settings-saved").waitFor();
    expect(await page.getByTestId("settings-saved").textContent()).toBe("সেটিংস সংরক্ষিত হয়েছে।");
    expect(await form.locator('select[name="calendars"]').inputValue()).toBe("bangla");
    expect(await form.locator('select[name="hijriOffset"]').inputValue()).toBe("1");
    // The example shows both dates, the Hijri one moved by the offset.
    expect(await page.getByTestId("settings-example").textContent()).toMatch(/^আজ: .+ বঙ্গাব্দ · .+ হিজরি$/);
    await context.close();
  });

  it("shows the Bangla calendar's and the Hijri date beside the Gregorian one, in both languages", async () => {
    await api("/api/settings/site", "PUT", { calendars: "both", hijriOffset: 0 });
    await api("/api/events", "POST", {
      title: "Pohela Boishakh",
      start: "2026-04-14",
      end: "2026-04-14",
      category: "holiday",
    });
    await api("/api/Notice/notices", "POST", { Title: "Half-yearly examinations", about: "From Sunday" });
    const page = async (path: string, language: "en" | "bn") =>
      (await fetch(`${site.url}${path}`, { headers: { cookie: `maktab_lang=${language}` } })).text();

    const bangla = await page("/events?month=2026-04", "bn");
    expect(bangla).toContain("১ বৈশাখ ১৪৩৩ বঙ্গাব্দ");
    expect(bangla).toContain("২৬ শাওয়াল ১৪৪৭ হিজরি");
    const english = await page("/events?month=2026-04", "en");
    expect(english).toContain("1 Boishakh 1433 BS");
    expect(english).toContain("26 Shawwal 1447 AH");
    // The month's span under the grid's caption: 1 April 2026 is 18 Chaitra 1432, 30 April 17 Boishakh 1433.
    expect(english).toMatch(/18 Chaitra 1432 BS · .+ AH – 17 Boishakh 1433 BS · .+ AH/);

    // The notice is dated today (the server's day in UTC, as its Gregorian date is written).
    const today = new Date().toISOString().slice(0, 10);
    expect(await page("/notices", "bn")).toContain(formatBangla(today, "bn"));
    expect(await page("/notices", "en")).toContain(formatHijri(today, "en"));
  });

  it("keeps the notice board and a guardian's marksheet readable offline, marked with when they were saved, until sign-out", async () => {
    // A published marksheet of a child the guardian's account is linked to.
    const signedUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(guardian),
    });
    expect(signedUp.status).toBe(200);
    const { _id: examId } = await api("/api/results/exams", "POST", exam);
    const form = new FormData();
    form.set("file", new File([sheet], "class-five.csv"));
    const imported = await fetch(`${site.url}/api/results/exams/${examId}/marks`, {
      method: "POST",
      headers,
      body: form,
    });
    expect(imported.status).toBe(200);
    const grid = await (await fetch(`${site.url}/api/results/exams/${examId}/marks`, { headers })).json();
    await api(`/api/results/enrolments/${grid.students[0].enrolment}/accounts`, "POST", {
      email: guardian.email,
      relation: "guardian",
    });
    await api(`/api/results/exams/${examId}/publish`, "POST", {});

    const { context, page } = await browserPage();
    await page.goto(`${site.url}/login?redirectTo=/`);
    await page.getByLabel("E-mail").fill(guardian.email);
    await page.locator('input[name="password"]').fill(guardian.password);
    await page.getByRole("button", { name: "Login" }).last().click();
    await page.locator('form[action="/logout"]').first().waitFor({ state: "attached", timeout: 30_000 });

    // The worker installs and takes the page over.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${site.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // The guardian opens the notice board and the child's marksheets; a dashboard page is not kept.
    const before = Date.now();
    for (const path of ["/notices", "/profile-route/results", "/DeashBoard"]) {
      await page.goto(`${site.url}${path}`);
    }
    await expect.poll(() => isKept(page, "/notices"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => isKept(page, "/profile-route/results"), { timeout: 10_000 }).toBe(true);
    expect(await isKept(page, "/DeashBoard")).toBe(false);
    expect((await cacheNames(page)).filter((name) => name.startsWith("maktab-private-"))).toHaveLength(1);

    await context.setOffline(true);
    for (const [path, shown] of [
      ["/notices", "Half-yearly examinations"],
      ["/profile-route/results", "Ayesha Siddika"],
    ] as const) {
      await page.goto(`${site.url}${path}`);
      expect(await page.locator("main").textContent()).toContain(shown);
      const line = page.getByTestId("offline-copy");
      expect(await line.textContent()).toMatch(/^Offline copy, saved on \d{1,2} \w+ 2026/);
      const savedAt = Date.parse((await line.getAttribute("data-saved-at")) ?? "");
      expect(savedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(savedAt).toBeLessThanOrEqual(Date.now());
    }
    // A page never opened is not there.
    await notThere(page, "/profile-route/children");

    // Signed out (online), nothing of the guardian's is kept.
    await context.setOffline(false);
    await page.goto(`${site.url}/`);
    await page.locator('form[action="/logout"] button').first().click();
    await expect
      .poll(async () => (await cacheNames(page)).some((name) => name.startsWith("maktab-private-")), {
        timeout: 10_000,
      })
      .toBe(false);
    await context.setOffline(true);
    for (const path of ["/profile-route/results", "/notices"]) await notThere(page, path);
    await context.close();
  });

  it("never shows one account's kept page to another, even without a sign-out", async () => {
    const { context, page } = await browserPage();
    const signIn = async (account: { email: string; password: string }) => {
      await page.goto(`${site.url}/login?redirectTo=/`);
      await page.getByLabel("E-mail").fill(account.email);
      await page.locator('input[name="password"]').fill(account.password);
      await page.getByRole("button", { name: "Login" }).last().click();
      await page.locator('form[action="/logout"]').first().waitFor({ state: "attached", timeout: 30_000 });
    };
    await signIn(guardian);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`${site.url}/profile-route/results`);
    await expect.poll(() => isKept(page, "/profile-route/results"), { timeout: 10_000 }).toBe(true);

    // The session ends without a sign-out (cookies gone), and someone else signs in here.
    await context.clearCookies();
    await signIn(admin);
    await expect.poll(() => isKept(page, "/profile-route/results"), { timeout: 10_000 }).toBe(false);
    await context.setOffline(true);
    await notThere(page, "/profile-route/results");
    await context.close();
  });

  it("keeps a visitor's notice board for visitors only, and never a form", async () => {
    const { context, page } = await browserPage();
    await page.goto(`${site.url}/`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    for (const path of ["/notices", "/events", "/contact", "/login"]) await page.goto(`${site.url}${path}`);
    await expect.poll(() => isKept(page, "/events"), { timeout: 10_000 }).toBe(true);
    expect(await isKept(page, "/notices")).toBe(true);
    expect(await isKept(page, "/login")).toBe(false);
    expect(await cacheNames(page)).not.toContainEqual(expect.stringMatching(/^maktab-private-/));
    await context.setOffline(true);
    await page.goto(`${site.url}/notices`);
    expect(await page.getByTestId("offline-copy").count()).toBe(1);
    await notThere(page, "/login");
    await context.close();
  });
});
