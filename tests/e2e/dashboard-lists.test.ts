// The dashboard's content lists end to end, in Chromium against the built server with the sample
// content: thumbnails, search, approving and featuring a pending teacher (who then shows on the
// home page), approving the pending student (who joins the public list) and rejecting them,
// editing an admission, removing a notice's image, deleting one result and two notices at once (all or none), paging by
// links, the door for non-admins, and the lists and orders as cards on a 360 px phone.
import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, type NewPageOptions, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const karim = { email: "karim@school.test", password: "karim-password", name: "Karim Uddin" };

describe("the dashboard's content lists", () => {
  const site = useSite({ sampleContent: true, admin });

  beforeAll(async () => {
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(karim),
    });
    expect(signUp.ok).toBe(true);
  }, 120_000);

  // The admin signs in through the login page once; later pages reuse the session's cookies, as
  // the sign-in limit (10 a minute) is shared by this file's tests.
  let adminCookies: Cookie[] | undefined;

  async function signedIn(path: string, who = admin, options?: NewPageOptions): Promise<Page> {
    const { page } = await newPage(site.browser, options);
    if (who === admin && adminCookies) {
      await page.context().addCookies(adminCookies);
      await page.goto(`${site.url}${path}`);
      return page;
    }
    await signInThroughLogin(page, site.url, who, path);
    if (who === admin) adminCookies = await page.context().cookies();
    return page;
  }

  async function list(path: string, options?: NewPageOptions): Promise<Page> {
    const page = await signedIn(path, admin, options);
    await page.locator('[data-testid="content-table"][data-hydrated]').waitFor();
    return page;
  }

  const phone = { viewport: { width: 360, height: 740 } };

  /** How far the page, and the table's own box, reach past their width (0 or less: nothing). */
  const overflows = (page: Page, table: string) =>
    page.getByTestId(table).evaluate((element) => {
      const box = element.parentElement as HTMLElement;
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        box: box.scrollWidth - box.clientWidth,
      };
    });

  /** Whether each of these is on screen, within the phone's width. */
  const allInSight = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= window.innerWidth;
      }),
    );

  const titles = (page: Page) => page.getByTestId("row-title").allTextContents();

  it("lists a kind's sample records with thumbnails, and searches them", async () => {
    const page = await list("/DeashBoard/list/services");
    // Each dashboard page names itself in the tab, so an admin's open tabs tell apart.
    expect(await page.title()).toBe("Services · Dashboard | Maktab");
    expect(await titles(page)).toEqual(
      expect.arrayContaining([
        "Library",
        "Transport",
        "Hostel",
        "Science lab",
        "Computer lab",
        "Counselling",
      ]),
    );
    const thumbnails = page.getByTestId("row-thumbnail");
    expect(await thumbnails.count()).toBeGreaterThan(0);
    expect(await thumbnails.first().getAttribute("src")).toBeTruthy();
    await expect
      .poll(() => thumbnails.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    await page.getByLabel("Search by title or name").fill("lab");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "lab");
    // The old rows stay until the new page's data arrives: wait for exactly the matching ones.
    await expect.poll(async () => (await titles(page)).sort()).toEqual(["Computer lab", "Science lab"]);

    const menu = page.getByTestId("dashboard-menu");
    expect(await menu.locator('a[href="/DeashBoard/list/teachers"]').count()).toBe(1);
    expect(await menu.locator('a[href="/DeashBoard/AddAdmition"]').count()).toBe(1);
  });

  it("sorts oldest first on request", async () => {
    const page = await list("/DeashBoard/list/notices");
    const newest = await titles(page);
    const oldest = await (await list("/DeashBoard/list/notices?sort=oldest"))
      .getByTestId("row-title")
      .allTextContents();
    expect(oldest).toEqual([...newest].reverse());
  });

  it("marks a pending teacher, approves and features it, and the home page shows it", async () => {
    const page = await list("/DeashBoard/list/teachers?q=Imran");
    const row = page.getByTestId("content-row").filter({ hasText: "Imran Hossain" });
    expect(await row.getAttribute("data-status")).toBe("pending");
    expect(await row.getByTestId("row-status").textContent()).toBe("Pending");

    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status")).toBe("approved");
    await row.getByRole("button", { name: "Feature", exact: true }).click();
    await expect.poll(() => row.getAttribute("data-featured")).toBe("");
    await row.getByTestId("row-featured").waitFor();

    const { page: home } = await newPage(site.browser);
    await home.goto(`${site.url}/`);
    await home
      .locator('[data-testid="teacher-card"]:visible', { hasText: "Imran Hossain" })
      .first()
      .waitFor();
  });

  it("edits an admission's title, and the public list shows it", async () => {
    const page = await list("/DeashBoard/list/admissions?q=Hifz");
    await page.getByRole("link", { name: "Edit" }).first().click();
    const form = page.locator('[data-testid="content-form"][data-hydrated]');
    await form.waitFor();
    const title = page.getByLabel("Title");
    expect(await title.inputValue()).toBe("Hifz programme");
    expect(await page.getByLabel("Price").inputValue()).not.toBe("");
    // An admission must keep a photo: it can be replaced, not removed.
    await page.getByTestId("current-image").waitFor();
    expect(await page.getByRole("checkbox", { name: "Remove the current image" }).count()).toBe(0);
    await title.fill("Hifz programme for girls");
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");

    const { page: visitor } = await newPage(site.browser);
    await visitor.goto(`${site.url}/admitionAll`);
    await visitor.getByText("Hifz programme for girls").first().waitFor();
  });

  it("removes a notice's image when editing, and the notice board shows it without one", async () => {
    const noticeTitle = "Free health check-up for students";
    const onBoard = async () => {
      const { page: visitor } = await newPage(site.browser);
      await visitor.goto(`${site.url}/notices`);
      const notice = visitor.getByTestId("notice").filter({ hasText: noticeTitle });
      await notice.waitFor();
      const images = await notice.locator("img").count();
      await visitor.close();
      return images;
    };
    expect(await onBoard()).toBe(1);

    const page = await list("/DeashBoard/list/notices?q=health");
    await page.getByRole("link", { name: "Edit" }).first().click();
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    await page.getByTestId("current-image").waitFor();
    await page.getByRole("checkbox", { name: "Remove the current image" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("form-success").textContent()).toBe("Saved");
    // The edit page reloads its record: no image left to show or to remove.
    await page.getByTestId("current-image").waitFor({ state: "detached" });
    expect(await page.getByRole("checkbox", { name: "Remove the current image" }).count()).toBe(0);
    expect(await page.getByLabel("Title").inputValue()).toBe(noticeTitle);

    expect(await onBoard()).toBe(0);
  });

  it("deletes two selected notices after the confirmation", async () => {
    const page = await list("/DeashBoard/list/notices");
    const before = await titles(page);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const chosen = before.slice(0, 2);
    const boxes = page.getByTestId("row-select");
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByTestId("delete-selected").click();
    const dialog = page.getByRole("dialog");
    // The question names the kind and how many.
    await dialog.getByText("Delete these 2 notices? This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("list-notice").getByText("Deleted successfully").waitFor();
    await expect.poll(() => titles(page)).toHaveLength(before.length - 2);
    const after = await titles(page);
    for (const title of chosen) expect(after).not.toContain(title);
  });

  it("deletes a single result after the confirmation", async () => {
    const page = await list("/DeashBoard/list/results");
    const before = await titles(page);
    const row = page.getByTestId("content-row").first();
    const title = (await row.getByTestId("row-title").textContent()) ?? "";
    expect(title).not.toBe("");
    await row.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Delete this result? This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("list-notice").getByText("Deleted successfully").waitFor();
    await expect.poll(() => titles(page)).toHaveLength(before.length - 1);
    expect(await titles(page)).not.toContain(title);
  });

  it("deletes selected rows all or none: one gone meanwhile, the other stays", async () => {
    const page = await list("/DeashBoard/list/notices");
    const rows = page.getByTestId("content-row");
    const kept = (await rows.nth(0).getByTestId("row-title").textContent()) ?? "";
    const goneId = (await rows.nth(1).getAttribute("data-id")) ?? "";
    await page.getByTestId("row-select").nth(0).check();
    await page.getByTestId("row-select").nth(1).check();
    // Someone else deletes the second one before this admin confirms.
    const removed = await page.request.delete(`${site.url}/api/Notice/notices/${goneId}`, {
      headers: { origin: site.url },
    });
    expect(removed.status()).toBe(200);
    await page.getByTestId("delete-selected").click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("list-error").getByText("Notice not found").waitFor();
    await page.reload();
    await page.locator('[data-testid="content-table"][data-hydrated]').waitFor();
    expect(await titles(page)).toContain(kept);
  });

  it("approves the pending student, who then joins the public list; rejecting takes them off", async () => {
    const { page: visitor } = await newPage(site.browser);
    const card = visitor.getByTestId("student-card").filter({ hasText: "Mahmudul Hasan" });
    const visit = async () => {
      await visitor.goto(`${site.url}/AllStudent`);
      await visitor.getByTestId("list").waitFor();
      expect(await visitor.getByTestId("student-card").count()).toBeGreaterThan(0);
    };
    await visit();
    expect(await card.count()).toBe(0);

    const page = await list("/DeashBoard/list/students?q=Mahmudul");
    const row = page.getByTestId("content-row").filter({ hasText: "Mahmudul Hasan" });
    expect(await row.getAttribute("data-status")).toBe("pending");
    await row.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => row.getAttribute("data-status")).toBe("approved");
    await visit();
    expect(await card.count()).toBe(1);

    await row.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => row.getAttribute("data-status")).toBe("rejected");
    expect(await row.getByTestId("row-status").textContent()).toBe("Rejected");
    expect(await row.getByRole("button", { name: "Reject" }).count()).toBe(0);
    await visit();
    expect(await card.count()).toBe(0);
  });

  it("shows a list's rows as cards on a 360 px phone, every action in reach", async () => {
    const page = await list("/DeashBoard/list/teachers", phone);
    const { page: pageOverflow, box } = await overflows(page, "content-table");
    expect(pageOverflow).toBeLessThanOrEqual(0);
    expect(box).toBeLessThanOrEqual(0);
    // Still a table to Chromium's accessibility tree, as screen readers get it.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
      nodes: { role?: { value: string } }[];
    };
    const roles = nodes.map((node) => node.role?.value);
    expect(roles.filter((role) => role === "table")).toHaveLength(1);
    expect(roles.filter((role) => role === "columnheader").length).toBeGreaterThanOrEqual(5);
    expect(roles.filter((role) => role === "cell").length).toBeGreaterThanOrEqual(10);
    const seen = await allInSight(page, "row-title");
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every(Boolean)).toBe(true);
    // Each cell is named on screen by its column; the column headers stay for screen readers.
    const title = page.getByTestId("row-title").first();
    expect(await title.evaluate((cell) => getComputedStyle(cell, "::before").content)).toContain(
      "Title or name",
    );
    expect(await page.getByRole("columnheader", { name: "Title or name" }).count()).toBe(1);

    // Selecting, select all (in sight above the cards) and a row's own buttons work.
    const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
    expect(await allInSight(page, "row-select")).not.toContain(false);
    await selectAll.check();
    await page.getByRole("button", { name: `Delete selected (${seen.length})` }).waitFor();
    await selectAll.uncheck();
    const row = page.getByTestId("content-row").first();
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByText("Delete this teacher? This cannot be undone.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await row.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/DeashBoard/edit/teachers/"));
  });

  it("shows the orders as cards on a 360 px phone, each leading to its receipt", async () => {
    const admissions = await list("/DeashBoard/list/admissions");
    const admissionId = await admissions.getByTestId("content-row").first().getAttribute("data-id");
    const { token } = sessionOf(await apiSignIn(site.server, karim.email, karim.password));
    const intent = await fetch(`${site.url}/api/Order/create-payment-intent`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ items: [{ id: admissionId, quantity: 2 }] }),
    });
    expect(intent.status).toBe(200);

    const page = await signedIn("/DeashBoard/orders", admin, phone);
    await page.getByTestId("orders-table").waitFor();
    const { page: pageOverflow, box } = await overflows(page, "orders-table");
    expect(pageOverflow).toBeLessThanOrEqual(0);
    expect(box).toBeLessThanOrEqual(0);
    const seen = await allInSight(page, "order-number");
    expect(seen).toEqual([true]);
    expect(await page.getByTestId("order-row").textContent()).toContain(karim.name);
    expect(await allInSight(page, "order-total")).toEqual([true]);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByTestId("order-number").getByRole("link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/bookings/"));
  });

  it("shows the accounts and the audit trail as cards on a 360 px phone too", async () => {
    const page = await signedIn("/DeashBoard/users", admin, phone);
    await page.getByTestId("users-table").waitFor();
    expect(await overflows(page, "users-table")).toEqual({ page: 0, box: 0 });
    expect(await allInSight(page, "make-admin")).toEqual([true]);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    // An admin's change, so the trail has an entry whatever ran before.
    const created = await page.request.post(`${site.url}/api/Notice/notices`, {
      headers: { origin: site.url },
      data: { Title: "A notice with a rather long title to see it wrap on a phone", about: "" },
    });
    expect(created.status()).toBe(201);
    await page.goto(`${site.url}/DeashBoard/audit`);
    await page.getByTestId("audit-table").waitFor();
    // The action's badge shows its word: its text is not the colour of its background.
    const badge = await page
      .getByTestId("audit-action")
      .first()
      .evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
    expect(badge[0]).not.toBe(badge[1]);
    const { page: pageOverflow, box } = await overflows(page, "audit-table");
    expect(pageOverflow).toBeLessThanOrEqual(0);
    expect(box).toBeLessThanOrEqual(0);
    expect((await allInSight(page, "audit-label")).every(Boolean)).toBe(true);
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("pages through a long list with real links, with or without script, leaving a banner behind", async () => {
    const page = await list("/DeashBoard/list/notices");
    for (let i = 1; i <= 21; i++) {
      const created = await page.request.post(`${site.url}/api/Notice/notices`, {
        headers: { origin: site.url },
        data: { Title: `Paged notice ${i}`, about: "" },
      });
      expect(created.status()).toBe(201);
    }
    // Newest first, 20 a page: the first one is alone on page 2.
    await page.goto(`${site.url}/DeashBoard/list/notices?q=Paged`);
    await expect.poll(async () => (await titles(page)).length).toBe(20);
    await page.getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => titles(page)).toEqual(["Paged notice 1"]);
    await page.getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "1");
    await expect.poll(async () => (await titles(page)).length).toBe(20);

    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      await context.addCookies(await page.context().cookies());
      const plain = await context.newPage();
      await plain.goto(`${site.url}/DeashBoard/list/notices?q=Paged&notice=sent`);
      const next = plain.getByRole("link", { name: "Next page" });
      const href = new URL((await next.getAttribute("href")) ?? "", plain.url());
      expect(href.searchParams.has("notice")).toBe(false);
      await next.click();
      await plain.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(await plain.getByTestId("row-title").allTextContents()).toEqual(["Paged notice 1"]);
    } finally {
      await context.close();
    }
  });

  it("shows a signed-in account without the role the 403 page, not the list", async () => {
    const page = await signedIn("/", karim);
    const list = await page.goto(`${site.url}/DeashBoard/list/notices`);
    expect(list?.status()).toBe(403);
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
    expect(await page.getByTestId("row-title").count()).toBe(0);
    const response = await page.goto(
      `${site.url}/DeashBoard/edit/notices/00000000-0000-4000-8000-000000000000`,
    );
    expect(new URL(page.url()).pathname).toBe(
      "/DeashBoard/edit/notices/00000000-0000-4000-8000-000000000000",
    );
    expect(response?.status()).toBe(403);
  });

  it("has no accessibility violations on a list, its confirmation and an edit form", async () => {
    const page = await list("/DeashBoard/list/teachers");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByTestId("row-select").first().check();
    await page.getByTestId("delete-selected").click();
    await page.getByRole("dialog").getByText("Delete this teacher? This cannot be undone.").waitFor();
    // Measured once it has faded in: half-way, every colour is paler than it will be.
    await expect
      .poll(() => page.getByRole("dialog").evaluate((dialog) => getComputedStyle(dialog).opacity))
      .toBe("1");
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Edit" }).first().click();
    await page.locator('[data-testid="content-form"][data-hydrated]').waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
  });

  it("answers 404 for an unknown kind", async () => {
    const page = await signedIn("/DeashBoard/Home");
    const response = await page.goto(`${site.url}/DeashBoard/list/comments`);
    expect(response?.status()).toBe(404);
  });
});
