// The dashboard's people screens end to end, in Chromium against the built server: the accounts
// list with Make admin and Remove admin (never the last admin), and the subscribers with their
// CSV export.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const karim = { email: "karim@school.test", password: "karim-password", name: "Karim Uddin" };

describe("the dashboard's people screens", () => {
  const site = useSite({ admin });

  beforeAll(async () => {
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(karim),
    });
    expect(signUp.ok).toBe(true);
  });

  async function adminPage(path: string, options?: Parameters<typeof newPage>[1]): Promise<Page> {
    const { page } = await newPage(site.browser, options);
    await signInThroughLogin(page, site.url, admin, path);
    await page.waitForURL((url) => url.pathname === path);
    return page;
  }

  /** Axe's findings on the whole screen, the dashboard menu included. */
  const ownViolations = (page: Page) => checkAccessibility(page);

  const rowOf = (page: Page, email: string) =>
    page.locator(`[data-testid="user-row"][data-email="${email}"]`);

  it("makes a registered user an admin and removes the role again", async () => {
    const page = await adminPage("/DeashBoard/users");
    await page.getByRole("heading", { name: "Users" }).waitFor();
    const row = rowOf(page, karim.email);
    expect(await row.getByTestId("user-role").textContent()).toBe("User");
    expect(await row.textContent()).toContain(karim.name);

    await row.getByRole("button", { name: "Make admin" }).click();
    await row.getByTestId("user-notice").waitFor();
    expect(await row.getByTestId("user-notice").textContent()).toBe("Now an admin.");
    await row.getByRole("button", { name: "Remove admin" }).waitFor();
    expect(await row.getByTestId("user-role").textContent()).toBe("Admin");

    await row.getByRole("button", { name: "Remove admin" }).click();
    await row.getByText("No longer an admin.").waitFor();
    await row.getByRole("button", { name: "Make admin" }).waitFor();
    expect(await row.getByTestId("user-role").textContent()).toBe("User");
  });

  it("searches the accounts", async () => {
    const page = await adminPage("/DeashBoard/users");
    await page.getByLabel("Search by name or e-mail").fill("UDDIN");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "UDDIN");
    await page.getByTestId("users-count").getByText("1 account", { exact: true }).waitFor();
    expect(await page.getByTestId("user-row").count()).toBe(1);
  });

  it("refuses to remove the last admin, with the server's message", async () => {
    const page = await adminPage("/DeashBoard/users");
    const row = rowOf(page, admin.email);
    await row.getByRole("button", { name: "Remove admin" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove my admin rights" }).click();
    await row.getByTestId("user-error").waitFor();
    expect(await row.getByTestId("user-error").textContent()).toBe("There must always be at least one admin");
    expect(await row.getByTestId("user-role").textContent()).toBe("Admin");
  });

  /** A new account through the API, and its session (for calls made as it). */
  async function account(email: string, name: string) {
    const response = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email, password: "person-password", name }),
    });
    expect(response.ok).toBe(true);
    return sessionOf(response);
  }
  const signInStatus = async (email: string) =>
    (await apiSignIn(site.server, email, "person-password")).status;
  /** The session cookies of a signed-in page, for API calls made as its account. */
  const cookieOf = async (page: Page) =>
    (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const api = (path: string, init: RequestInit & { cookie: string }) =>
    fetch(`${site.url}/api${path}`, {
      ...init,
      headers: { "content-type": "application/json", origin: site.url, cookie: init.cookie },
    });

  it("asks before an admin removes their own rights, says what follows, and closes the dashboard", async () => {
    const second = { email: "second@school.test", password: "person-password" };
    await account(second.email, "Second Admin");
    const page = await adminPage("/DeashBoard/users");
    await rowOf(page, second.email).getByRole("button", { name: "Make admin" }).click();
    await rowOf(page, second.email).getByText("Now an admin.").waitFor();

    const { page: own } = await newPage(site.browser);
    await signInThroughLogin(own, site.url, second, "/DeashBoard/users");
    await own.waitForURL((url) => url.pathname === "/DeashBoard/users");
    const row = rowOf(own, second.email);
    await row.getByRole("button", { name: "Remove admin" }).click();
    const dialog = own.getByRole("dialog", { name: "Remove my admin rights" });
    await dialog.getByText("You will lose the dashboard at once").waitFor();
    // Measured once it has faded in: half-way, every colour is paler than it will be.
    await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    expect(formatViolations(await ownViolations(own))).toBe("");
    // Cancel changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    expect(await row.getByTestId("user-role").textContent()).toBe("Admin");

    await row.getByRole("button", { name: "Remove admin" }).click();
    await dialog.getByRole("button", { name: "Remove my admin rights" }).click();
    await own.waitForURL((url) => url.pathname.startsWith("/profile"));
    await own.getByText("You are no longer an admin.").waitFor();
    await page.reload();
    expect(await rowOf(page, second.email).getByTestId("user-role").textContent()).toBe("User");
  });

  it("disables, enables and deletes an account after asking; a deleted writer's comment shows 'a former user'", async () => {
    const rahim = await account("rahim@school.test", "Rahim Sheikh");
    // A blog of the admin's (sign-ins are few a minute: the page's session serves), and Rahim's comment.
    const page = await adminPage("/DeashBoard/users");
    const blog = await api("/blog/blogs", {
      method: "POST",
      cookie: await cookieOf(page),
      body: JSON.stringify({
        title: "Prize day",
        email: admin.email,
        blog: "Prizes for all.",
        catagori: "News",
      }),
    });
    expect(blog.status).toBe(201);
    const blogId = (await blog.json()).insertedId as string;
    const comment = await api("/blog/comment", {
      method: "POST",
      cookie: rahim.cookie,
      body: JSON.stringify({
        id: blogId,
        name: "Rahim Sheikh",
        email: "rahim@school.test",
        info: "Well deserved",
      }),
    });
    expect(comment.status).toBe(201);
    // Rahim's own blog, approved by the admin.
    const own = await api("/blog/blogs", {
      method: "POST",
      cookie: rahim.cookie,
      body: JSON.stringify({
        title: "My village",
        email: "rahim@school.test",
        blog: "Rivers.",
        catagori: "News",
      }),
    });
    expect(own.status).toBe(201);
    const ownId = (await own.json()).insertedId as string;
    const approve = await api(`/blog/blogs/${ownId}`, {
      method: "PATCH",
      cookie: await cookieOf(page),
      body: JSON.stringify({ status: "approved" }),
    });
    expect(approve.status).toBe(200);

    await page.reload();
    const row = rowOf(page, "rahim@school.test");
    // One's own row offers neither.
    expect(await rowOf(page, admin.email).getByRole("button", { name: "Disable" }).count()).toBe(0);
    expect(await rowOf(page, admin.email).getByRole("button", { name: "Delete" }).count()).toBe(0);

    await row.getByRole("button", { name: "Disable" }).click();
    const disable = page.getByRole("dialog", { name: "Disable account" });
    await disable.getByText("Rahim Sheikh will be signed out everywhere at once").waitFor();
    await disable.getByRole("button", { name: "Disable account" }).click();
    await row.getByText("Disabled: signed out and cannot sign in.").waitFor();
    await row.getByTestId("user-disabled").waitFor();
    expect(await signInStatus("rahim@school.test")).toBe(403);
    expect((await api("/User/users/rahim@school.test", { cookie: rahim.cookie })).status).toBe(401);

    await row.getByRole("button", { name: "Enable" }).click();
    await row.getByText("Enabled: can sign in again.").waitFor();
    expect(await signInStatus("rahim@school.test")).toBe(200);

    await row.getByRole("button", { name: "Delete" }).click();
    const remove = page.getByRole("dialog", { name: "Delete account" });
    await remove.getByText("Delete the account of Rahim Sheikh for good?").waitFor();
    await remove.getByRole("button", { name: "Delete account" }).click();
    await row.waitFor({ state: "detached" });
    expect(await signInStatus("rahim@school.test")).toBe(401);

    // The comment keeps its text, under "a former user", in both languages.
    const { context, page: reader } = await newPage(site.browser);
    await reader.goto(`${site.url}/blog/${blogId}`);
    const kept = reader.getByTestId("comment").filter({ hasText: "Well deserved" });
    expect(await kept.getByRole("heading").textContent()).toBe("a former user");
    expect(await reader.content()).not.toContain("Rahim");
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await reader.goto(`${site.url}/blog/${blogId}`);
    expect(await kept.getByRole("heading").textContent()).toBe("একজন সাবেক ব্যবহারকারী");
    // Their blog stays, by "a former user".
    await reader.goto(`${site.url}/blog/${ownId}`);
    expect(await reader.getByTestId("blog-author").textContent()).toBe("লিখেছেন একজন সাবেক ব্যবহারকারী");
  });

  it("moderates the comments: newest first, by blog, search, delete one or several", async () => {
    const page = await adminPage("/DeashBoard/Home");
    const head = { cookie: await cookieOf(page) };
    const blogIds: string[] = [];
    for (const title of ["Sports day", "Science fair"]) {
      const blog = await api("/blog/blogs", {
        method: "POST",
        cookie: head.cookie,
        body: JSON.stringify({ title, email: admin.email, blog: "News.", catagori: "News" }),
      });
      expect(blog.status).toBe(201);
      blogIds.push((await blog.json()).insertedId);
    }
    const writer = await account("writer@school.test", "Salma Begum");
    const messages = ["First on sports", "Second on science", "Third on sports", "Fourth on science"];
    for (const [i, message] of messages.entries()) {
      const response = await api("/blog/comment", {
        method: "POST",
        cookie: writer.cookie,
        body: JSON.stringify({
          id: blogIds[i % 2],
          name: "Salma Begum",
          email: "writer@school.test",
          info: message,
        }),
      });
      expect(response.status).toBe(201);
    }

    await page.getByTestId("dashboard-menu").getByRole("link", { name: "Comments" }).click();
    await page.waitForURL((url) => url.pathname === "/DeashBoard/comments");
    await page.locator('[data-testid="comments-table"][data-hydrated]').waitFor();
    const shown = () => page.getByTestId("comment-message").allTextContents();
    const ours = async () => (await shown()).filter((text) => messages.includes(text));
    // Newest first, each with its blog and writer.
    expect(await ours()).toEqual([...messages].reverse());
    const newest = page.getByTestId("comment-row").filter({ hasText: "Fourth on science" });
    expect(await newest.getByTestId("comment-blog").textContent()).toBe("Science fair");
    expect(await newest.getByTestId("comment-writer").textContent()).toBe("Salma Begum");
    expect(formatViolations(await ownViolations(page))).toBe("");

    // One blog's comments.
    await newest.getByRole("link", { name: "Only this blog" }).click();
    await page.getByRole("heading", { name: "Comments on “Science fair”" }).waitFor();
    await expect.poll(shown).toEqual(["Fourth on science", "Second on science"]);

    // A search keeps to the blog.
    await page.getByLabel("Search the comments' text").fill("second");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(shown).toEqual(["Second on science"]);
    await page.getByTestId("all-blogs").click();
    await page.waitForURL((url) => !url.searchParams.has("blogId"));
    await page.locator('[data-testid="comments-table"][data-hydrated]').waitFor();

    // Delete one, then two at once, each after a question naming what goes.
    await newest.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByText("Delete this comment? This cannot be undone.").waitFor();
    await page.getByTestId("confirm-delete").click();
    await page.getByTestId("list-notice").waitFor();
    await expect.poll(ours).toEqual(["Third on sports", "Second on science", "First on sports"]);
    for (const message of ["Third on sports", "First on sports"]) {
      await page.getByTestId("comment-row").filter({ hasText: message }).getByTestId("row-select").check();
    }
    await page.getByTestId("delete-selected").click();
    await page.getByRole("dialog").getByText("Delete these 2 comments? This cannot be undone.").waitFor();
    await page.getByTestId("confirm-delete").click();
    await expect.poll(ours).toEqual(["Second on science"]);

    // Not for a user who is not an admin: the 403 page, without the comments.
    const response = await fetch(`${site.url}/DeashBoard/comments`, {
      headers: { cookie: writer.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("Second on science");
  });

  it("keeps the people screens inside the screen of a phone, accessibly", async () => {
    const page = await adminPage("/DeashBoard/users", { viewport: { width: 375, height: 740 } });
    await page.getByTestId("users-table").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(formatViolations(await ownViolations(page))).toBe("");
    await page.goto(`${site.url}/DeashBoard/subscribers`);
    await page.getByRole("heading", { name: "Subscribers" }).waitFor();
    expect(formatViolations(await ownViolations(page))).toBe("");
  });

  it("lists a new subscriber and downloads the CSV", async () => {
    const subscribe = await fetch(`${site.url}/api/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email: "Reader@School.test" }),
    });
    expect(subscribe.ok).toBe(true);

    const page = await adminPage("/DeashBoard/subscribers");
    await page.getByRole("heading", { name: "Subscribers" }).waitFor();
    expect(await page.getByTestId("subscriber-row").first().textContent()).toContain("reader@school.test");
    expect(await page.getByTestId("subscribers-count").textContent()).toBe("1 subscriber");
    const link = page.getByRole("link", { name: "Export CSV" });
    expect(await link.getAttribute("href")).toBe("/DeashBoard/subscribers.csv");

    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const csv = await fetch(`${site.url}/DeashBoard/subscribers.csv`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="maktab-subscribers.csv"');
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("email,subscribed_at");
    expect(lines).toContainEqual(expect.stringMatching(/^reader@school\.test,\d{4}-\d\d-\d\dT/));

    const anonymous = await fetch(`${site.url}/DeashBoard/subscribers.csv`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });
});
