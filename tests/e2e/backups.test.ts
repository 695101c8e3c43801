// Issue 22's "done when", on the built server as a school runs it: start with the sample content,
// add a notice with a photo through the API, back up while the site serves (the embedded database:
// the command asks the running server), stop, wipe DATA_DIR, restore, start, and everything is
// there, the photos included; the same into PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { exportKinds } from "../../server/backup/export";
import { runBuilt, temporaryFolders } from "../fixtures/commands";
import { throwawayPostgres } from "../fixtures/test-app";
import { checkAccessibility, formatViolations } from "./accessibility";
import {
  apiSignIn,
  launchBrowser,
  newPage,
  type RunningServer,
  sessionOf,
  signInThroughLogin,
  startServer,
} from "./harness";

const temporary = temporaryFolders();
const admin = { ADMIN_EMAIL: "office@school.test", ADMIN_PASSWORD: "office-password-1" };
const secret = "s".repeat(40);

type Notice = { _id: string; Title: string; image: string | null };

async function noticesOf(server: RunningServer): Promise<Notice[]> {
  const answer = await fetch(`${server.url}/api/Notice/notices?limit=100`);
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as Notice[] | { items: Notice[] };
  return Array.isArray(body) ? body : body.items;
}

/** Every notice's photo as the site serves it. */
async function photosOf(server: RunningServer, notices: Notice[]): Promise<Map<string, number>> {
  const photos = new Map<string, number>();
  for (const notice of notices) {
    if (!notice.image?.includes("/files/")) continue;
    const answer = await fetch(new URL(notice.image, server.url));
    expect(answer.status, notice.image).toBe(200);
    photos.set(notice._id, (await answer.arrayBuffer()).byteLength);
  }
  return photos;
}

let postgresDrop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await postgresDrop?.();
});

describe("back up, wipe, restore", () => {
  it("keeps everything, photos included, on the embedded database and into PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-school-"));
    const env = { ...admin, BETTER_AUTH_SECRET: secret, SAMPLE_CONTENT: "on" };
    const server = await startServer({ dataDir, env });
    const backups = temporary("backups");
    let before: Notice[];
    let photos: Map<string, number>;
    try {
      const session = sessionOf(await apiSignIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD));
      const form = new FormData();
      form.set("Title", "Sports day moved to Thursday");
      form.set("about", "Added through the dashboard before the backup.");
      const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a7f62" } })
        .jpeg()
        .toBuffer();
      form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "sports.jpg");
      const created = await fetch(`${server.url}/api/Notice/notices`, {
        method: "POST",
        headers: { authorization: `Bearer ${session.token}`, origin: server.url },
        body: form,
      });
      expect(created.status, await created.clone().text()).toBeLessThan(300);
      before = await noticesOf(server);
      expect(before.map((notice) => notice.Title)).toContain("Sports day moved to Thursday");
      photos = await photosOf(server, before);
      expect(photos.size).toBeGreaterThan(1);

      // While the site serves: the command asks the server, which holds the database.
      let serving = true;
      let answered = 0;
      const visitor = (async () => {
        while (serving) {
          const page = await fetch(`${server.url}/`);
          expect(page.status).toBe(200);
          await page.arrayBuffer();
          answered++;
        }
      })();
      const backup = await runBuilt("backup", { DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret }, [
        "--to",
        backups,
        "--with-secrets",
      ]);
      serving = false;
      await visitor;
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toMatch(/by the running server \(pid \d+\)/);
      expect(answered).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    /** The notices, their photos and the admin's password, as before the backup; then stops. */
    const expectAllThere = async (restoredServer: RunningServer) => {
      try {
        expect(await noticesOf(restoredServer)).toEqual(before);
        expect(await photosOf(restoredServer, before)).toEqual(photos);
        expect((await apiSignIn(restoredServer, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).status).toBe(200);
      } finally {
        await restoredServer.stop();
      }
    };
    const [archive] = readdirSync(backups);
    const file = path.join(backups, archive as string);

    rmSync(dataDir, { recursive: true, force: true });
    const restored = await runBuilt("restore", { DATA_DIR: dataDir }, [file]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    // No ADMIN_* this time: the account and its password come from the backup.
    await expectAllThere(await startServer({ dataDir, env: { SAMPLE_CONTENT: "on" } }));
    rmSync(dataDir, { recursive: true, force: true });

    if (!process.env.TEST_DATABASE_URL) return;
    const { handle, url, drop } = await throwawayPostgres();
    await handle.close();
    postgresDrop = drop;
    const pgData = temporary("pg-data");
    const intoPostgres = await runBuilt("restore", { DATA_DIR: pgData, DATABASE_URL: url }, [file]);
    expect(intoPostgres.stderr).toBe("");
    expect(intoPostgres.code).toBe(0);
    await expectAllThere(
      await startServer({ dataDir: pgData, env: { DATABASE_URL: url, SAMPLE_CONTENT: "on" } }),
    );
  }, 240_000);
});

describe("the dashboard's exports", () => {
  it("download every kind as CSV, XLSX or JSON for an admin only", async () => {
    const server = await startServer({ env: { ...admin, BETTER_AUTH_SECRET: secret } });
    try {
      const { cookie } = sessionOf(await apiSignIn(server, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD));
      const page = await fetch(`${server.url}/DeashBoard/exports`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const href of [
        "/DeashBoard/export/users.csv",
        "/DeashBoard/export/orders.xlsx",
        "/DeashBoard/export/exam-results.json",
      ]) {
        expect(html).toContain(`href="${href}"`);
      }
      const users = await fetch(`${server.url}/DeashBoard/export/users.csv`, { headers: { cookie } });
      expect(users.status).toBe(200);
      expect(users.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(users.headers.get("content-disposition")).toBe('attachment; filename="maktab-users.csv"');
      const csv = await users.text();
      expect(csv).toContain(admin.ADMIN_EMAIL);
      expect(csv).not.toMatch(/password/i);
      const sheet = await fetch(`${server.url}/DeashBoard/export/orders.xlsx`, { headers: { cookie } });
      expect(sheet.headers.get("content-type")).toMatch(/spreadsheetml/);
      expect(
        Buffer.from(await sheet.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe("PK");
      expect(
        (await fetch(`${server.url}/DeashBoard/export/accounts.json`, { headers: { cookie } })).status,
      ).toBe(404);

      // The screen in Chromium, in Bangla too: every kind named, nothing axe objects to.
      const browser = await launchBrowser();
      try {
        for (const locale of ["en", "bn"]) {
          const { page } = await newPage(browser);
          await signInThroughLogin(
            page,
            server.url,
            { email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD },
            "/DeashBoard/exports",
          );
          if (locale === "bn") {
            await page.context().addCookies([{ name: "maktab_lang", value: "bn", url: server.url }]);
            await page.reload();
            expect(await page.evaluate(() => document.documentElement.lang)).toBe("bn");
            await page.getByRole("heading", { name: "এক্সপোর্ট" }).waitFor();
          }
          await page.getByTestId("exports-table").waitFor();
          const rows = page.getByTestId("export-row");
          expect(await rows.count()).toBe(Object.keys(exportKinds).length);
          // Every kind named in the reader's language, none by its text's key.
          expect((await rows.allTextContents()).join(" ")).not.toContain("exports.kind.");
          expect(formatViolations(await checkAccessibility(page))).toBe("");
        }
      } finally {
        await browser.close();
      }

      const visitor = await fetch(`${server.url}/DeashBoard/export/users.csv`, { redirect: "manual" });
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login/);
      await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "alice@school.test", password: "alice-password", name: "Alice" }),
      });
      const alice = sessionOf(await apiSignIn(server, "alice@school.test", "alice-password"));
      const refused = await fetch(`${server.url}/DeashBoard/export/users.csv`, {
        headers: { cookie: alice.cookie },
        redirect: "manual",
      });
      expect(refused.status).toBe(403);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
