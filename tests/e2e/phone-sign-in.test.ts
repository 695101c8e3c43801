// Signing up and in with a mobile number in Chromium, against the built production server with
// no SMS gateway (codes are read from the outbox): a guardian with no e-mail address makes an
// account from the login page, signs out, and signs in again with a new code; in Bangla too; at
// 360 px with axe; and with no script at all (plain forms).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { codeSentTo } from "../fixtures/outbox";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, useSite } from "./harness";

const phone = { width: 360, height: 740 };

describe("phone sign-in in the browser", () => {
  // Every page here comes from 127.0.0.1: the six codes of the three tests, within a minute, are
  // past Better Auth's 5 a minute for one address, so the address limits are raised (as a school's
  // shared address would have them).
  const site = useSite({ env: { ADDRESS_LIMIT_MULTIPLIER: "4" } });

  /** From the login page: the number, then the code of the outbox's newest message to it. */
  async function enterNumberAndCode(page: Page, typed: string, stored: string, words: Words, axe: boolean) {
    await page.goto(`${site.url}/login`);
    await page.getByRole("link", { name: words.withPhone }).click();
    await page.getByRole("textbox", { name: words.number }).fill(typed);
    await page.getByRole("button", { name: words.send }).click();
    await page
      .getByTestId("phone-code-sent")
      .filter({ hasText: words.sentTo(stored) })
      .waitFor({ timeout: 20_000 });
    if (axe) expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page
      .getByRole("textbox", { name: words.code, exact: true })
      .fill(await codeSentTo(site.server.dataDir, stored));
    await page.getByRole("button", { name: words.submit }).click();
  }

  type Words = {
    withPhone: string;
    number: string;
    send: string;
    sentTo: (number: string) => string;
    code: string;
    submit: string;
    name: string;
    create: string;
    logout: string;
  };
  const english: Words = {
    withPhone: "Sign in with a mobile number",
    number: "Mobile number",
    send: "Send code",
    sentTo: (number) => `We sent a 6-digit code to ${number}.`,
    code: "Code",
    submit: "Sign in",
    name: "Your full name",
    create: "Create my account",
    logout: "Logout",
  };
  const bangla: Words = {
    withPhone: "মোবাইল নম্বর দিয়ে লগইন করুন",
    number: "মোবাইল নম্বর",
    send: "কোড পাঠান",
    sentTo: (number) => `${number} নম্বরে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে।`,
    code: "কোড",
    submit: "লগইন",
    name: "আপনার পুরো নাম",
    create: "অ্যাকাউন্ট খুলুন",
    logout: "লগআউট",
  };

  async function signUpSignOutSignIn(
    options: { locale?: string; javaScript?: boolean },
    words: Words,
    n: number,
  ) {
    const { page, context } = await newPage(site.browser, { ...options, viewport: phone });
    const stored = `+88019555000${String(n).padStart(2, "0")}`;
    // axe runs in the page's script: not on a page without it.
    const axe = options.javaScript !== false;
    // Typed the local way, with a space.
    await enterNumberAndCode(page, `0${stored.slice(4, 8)} ${stored.slice(8)}`, stored, words, axe);
    const name = page.getByRole("textbox", { name: words.name });
    await name.waitFor({ timeout: 20_000 });
    if (axe) expect(formatViolations(await checkAccessibility(page))).toBe("");
    await name.fill("মোহাম্মদ শহীদুল ইসলাম");
    await page.getByRole("button", { name: words.create }).click();
    await page.waitForURL(`${site.url}/`, { timeout: 20_000 });
    const session = (await context.cookies()).find((cookie) => cookie.name.includes("session_token"));
    expect(session).toBeDefined();

    // The profile names the account by its number; no address anywhere.
    await page.goto(`${site.url}/profile-route/UpdatedProfile`);
    expect(await page.getByTestId("profile-name").textContent()).toBe("মোহাম্মদ শহীদুল ইসলাম");
    expect(await page.getByTestId("profile-email").textContent()).toBe(stored);
    expect(await page.content()).not.toContain("@phone.invalid");
    if (axe) expect(formatViolations(await checkAccessibility(page))).toBe("");

    // Sign out (the logout form), then in again with a new code: the same account.
    await page.request.post(`${site.url}/logout`, { headers: { origin: site.url } });
    await context.clearCookies();
    await enterNumberAndCode(page, stored, stored, words, axe);
    await page.waitForURL(`${site.url}/`, { timeout: 20_000 });
    await page.goto(`${site.url}/profile-route/UpdatedProfile`);
    expect(await page.getByTestId("profile-name").textContent()).toBe("মোহাম্মদ শহীদুল ইসলাম");
    await context.close();
  }

  it("signs a guardian up with no e-mail, out, and in again with a new code, at 360 px", async () => {
    await signUpSignOutSignIn({}, english, 1);
  }, 120_000);

  it("does the same in Bangla, with the text message in Bangla", async () => {
    await signUpSignOutSignIn({ locale: "bn-BD" }, bangla, 2);
  }, 120_000);

  it("works without script: plain forms from the number to the account", async () => {
    await signUpSignOutSignIn({ javaScript: false }, english, 3);
  }, 120_000);
});
