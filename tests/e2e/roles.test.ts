// Roles end to end, in Chromium against the built server: an admin gives roles on the users page;
// a teacher enters marks for the subject assigned to them and gets the 403 page for another
// subject's grid; an accountant refunds an order paid with the test gateway and gets the 403 page
// on a content form; each role's menu shows only what it may use. English and Bangla, axe at 360 px.
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const teacher = { email: "teacher@school.test", password: "teacher-password", name: "Rafiq Sir" };
const accountant = { email: "accounts@school.test", password: "accounts-password", name: "Karim" };
const buyer = { email: "buyer@school.test", password: "buyer-password", name: "Rahima" };

describe("roles", () => {
  const site = useSite({ sampleContent: true, admin });
  let adminToken: string;
  let exam: string;

  const api = async (pathname: string, method: string, body: unknown, token = adminToken) => {
    const form = body instanceof FormData;
    const response = await fetch(`${site.url}/api${pathname}`, {
      method,
      headers: { ...(form ? {} : { "content-type": "application/json" }), authorization: `Bearer ${token}` },
      body: form ? body : JSON.stringify(body),
    });
    expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json();
  };
  const signUp = async (who: { email: string; password: string; name: string }) => {
    const response = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(who),
    });
    expect(response.ok).toBe(true);
    return sessionOf(await apiSignIn(site.server, who.email, who.password)).token;
  };

  beforeAll(async () => {
    adminToken = sessionOf(await apiSignIn(site.server, admin.email, admin.password)).token;
    await signUp(teacher);
    await signUp(accountant);
    // A Class Ten exam of two subjects with one student.
    exam = (
      await api("/results/exams", "POST", {
        name: "Half-yearly",
        session: "2026",
        class: "Class Ten",
        subjects: [
          { code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] },
          { code: "109", name: "Mathematics", components: [{ kind: "written", full: 100, pass: 33 }] },
        ],
      })
    )._id;
    const sheet = new FormData();
    sheet.set("file", new File(["roll,registration,name\r\n1,99000001,Rahim"], "m.csv"));
    await api(`/results/exams/${exam}/marks`, "POST", sheet);
    // A paid order of the buyer's, through the test gateway.
    const buyerToken = await signUp(buyer);
    const admissions = await (await fetch(`${site.url}/api/Admition/admition?limit=1`)).json();
    const { clientSecret } = await api(
      "/Order/create-payment-intent",
      "POST",
      { items: [{ _id: admissions[0]._id, quantity: 1 }] },
      buyerToken,
    );
    await api(
      "/payments/test/confirm",
      "POST",
      {
        clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
        billing: { name: buyer.name, email: buyer.email, address: "Dhaka" },
      },
      buyerToken,
    );
  }, 180_000);

  it("gives roles on the users page without script, and assigns the teacher's subject", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/users");
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${site.url}/DeashBoard/users`);
    for (const [who, role] of [
      [teacher, "teacher"],
      [accountant, "accountant"],
    ] as const) {
      const row = plain.locator(`[data-testid="user-row"][data-email="${who.email}"]`);
      await row.getByRole("combobox").selectOption(role);
      await row.getByTestId("grant-role").click();
      await plain.waitForLoadState();
    }
    await plain.goto(`${site.url}/DeashBoard/users`);
    const teacherRow = plain.locator(`[data-testid="user-row"][data-email="${teacher.email}"]`);
    expect(await teacherRow.getByTestId("user-other-role").allTextContents()).toEqual(["Teacher"]);
    await teacherRow.getByTestId("teaching-link").click();
    await plain.getByTestId("add-teaching").waitFor();
    await plain.getByLabel("Class").selectOption("Class Ten");
    await plain.getByLabel("Subject").fill("Bangla");
    await plain.getByRole("button", { name: "Assign", exact: true }).click();
    await plain.getByTestId("teaching-row").waitFor();
    expect(await plain.getByTestId("teaching-row").textContent()).toContain("Bangla");
    await context.close();
  });

  it("lets the teacher enter their subject's marks and shows the 403 page for another's, in English and Bangla", async () => {
    const page = await site.signedIn(teacher, "/DeashBoard", { viewport: { width: 360, height: 800 } });
    await page.getByTestId("exams").waitFor();
    const menu = await page.getByTestId("dashboard-menu").locator("a").allTextContents();
    expect(menu.map((text) => text.trim())).toEqual([
      "Home",
      // A teacher's blog and notice wait for an admin's approval (decision 0061).
      "Add blog",
      "Add notice",
      // Their own blogs and notices, marked while they wait for approval.
      "Blogs",
      "Notices",
      "Exams",
      "My classes and routine",
      "Attendance",
      "Messages to guardians",
    ]);
    await page.getByRole("link", { name: /Half-yearly 2026/ }).click();
    await page.getByTestId("marks-grid").waitFor();
    expect(await page.getByTestId("import-form").count()).toBe(0);
    await page.getByLabel("Rahim, Written").fill("71");
    await page.getByLabel("Rahim, Written").press("Tab");
    await expect.poll(async () => (await page.getByText("Saving").count()) === 0).toBe(true);
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    const refused = await page.goto(`${site.url}/DeashBoard/exams/${exam}?subject=109`);
    expect(refused?.status()).toBe(403);
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    const { page: bangla } = await newPage(site.browser, { locale: "bn-BD" });
    await bangla.context().addCookies(await page.context().cookies());
    await bangla.goto(`${site.url}/DeashBoard/exams/${exam}?subject=109`);
    expect(await bangla.getByTestId("forbidden").textContent()).toBe("আপনার অ্যাকাউন্টের জন্য খোলা নয়");

    const grid = await fetch(`${site.url}/api/results/exams/${exam}/marks`, {
      headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(grid.status).toBe(200);
    const marks = await grid.json();
    expect(marks.students[0].scores["101"].written).toBe(71);

    // The teacher's notice waits for approval: in their own list, marked so, and on no public page.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const sent = await fetch(`${site.url}/api/Notice/notices`, {
      method: "POST",
      headers: { cookie, origin: site.url, "content-type": "application/json" },
      body: JSON.stringify({ Title: "Quiz on Thursday" }),
    });
    expect(sent.status).toBe(201);
    await page.goto(`${site.url}/DeashBoard/list/notices`);
    const row = page.getByTestId("content-row").filter({ hasText: "Quiz on Thursday" });
    expect(await row.getByTestId("row-status").textContent()).toBe("Waiting for approval");
    expect(await page.getByTestId("content-row").count()).toBe(1);
    expect(await page.getByTestId("delete-selected").count()).toBe(0);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await bangla.goto(`${site.url}/DeashBoard/list/notices`);
    expect(await bangla.getByTestId("row-status").textContent()).toBe("অনুমোদনের অপেক্ষায়");
    await page.goto(`${site.url}/notices`);
    expect(await page.getByText("Quiz on Thursday").count()).toBe(0);
  });

  it("lets the accountant refund an order and shows the 403 page on a content form", async () => {
    const page = await site.signedIn(accountant, "/DeashBoard", { viewport: { width: 360, height: 800 } });
    await page.getByTestId("orders-table").waitFor();
    const menu = await page.getByTestId("dashboard-menu").locator("a").allTextContents();
    expect(menu.map((text) => text.trim())).toEqual(["Home", "Orders", "Tuition fees"]);
    await page.getByText("Refund…").first().click();
    await page.getByLabel("Reason (the buyer sees it)").first().fill("The seat was cancelled");
    // Everything left, said so, and confirmed.
    await page
      .getByLabel(/^Everything left/)
      .first()
      .check();
    await page.getByLabel("Yes, refund this order: it cannot be undone").first().check();
    await page.getByRole("button", { name: "Refund", exact: true }).first().click();
    await page.getByText(/^Refunded .* on order/).waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    const refused = await page.goto(`${site.url}/DeashBoard/noticeADD`);
    expect(refused?.status()).toBe(403);
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("shows the admin every screen", async () => {
    const page = await site.signedIn(admin, "/DeashBoard/Home");
    const menu = await page.getByTestId("dashboard-menu").locator("a").allTextContents();
    expect(menu.length).toBeGreaterThan(15);
    expect(menu.map((text) => text.trim())).toEqual(expect.arrayContaining(["Orders", "Users", "Exams"]));
  });
});
