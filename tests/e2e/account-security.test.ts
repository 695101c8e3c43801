// The account security pages in Chromium against the built server: verifying a phone with the
// code from the SMS outbox, changing the password, and 'forgot password' through the mailed link.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { codeSentTo, mailsTo, resetLinkIn } from "../fixtures/outbox";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, useSite } from "./harness";

describe("account security pages in the browser", () => {
  const site = useSite();

  async function signUp(email: string, password: string) {
    const response = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email, password, name: "Salma Akter" }),
    });
    expect(response.status).toBe(200);
  }

  async function logIn(page: Page, email: string, password: string, path = "/login") {
    await page.goto(site.url + path);
    await page.getByLabel("E-mail").fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Login" }).last().click();
    await flashSays(page, "Login successfully!");
  }

  /** Waits for the one-time banner with this text (an earlier banner may still be up meanwhile). */
  const flashSays = (page: Page, text: string) =>
    page.getByTestId("flash").filter({ hasText: text }).waitFor({ timeout: 20_000 });

  it("verifies a phone number with the code from the outbox", async () => {
    await signUp("salma@school.test", "salma-password-1");
    const { page } = await newPage(site.browser, { viewport: { width: 360, height: 740 } });
    await logIn(page, "salma@school.test", "salma-password-1", "/login?redirectTo=%2Fprofile-route%2Fphone");
    expect(new URL(page.url()).pathname).toBe("/profile-route/phone");
    expect(await page.getByTestId("phone-state").textContent()).toBe("No verified phone number yet.");

    await page.getByRole("textbox", { name: "Phone number" }).fill("+880 1712-345678");
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("We sent a 6-digit code to +8801712345678").waitFor();
    const code = await codeSentTo(site.server.dataDir, "+8801712345678");

    // A wrong code first: refused with a clear message, the code step stays.
    await page
      .getByRole("textbox", { name: "Code", exact: true })
      .fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe(
      "That code is not right. Check the message and try again.",
    );

    await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await flashSays(page, "Your phone number is verified.");
    expect(await page.getByTestId("phone-state").textContent()).toBe("Verified: +8801712345678");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.context().close();
  });

  it("changes the password on the profile's password page", async () => {
    await signUp("nadia@school.test", "nadia-password-1");
    const { page } = await newPage(site.browser);
    await logIn(
      page,
      "nadia@school.test",
      "nadia-password-1",
      "/login?redirectTo=%2Fprofile-route%2Fpassword",
    );
    // Password fields by name: their show-password toggle shares the label.
    await page.locator('input[name="currentPassword"]').fill("nadia-password-1");
    await page.locator('input[name="newPassword"]').fill("nadia-password-2");
    await page.locator('input[name="retypePassword"]').fill("nadia-password-9");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe("Your password did not match");

    await page.locator('input[name="retypePassword"]').fill("nadia-password-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await flashSays(page, "Your password has been changed.");
    await page.context().close();

    const fresh = await newPage(site.browser);
    // logIn waits for 'Login successfully!': the new password signs in.
    await logIn(fresh.page, "nadia@school.test", "nadia-password-2");
    await fresh.context.close();
  });

  it("resets a forgotten password through the mailed link, then signs in with the new one", async () => {
    await signUp("rumana@school.test", "rumana-password-1");
    const { page } = await newPage(site.browser);
    await page.goto(`${site.url}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password" }).waitFor();
    await page.getByLabel("E-mail").fill("rumana@school.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByTestId("reset-sent").waitFor();
    expect(await page.getByTestId("reset-sent").textContent()).toContain(
      "If an account uses rumana@school.test",
    );

    const link = resetLinkIn((await mailsTo(site.server.dataDir, "rumana@school.test"))[0]);
    expect(link).toBeDefined();
    await page.goto(link as string);
    // The address holds a secret: kept out of search engines.
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots.split("\n")).toEqual(
      expect.arrayContaining(["Disallow: /reset-password", "Disallow: /auth/"]),
    );
    await page.locator('input[name="password"]').fill("rumana-password-2");
    await page.locator('input[name="retypePassword"]').fill("rumana-password-2");
    await page.getByRole("button", { name: "Save new password" }).click();
    await flashSays(page, "Your password has been reset. Sign in with the new one.");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    await logIn(page, "rumana@school.test", "rumana-password-2");

    // The link worked once.
    await page.goto(link as string);
    await page.locator('input[name="password"]').fill("rumana-password-3");
    await page.locator('input[name="retypePassword"]').fill("rumana-password-3");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe(
      "This reset link is not valid or has expired. Ask for a new one.",
    );
    await page.context().close();
  });
});
