// Messages to guardians end to end, in Chromium at 360 px against the built server and a fake
// sms.net.bd on loopback: a 150-letter Bangla notice to Class Six (40 children) shows 3 parts, 40
// guardians and texts and the gateway's balance before sending; after sending, the queue in the
// server sends each guardian one text and the page shows each recipient's state. Axe-clean.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmsNetBd, startFakeSmsNetBd } from "../fixtures/fake-sms-net-bd";
import { checkAccessibility, formatViolations } from "./accessibility";
import { useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const notice =
  "প্রিয় অভিভাবক, আগামী রবিবার বার্ষিক ক্রীড়া প্রতিযোগিতার কারণে বিদ্যালয়ের সব ক্লাস বন্ধ থাকবে। শিক্ষার্থীরা সকাল আটটায় মাঠে উপস্থিত হবে। ধন্যবাদ, প্রধান শিক্ষক".slice(
    0,
    150,
  );

describe("messages to guardians", () => {
  let fake: FakeSmsNetBd;
  beforeAll(async () => {
    fake = await startFakeSmsNetBd();
    fake.balance = 500;
  });
  afterAll(() => fake?.close());
  const site = useSite(() => ({
    admin,
    env: { SMS_NET_BD_API_KEY: fake.apiKey, SMS_NET_BD_API_URL: fake.url, SMS_RATE_PER_SECOND: "200" },
  }));

  let firstGuardian = "";
  let adminCookie = "";
  const parent = { email: "parent@school.test", password: "parent-password-1", name: "A parent" };

  /** Class Six: 40 children, each with a father with a phone, through the API as the admin. */
  async function classOfForty() {
    const signIn = await fetch(`${site.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(admin),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const post = (path: string, body: unknown) =>
      fetch(`${site.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url, cookie },
        body: JSON.stringify(body),
      });
    for (let i = 1; i <= 40; i++) {
      const child = await post("/api/register/students", {
        name: `Child ${i}`,
        enrolment: {
          session: "2026",
          class: "Class Six",
          roll: String(i),
          registration: String(6_100_000 + i),
        },
      });
      expect(child.status).toBe(201);
      const { id } = await child.json();
      const guardian = await post(`/api/register/students/${id}/guardians`, {
        name: `Guardian ${i}`,
        relation: "father",
        phone: `01711${String(200_000 + i)}`,
      });
      expect(guardian.status).toBe(201);
      if (i === 1) firstGuardian = (await guardian.json()).guardians[0].id;
    }
    adminCookie = cookie;
  }

  it("shows 3 parts, 40 guardians and the balance before sending, then each recipient's state", async () => {
    await classOfForty();
    const page = await site.signedIn(admin, "/DeashBoard/messages", {
      viewport: { width: 360, height: 780 },
    });
    await page.waitForURL((url) => url.pathname === "/DeashBoard/messages");
    await page.getByRole("heading", { name: "Messages to guardians" }).waitFor();
    await page.getByLabel("Class", { exact: true }).selectOption("Class Six");
    await page.getByLabel("Message").fill(notice);
    await page.getByTestId("message-length").getByText("3 part(s)", { exact: false }).waitFor();
    await page.getByTestId("check").click();
    await page.getByTestId("message-preview").waitFor();
    expect(await page.getByTestId("message-counts").textContent()).toBe(
      "40 guardian(s): 40 text(s) of 3 part(s) each, 0 e-mail(s)",
    );
    expect(await page.getByTestId("message-balance").textContent()).toBe(
      "Gateway (sms.net.bd) balance: 500.0000",
    );
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByTestId("send").click();
    await page.getByTestId("messages-queued").waitFor();
    expect(await page.getByTestId("recipients").locator("tbody tr").count()).toBe(40);
    // The queue in the server sends within a few seconds.
    await expect.poll(() => fake.sent.length, { timeout: 20_000 }).toBe(40);
    expect(new Set(fake.sent.map((sms) => sms.to)).size).toBe(40);
    expect(fake.sent.every((sms) => sms.msg === notice)).toBe(true);
    await page.reload();
    await expect
      .poll(async () => page.locator('[data-testid="recipients"] [data-state="sent"]').count(), {
        timeout: 10_000,
      })
      .toBe(40);
  });

  it("leaves out a guardian who stopped the school's texts from their own page", async () => {
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(parent),
    });
    expect(signUp.ok).toBe(true);
    const link = await fetch(`${site.url}/api/family/guardians/${firstGuardian}/account`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: site.url, cookie: adminCookie },
      body: JSON.stringify({ account: parent.email }),
    });
    expect(link.status, await link.clone().text()).toBe(200);
    const page = await site.signedIn(parent, "/profile-route/children", {
      viewport: { width: 360, height: 780 },
    });
    await page.waitForURL((url) => url.pathname === "/profile-route/children");
    const texts = page.getByTestId("child-texts");
    expect(await texts.getByText("Texts from the school: on").count()).toBe(1);
    // The guardian reads English: the school's texts about Child 1 come in it from now on.
    const language = page.getByLabel("Language of texts about Child 1");
    expect(await language.inputValue()).toBe("bn");
    await language.selectOption("en");
    await page.getByRole("button", { name: "Save language" }).click();
    await page.waitForLoadState("networkidle");
    await page.reload();
    expect(await page.getByLabel("Language of texts about Child 1").inputValue()).toBe("en");
    const withLanguage = await checkAccessibility(page);
    expect(withLanguage, formatViolations(withLanguage)).toEqual([]);
    await page.getByRole("button", { name: "Stop texts about Child 1" }).click();
    await texts.getByText("Texts from the school: off").waitFor();
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);

    const admin360 = await site.signedIn(admin, "/DeashBoard/messages", {
      viewport: { width: 360, height: 780 },
    });
    await admin360.waitForURL((url) => url.pathname === "/DeashBoard/messages");
    await admin360.getByLabel("Class", { exact: true }).selectOption("Class Six");
    await admin360.getByLabel("Message").fill("School is closed tomorrow.");
    await admin360.getByTestId("check").click();
    await admin360.getByTestId("message-preview").waitFor();
    expect(await admin360.getByTestId("message-counts").textContent()).toBe(
      "40 guardian(s): 39 text(s) of 1 part(s) each, 0 e-mail(s)",
    );
  });

  it("lets an admin turn the absence texts on at a time of day, without script", async () => {
    const page = await site.signedIn(admin, "/DeashBoard/messages", {
      viewport: { width: 360, height: 780 },
      javaScript: false,
    });
    await page.waitForURL((url) => url.pathname === "/DeashBoard/messages");
    const form = page.getByTestId("absence-texts-form");
    await form.getByLabel("Send absence texts").check();
    await form.getByLabel("Time of day").fill("10:30");
    await form.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("absence-saved").textContent()).toBe(
      "Saved: absence texts are on at 10:30.",
    );
    const settings = await fetch(`${site.url}/api/messages/absence-texts`, {
      headers: { cookie: adminCookie },
    });
    expect(await settings.json()).toEqual({ enabled: true, sendAt: "10:30" });
  });
});
