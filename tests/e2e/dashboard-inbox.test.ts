// The dashboard inbox end to end, in Chromium against the built server: a visitor's message from
// the home page's contact section reaches the admin's inbox and the header's message count; the
// admin opens it (read, the count drops), stars it (important), replies (an .eml in the outbox,
// listed under sent), keeps a draft, trashes and restores it; and the screens pass axe.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const visitor = {
  name: "Rahima Begum",
  email: "rahima@example.com",
  message: "When does the admission test for Class Six take place?",
};

describe("the dashboard inbox", () => {
  let messageId = "";
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-e2e-inbox-"));
  // Removed once the server has stopped (after hooks run last first).
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const site = useSite({ admin, dataDir });

  async function signedIn(pathname: string, options?: Parameters<typeof newPage>[1]): Promise<Page> {
    const { page } = await newPage(site.browser, options);
    page.setDefaultTimeout(30_000);
    await signInThroughLogin(page, site.url, admin, pathname);
    await page.waitForURL((url) => url.pathname === pathname.split("?")[0]);
    return page;
  }

  /** The inbox once its script runs (the buttons then act without reloading the page). */
  const inboxReady = (page: Page) => page.locator('[data-testid="inbox-table"][data-hydrated]').waitFor();
  const rowOf = (page: Page, id: string) => page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
  const messageCount = (page: Page) =>
    page.getByTestId("messages-menu").getByTestId("count-badge").textContent();
  const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
  /** Elements of the given parts of the screen that reach past either of its edges. */
  const overflowing = (page: Page, selector: string) =>
    page.evaluate((within) => {
      const parts = [...document.querySelectorAll(within)];
      return parts
        .flatMap((part) => [part, ...part.querySelectorAll("*")])
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < -0.5 || box.right > window.innerWidth + 0.5;
        })
        .map((element) => element.outerHTML.slice(0, 120));
    }, selector);
  const outbox = () => path.join(site.server.dataDir, "outbox", "mail");
  const outboxFiles = () =>
    existsSync(outbox()) ? readdirSync(outbox()).filter((f) => f.endsWith(".eml")) : [];

  it("receives a visitor's message from the home page and counts it in the header", async () => {
    const { page } = await newPage(site.browser);
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.url}/`);
    const contact = page.getByRole("region", { name: "Contact us", exact: true });
    await contact.getByLabel("Name").fill(visitor.name);
    await contact.getByRole("textbox", { name: "E-mail", exact: true }).fill(visitor.email);
    await contact.getByLabel("Message").fill(visitor.message);
    await contact.getByRole("button", { name: "Send message" }).click();
    // The home page has no React (decision 0059): the form is posted, and the page comes back
    // with the thanks as its banner.
    await page.getByTestId("flash").getByText("Thank you! Your message has been sent.").waitFor();

    const inbox = await signedIn("/DeashBoard");
    await inboxReady(inbox);
    const row = inbox.getByTestId("inbox-row").first();
    messageId = (await row.getAttribute("data-id")) ?? "";
    expect(await row.getAttribute("data-unread")).toBe("");
    expect(await row.getByTestId("row-who").textContent()).toBe(visitor.name);
    expect(await row.textContent()).toContain(visitor.message);
    expect(await messageCount(inbox)).toBe("1");
    // The badge is read out in words.
    await inbox.getByRole("button", { name: "Messages, 1 unread message" }).waitFor();
    await inbox.getByRole("button", { name: "Notifications, Nothing awaits review" }).waitFor();
  });

  it("opens the message from the header's list: it is read and the count drops", async () => {
    const page = await signedIn("/DeashBoard");
    await inboxReady(page);
    const button = page.getByRole("button", { name: "Messages, 1 unread message" });
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page
      .getByTestId("messages-list")
      .getByRole("link", { name: new RegExp(visitor.name) })
      .click();
    await page.waitForURL((url) => url.pathname === `/DeashBoard/inbox/${messageId}`);
    expect(await page.getByTestId("message-title").textContent()).toBe(visitor.name);
    expect(await page.getByTestId("message-body").textContent()).toBe(visitor.message);
    await page.getByRole("button", { name: "Messages, No unread messages" }).waitFor();
    expect(await messageCount(page)).toBe("0");

    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await inboxReady(page);
    expect(await rowOf(page, messageId).getAttribute("data-unread")).toBeNull();

    // Mark unread leaves the message (staying would read it again) with the count back up.
    await rowOf(page, messageId).getByTestId("row-link").click();
    await page.getByTestId("message-unread").click();
    await page.waitForURL((url) => url.searchParams.get("notice") === "unread");
    await page.getByTestId("inbox-flash").getByText("Marked unread.").waitFor();
    await page.locator(`[data-testid="inbox-row"][data-id="${messageId}"][data-unread]`).waitFor();
    expect(await messageCount(page)).toBe("1");
  });

  it("stars the message, which then shows under important", async () => {
    const page = await signedIn(`/DeashBoard/inbox/${messageId}`);
    await page.getByRole("button", { name: "Star", exact: true }).click();
    await page.getByTestId("message-important").waitFor();
    await page.getByRole("button", { name: "Remove star" }).waitFor();

    await page.goto(`${site.url}/DeashBoard?folder=important`);
    await inboxReady(page);
    expect(await page.getByTestId("folder-important").getAttribute("aria-current")).toBe("page");
    expect(await page.getByTestId("inbox-row").count()).toBe(1);
    expect(await rowOf(page, messageId).getAttribute("data-starred")).toBe("");
    // The row's own star takes it out again, and back.
    await rowOf(page, messageId)
      .getByRole("button", { name: `Remove the star from the message from ${visitor.name}` })
      .click();
    await page.getByTestId("inbox-notice").getByText("Star removed.").waitFor();
    await page.getByTestId("inbox-empty").waitFor();
    await page.goto(`${site.url}/DeashBoard`);
    await inboxReady(page);
    await rowOf(page, messageId)
      .getByRole("button", { name: `Star the message from ${visitor.name}` })
      .click();
    await page.locator(`[data-testid="inbox-row"][data-id="${messageId}"][data-starred]`).waitFor();
  });

  it("replies: the mail lands in the outbox and in sent", async () => {
    const page = await signedIn(`/DeashBoard/inbox/${messageId}`);
    await page.getByTestId("message-reply").click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/compose");
    expect(await field(page, "To").inputValue()).toBe(visitor.email);
    const subject = await field(page, "Subject").inputValue();
    expect(subject).toBe(`Re: ${visitor.message}`);
    const body = field(page, "Message");
    expect(await body.inputValue()).toContain(`> ${visitor.message}`);
    await body.press("Control+Home");
    await body.pressSequentially("The test is on 5 January at 9 am.");
    const before = outboxFiles();
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/DeashBoard" && url.searchParams.get("folder") === "sent",
    );
    await page.getByTestId("inbox-flash").getByText("Message sent.").waitFor();
    await inboxReady(page);
    const sentRow = page.getByTestId("inbox-row").first();
    expect(await sentRow.getByTestId("row-who").textContent()).toBe(visitor.email);
    expect(await sentRow.textContent()).toContain(subject);

    const written = outboxFiles().filter((file) => !before.includes(file));
    expect(written).toHaveLength(1);
    const eml = readFileSync(path.join(outbox(), written[0] as string), "utf8");
    expect(eml).toMatch(new RegExp(`^To: ${visitor.email.replace(".", "\\.")}$`, "m"));
    expect(eml).toMatch(/^Subject: Re: When does the admission test/m);
    expect(eml).toMatch(new RegExp(`^In-Reply-To: <contact-${messageId}@127\\.0\\.0\\.1>$`, "m"));
    expect(eml).toContain("The test is on 5 January at 9 am.");

    // The message lists its answer.
    await page.goto(`${site.url}/DeashBoard/inbox/${messageId}`);
    await page.getByTestId("message-reply-item").getByText(subject).waitFor();
  });

  it("checks the compose form, then keeps a draft that can be edited", async () => {
    const page = await signedIn("/DeashBoard/compose");
    await page.locator('[data-testid="compose-form"]').waitFor();
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("E-mail is required").waitFor();
    expect(await page.getByText("Subject is required").count()).toBe(1);
    expect(await page.getByText("Message is required").count()).toBe(1);

    await field(page, "To").fill("board@example.com");
    await field(page, "Subject").fill("Open day");
    await field(page, "Message").fill("Dear board, our open day is on Friday.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL((url) => url.searchParams.get("folder") === "drafts");
    await page.getByTestId("inbox-flash").getByText("Draft saved.").waitFor();
    await inboxReady(page);
    expect(await page.getByTestId("folder-drafts").getAttribute("aria-current")).toBe("page");
    const draftRow = page.getByTestId("inbox-row").first();
    expect(await draftRow.textContent()).toContain("Open day");

    await draftRow.getByTestId("row-link").click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/compose" && url.searchParams.has("draft"));
    await page.getByRole("heading", { name: "Edit draft" }).waitFor();
    expect(await field(page, "Subject").inputValue()).toBe("Open day");
    await field(page, "Subject").fill("Open day on Friday");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL((url) => url.searchParams.get("folder") === "drafts");
    await inboxReady(page);
    expect(await page.getByTestId("inbox-row").count()).toBe(1);
    expect(await page.getByTestId("inbox-row").first().textContent()).toContain("Open day on Friday");
  });

  it("lists records awaiting review in the notifications, linked to their list", async () => {
    const signIn = await apiSignIn(site.server, admin.email, admin.password);
    const { token } = sessionOf(signIn);
    const added = await fetch(`${site.url}/api/student/addStudent`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: "Nadia Islam", email: "nadia@example.com", position: "Class Six" }),
    });
    expect(added.status).toBe(201);

    const page = await signedIn("/DeashBoard");
    await inboxReady(page);
    const button = page.getByRole("button", { name: "Notifications, 1 item awaiting review" });
    expect(await button.getByTestId("count-badge").textContent()).toBe("1");
    // The keyboard alone: focus, open, Tab to the link, follow it.
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("notifications-list").waitFor();
    const link = page.getByTestId("review-students");
    expect(await link.textContent()).toBe("Students awaiting review: 1");
    await page.keyboard.press("Tab");
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/DeashBoard/list/students");
    await page.getByTestId("notifications-list").waitFor({ state: "detached" });
  });

  it("moves the message to the trash and restores it", async () => {
    const page = await signedIn("/DeashBoard");
    await inboxReady(page);
    await rowOf(page, messageId).getByTestId("row-select").check();
    await page.getByTestId("bulk-trash").click();
    await page.getByTestId("inbox-notice").getByText("Moved to the trash.").waitFor();
    await rowOf(page, messageId).waitFor({ state: "detached" });

    await page.getByTestId("folder-trash").click();
    await page.waitForURL((url) => url.searchParams.get("folder") === "trash");
    await rowOf(page, messageId).waitFor();
    await inboxReady(page);
    await rowOf(page, messageId).getByTestId("row-select").check();
    await page.getByTestId("bulk-restore").click();
    await page.getByTestId("inbox-notice").getByText("Moved back to the inbox.").waitFor();
    await page.getByTestId("inbox-empty").waitFor();

    await page.getByTestId("folder-inbox").click();
    await rowOf(page, messageId).waitFor();
  });

  it("deletes a message for good from the trash, after a confirmation", async () => {
    const sent = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ name: "Spam Sender", email: "spam@example.com", message: "Buy now" }),
    });
    expect(sent.status).toBe(201);
    const { insertedId } = await sent.json();
    const page = await signedIn(`/DeashBoard/inbox/${insertedId}`);
    await page.getByTestId("message-trash").click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard");
    await page.getByTestId("inbox-flash").getByText("Moved to the trash.").waitFor();

    await page.goto(`${site.url}/DeashBoard/inbox/${insertedId}`);
    await page.getByTestId("message-in-trash").waitFor();
    await page.getByTestId("message-delete").click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByTestId("confirm-text").textContent()).toBe(
      "Delete this message for good? This cannot be undone.",
    );
    await dialog.getByTestId("confirm-delete").click();
    await page.waitForURL((url) => url.searchParams.get("folder") === "trash");
    await page.getByTestId("inbox-flash").getByText("Deleted for good.").waitFor();
    const gone = await page.goto(`${site.url}/DeashBoard/inbox/${insertedId}`);
    expect(gone?.status()).toBe(404);
  });

  it("passes axe and fits a 360 px phone", async () => {
    const page = await signedIn("/DeashBoard", { viewport: { width: 360, height: 740 } });
    await inboxReady(page);
    // The inbox and the header's lists; the site's own header is another part's concern.
    expect(await overflowing(page, '[data-testid="inbox"], [data-testid="header-notices"]')).toEqual([]);
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    await page.getByRole("button", { name: /^Messages,/ }).click();
    await page.getByTestId("messages-list").waitFor();
    expect(await overflowing(page, '[data-testid="messages-list"]')).toEqual([]);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.keyboard.press("Escape");
    await page.getByTestId("messages-list").waitFor({ state: "detached" });
    // In English the title pushes the buttons onto a line of their own, at the left.
    await page.getByRole("button", { name: /^Notifications,/ }).click();
    await page.getByTestId("notifications-list").waitFor();
    expect(await overflowing(page, '[data-testid="notifications-list"]')).toEqual([]);
    await page.keyboard.press("Escape");

    await page.goto(`${site.url}/DeashBoard/inbox/${messageId}`);
    await page.getByTestId("message-body").waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.goto(`${site.url}/DeashBoard/compose?replyTo=${messageId}`);
    await page.getByTestId("compose-form").waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    expect(await overflowing(page, '[data-testid="compose-form"]')).toEqual([]);
  });
});
