// The downloads end to end, against the built server with the sample content: the list, its
// categories and its search without script, in Bangla with Bengali digits, accessible and fitting
// a 360 px phone; a file saved with its name; and an admin adding one from the dashboard.

import { describe, expect, it } from "vitest";
import { sampleDownloads } from "../../server/sample-content/data";
import { simplePdf } from "../../server/sample-content/pdf";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };

describe("the downloads", () => {
  const site = useSite({ sampleContent: true, admin });

  const titles = (page: Awaited<ReturnType<typeof newPage>>["page"]) =>
    page.getByTestId("download").locator("h2").allTextContents();

  it("lists, filters by category and searches without script, and the link saves the file with its name", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/downloads`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Downloads");
    expect(await titles(page)).toEqual(expect.arrayContaining(sampleDownloads.map((item) => item.title)));
    const form = page.getByTestId("download").filter({ hasText: "Admission form" });
    expect(await form.textContent()).toMatch(/Form · .*PDF, \d+(\.\d)? (bytes|kB)/);

    const categories = page.getByRole("navigation", { name: "Categories" });
    await categories.getByRole("link", { name: "Syllabus" }).click();
    await page.waitForURL(/category=syllabus/);
    expect(await titles(page)).toEqual(["Class Nine syllabus"]);
    expect(await categories.getByRole("link", { name: "Syllabus" }).getAttribute("aria-current")).toBe(
      "page",
    );

    // The search keeps the category; a search that finds nothing says so.
    await page.getByRole("searchbox").fill("routine");
    await page.getByRole("button", { name: "Search downloads" }).click();
    await page.waitForURL(/q=routine/);
    expect(new URL(page.url()).searchParams.get("category")).toBe("syllabus");
    expect(await page.getByRole("status").textContent()).not.toBe("");
    expect(await page.getByTestId("download").count()).toBe(0);
    await categories.getByRole("link", { name: "All" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("q") === "routine" && !url.searchParams.has("category"),
    );
    expect(await titles(page)).toEqual(["Class routine, morning shift"]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download Class routine/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("routine-morning-shift.pdf");
  });

  it("speaks Bangla with Bengali digits, and a Bangla file name arrives whole", async () => {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/downloads?category=form`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("ডাউনলোড");
    const item = page.getByTestId("download").first();
    const text = (await item.textContent()) ?? "";
    expect(text).toContain("ফরম");
    expect(text).toMatch(/PDF, [০-৯]+(\.[০-৯])? (বাইট|kB)/);
    expect(text).not.toMatch(/[0-9]/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      item.getByRole("link", { name: /ডাউনলোড করুন/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("ভর্তি ফরম.pdf");
  });

  it("passes every axe rule in both languages, desktop and a 360 px phone, without sideways scrolling", async () => {
    const found: string[] = [];
    for (const locale of ["en", "bn"]) {
      const { context, page } = await newPage(site.browser);
      await context.addCookies([{ name: "maktab_lang", value: locale, url: site.url }]);
      await page.goto(`${site.url}/downloads?category=form`);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const violations = await checkAccessibility(page);
        if (violations.length > 0) found.push(`${locale} ${width} px:\n${formatViolations(violations)}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${locale} ${width}`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
    expect(found.join("\n")).toBe("");
  });

  it("lets an admin add a download from the dashboard menu, refusing a file that is not a document", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/downloadAdd");
    await page.waitForURL((url) => url.pathname === "/DeashBoard/downloadAdd");
    await page.getByTestId("content-form").and(page.locator("[data-hydrated]")).waitFor();
    const menu = page.getByTestId("dashboard-menu");
    expect(await menu.getByRole("link", { name: "Add download" }).getAttribute("href")).toBe(
      "/DeashBoard/downloadAdd",
    );
    await page.getByLabel("Title").fill("Exam routine");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByTestId("file-error").textContent()).toBe("Choose a file");
    const file = page.getByLabel(/^File/);
    await file.setInputFiles({
      name: "routine.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ not a pdf"),
    });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("file-error").textContent())
      .toBe("Upload a PDF, DOCX, XLSX or ODT file");
    await file.setInputFiles({
      name: "exam-routine.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(simplePdf("Exam routine", ["Bangla: Sunday"])),
    });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();
    await page.goto(`${site.url}/downloads?q=Exam`);
    expect(await titles(page)).toEqual(["Exam routine"]);

    // Its edit form names the current file, which a change of title keeps.
    await page.goto(`${site.url}/DeashBoard/list/downloads`);
    const row = page.getByTestId("content-row").filter({ hasText: "Exam routine" });
    await row.getByRole("link", { name: "Edit" }).click();
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect(await page.getByTestId("current-file").textContent()).toContain("exam-routine.pdf");
    await page.getByLabel("Title").fill("Exam routine, Class Six");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");
    const [saved] = (await (await fetch(`${site.url}/api/downloads?q=Class%20Six`)).json()) as {
      fileName: string;
    }[];
    expect(saved?.fileName).toBe("exam-routine.pdf");
  });

  it("lets an admin give a notice a file of the downloads, which the notice board offers without script", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/noticeADD");
    await page.waitForURL((url) => url.pathname === "/DeashBoard/noticeADD");
    await page.getByTestId("content-form").and(page.locator("[data-hydrated]")).waitFor();
    await page.getByLabel("Title").fill("Half-yearly syllabus");
    const choice = page.getByRole("combobox", { name: "A file of the downloads to carry" });
    await choice.click();
    expect(await page.getByRole("option").allTextContents()).toEqual(
      expect.arrayContaining(sampleDownloads.map((item) => item.title)),
    );
    await page.getByRole("option", { name: "Class Nine syllabus" }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("form-success").waitFor();

    const { page: visitor } = await newPage(site.browser, { javaScript: false });
    await visitor.goto(`${site.url}/notices`);
    const notice = visitor.getByTestId("notice").filter({ hasText: "Half-yearly syllabus" });
    const link = notice.getByRole("link", { name: "Download: Class Nine syllabus" });
    expect(await notice.textContent()).toMatch(/class-nine-syllabus\.pdf, \d+(\.\d)? (bytes|kB)/);
    const [download] = await Promise.all([visitor.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("class-nine-syllabus.pdf");
    // The sample's admission notice carries the admission form.
    expect(
      await visitor
        .getByTestId("notice")
        .filter({ hasText: "Admission tests" })
        .getByTestId("notice-download")
        .textContent(),
    ).toBe("Download: Admission form");
  });

  it("keeps a notice's download through an edit when it is older than the hundred the form offers", async () => {
    const { token } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const pdf = simplePdf("Old form", ["Name:"]);
    const send = async (title: string) => {
      const form = new FormData();
      form.set("title", title);
      form.set("category", "form");
      form.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "form.pdf");
      const answer = await fetch(`${site.url}/api/downloads`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { insertedId: string }).insertedId;
    };
    const oldest = await send("Leave form, 2019");
    const notice = await fetch(`${site.url}/api/Notice/notices`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ Title: "Leave", downloadId: oldest }),
    });
    const noticeId = ((await notice.json()) as { insertedId: string }).insertedId;
    for (let i = 0; i < 100; i++) await send(`Form ${i + 1}`);

    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, `/DeashBoard/edit/notices/${noticeId}`);
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect(await page.getByRole("combobox", { name: "A file of the downloads to carry" }).inputValue()).toBe(
      "Leave form, 2019",
    );
    await page.getByLabel("Title").fill("Leave, for staff");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("form-success").waitFor();
    const saved = (await (await fetch(`${site.url}/api/Notice/notices/${noticeId}`)).json()) as {
      Title: string;
      download: { _id: string } | null;
    };
    expect(saved.Title).toBe("Leave, for staff");
    expect(saved.download?._id).toBe(oldest);
  });
});
