// The register of students in Chromium against the built server: an admin imports Class Six's
// register of 40 children with their guardians' phones from an Excel workbook (preview, then
// save), opens a child, in English and in Bangla; axe finds nothing at 360 px; the list works
// without script.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import { registerColumns } from "../../server/register-sheet/layout";
import { checkAccessibility, formatViolations } from "./accessibility";
import { type NewPageOptions, newPage, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const phone = { viewport: { width: 360, height: 740 } };

/** Class Six 2026: 40 children, each with a father's and a mother's mobile. */
function classSix(): string[][] {
  return Array.from({ length: 40 }, (_, i) => {
    const n = i + 1;
    return [
      "2026",
      "Class Six",
      "",
      String(n),
      String(2_026_000 + n),
      `Child ${String(n).padStart(2, "0")}`,
      `শিশু ${n}`,
      "2014-01-15",
      String(20_140_000_000_000_000n + BigInt(n)),
      n % 2 ? "male" : "female",
      "studying",
      `Father ${n}`,
      "father",
      `0171${String(1_000_000 + n).padStart(7, "0")}`,
      `Mother ${n}`,
      "mother",
      `0181${String(1_000_000 + n).padStart(7, "0")}`,
    ];
  });
}

describe("the register of students in the browser", () => {
  const site = useSite({ admin });
  let workbook: string;
  let adminCookies: Cookie[] | undefined;

  beforeAll(async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "register-"));
    workbook = path.join(folder, "class-six.xlsx");
    const cell = (value: string) => (value === "" ? null : { value, type: String });
    const sheet = [[...registerColumns].map(cell), ...classSix().map((row) => row.map(cell))];
    writeFileSync(workbook, await writeXlsxFile(sheet).toBuffer());
  }, 60_000);

  async function signedIn(pathname: string, options?: NewPageOptions): Promise<Page> {
    const { page } = await newPage(site.browser, options);
    if (adminCookies) {
      await page.context().addCookies(adminCookies);
      await page.goto(`${site.url}${pathname}`);
      return page;
    }
    await signInThroughLogin(page, site.url, admin, pathname);
    adminCookies = await page.context().cookies();
    return page;
  }

  it("imports Class Six from an Excel workbook: a preview of every row, then the save", async () => {
    const page = await signedIn("/DeashBoard/register/import", phone);
    await page.locator('input[type="file"][name="file"]').setInputFiles(workbook);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByTestId("import-checked").waitFor();
    expect(await page.getByTestId("import-checked").textContent()).toContain("adds 40 children");
    expect(await page.getByTestId("import-preview-row").count()).toBe(40);
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    // Nothing is saved yet.
    const before = await signedIn("/DeashBoard/register?class=Class%20Six&session=2026");
    expect(await before.getByTestId("register-count").textContent()).toBe("0 children");

    await page.locator('input[type="file"][name="file"]').setInputFiles(workbook);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByTestId("import-done").waitFor();
    expect(await page.getByTestId("import-done").textContent()).toContain("40 children added");
  }, 120_000);

  it("lists Class Six without script, searches it, and opens a child with their guardians", async () => {
    await signedIn("/DeashBoard/register");
    const { page } = await newPage(site.browser, { ...phone, javaScript: false });
    await page.context().addCookies(adminCookies ?? []);
    await page.goto(`${site.url}/DeashBoard/register`);
    await page.getByLabel("Session").first().fill("2026");
    await page.locator('select[name="class"]').selectOption("Class Six");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/class=Class\+Six/);
    expect(await page.getByTestId("register-count").textContent()).toBe("40 children");
    expect(await page.getByTestId("register-row").count()).toBe(40);
    await page.getByLabel("Name, registration or roll").fill("2026007");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/q=2026007/);
    expect(await page.getByTestId("register-row").count()).toBe(1);
    await page.getByRole("link", { name: "Child 07" }).click();
    await page.getByTestId("register-child").waitFor();
    const guardians = page.getByTestId("register-guardian");
    expect(await guardians.count()).toBe(2);
    const phones = await Promise.all(
      (await page.locator('input[name="phone"]').all()).map((input) => input.inputValue()),
    );
    expect(phones.filter(Boolean).sort()).toEqual(["+8801711000007", "+8801811000007"]);
    // Without script the record's form saves too, and a bad number is refused beside its field.
    await page.locator('input[name="birthRegistration"]').fill("123");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("must be exactly 17 digits").waitFor();
  }, 120_000);

  it("shows a child's page in Bangla at 360 px with nothing for axe to find", async () => {
    await signedIn("/DeashBoard/register");
    const { page, context } = await newPage(site.browser, phone);
    await context.addCookies([...(adminCookies ?? []), { name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/DeashBoard/register?q=Child%2012`);
    expect(await page.getByTestId("register-count").textContent()).toBe("১ জন শিক্ষার্থী");
    await page.getByRole("link", { name: "Child 12" }).click();
    await page.getByTestId("register-child").waitFor();
    await page.getByRole("heading", { name: "অভিভাবক", exact: true }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("bn");
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The list in Bangla too.
    await page.goto(`${site.url}/DeashBoard/register`);
    const listViolations = await checkAccessibility(page);
    expect(listViolations, formatViolations(listViolations)).toEqual([]);
  }, 120_000);
});
