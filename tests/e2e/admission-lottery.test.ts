// An admission decided by lottery, against the built server: a guardian's four applications are
// paid through the test gateway; the office closes the round, publishes the seed and draws. In
// Chromium at 360 px, anyone reads the lottery's page (the seed, the numbers drawn from, the order,
// how to check it; no names), which passes axe with every rule; then scripts/check-lottery.ts,
// run as its own process with only the address of the JSON the page links to, finds the same order.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, repoRoot, sessionOf, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const guardian = { email: "guardian@school.test", password: "guardian-password-1" };
const hour = 3600_000;

describe("an admission lottery anyone can check", () => {
  const site = useSite({ admin });
  let admissionId = "";

  const client = (cookie: string) => ({
    json: (pathname: string, method: string, body: unknown) =>
      fetch(`${site.url}/api${pathname}`, {
        method,
        headers: { "content-type": "application/json", origin: site.url, cookie },
        body: JSON.stringify(body),
      }),
    form: (pathname: string, method: string, form: FormData) =>
      fetch(`${site.url}${pathname}`, {
        method,
        headers: { origin: site.url, cookie },
        body: form,
        redirect: "manual",
      }),
  });
  const round = (opensAt: number, closesAt: number) => ({
    session: 2027,
    opensAt: new Date(opensAt).toISOString(),
    closesAt: new Date(closesAt).toISOString(),
    fee: "500",
    decision: "lottery",
    classes: [{ class: "Class Six", seats: 2 }],
    documents: ["photo", "birthCertificate"],
  });

  beforeAll(async () => {
    const office = client(sessionOf(await apiSignIn(site.server, admin.email, admin.password)).cookie);
    const added = await office.json("/AddAdmition", "POST", {
      title: "Class Six lottery 2027",
      price: "500",
      image1: "https://img.example/a.jpg",
    });
    expect(added.status, await added.clone().text()).toBe(201);
    admissionId = (await added.json()).insertedId;
    const opened = await office.json(
      `/admissions/${admissionId}/round`,
      "PUT",
      round(Date.now() - hour, Date.now() + hour),
    );
    expect(opened.status, await opened.clone().text()).toBe(200);

    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ ...guardian, name: "Ayesha Begum" }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const family = client(sessionOf(await apiSignIn(site.server, guardian.email, guardian.password)).cookie);
    const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
    for (const n of [1, 2, 3, 4]) {
      const made = await family.json(`/admissions/${admissionId}/applications`, "POST", {
        class: "Class Six",
        childName: `Rahim ${n}`,
        childNameBn: `রহিম ${n}`,
        dateOfBirth: "2014-05-06",
        birthRegistration: `2014269${String(n).padStart(10, "0")}`,
        gender: "male",
        guardians: [{ name: "Ayesha Begum", relation: "mother", phone: "01711555666" }],
      });
      expect(made.status, await made.clone().text()).toBe(201);
      const id = (await made.json()).id as string;
      for (const [kind, bytes, name] of [
        ["photo", photo, "rahim.png"],
        ["birthCertificate", pdf, "birth.pdf"],
      ] as const) {
        const form = new FormData();
        form.set("file", new File([new Uint8Array(bytes)], name));
        const sent = await family.form(`/api/admission-applications/${id}/documents/${kind}`, "PUT", form);
        expect(sent.status, await sent.clone().text()).toBe(200);
      }
      const order = await family.json(`/admission-applications/${id}/orders`, "POST", {
        provider: "sslcommerz",
      });
      expect(order.status, await order.clone().text()).toBe(200);
      const { redirectUrl } = (await order.json()) as { redirectUrl: string };
      const pay = new FormData();
      pay.set("outcome", "paid");
      pay.set("channel", "BKASH-BKash");
      const paid = await family.form(new URL(redirectUrl, site.url).pathname, "POST", pay);
      expect(paid.status, await paid.clone().text()).toBeLessThan(400);
    }

    // The office closes the round; it publishes the seed and draws on its board (below).
    const closed = await office.json(
      `/admissions/${admissionId}/round`,
      "PUT",
      round(Date.now() - 2 * hour, Date.now() - 60_000),
    );
    expect(closed.status, await closed.clone().text()).toBe(200);
  }, 180_000);

  it("lets the office publish the seed and then draw on the round's board", async () => {
    const board = await site.signedIn(admin, `/DeashBoard/admissions/${admissionId}/applications`);
    await board.getByTestId("board-lottery").waitFor();
    await board.getByRole("button", { name: "Publish the seed and the numbers" }).click();
    await board.getByTestId("board-done").waitFor();
    await board.getByRole("button", { name: "Draw", exact: true }).click();
    await board.getByText("Selected: 2").waitFor();
    expect(await board.getByTestId("board-counts").textContent()).toContain("Waitlisted: 2");
  }, 120_000);

  it("shows the seed, the numbers and the order to anyone at 360 px, passing axe, and the checker finds the same order", async () => {
    const page = await site.open(`/admition/${admissionId}/lottery`, {
      viewport: { width: 360, height: 740 },
    });
    await page.getByTestId("admission-lottery").waitFor();
    expect(await page.getByTestId("lottery-seed").textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId("lottery-inputs").textContent()).toBe(
      "2027-C6-0001, 2027-C6-0002, 2027-C6-0003, 2027-C6-0004",
    );
    const order = await page.getByTestId("lottery-order").locator("li").allTextContents();
    expect([...order].sort()).toEqual(["2027-C6-0001", "2027-C6-0002", "2027-C6-0003", "2027-C6-0004"]);
    const body = (await page.locator("body").textContent()) ?? "";
    for (const personal of ["Rahim", "রহিম", "Ayesha", "01711", "+880"]) expect(body).not.toContain(personal);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    const json = new URL((await page.getByTestId("lottery-json").getAttribute("href")) ?? "", site.url).href;
    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", path.join(repoRoot, "scripts", "check-lottery.ts"), json],
      { cwd: repoRoot },
    );
    expect(run.stdout.trim()).toBe("Class Six: the same order");
  }, 120_000);
});
