// The class routine end to end, against the built server with the sample content: a class's and
// a teacher's week without script, a substitute shown on its date only, Bangla with Bengali digits,
// every axe rule at 1280 and 360 px (the table scrolls inside its own region, never the page), and
// a class's week printed on one A4 page in landscape (counted with pdfinfo).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };

describe("the class routine", () => {
  const site = useSite({ sampleContent: true, admin });
  let six: string;

  beforeAll(async () => {
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    six = classes.find((item) => item.name === "Class Six")?._id ?? "";
  });

  it("shows a class's week and a teacher's without script", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/classRoome`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Class Room");
    await page
      .getByRole("navigation", { name: "Classes" })
      .getByRole("link", { name: "Class Six", exact: true })
      .click();
    const table = page.getByRole("table", { name: "Routine of Class Six" });
    const headers = await table.locator("thead th").allTextContents();
    expect(headers[0]).toBe("Day");
    expect(headers[1]).toBe("Period 108:00–08:45");
    expect(headers[4]).toBe("Break10:15–10:45");
    expect(await table.locator("tbody th").allTextContents()).toEqual([
      "Saturday",
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
    ]);
    const first = table.locator("tbody tr").first().locator("td").first();
    expect(await first.textContent()).toContain("Bangla");
    expect(await first.textContent()).toContain("Room 101");
    const teacher = (await first.getByRole("link").textContent()) ?? "";
    await first.getByRole("link").click();
    const theirs = page.getByRole("table", { name: `Routine of ${teacher}` });
    // The click starts the teacher's page loading; count() would not wait for it.
    await theirs.waitFor();
    expect(await theirs.locator("td").filter({ hasText: "Class Six" }).count()).toBeGreaterThan(0);
    expect(await theirs.locator("td").filter({ hasText: "Class Seven" }).count()).toBeGreaterThan(0);
  });

  it("links the teachers who teach a period of the week, not the whole staff", async () => {
    // A teacher of the staff with no period yet.
    const { token } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const added = await fetch(`${site.url}/api/teacher/addTeacher`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Rafiq Uddin",
        email: "rafiq@school.test",
        phone: "+880 1711-000998",
        address: "Mirpur, Dhaka",
      }),
    });
    expect(added.ok, await added.clone().text()).toBe(true);
    const { insertedId } = (await added.json()) as { insertedId: string };
    const approved = await fetch(`${site.url}/api/teacher/teacher/${insertedId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "approved" }),
    });
    expect(approved.ok, await approved.clone().text()).toBe(true);
    const html = await (await fetch(`${site.url}/classRoome`)).text();
    const linked = [...html.matchAll(/href="\/classRoome\?teacher=([^"]+)"/g)].map((match) => match[1]);
    const staff = (await (await fetch(`${site.url}/api/teacher/teachers`)).json()) as { _id: string }[];
    expect(staff.map((one) => one._id)).toContain(insertedId);
    // A date with no substitute: each teacher's own week.
    const weeks = await Promise.all(
      staff.map(async (one) => {
        const answer = await fetch(`${site.url}/api/routines/teachers/${one._id}?date=2099-01-01`);
        return { id: one._id, slots: ((await answer.json()) as { slots: unknown[] }).slots };
      }),
    );
    const teaching = new Set(weeks.filter((week) => week.slots.length > 0).map((week) => week.id));
    expect(teaching.size).toBeGreaterThan(0);
    expect(staff.length).toBeGreaterThan(teaching.size);
    expect(new Set(linked)).toEqual(teaching);
  });

  it("shows a substitute on its date only, marked as such", async () => {
    const { token } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const teachers = (await (await fetch(`${site.url}/api/teacher/teachers`)).json()) as {
      _id: string;
      name: string;
    }[];
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as { _id: string }[];
    // 2030-01-06 is a Sunday: a teacher with no class in its first period takes Class Six's.
    const busy = new Set<string>();
    for (const { _id } of classes) {
      const week = await (await fetch(`${site.url}/api/routines/classes/${_id}?date=2030-01-06`)).json();
      expect(week.weekday).toBe("sunday");
      for (const slot of week.slots)
        if (slot.day === "sunday" && slot.period === 1) busy.add(slot.teacher?._id);
    }
    const free = teachers.find((item) => !busy.has(item._id));
    const added = await fetch(`${site.url}/api/routines/substitutes`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ class: six, date: "2030-01-06", period: 1, teacher: free?._id }),
    });
    expect(added.status).toBe(201);
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/classRoome?class=${six}&date=2030-01-06`);
    const sunday = page.getByRole("row", { name: /^Sunday/ });
    expect(await sunday.locator("td").first().textContent()).toContain(`Substitute: ${free?.name}`);
    await page.goto(`${site.url}/classRoome?class=${six}&date=2030-01-13`);
    expect(await page.getByText("Substitute:").count()).toBe(0);
  });

  it("speaks Bangla with Bengali digits", async () => {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/classRoome?class=${six}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("শ্রেণিকক্ষ");
    const table = page.getByRole("table");
    expect(await table.locator("tbody th").first().textContent()).toBe("শনিবার");
    expect(await table.locator("caption").textContent()).toBe("রুটিন: ষষ্ঠ শ্রেণি");
    const first = (await table.locator("thead th").nth(1).textContent()) ?? "";
    expect(first).toBe("ঘণ্টা ১০৮:০০–০৮:৪৫");
  });

  it("passes every axe rule in both languages at 1280 and 360 px, the table scrolling in its own region", async () => {
    const found: string[] = [];
    // A teacher who teaches this week (another test adds one with no period to the staff).
    const classPage = await (await fetch(`${site.url}/classRoome?class=${six}`)).text();
    const teacherPath = classPage.match(/href="(\/classRoome\?teacher=[^"]+)"/)?.[1];
    expect(teacherPath).toBeDefined();
    for (const locale of ["en", "bn"]) {
      const { context, page } = await newPage(site.browser);
      await context.addCookies([{ name: "maktab_lang", value: locale, url: site.url }]);
      for (const path of [`/classRoome?class=${six}`, `${teacherPath}`]) {
        await page.goto(`${site.url}${path}`);
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 800 });
          const violations = await checkAccessibility(page);
          if (violations.length > 0)
            found.push(`${locale} ${path} ${width} px:\n${formatViolations(violations)}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${locale} ${width}`).toBeLessThanOrEqual(0);
        }
      }
      // On the phone, the keyboard reaches the table's region to scroll it.
      const region = page.getByRole("region", { name: /Routine of|রুটিন/ });
      expect(await region.getAttribute("tabindex")).toBe("0");
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await context.close();
    }
    expect(found.join("\n")).toBe("");
  });

  it("refuses, in the dashboard's editor, a teacher already teaching another class then, naming it", async () => {
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    const seven = classes.find((item) => item.name === "Class Seven")?._id ?? "";
    const sixWeek = await (await fetch(`${site.url}/api/routines/classes/${six}`)).json();
    const taken = sixWeek.slots.find(
      (slot: { day: string; period: number }) => slot.day === "monday" && slot.period === 2,
    );
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/routines?class=${seven}`);
    await page.waitForURL((url) => url.pathname === "/DeashBoard/routines");
    const menu = page.getByTestId("dashboard-menu");
    expect(await menu.getByRole("link", { name: "Class routines" }).getAttribute("href")).toBe(
      "/DeashBoard/routines",
    );
    await page.getByTestId("routine-grid").waitFor();
    await page.getByLabel("Teacher: Monday, Period 2").selectOption(taken.teacher._id);
    await page.getByRole("button", { name: "Save the routine" }).click();
    await expect
      .poll(() => page.getByTestId("form-error").textContent())
      .toBe(`Teacher ${taken.teacher.name} already teaches Class Six on Monday in period 2`);
    expect(await page.getByLabel("Teacher: Monday, Period 2").getAttribute("aria-invalid")).toBe("true");
    // Nothing was saved.
    const sevenWeek = await (await fetch(`${site.url}/api/routines/classes/${seven}`)).json();
    const mine = sevenWeek.slots.find(
      (slot: { day: string; period: number }) => slot.day === "monday" && slot.period === 2,
    );
    expect(mine.teacher._id).not.toBe(taken.teacher._id);
  });

  it("words the editor's refusals in Bangla on a Bangla page: a clash and a substitute", async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const headers = { cookie: `${cookie}; maktab_lang=bn`, origin: site.url };
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const answer = await fetch(`${site.url}/DeashBoard/routines`, {
        method: "POST",
        headers,
        body: form,
      });
      // What the page shows, without its scripts (they carry the page's data).
      return { status: answer.status, html: (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "") };
    };
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    const seven = classes.find((item) => item.name === "Class Seven")?._id ?? "";
    const sixWeek = await (await fetch(`${site.url}/api/routines/classes/${six}`)).json();
    const slotOf = (day: string, period: number) =>
      sixWeek.slots.find(
        (slot: { day: string; period: number }) => slot.day === day && slot.period === period,
      );
    const taken = slotOf("monday", 2);
    // Class Seven's Monday, period 2, given Class Six's teacher of that hour: a clash.
    const clash = await post({
      intent: "routine",
      class: seven,
      section: "",
      "subject.monday.2": "Science",
      "teacher.monday.2": taken.teacher._id,
    });
    expect(clash.status).toBe(409);
    expect(clash.html).toContain(`শিক্ষক ${taken.teacher.name} সোমবার ২ ঘণ্টায় আগে থেকেই Class Six-এ ক্লাস নেন`);
    expect(clash.html).not.toContain("already teaches");
    // A substitute for Class Six's Sunday, period 1 (2030-01-06 is a Sunday) who is its own teacher.
    const own = slotOf("sunday", 1);
    const refused = await post({
      intent: "substitute",
      classSection: `${six}|`,
      date: "2030-01-06",
      period: "1",
      teacher: own.teacher._id,
    });
    expect(refused.status).toBe(400);
    // Beside the teacher's box, whose label names the field.
    expect(refused.html).toMatch(/<p[^>]*-error">এই ক্লাসের নিজের শিক্ষক<\/p>/);
    expect(refused.html).not.toContain("own teacher");
  });

  it("lists every clash of a save at the editor's top, in both languages", async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    const seven = classes.find((item) => item.name === "Class Seven")?._id ?? "";
    const sixWeek = await (await fetch(`${site.url}/api/routines/classes/${six}`)).json();
    const teacherAt = (period: number) =>
      sixWeek.slots.find(
        (slot: { day: string; period: number }) => slot.day === "tuesday" && slot.period === period,
      ).teacher;
    const [second, third] = [teacherAt(2), teacherAt(3)];
    // Class Seven's Tuesday given Class Six's teachers of periods 2 and 3, and its room 101.
    const fields = {
      intent: "routine",
      class: seven,
      section: "",
      "subject.tuesday.2": "Science",
      "teacher.tuesday.2": second._id,
      "room.tuesday.2": "101",
      "subject.tuesday.3": "Arabic",
      "teacher.tuesday.3": third._id,
      "room.tuesday.3": "102",
    };
    const shown = async (lang: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const answer = await fetch(`${site.url}/DeashBoard/routines`, {
        method: "POST",
        headers: { cookie: `${cookie}; maktab_lang=${lang}`, origin: site.url },
        body: form,
      });
      expect(answer.status).toBe(409);
      const html = (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "");
      const top = html.match(/data-testid="form-error"[\s\S]*?<\/ul>/)?.[0] ?? "";
      return [...top.matchAll(/<li>([^<]*)<\/li>/g)].map((item) => item[1]);
    };
    expect(await shown("en")).toEqual([
      `Teacher ${second.name} already teaches Class Six on Tuesday in period 2`,
      "Room 101 is already used by Class Six on Tuesday in period 2",
      `Teacher ${third.name} already teaches Class Six on Tuesday in period 3`,
    ]);
    expect(await shown("bn")).toEqual([
      `শিক্ষক ${second.name} মঙ্গলবার ২ ঘণ্টায় আগে থেকেই Class Six-এ ক্লাস নেন`,
      "কক্ষ 101 মঙ্গলবার ২ ঘণ্টায় আগে থেকেই Class Six-এর জন্য ব্যবহৃত",
      `শিক্ষক ${third.name} মঙ্গলবার ৩ ঘণ্টায় আগে থেকেই Class Six-এ ক্লাস নেন`,
    ]);
  });

  it("prints a class's week on one A4 page in landscape", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/classRoome?class=${six}`);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const file = join(tmpdir(), `routine-${process.pid}.pdf`);
    writeFileSync(file, pdf);
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    expect(info).toMatch(/^Pages:\s+1$/m);
    // A4 landscape: wider than high (842 × 595 points).
    expect(info).toMatch(/Page size:\s+841\.\d+ x 594\.\d+ pts \(A4\)/);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Thursday");
    expect(text).not.toContain("Teachers");
  });

  it("shows long subjects and teacher names whole in the editor at 360 px, in English and Bangla", async () => {
    const { token } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const call = (path: string, method: string, body: unknown) =>
      fetch(`${site.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    // Names as long as a teacher's may be (20 letters), one in Bangla.
    const names = ["Mohammad Shahidullah", "মোহাম্মদ আবদুর রহমান চৌধুরী"];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const added = await call("/api/teacher/addTeacher", "POST", {
        name,
        email: `long-name-${i}@school.test`,
        phone: "+880 1711-000997",
        address: "Dhaka",
      });
      expect(added.ok, await added.clone().text()).toBe(true);
      const { insertedId } = (await added.json()) as { insertedId: string };
      await call(`/api/teacher/teacher/${insertedId}`, "PATCH", { status: "approved" });
      ids.push(insertedId);
    }
    const classes = (await (await fetch(`${site.url}/api/results/classes`)).json()) as {
      _id: string;
      name: string;
    }[];
    const eight = classes.find((item) => item.name === "Class Eight")?._id ?? "";
    const english = "Islamic History and Culture with Moral Education (Second Paper)";
    const saved = await call(`/api/routines/classes/${eight}`, "PUT", {
      slots: [{ day: "monday", period: 1, subject: english, teacher: ids[0], room: "Science laboratory" }],
    });
    expect(saved.ok, await saved.clone().text()).toBe(true);
    // 50 letters, 84 code units: typed whole (a limit is counted in letters, not code units).
    const bangla = "ইসলামের ইতিহাস ও সংস্কৃতি এবং নৈতিক শিক্ষা দ্বিতীয় পত্র (ব্যবহারিক ও তাত্ত্বিক অংশ)";
    expect(bangla.length).toBeGreaterThan(80);
    const { page } = await newPage(site.browser, { viewport: { width: 360, height: 800 } });
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/routines?class=${eight}`);
    await page.waitForURL((url) => url.pathname === "/DeashBoard/routines");
    await page.getByTestId("routine-grid").waitFor();
    await page.getByLabel("Subject: Monday, Period 2").fill(bangla);
    await page.getByLabel("Teacher: Monday, Period 2").selectOption(ids[1] ?? "");
    await page.getByRole("button", { name: "Save the routine" }).click();
    await page.getByTestId("form-success").waitFor();
    const week = await (await fetch(`${site.url}/api/routines/classes/${eight}`)).json();
    expect(week.slots.map((slot: { subject: string }) => slot.subject)).toEqual([english, bangla]);

    // Each box's text fits the box: an input's text does not scroll inside it, and a drop-down's
    // chosen name is no wider than its box inside the padding (the arrow's room).
    const cut = () =>
      page.evaluate(() => {
        const found: string[] = [];
        const grid = document.querySelector('[data-testid="routine-grid"]');
        const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
        for (const box of grid?.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select") ??
          []) {
          const label = box.getAttribute("aria-label") ?? "";
          if (!/Monday|সোমবার/.test(label)) continue;
          if (box instanceof HTMLInputElement) {
            if (box.scrollWidth > box.clientWidth) found.push(`${label}: ${box.value}`);
            continue;
          }
          const style = getComputedStyle(box);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = box.selectedOptions[0]?.textContent ?? "";
          const px = (value: string) => Number.parseFloat(value);
          const room =
            box.getBoundingClientRect().width -
            px(style.borderLeftWidth) -
            px(style.borderRightWidth) -
            px(style.paddingLeft) -
            px(style.paddingRight);
          // A pixel for rounding between the canvas's measure and the page's layout.
          const width = context.measureText(text).width;
          if (width > room + 1) found.push(`${label}: ${text} (${width} > ${room})`);
        }
        return found;
      });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.reload();
    await page.getByTestId("routine-grid").waitFor();
    expect(await cut()).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.context().addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.reload();
    await page.getByTestId("routine-grid").waitFor();
    expect(await page.getByLabel(/সোমবার/).count()).toBeGreaterThan(0);
    expect(await cut()).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
  }, 180_000);
});
