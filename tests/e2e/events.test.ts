// The academic calendar end to end, against the built server with the sample content: the month
// grid and agenda without script, in Bangla with Bengali digits, accessible and fitting a 360 px
// phone; the iCalendar feed and one event's .ics, parsed back with ical.js (not the library that
// wrote them); and an admin adding an event from the dashboard.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { sampleEvents } from "../../server/sample-content/data";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };

/** This month in Dhaka, as ?month= takes it. */
function thisMonth(): string {
  const dhaka = new Date(Date.now() + 6 * 60 * 60 * 1000);
  return `${dhaka.getUTCFullYear()}-${String(dhaka.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The VEVENTs of an iCalendar text, read with ical.js. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

describe("the academic calendar", () => {
  const site = useSite({ sampleContent: true, admin });

  // Victory Day keeps its own date (16 December); the others are placed in the current month.
  const thisMonthsSamples = sampleEvents
    .filter((event) => event.day <= 28 && !event.onDate)
    .map((event) => event.title);

  it("shows what comes next on the home page, each leading to its entry in the agenda, without script", async () => {
    const { token } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    // Begun before any of this month's samples and not yet over: the first of the upcoming.
    const day = 24 * 60 * 60 * 1000;
    const dhakaDate = (at: number) => new Date(at + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const created = await fetch(`${site.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: "Half-yearly examinations",
        start: dhakaDate(Date.now() - 40 * day),
        end: dhakaDate(Date.now() + 30 * day),
        place: "Exam hall",
        category: "exam",
      }),
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };

    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/`);
    const upcoming = page.getByRole("region", { name: "Upcoming", exact: true });
    const link = upcoming.getByRole("link", { name: "Half-yearly examinations" });
    expect(await upcoming.getByTestId("upcoming-event").first().textContent()).toContain("Exam hall");
    const month = dhakaDate(Date.now() - 40 * day).slice(0, 7);
    expect(await link.getAttribute("href")).toBe(`/events?month=${month}#event-${insertedId}`);
    await link.click();
    await page.waitForURL(/\/events\?month=/);
    expect(await page.locator(`#event-${insertedId}`).textContent()).toContain("Half-yearly examinations");
    // Gone again: the month's grid is the other tests'.
    const removed = await fetch(`${site.url}/api/events/${insertedId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
  });

  it("shows the month as a grid and an agenda without script, each day's events linked to theirs", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/events`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Academic calendar");
    const grid = page.getByRole("table");
    expect(await grid.locator("th").allTextContents()).toEqual([
      "Sat",
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
    ]);
    const agenda = await page.getByTestId("event").locator("h3").allTextContents();
    expect(agenda).toEqual(expect.arrayContaining(thisMonthsSamples));
    // The agenda's heading stands clear of the grid (it touched it).
    const gridBottom = await grid.evaluate((table) => table.getBoundingClientRect().bottom);
    const headingTop = await page
      .getByTestId("agenda-heading")
      .evaluate((h) => h.getBoundingClientRect().top);
    expect(headingTop - gridBottom).toBeGreaterThanOrEqual(16);
    // The examinations last a week: the grid shows them on each of their days.
    expect(await grid.getByRole("link", { name: "Half-yearly examinations" }).count()).toBe(7);
    const link = grid.getByRole("link", { name: "Annual sports day" });
    await link.click();
    expect(new URL(page.url()).hash).toMatch(/^#event-[0-9a-f-]{36}$/);
    // The next month is a plain link, and shows the next month's sample.
    await page.getByRole("link", { name: /Next month/ }).click();
    await expect
      .poll(() => page.getByTestId("event").locator("h3").allTextContents())
      .toContain("Teachers' planning meeting");
    expect(new URL(page.url()).searchParams.get("month")).not.toBe(thisMonth());
  });

  it("speaks Bangla with Bengali digits and dates", async () => {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/events`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("শিক্ষাপঞ্জি");
    expect(await page.locator("caption").textContent()).toMatch(/[০-৯]{4}/);
    expect(await page.getByTestId("day").first().textContent()).toMatch(/^১/);
    const when = await page.getByTestId("event").first().locator("time").textContent();
    expect(when).toMatch(/[০-৯]/);
    expect(when).not.toMatch(/[0-9]/);
    // Times in Bangla: no Latin "AM/PM", and a same-day meeting's date said once.
    const meeting = page.getByTestId("event").filter({ hasText: "Parents' meeting" }).locator("time");
    const meetingWhen = (await meeting.allTextContents()).join(" ");
    expect(meetingWhen).not.toMatch(/AM|PM/);
    expect(meetingWhen.match(/[০-৯]+ [^\s,]+, [০-৯]{4}/g)).toHaveLength(1);
  });

  it("passes every axe rule in both languages, desktop and a 360 px phone, without sideways scrolling", async () => {
    const found: string[] = [];
    for (const locale of ["en", "bn"]) {
      const { context, page } = await newPage(site.browser);
      await context.addCookies([{ name: "maktab_lang", value: locale, url: site.url }]);
      await page.goto(`${site.url}/events`);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const violations = await checkAccessibility(page);
        if (violations.length > 0) found.push(`${locale} ${width} px:\n${formatViolations(violations)}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${locale} ${width}`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
    expect(found.join("\n")).toBe("");
  });

  it("offers an iCalendar feed a phone subscribes to, and one event's .ics", async () => {
    const feed = await fetch(`${site.url}/events.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const events = parsed(await feed.text());
    expect(events.map((event) => event.summary)).toEqual(expect.arrayContaining(thisMonthsSamples));
    const holiday = events.find((event) => event.summary === "Victory Day");
    expect(holiday?.startDate.isDate).toBe(true);
    expect([holiday?.startDate.day, holiday?.startDate.month]).toEqual([16, 12]);
    const meeting = events.find((event) => event.summary === "Parents' meeting");
    expect(meeting?.startDate.isDate).toBe(false);
    expect(meeting?.location).toBe("Main hall");
    // 10:00 in Dhaka is 04:00 UTC.
    expect(meeting?.startDate.toJSDate().getUTCHours()).toBe(4);

    const listed = (await (await fetch(`${site.url}/api/events?q=Victory`)).json()) as { ics: string }[];
    const one = await fetch(`${site.url}${listed[0]?.ics}`);
    expect(one.status).toBe(200);
    expect(parsed(await one.text()).map((event) => event.summary)).toEqual(["Victory Day"]);
    expect((await fetch(`${site.url}/events/00000000-0000-4000-8000-000000000000.ics`)).status).toBe(404);
    expect((await fetch(`${site.url}/events/not-a-calendar`)).status).toBe(404);
  });

  it("lets an admin add an event from the dashboard menu, which the calendar then shows", async () => {
    expect((await apiSignIn(site.server, admin.email, admin.password)).status).toBe(200);
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/eventAdd");
    await page.waitForURL((url) => url.pathname === "/DeashBoard/eventAdd");
    await page.getByTestId("content-form").and(page.locator("[data-hydrated]")).waitFor();
    const menu = page.getByTestId("dashboard-menu");
    expect(await menu.getByRole("link", { name: "Add calendar event" }).getAttribute("href")).toBe(
      "/DeashBoard/eventAdd",
    );
    expect(await menu.getByRole("link", { name: "Calendar", exact: true }).getAttribute("href")).toBe(
      "/DeashBoard/list/events",
    );
    await page.getByLabel("Title").fill("Science fair");
    await page.getByLabel("Starts").fill(`${thisMonth()}-20T09:00`);
    await page.getByLabel("Ends").fill(`${thisMonth()}-20T08:00`);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByText("End must not be before the start").count()).toBe(1);
    await page.getByLabel("Ends").fill(`${thisMonth()}-20T13:00`);
    await page.getByLabel("Place").fill("Laboratory");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${site.url}/events`);
    await expect
      .poll(() => page.getByTestId("event").locator("h3").allTextContents())
      .toContain("Science fair");
    await page.goto(`${site.url}/DeashBoard/list/events`);
    await expect.poll(() => page.getByTestId("row-title").allTextContents()).toContain("Science fair");
    // The list dates an event by its start (09:00 in Dhaka is 03:00 UTC), not by when it was added.
    const row = page.getByTestId("content-row").filter({ hasText: "Science fair" });
    expect(await row.locator("time").getAttribute("datetime")).toBe(`${thisMonth()}-20T03:00:00.000Z`);

    // Its edit form shows the times on Dhaka's clock; ticking "All day" changes only that.
    await row.getByRole("link", { name: "Edit" }).click();
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect(await page.getByLabel("Starts").inputValue()).toBe(`${thisMonth()}-20T09:00`);
    expect(await page.getByLabel("Ends").inputValue()).toBe(`${thisMonth()}-20T13:00`);
    expect(await page.getByLabel("All day").isChecked()).toBe(false);
    await page.getByLabel("All day").check();
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");
    const [saved] = (await (await fetch(`${site.url}/api/events?q=Science`)).json()) as {
      allDay: boolean;
      start: string;
      place: string;
    }[];
    expect(saved).toMatchObject({
      allDay: true,
      start: `${thisMonth()}-20T03:00:00.000Z`,
      place: "Laboratory",
    });
  });
});
