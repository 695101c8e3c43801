// Tuition fees in Chromium against the built server, at 360 px: the office sets Class Six's tuition
// (1,200 taka a month, due on the 10th, fines 10 and 50 taka) and June's exam fee of 500 taka,
// generates January to June for 40 children with the page's forms (without script), reads the
// dues, takes a payment on 20 March from a child's ledger (January with its 50 taka fine) and gets
// the printed receipt with the amount in Bangla words; axe finds nothing, in English and Bangla.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, type NewPageOptions, newPage, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const phone = { viewport: { width: 360, height: 740 } };

describe("tuition fees in the browser", () => {
  const site = useSite({ admin });
  let cookies: Cookie[] | undefined;

  beforeAll(async () => {
    const signedIn = await apiSignIn(site.server, admin.email, admin.password);
    const token = signedIn.headers.get("set-auth-token") ?? "";
    const columns = [
      "session",
      "class",
      "roll",
      "registration",
      "name",
      "guardian name",
      "guardian relation",
      "guardian phone",
    ];
    const rows = Array.from({ length: 40 }, (_, i) =>
      [
        "2026",
        "Class Six",
        String(i + 1),
        String(3_026_000 + i + 1),
        `Pupil ${String(i + 1).padStart(2, "0")}`,
        `Parent ${i + 1}`,
        "mother",
        `0171${String(2_000_000 + i + 1).padStart(7, "0")}`,
      ].join(","),
    );
    const csv = [columns.join(","), ...rows].join("\r\n");
    const form = new FormData();
    form.set("file", new File([csv], "class-six.csv", { type: "text/csv" }));
    const imported = await fetch(`${site.url}/api/register/import`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, origin: site.url },
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
  }, 60_000);

  async function signedIn(pathname: string, options?: NewPageOptions): Promise<Page> {
    const { page, context } = await newPage(site.browser, options);
    if (cookies) {
      await context.addCookies(cookies);
      await page.goto(`${site.url}${pathname}`);
      return page;
    }
    await signInThroughLogin(page, site.url, admin, pathname);
    cookies = await context.cookies();
    return page;
  }

  it("sets the fees and generates January to June without script; the dues match", async () => {
    await signedIn("/DeashBoard/fees");
    const { page, context } = await newPage(site.browser, { ...phone, javaScript: false });
    await context.addCookies(cookies ?? []);
    await page.goto(`${site.url}/DeashBoard/fees?session=2026&class=Class%20Six`);
    const rate = async (head: string, amount: string, due: string, extra: Record<string, string> = {}) => {
      const form = page.getByTestId("fees-rate-form");
      await form.locator('select[name="head"]').selectOption(head);
      await form.locator('input[name="amount"]').fill(amount);
      await form.locator('select[name="due"]').selectOption(due);
      for (const [name, value] of Object.entries(extra))
        await form.locator(`input[name="${name}"]`).fill(value);
      await form.getByRole("button", { name: "Set the fee" }).click();
      await page.getByText("Saved.").waitFor();
    };
    // A summary opens the forms, as a reader would without script.
    await page.getByText("Set the fee", { exact: true }).first().click();
    await rate("tuition", "1,200", "monthly", { dueDay: "10" });
    await page.getByText("Set the fee", { exact: true }).first().click();
    await rate("exam", "500", "months", { months: "6" });
    await page.getByText("Late fines", { exact: true }).click();
    const fines = page.getByTestId("fees-fines-form");
    await fines.locator('input[name="afterDay"]').fill("10");
    await fines.locator('input[name="afterDayAmount"]').fill("10");
    await fines.locator('input[name="afterMonthAmount"]').fill("50");
    await fines.getByRole("button", { name: "Set the fines" }).click();
    await page.getByText("Saved.").waitFor();
    expect(await page.getByTestId("fees-rates").textContent()).toContain("1,200");
    expect(await page.getByTestId("fees-fines").textContent()).toBe(
      "After the 10th: 10 taka · After the month's end: 50 taka",
    );

    // The sibling discount, switched on: these 40 children have 40 different phones, so no one is
    // a second child and the figures below stay as they are.
    await page.locator("summary").filter({ hasText: "Save the sibling discount" }).click();
    const sibling = page.getByTestId("fees-sibling-form");
    await sibling.locator('input[name="secondPercent"]').fill("101");
    await sibling.getByRole("button", { name: "Save the sibling discount" }).click();
    await sibling.getByText("must be a whole number from 0 to 100").waitFor();
    await sibling.locator('input[name="secondPercent"]').fill("25");
    await sibling.locator('input[name="laterPercent"]').fill("50");
    await sibling.getByRole("button", { name: "Save the sibling discount" }).click();
    await page.getByText("Saved.").waitFor();
    expect(await page.getByTestId("fees-sibling-rule").textContent()).toBe(
      "On: 25% off Tuition for the second child, 50% for each later one",
    );

    for (const month of ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-06"]) {
      const generate = page.getByTestId("fees-generate-form");
      await generate.locator('input[name="month"]').fill(month);
      await generate.getByRole("button", { name: "Generate" }).click();
      await page.getByTestId("fees-generated").waitFor();
    }
    // June a second time: nothing made twice.
    expect(await page.getByTestId("fees-generated").textContent()).toBe(
      "2026-06: 0 invoices made, 40 already there, 40 students.",
    );
    // 40 × (6 × 1,200 + 500) = 3,08,000 taka.
    expect(await page.getByTestId("fees-dues-total").textContent()).toBe("Total owed: 3,08,000 taka");
    expect(await page.getByTestId("fees-dues-row").count()).toBe(40);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  }, 180_000);

  it("takes January's fee on 20 March with its fine and prints the receipt in Bangla words", async () => {
    const page = await signedIn("/DeashBoard/fees?session=2026&class=Class%20Six", phone);
    await page.getByRole("link", { name: "Pupil 03" }).click();
    await page.getByTestId("fees-ledger").waitFor();
    expect(await page.getByTestId("fees-balance").textContent()).toBe("Owed now: 7,700 taka");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    const pay = page.getByTestId("fees-pay-form");
    await pay.locator('input[name="amount"]').fill("1,250");
    await pay.locator('input[name="paidOn"]').fill("2026-03-20");
    await pay.getByRole("button", { name: "Take the payment" }).click();
    await page.getByTestId("fee-receipt").waitFor();
    expect(await page.getByTestId("fee-receipt-number").textContent()).toBe("2026/000001");
    expect(await page.getByTestId("fee-receipt-total").textContent()).toBe("1,250");
    expect(await page.getByTestId("fee-receipt-words-en").textContent()).toBe(
      "One thousand two hundred fifty taka only",
    );
    expect(await page.getByTestId("fee-receipt-words-bn").textContent()).toBe("এক হাজার দুইশত পঞ্চাশ টাকা মাত্র");
    const receiptUrl = page.url();
    // A5 as printed, and on an 80 mm receipt roll through the page's link (pdfinfo reads the size).
    const printedSize = async () => {
      const file = join(tmpdir(), `fee-receipt-${process.pid}.pdf`);
      writeFileSync(file, await page.pdf({ preferCSSPageSize: true }));
      return execFileSync("pdfinfo", [file], { encoding: "utf8" }).match(/Page size:\s+(.+)/)?.[1];
    };
    expect(await printedSize()).toMatch(/^4(19|20)(\.\d+)? x 59[45](\.\d+)? pts \(A5\)/);
    await page.getByRole("link", { name: "Print on an 80 mm receipt roll" }).click();
    await page.waitForURL(/paper=80mm/);
    // 80 mm is 226.77 points.
    expect(await printedSize()).toMatch(/^22[67](\.\d+)? x 84[12](\.\d+)? pts/);
    expect(await page.getByTestId("fee-receipt-words-bn").textContent()).toBe("এক হাজার দুইশত পঞ্চাশ টাকা মাত্র");

    const { page: bangla, context } = await newPage(site.browser, phone);
    await context.addCookies([...(cookies ?? []), { name: "maktab_lang", value: "bn", url: site.url }]);
    await bangla.goto(receiptUrl);
    await bangla.getByRole("heading", { name: "টাকা প্রাপ্তির রসিদ" }).waitFor();
    const bnViolations = await checkAccessibility(bangla);
    expect(bnViolations, formatViolations(bnViolations)).toEqual([]);
    expect(await bangla.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await bangla.goto(`${site.url}/DeashBoard/fees?session=2026&class=Class%20Six`);
    const listViolations = await checkAccessibility(bangla);
    expect(listViolations, formatViolations(listViolations)).toEqual([]);
  }, 120_000);

  it("gives a waiver from a child's ledger: half the tuition from March", async () => {
    const page = await signedIn("/DeashBoard/fees?session=2026&class=Class%20Six", phone);
    await page.getByRole("link", { name: "Pupil 10" }).click();
    await page.getByTestId("fees-ledger").waitFor();
    await page.getByText("Give a waiver", { exact: true }).click();
    const form = page.getByTestId("fees-waiver-form");
    await form.locator('select[name="head"]').selectOption("tuition");
    await form.locator('input[name="percent"]').fill("50");
    await form.locator('input[name="from"]').fill("2026-03");
    await form.locator('input[name="reason"]').fill("Scholarship");
    await form.getByRole("button", { name: "Give the waiver" }).click();
    // 7,700 less half of March to June's tuition (4 × 600).
    await page.getByText("Owed now: 5,300 taka").waitFor();
    // A correction is a new line with its reason.
    await page.getByText("Correct an invoice", { exact: true }).click();
    const correct = page.getByTestId("fees-correct-form");
    await correct.locator('select[name="kind"]').selectOption("debit");
    await correct.locator('input[name="correctAmount"]').fill("150");
    // In Bangla, within the 250 letters the rule allows, though longer in code units (what the
    // browser's maxlength counts): the box takes all of it.
    const reason = `Lost library book: ${"গ্রন্থাগারের বই হারানো ".repeat(13)}`.trim();
    expect(reason.length).toBeGreaterThan(250);
    await correct.locator('input[name="reason"]').fill(reason);
    await correct.getByRole("button", { name: "Add the correction" }).click();
    await page.getByText("Owed now: 5,450 taka").waitFor();
    expect(await page.getByTestId("fees-entries").textContent()).toContain(reason);
  }, 120_000);

  it("lets a visitor see a child's dues at /fees/pay without script, and nothing for a wrong phone", async () => {
    const { page } = await newPage(site.browser, { ...phone, javaScript: false });
    await page.goto(`${site.url}/fees/pay`);
    await page.getByLabel("Student ID").fill("3026004");
    await page.getByLabel("Guardian's mobile number").fill("01712000005");
    await page.getByRole("button", { name: "Show the dues" }).click();
    await page.getByTestId("fees-pay-problem").waitFor();
    expect(await page.getByTestId("fees-pay-problem").textContent()).toBe(
      "No student matches this ID and guardian's phone number",
    );
    await page.getByLabel("Guardian's mobile number").fill("01712000004");
    await page.getByRole("button", { name: "Show the dues" }).click();
    await page.getByTestId("fees-pay-dues").waitFor();
    // January to May 1,200 with the 50 taka fine each (their months are over), June 1,700 (+50).
    expect(await page.getByTestId("fees-pay-total").textContent()).toBe(
      "Total with today's fines: 8,000 taka",
    );
    expect(await page.content()).not.toContain("01712000004");

    // In Bangla, with script: the same answer, nothing for axe, nothing wider than the phone.
    const { page: bangla, context } = await newPage(site.browser, phone);
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await bangla.goto(`${site.url}/fees/pay`);
    await bangla.getByLabel("শিক্ষার্থীর আইডি").fill("৩০২৬০০৪");
    await bangla.getByLabel("অভিভাবকের মোবাইল নম্বর").fill("০১৭১২০০০০০৪");
    await bangla.getByRole("button", { name: "বকেয়া দেখুন" }).click();
    await bangla.getByTestId("fees-pay-dues").waitFor();
    const violations = await checkAccessibility(bangla);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await bangla.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, 120_000);

  it("shows a guardian their child's fees in the profile, and another family's child is a 404", async () => {
    const auth = { headers: { origin: site.url, "content-type": "application/json" } };
    const signedIn = await apiSignIn(site.server, admin.email, admin.password);
    const bearer = {
      ...auth.headers,
      authorization: `Bearer ${signedIn.headers.get("set-auth-token") ?? ""}`,
    };
    const parent = { email: "parent5@school.test", password: "parent5-password-1" };
    const made = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      ...auth,
      body: JSON.stringify({ ...parent, name: "Parent 5" }),
    });
    expect(made.status).toBe(200);
    const idOf = async (name: string) => {
      const list = await (
        await fetch(`${site.url}/api/register/students?q=${encodeURIComponent(name)}`, { headers: bearer })
      ).json();
      return list.children[0].id as string;
    };
    const [five, six] = [await idOf("Pupil 05"), await idOf("Pupil 06")];
    const child = await (
      await fetch(`${site.url}/api/register/students/${five}`, { headers: bearer })
    ).json();
    const linked = await fetch(`${site.url}/api/family/guardians/${child.guardians[0].id}/account`, {
      method: "PUT",
      headers: bearer,
      body: JSON.stringify({ account: parent.email }),
    });
    expect(linked.status, await linked.clone().text()).toBe(200);

    const page = await site.signedIn(parent, `/profile-route/children/${five}`, phone);
    await page.getByTestId("child-fees-link").click();
    await page.getByTestId("child-fees").waitFor();
    expect(await page.getByTestId("child-fees-balance").textContent()).toBe("Owed now: 7,700 taka");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    const other = await page.goto(`${site.url}/profile-route/children/${six}/fees`);
    expect(other?.status()).toBe(404);
  }, 120_000);

  it("lets a guardian pay January to March through the test gateway at 360 px, and shows the receipt", async () => {
    const parent = { email: "parent5@school.test", password: "parent5-password-1" };
    const signedIn = await apiSignIn(site.server, admin.email, admin.password);
    const bearer = { authorization: `Bearer ${signedIn.headers.get("set-auth-token") ?? ""}` };
    const list = await (
      await fetch(`${site.url}/api/register/students?q=Pupil%2005`, { headers: bearer })
    ).json();
    const five = list.children[0].id as string;
    const page = await site.signedIn(parent, `/profile-route/children/${five}/fees`, phone);
    await page.getByTestId("child-fees-pay").waitFor();
    // Three months over their month's end: 3 x (1,200 + 50) taka.
    await page.getByLabel("Months to pay (the oldest first)").selectOption("3");
    await page.getByLabel("Pay with").selectOption("sslcommerz");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByTestId("test-gateway").waitFor();
    expect(await page.getByTestId("gateway-amount").textContent()).toContain("3,750");
    await page.locator('input[name="channel"][value="BKASH-BKash"]').check();
    await page.getByTestId("gateway-pay").click();
    await page.getByTestId("fee-order-paid").waitFor();
    expect(await page.getByTestId("fee-order-paid").textContent()).toBe("Paid: 3,750 taka. Thank you!");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByTestId("fee-order-receipt").click();
    await page.getByTestId("fee-receipt").waitFor();
    const receipt = (await page.getByTestId("fee-receipt").textContent()) ?? "";
    expect(receipt).toContain("2026-01");
    expect(receipt).toContain("2026-03");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`${site.url}/profile-route/children/${five}/fees`);
    expect(await page.getByTestId("child-fees-balance").textContent()).toBe("Owed now: 4,100 taka");
  }, 120_000);
  it("shows the money taken by head and by day, without script and in Bangla at 360 px", async () => {
    const page = await signedIn("/DeashBoard/fees?session=2026&class=Class%20Six", {
      ...phone,
      javaScript: false,
    });
    await page.getByRole("link", { name: "Money taken, by day and by head" }).click();
    await page.getByTestId("fee-collections").waitFor();
    // March alone: Pupil 03's January, paid at the office on 20 March with its 50 taka fine.
    await page.getByLabel("From").fill("2026-03-01");
    await page.getByLabel("To").fill("2026-03-31");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/from=2026-03-01/);
    expect(await page.getByTestId("fee-collections-total").textContent()).toBe("Taken in all: 1,250 taka");
    const heads = await page.getByTestId("fee-collections-head").allInnerTexts();
    expect(heads.map((row) => row.replace(/\s+/g, " ").trim())).toEqual(["Tuition 1,200", "Late fines 50"]);
    expect(await page.getByTestId("fee-collections-day").count()).toBe(1);
    // A day the wrong way round is named on its field, nothing counted.
    await page.goto(`${site.url}/DeashBoard/fees/collections?from=2026-03-31&to=2026-03-01`);
    expect(await page.getByTestId("fee-collections-total").count()).toBe(0);
    expect(await page.getByTestId("fee-collections").textContent()).toContain(
      "must not be before the first day",
    );

    const { page: bangla, context } = await newPage(site.browser, phone);
    await context.addCookies([...(cookies ?? []), { name: "maktab_lang", value: "bn", url: site.url }]);
    await bangla.goto(`${site.url}/DeashBoard/fees/collections?from=2026-03-01&to=2026-03-31`);
    await bangla.getByRole("heading", { name: "আদায়", exact: true }).waitFor();
    expect(await bangla.getByTestId("fee-collections-total").textContent()).toBe("মোট আদায়: ১,২৫০ টাকা");
    const violations = await checkAccessibility(bangla);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await bangla.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, 90_000);
});
