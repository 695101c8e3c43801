// An admission application in Chromium against the built server, at 360 px and without script:
// the office opens a round for "Class Six admission 2027" (500 taka form fee); a guardian with an
// account starts an application from the round's page, fills the form, uploads a photo and a PDF
// birth certificate, pays the fee through the test gateway and comes back to the number
// 2027-C6-0001, which the SMS outbox carries; the office finds it on the round's board.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { apiSignIn, sessionOf, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const guardian = { email: "guardian@school.test", password: "guardian-password-1" };
const phone = { viewport: { width: 360, height: 740 }, javaScript: false };

describe("applying for admission in the browser", () => {
  const site = useSite({ admin });
  let admissionId = "";

  beforeAll(async () => {
    const cookie = sessionOf(await apiSignIn(site.server, admin.email, admin.password)).cookie;
    const api = (pathname: string, method: string, body: unknown) =>
      fetch(`${site.url}/api${pathname}`, {
        method,
        headers: { "content-type": "application/json", origin: site.url, cookie },
        body: JSON.stringify(body),
      });
    const added = await api("/AddAdmition", "POST", {
      title: "Class Six admission 2027",
      price: "500",
      image1: "https://img.example/a.jpg",
    });
    expect(added.status, await added.clone().text()).toBe(201);
    admissionId = (await added.json()).insertedId;
    const round = await api(`/admissions/${admissionId}/round`, "PUT", {
      session: 2027,
      opensAt: new Date(Date.now() - 3600_000).toISOString(),
      closesAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      fee: "500",
      decision: "test",
      classes: [{ class: "Class Six", seats: 40, bornFrom: "2014-01-01", bornUntil: "2015-12-31" }],
      documents: ["photo", "birthCertificate"],
    });
    expect(round.status, await round.clone().text()).toBe(200);
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...guardian, name: "Ayesha Begum" }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
  }, 60_000);

  /** The text in the SMS outbox that carries this, waiting for the queue's sender. */
  async function textWith(needle: string): Promise<{ to: string; text: string }> {
    const dir = path.join(site.server.dataDir, "outbox", "sms");
    for (let tries = 0; tries < 150; tries++) {
      const files = existsSync(dir) ? await readdir(dir) : [];
      for (const file of files) {
        const message = JSON.parse(await readFile(path.join(dir, file), "utf8")) as {
          to: string;
          text: string;
        };
        if (message.text.includes(needle)) return message;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no text message with ${needle}`);
  }

  it("lets a guardian apply with a photo and a PDF, pay in test mode and get the number by text; the office sees it", async () => {
    const page = await site.signedIn(guardian, `/admition/${admissionId}/apply`, phone);
    await page.getByTestId("apply-form").waitFor();
    await page.getByLabel("Child's name (English)").fill("Rahim Uddin");
    await page.getByTestId("apply-start").click();
    await page.getByTestId("application-form").waitFor();

    await page.getByLabel("Child's name (Bangla)").fill("রহিম উদ্দিন");
    await page.getByLabel("Date of birth (YYYY-MM-DD)").fill("2014-05-06");
    await page.getByLabel("Birth registration number (17 digits)").fill("২০১৪২৬৯৭৮১২৩৪৫৬৭৮");
    await page.getByLabel("Gender").selectOption("male");
    await page.getByLabel("Guardian's name").fill("Ayesha Begum");
    await page.getByLabel("Relation").selectOption("mother");
    await page.getByLabel("Guardian's mobile number").fill("01711 555666");
    await page.getByTestId("application-save").click();
    await page.getByText("Saved. You can come back to this draft any time.").waitFor();

    const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    await page
      .getByTestId("upload-photo")
      .locator('input[type="file"]')
      .setInputFiles({ name: "rahim.png", mimeType: "image/png", buffer: photo });
    await page.getByTestId("upload-photo").getByRole("button", { name: "Upload" }).click();
    await page.getByTestId("upload-photo").getByText("Uploaded: rahim.png").waitFor();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
    await page
      .getByTestId("upload-birthCertificate")
      .locator('input[type="file"]')
      .setInputFiles({ name: "birth.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByTestId("upload-birthCertificate").getByRole("button", { name: "Upload" }).click();
    await page.getByTestId("upload-birthCertificate").getByText("Uploaded: birth.pdf").waitFor();

    await page.getByLabel("Pay with").selectOption("sslcommerz");
    await page.getByTestId("application-pay-submit").click();
    await page.getByTestId("test-gateway").waitFor();
    expect(await page.getByTestId("gateway-amount").textContent()).toContain("500");
    await page.locator('input[name="channel"][value="BKASH-BKash"]').check();
    await page.getByTestId("gateway-pay").click();
    await page.getByTestId("application-paid").waitFor();
    expect(await page.getByTestId("application-number").textContent()).toBe(
      "Application number: 2027-C6-0001",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const text = await textWith("2027-C6-0001");
    expect(text.to).toBe("+8801711555666");
    expect(text.text).toContain("রহিম উদ্দিন");

    const office = await site.signedIn(admin, `/DeashBoard/admissions/${admissionId}/applications`);
    await office.getByTestId("admission-board").waitFor();
    const row = office.getByTestId("board-row").filter({ hasText: "2027-C6-0001" });
    expect(await row.textContent()).toContain("Rahim Uddin");
  }, 180_000);
});
