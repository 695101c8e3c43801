// Daily attendance in Chromium against the built server: a teacher at 360 px opens today's sheet
// of Class Six (40 children, all present), taps three of them absent (each saved at once), and the
// marks are there after a reload; axe finds nothing. The guardian of one of them sees the day
// absent on their child's page. Without script the sheet is a plain form with one Save button.
import { beforeAll, describe, expect, it } from "vitest";
import { dhakaToday, weekdays } from "../../common/schemas/routines";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const teacher = { email: "rahima@school.test", password: "teacher-password-1" };
const guardian = { email: "parent@school.test", password: "parent-password-1" };
const phone = { viewport: { width: 360, height: 740 } };
const session = dhakaToday().slice(0, 4);

describe("daily attendance in the browser", () => {
  const site = useSite({ admin });
  let adminCookie = "";
  const children: string[] = [];

  const api = async (pathname: string, method: string, body?: unknown, cookie = adminCookie) => {
    const answer = await fetch(`${site.url}/api${pathname}`, {
      method,
      headers: { "content-type": "application/json", origin: site.url, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status, `${method} ${pathname}: ${await answer.clone().text()}`).toBeLessThan(300);
    return answer.json();
  };
  const cookieOf = (answer: Response) =>
    answer.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  async function signUp(account: { email: string; password: string }, name: string): Promise<string> {
    const answer = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...account, name }),
    });
    expect(answer.status).toBe(200);
    return (await answer.json()).user.id;
  }

  beforeAll(async () => {
    const signedIn = await fetch(`${site.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(admin),
    });
    adminCookie = cookieOf(signedIn);
    // Every day a school day, so that the test runs on any date.
    await api("/routines/week", "PUT", {
      periods: [{ number: 1, start: "08:00", end: "08:45" }],
      days: [...weekdays],
    });
    for (let n = 1; n <= 40; n++) {
      const child = await api("/register/students", "POST", {
        name: `Child ${String(n).padStart(2, "0")}`,
        nameBn: `শিশু ${n}`,
        enrolment: { session, class: "Class Six", roll: String(n), registration: String(2_026_000 + n) },
      });
      children.push(child.id);
    }
    const teacherId = await signUp(teacher, "Rahima Begum");
    await api(`/users/${teacherId}/roles/teacher`, "PUT");
    await api(`/users/${teacherId}/teaching`, "POST", {
      session,
      class: "Class Six",
      section: "",
      subject: "Bangla",
    });
    await signUp(guardian, "Salma Akter");
    const row = await api(`/register/students/${children[2]}/guardians`, "POST", {
      name: "Salma Akter",
      relation: "mother",
      phone: "01812345678",
    });
    const guardianRow = row.guardians.find((one: { name: string }) => one.name === "Salma Akter");
    await api(`/family/guardians/${guardianRow.id}/account`, "PUT", { account: guardian.email });
  }, 120_000);

  it("a teacher at 360 px marks Class Six with three absent, each tap saved at once", async () => {
    const page = await site.signedIn(teacher, "/DeashBoard/attendance", phone);
    await page.getByTestId("attendance-sheet").waitFor();
    const rows = page.getByTestId("attendance-row");
    expect(await rows.count()).toBe(40);
    expect(await page.locator('input[type="radio"][value="present"]:checked').count()).toBe(40);
    expect(await page.getByTestId("attendance-counts").textContent()).toContain("Present 40");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    for (const i of [2, 9, 30]) {
      const row = rows.nth(i);
      await row.getByRole("radio", { name: "Absent" }).check();
      await row.getByText("Saved", { exact: true }).waitFor();
    }
    expect(await page.getByTestId("attendance-counts").textContent()).toContain("Absent 3");

    // The network drops: the tap stays on screen, marked not saved, and is saved once it is back.
    await page.context().setOffline(true);
    await rows.nth(20).getByRole("radio", { name: "Late" }).check();
    await rows.nth(20).getByText("Not saved yet: trying again").waitFor();
    await page.context().setOffline(false);
    await rows.nth(20).getByText("Saved", { exact: true }).waitFor({ timeout: 15_000 });
    await rows.nth(20).getByRole("radio", { name: "Present" }).check();
    await rows.nth(20).getByText("Saved", { exact: true }).waitFor();

    await page.reload();
    await page.getByTestId("attendance-sheet").waitFor();
    const absent = await page.locator('input[type="radio"][value="absent"]:checked').count();
    expect(absent).toBe(3);
    expect(await rows.nth(2).getAttribute("data-status")).toBe("absent");

    // The month's register to print: the grid of 40 children by days, today's three absent.
    await page.getByRole("link", { name: "Monthly register (to print)" }).click();
    await page.getByTestId("attendance-register").waitFor();
    expect(await page.getByTestId("register-grid-row").count()).toBe(40);
    expect(await page.locator('td[data-status="absent"]').count()).toBe(3);
    const gridViolations = await checkAccessibility(page);
    expect(gridViolations, formatViolations(gridViolations)).toEqual([]);
    // Printed, the grid alone is shown.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("heading", { name: "Monthly register" }).isVisible()).toBe(false);
    expect(await page.getByTestId("attendance-register").isVisible()).toBe(true);
  }, 120_000);

  it("shows the guardian their child absent today", async () => {
    const page = await site.signedIn(guardian, `/profile-route/children/${children[2]}`, phone);
    const today = page.locator(`[data-testid="attendance-day"][data-date="${dhakaToday()}"]`);
    await today.waitFor();
    expect(await today.textContent()).toContain("Absent");
    expect(await page.getByTestId("attendance-summary").textContent()).toContain("absent 1");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  }, 60_000);

  it("saves the whole sheet with one Save without script", async () => {
    const { page } = await newPage(site.browser, { ...phone, javaScript: false });
    await signInThroughLogin(page, site.url, teacher, "/DeashBoard/attendance");
    await page.getByTestId("attendance-sheet").waitFor();
    await page.getByTestId("attendance-row").nth(4).getByRole("radio", { name: "Late" }).check();
    await page.getByRole("button", { name: "Save the attendance" }).click();
    await page.getByTestId("form-success").waitFor();
    expect(await page.getByTestId("attendance-counts").textContent()).toContain("Late 1");
    expect(await page.getByTestId("attendance-counts").textContent()).toContain("Absent 3");
  }, 60_000);

  it("takes leave asked by the guardian and approved by the teacher", async () => {
    const page = await site.signedIn(guardian, `/profile-route/children/${children[7]}`, phone);
    // Child 08 is not the guardian's: 404. Their own child's page has the form.
    expect(await page.getByTestId("child-leave").count()).toBe(0);
    await page.goto(`${site.url}/profile-route/children/${children[2]}`);
    await page.getByLabel("Reason").fill("জ্বর: a fever");
    await page.getByRole("button", { name: "Send the request" }).click();
    await page.getByTestId("form-success").waitFor();
    await page.locator('[data-testid="leave-request"][data-status="requested"]').waitFor();
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    const teacherPage = await site.signedIn(teacher, "/DeashBoard/attendance", phone);
    await teacherPage.getByTestId("leave-waiting").waitFor();
    const teacherViolations = await checkAccessibility(teacherPage);
    expect(teacherViolations, formatViolations(teacherViolations)).toEqual([]);
    await teacherPage.getByRole("button", { name: "Approve the leave of Child 03" }).click();
    await teacherPage.getByText("The request is answered.").waitFor();
    await teacherPage.reload();
    expect(await teacherPage.getByTestId("attendance-row").nth(2).getAttribute("data-status")).toBe("leave");

    await page.reload();
    await page.locator('[data-testid="leave-request"][data-status="approved"]').waitFor();
  }, 90_000);

  it("shows the sheet and the register in Bangla at 360 px with nothing for axe to find", async () => {
    const page = await site.signedIn(teacher, "/DeashBoard/attendance", phone);
    await page.context().addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.reload();
    await page.getByTestId("attendance-sheet").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("bn");
    expect(await page.getByRole("radio", { name: "অনুপস্থিত" }).count()).toBe(40);
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`${site.url}/DeashBoard/attendance/register`);
    await page.getByTestId("attendance-register").waitFor();
    const gridViolations = await checkAccessibility(page);
    expect(gridViolations, formatViolations(gridViolations)).toEqual([]);
  }, 60_000);
});
