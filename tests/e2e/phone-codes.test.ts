// The phone page in Chromium against the built production server with no SMS gateway: the
// page's state comes from the server, so a reload in the middle keeps the pending code (its
// number, the code field, the time left and when a new code may be asked for) and the first code
// still finishes the flow; a refused resend shows its wait as a countdown, also without script;
// a Bangla reader's text message is in Bangla (UCS-2, counted in segments); the operator is warned
// at start and the page says that codes only reach the outbox.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { codeSentTo } from "../fixtures/outbox";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, useSite } from "./harness";

type OutboxMessage = { to: string; text: string; encoding: string; segments: number };

describe("phone codes in the browser", () => {
  const site = useSite();
  let counter = 0;

  /** A new account, signed in in a fresh browser context, on the phone page. */
  async function signedInPage(options: { locale?: string; javaScript?: boolean } = {}) {
    const email = `phone-${++counter}@school.test`;
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email, password: "phone-password-1", name: "Rahima Khatun" }),
    });
    expect(signUp.status).toBe(200);
    const { cookie } = sessionOf(await apiSignIn(site.server, email, "phone-password-1"));
    const opened = await newPage(site.browser, options);
    await addCookies(opened.context, cookie);
    await opened.page.goto(`${site.url}/profile-route/phone`);
    return opened;
  }

  async function addCookies(context: BrowserContext, header: string) {
    await context.addCookies(
      header.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: site.url };
      }),
    );
  }

  const codeField = (page: Page, name = "Code") => page.getByRole("textbox", { name, exact: true });

  async function outboxMessagesTo(phoneNumber: string): Promise<OutboxMessage[]> {
    const dir = path.join(site.server.dataDir, "outbox", "sms");
    const messages: OutboxMessage[] = [];
    for (const file of (await readdir(dir)).sort()) {
      const message = JSON.parse(await readFile(path.join(dir, file), "utf8")) as OutboxMessage;
      if (message.to === phoneNumber) messages.push(message);
    }
    return messages;
  }

  it("warns the operator at start that codes go to the outbox only", () => {
    expect(site.server.logs()).toMatch(/"level":40[^\n]*text messages go to the outbox only/);
  });

  it("keeps the pending code over a reload, and the first code finishes the flow", async () => {
    const { page } = await signedInPage();
    const number = "+8801755500001";
    // Told before sending that codes do not reach phones on this site.
    expect(await page.getByTestId("phone-outbox").textContent()).toContain("outbox");
    await page.getByRole("textbox", { name: "Phone number" }).fill(number);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText(`We sent a 6-digit code to ${number}`).waitFor({ timeout: 20_000 });
    const first = await codeSentTo(site.server.dataDir, number);

    await page.reload();
    // From the server's state: the number, a code field, the time left, a new code allowed now.
    expect(await page.getByTestId("phone-code-sent").textContent()).toContain(number);
    await codeField(page).waitFor();
    await expect
      .poll(() => page.getByTestId("phone-time-left").textContent())
      .toMatch(/^The code is valid for [45]:\d\d more\.$/);
    expect(await page.getByRole("button", { name: "Send a new code" }).isEnabled()).toBe(true);
    expect(await page.getByTestId("phone-resend-wait").count()).toBe(0);
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    await codeField(page).fill(first);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("flash").filter({ hasText: "Your phone number is verified." }).waitFor({
      timeout: 20_000,
    });
    expect(await page.getByTestId("phone-state").textContent()).toBe(`Verified: ${number}`);
  }, 90_000);

  it("shows when a new code may be asked for, as a countdown that survives a reload and reads without script", async () => {
    const { page, context } = await signedInPage();
    const number = "+8801755500002";
    await page.getByRole("textbox", { name: "Phone number" }).fill(number);
    await page.getByRole("button", { name: "Send code" }).click();
    await codeField(page).waitFor({ timeout: 20_000 });
    // Two more codes: the third for this number in 15 minutes.
    for (let n = 2; n <= 3; n++) {
      await page.getByRole("button", { name: "Send a new code" }).click();
      await expect.poll(async () => (await outboxMessagesTo(number)).length).toBe(n);
    }
    // Now the server would refuse a fourth (429 with Retry-After): the page counts down instead.
    const wait = page.getByTestId("phone-resend-wait");
    await expect.poll(() => wait.textContent()).toMatch(/^You can ask for a new code in 1[45]:\d\d\.$/);
    expect(await page.getByRole("button", { name: "Send a new code" }).isDisabled()).toBe(true);
    const before = await wait.textContent();
    await expect.poll(() => wait.textContent(), { timeout: 5_000 }).not.toBe(before);

    await page.reload();
    await expect.poll(() => wait.textContent()).toMatch(/^You can ask for a new code in 1[45]:\d\d\.$/);

    // Without script the same page reads as a plain sentence, and the newest code still works.
    const cookies = await context.cookies();
    const plain = await newPage(site.browser, { javaScript: false });
    await plain.context.addCookies(cookies);
    await plain.page.goto(`${site.url}/profile-route/phone`);
    expect(await plain.page.getByTestId("phone-resend-wait").textContent()).toBe(
      "You can ask for a new code in about 15 minutes.",
    );
    expect(await plain.page.getByTestId("phone-time-left").textContent()).toBe(
      "The code is valid for about 5 minutes more.",
    );
    await codeField(plain.page).fill(await codeSentTo(site.server.dataDir, number));
    await plain.page.getByRole("button", { name: "Verify" }).click();
    await plain.page.getByTestId("flash").filter({ hasText: "Your phone number is verified." }).waitFor();
  }, 90_000);

  it("sends a Bangla reader's code in Bangla, as UCS-2 in one segment", async () => {
    const { page } = await signedInPage({ locale: "bn-BD" });
    const number = "+8801755500003";
    await page.getByRole("textbox", { name: "ফোন নম্বর" }).fill(number);
    await page.getByRole("button", { name: "কোড পাঠান" }).click();
    await codeField(page, "কোড").waitFor({ timeout: 20_000 });
    const [message] = await outboxMessagesTo(number);
    expect(message?.text).toMatch(/[\u0980-\u09FF]/);
    expect(message?.text).toContain("আপনার কোড");
    expect(message?.text).toContain(await codeSentTo(site.server.dataDir, number));
    expect(message?.encoding).toBe("UCS-2");
    expect(message?.text.length).toBeLessThanOrEqual(70);
    expect(message?.segments).toBe(1);
    // The page itself: the time left in Bengali digits.
    await expect.poll(() => page.getByTestId("phone-time-left").textContent()).toMatch(/[০-৯]:[০-৯]{2}/);
  }, 90_000);
});
