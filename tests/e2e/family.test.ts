// A guardian in Chromium, on a built server over a fresh PostgreSQL database (the register's
// guardian rows are written straight into it: the register's own pages are another part's): the
// guardian links two children by registration number and the code from the SMS outbox, sees
// neither marksheet before the exam is published and both after; in English and Bangla; axe at
// 360 px; the link form without script. Skipped when no PostgreSQL answers.

import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createConnection } from "node:net";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, useSite } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const admin = { email: "head@school.test", password: "head-password-1" };
const parent = { email: "parent@school.test", password: "parent-password-1" };
const fatherPhone = "+8801711000001";
const motherPhone = "+8801711000002";
const pupils = [
  ["1", "2026600001", "Ayesha Siddika"],
  ["2", "2026600002", "Rahim Uddin"],
] as const;

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => done(true));
  });
}
const withPostgres = await answers(adminUrl);

describe.skipIf(!withPostgres)("a guardian's children in the browser", () => {
  const name = `maktab_family_${randomBytes(5).toString("hex")}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const databaseUrl = () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  let examId = "";
  let adminCookie = "";

  beforeAll(async () => {
    await sql.unsafe(`create database ${name}`);
  });
  const site = useSite(() => ({ admin, env: { DATABASE_URL: databaseUrl() } }));
  afterAll(async () => {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  });

  const api = (pathname: string, method: string, body?: unknown, cookie = adminCookie) =>
    fetch(`${site.url}/api${pathname}`, {
      method,
      headers: { "content-type": "application/json", origin: site.url, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The code in the newest text message to this phone, waiting for it. */
  async function codeTo(phone: string, after = 0): Promise<string> {
    const dir = path.join(site.server.dataDir, "outbox", "sms");
    for (let tries = 0; tries < 100; tries++) {
      const files = existsSync(dir) ? (await readdir(dir)).sort() : [];
      const messages = await Promise.all(
        files.map(
          async (file) =>
            JSON.parse(await readFile(path.join(dir, file), "utf8")) as { to: string; text: string },
        ),
      );
      const mine = messages.filter((message) => message.to === phone);
      if (mine.length > after) return mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1] ?? "";
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no text message to ${phone}`);
  }
  const messagesTo = async (phone: string) => {
    const dir = path.join(site.server.dataDir, "outbox", "sms");
    const files = existsSync(dir) ? await readdir(dir) : [];
    let count = 0;
    for (const file of files) if ((await readFile(path.join(dir, file), "utf8")).includes(phone)) count += 1;
    return count;
  };

  beforeAll(async () => {
    adminCookie = sessionOf(await apiSignIn(site.server, admin.email, admin.password)).cookie;
    const made = await api("/results/exams", "POST", {
      name: "Half-yearly",
      session: "2026",
      class: "Class Six",
      subjects: [{ code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] }],
    });
    expect(made.status).toBe(201);
    examId = (await made.json())._id;
    const form = new FormData();
    form.set(
      "file",
      new File([["roll,registration,name", ...pupils.map((p) => p.join(","))].join("\r\n")], "six.csv"),
    );
    const imported = await fetch(`${site.url}/api/results/exams/${examId}/marks`, {
      method: "POST",
      headers: { origin: site.url, cookie: adminCookie },
      body: form,
    });
    expect(imported.status).toBe(200);
    const grid = await (await api(`/results/exams/${examId}/marks`, "GET")).json();
    const marks = grid.students.map((student: { enrolment: string }) => ({
      enrolment: student.enrolment,
      subject: "101",
      component: "written",
      score: 72,
    }));
    expect((await api(`/results/exams/${examId}/marks`, "PATCH", { marks })).status).toBe(200);
    // The register's guardians: the father's phone for both children, the mother's for the first.
    const db = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    for (const [, registration] of pupils) {
      await db`insert into register_guardians (register_student_id, name, relation, phone)
        select register_student_id, 'Abdul Karim', 'father', ${fatherPhone} from enrolments where registration = ${registration}`;
    }
    await db`insert into register_guardians (register_student_id, name, relation, phone)
      select register_student_id, 'Salma Begum', 'mother', ${motherPhone} from enrolments where registration = ${pupils[0][1]}`;
    await db.end();
    const signedUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...parent, name: "Abdul Karim" }),
    });
    expect(signedUp.status).toBe(200);
  });

  it("links two children by registration number and code; the marksheets show once published (English, 360 px, axe)", async () => {
    const page = await site.signedIn(parent, "/profile-route/children", {
      viewport: { width: 360, height: 740 },
    });
    await expect(page.getByRole("heading", { name: "My children", level: 2 }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByTestId("children-none").textContent()).toContain("No child is linked");
    const axe = await checkAccessibility(page);
    expect(axe, formatViolations(axe)).toEqual([]);

    for (const [index, [, registration, childName]] of pupils.entries()) {
      const before = await messagesTo(fatherPhone);
      await page.getByLabel("The child's registration number").fill(registration);
      await page.getByRole("button", { name: "Send the code" }).click();
      await page.getByTestId("link-code-sent").waitFor();
      expect(await page.getByTestId("link-code-sent").textContent()).toContain(
        `If registration number ${registration} is on the register`,
      );
      await page.getByLabel("Code from the text message").fill(await codeTo(fatherPhone, before));
      await page.getByRole("button", { name: "Link the child" }).click();
      await page.getByTestId("child-card").nth(index).waitFor();
      expect(await page.getByTestId("children-list").textContent()).toContain(childName);
    }
    const cards = await page.getByTestId("child-card").allTextContents();
    expect(cards.join(" ")).toMatch(/Father/);
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);

    // Neither marksheet before the exam is published.
    for (const [, , childName] of pupils) {
      await page.getByRole("link", { name: childName }).first().click();
      await page.getByTestId("child-name").filter({ hasText: childName }).waitFor();
      expect(await page.getByTestId("child-results").textContent()).toContain(
        "No results are published yet.",
      );
      await page.getByRole("link", { name: "Back to my children" }).click();
      await page.getByTestId("children-list").waitFor();
    }

    expect((await api(`/results/exams/${examId}/publish`, "POST", {})).status).toBe(200);
    for (const [, , childName] of pupils) {
      await page.getByRole("link", { name: childName }).first().click();
      await page.getByTestId("child-name").filter({ hasText: childName }).waitFor();
      const results = await page.getByTestId("child-results").textContent();
      expect(results).toContain("Half-yearly");
      expect(results).toContain(childName);
      expect(results).not.toContain("No results are published yet.");
      const childAxe = await checkAccessibility(page);
      expect(childAxe, formatViolations(childAxe)).toEqual([]);
      await page.getByRole("link", { name: "Back to my children" }).click();
      await page.getByTestId("children-list").waitFor();
    }
  });

  it("shows the children and a child's marksheet in Bangla", async () => {
    const page = await site.signedIn(parent, "/profile-route/children");
    // The reader's choice of language, as the header's switch keeps it.
    const { hostname } = new URL(site.url);
    await page.context().addCookies([{ name: "maktab_lang", value: "bn", domain: hostname, path: "/" }]);
    await page.goto(`${site.url}/profile-route/children`);
    expect(await page.getByRole("heading", { level: 2 }).first().textContent()).toBe("আমার সন্তান");
    expect(await page.getByTestId("children-list").textContent()).toContain("বাবা");
    await page.getByRole("link", { name: pupils[1][2] }).first().click();
    await page.getByTestId("child-name").waitFor();
    expect(await page.getByTestId("child-results").textContent()).toContain("ফলাফল");
    const axe = await checkAccessibility(page);
    expect(axe, formatViolations(axe)).toEqual([]);
  });

  it("answers another family's child with the same 404 page as a child who does not exist", async () => {
    const stranger = { email: "stranger@school.test", password: "stranger-password-1" };
    await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...stranger, name: "Someone Else" }),
    });
    const { cookie } = sessionOf(await apiSignIn(site.server, stranger.email, stranger.password));
    const children = await (
      await api(
        "/family/children",
        "GET",
        undefined,
        sessionOf(await apiSignIn(site.server, parent.email, parent.password)).cookie,
      )
    ).json();
    const theirs = await fetch(`${site.url}/profile-route/children/${children[0].id}`, {
      headers: { cookie },
    });
    const none = await fetch(`${site.url}/profile-route/children/00000000-0000-4000-8000-000000000000`, {
      headers: { cookie },
    });
    expect([theirs.status, none.status]).toEqual([404, 404]);
    const page = await theirs.text();
    expect(page).not.toContain(children[0].name);
  });

  it("lets an admin link a guardian of the register to an account by phone, on the dashboard's form", async () => {
    const db = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    const [row] = await db<{ id: string; child: string }[]>`select g.id, g.register_student_id as child
      from register_guardians g join enrolments e on e.register_student_id = g.register_student_id
      where e.registration = ${pupils[1][1]} and g.relation = 'father'`;
    const uncle = { email: "uncle@school.test", password: "uncle-password-1" };
    await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...uncle, name: "Uncle Rafiq" }),
    });
    await db`update users set phone_number = '+8801911000003' where email = ${uncle.email}`;
    await db.end();
    const page = await site.signedIn(
      admin,
      `/DeashBoard/register/${row?.child}/guardians/${row?.id}/account`,
    );
    await page.getByLabel("E-mail address or phone number").fill("01911-000003");
    await page.getByRole("button", { name: "Link the account", exact: true }).click();
    await page.getByTestId("guardian-account").filter({ hasText: "Uncle Rafiq" }).waitFor();
    const axe = await checkAccessibility(page);
    expect(axe, formatViolations(axe)).toEqual([]);
  });

  it("links a child with the form without script", async () => {
    const { context, page } = await newPage(site.browser, {
      javaScript: false,
      viewport: { width: 360, height: 740 },
    });
    const mother = { email: "mother@school.test", password: "mother-password-1" };
    await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...mother, name: "Salma Begum" }),
    });
    const { cookie } = sessionOf(await apiSignIn(site.server, mother.email, mother.password));
    const url = new URL(site.url);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [cookieName, ...value] = pair.split("=");
        return { name: cookieName ?? "", value: value.join("="), domain: url.hostname, path: "/" };
      }),
    );
    await page.goto(`${site.url}/profile-route/children`);
    await page.getByLabel("The child's registration number").fill(pupils[0][1]);
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByTestId("link-code-sent").waitFor();
    await page.getByLabel("Code from the text message").fill(await codeTo(motherPhone));
    await page.getByRole("button", { name: "Link the child" }).click();
    await page.getByTestId("children-list").waitFor();
    expect(await page.getByTestId("children-list").textContent()).toContain("Mother");
    expect(await page.getByTestId("children-list").textContent()).toContain(pupils[0][2]);
  });
});
