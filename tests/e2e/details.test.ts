// The blog pages and the detail pages in Chromium against the built server, on the sample
// content: a blog with its comments (write, delete, who may), the 'More Blogs' carousel, the
// sign-in rule of the detail pages, Booking, accessibility and a phone screen.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const amina = { name: "Amina Khatun", email: "amina@school.test", password: "amina-password" };
const bilal = { name: "Bilal Hossain", email: "bilal@school.test", password: "bilal-password" };

type Account = { email: string; password: string };
type Session = { cookie: string };
type WireBlog = { _id: string; title: string; email: string; blog: string };

describe("blogs and detail pages in the browser", () => {
  const site = useSite({ sampleContent: true, admin });
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    for (const user of [amina, bilal]) {
      const response = await fetch(`${site.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url },
        body: JSON.stringify(user),
      });
      expect(response.status).toBe(200);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  const api = async <T>(path: string, session?: Session): Promise<T> => {
    const response = await fetch(`${site.url}/api${path}`, {
      headers: session ? { cookie: session.cookie } : {},
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  // Sign-ins are rate limited: one session per account serves every test.
  const sessions = new Map<string, Session>();
  async function signIn(account: Account): Promise<Session> {
    const known = sessions.get(account.email);
    if (known) return known;
    const response = await apiSignIn(site.server, account.email, account.password);
    expect(response.status).toBe(200);
    const { cookie } = sessionOf(response);
    sessions.set(account.email, { cookie });
    return { cookie };
  }

  /** A fresh browser (own cookies and storage), signed in as `account` when given. */
  async function open(path: string, account?: Account, viewport?: { width: number; height: number }) {
    const { context, page } = await newPage(site.browser, viewport ? { viewport } : {});
    contexts.push(context);
    if (account) {
      const { cookie } = await signIn(account);
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const [name = "", ...value] = pair.split("=");
          return { name, value: value.join("="), url: site.url };
        }),
      );
    }
    const response = await page.goto(site.url + path);
    return { page, response };
  }

  const expectAccessible = async (page: Page) => {
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  };

  const blogs = () => api<WireBlog[]>("/blog/blogs");
  /** The sample blog with three comments. */
  const prizeDay = async () => {
    const blog = (await blogs()).find((b) => b.title.startsWith("Annual prize-giving day"));
    expect(blog).toBeDefined();
    return blog as WireBlog;
  };

  const commentCount = (page: Page) => page.getByTestId("comment-count").textContent();
  const commentWith = (page: Page, text: string) => page.getByTestId("comment").filter({ hasText: text });
  const notices = (page: Page) => page.getByTestId("notices");

  it("shows a blog: title, author's name, date, body, category, comments and their count", async () => {
    const blog = await prizeDay();
    const { page, response } = await open(`/blog/${blog._id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(blog.title);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    // The byline names the writer (the office's sample blogs: the institute), never an e-mail.
    expect(blog.email).toBeUndefined();
    expect(await page.getByTestId("blog-author").textContent()).toBe("By Maktab");
    expect(await page.getByTestId("blog-date").textContent()).toMatch(/\d{4}/);
    const firstParagraph = blog.blog.split("\n\n")[0] as string;
    await page.getByText(firstParagraph).waitFor();
    expect(await page.locator(".blog__body p").count()).toBe(blog.blog.split("\n\n").length);
    expect(await page.locator(".badge").textContent()).toContain("Events");
    expect(await commentCount(page)).toBe("3 comments");
    expect(await page.getByTestId("comment").count()).toBe(3);
    await commentWith(page, "Rokeya Sultana").waitFor();
    // Anonymous visitors are asked to log in, and come back here afterwards.
    const login = page.getByRole("link", { name: "Log in to comment" });
    expect(await login.getAttribute("href")).toBe(
      `/login?${new URLSearchParams({ redirectTo: `/blog/${blog._id}` })}`,
    );
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    // Search engines and link previews.
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "BlogPosting", headline: blog.title, url: expect.any(String) });
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    expect(await page.title()).toContain(blog.title);
    await expectAccessible(page);
  });

  it("lets a signed-in user comment without a reload, and delete their own comment", async () => {
    const blog = await prizeDay();
    const { page } = await open(`/blog/${blog._id}`, amina);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    expect(await page.getByLabel("Name").inputValue()).toBe(amina.name);
    expect(await page.getByLabel("E-mail").inputValue()).toBe(amina.email);
    expect(await page.getByLabel("E-mail").getAttribute("readonly")).not.toBeNull();

    // All fields are required: the message is checked before sending.
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.getByText("Message is required").waitFor();

    const message = "Thank you for a lovely day, from the Class Six parents.";
    await page.getByLabel("Message").fill(message);
    await page.getByRole("button", { name: "Post comment" }).click();
    await commentWith(page, message).waitFor();
    await notices(page).getByText("added successfully").waitFor();
    expect(await commentCount(page)).toBe("4 comments");
    expect(await page.getByLabel("Message").inputValue()).toBe("");
    expect(await page.getByLabel("Name").inputValue()).toBe(amina.name);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    await expectAccessible(page);

    // Only their own comment offers Delete to a non-admin.
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(1);
    await commentWith(page, message).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Delete this comment? This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await notices(page).getByText("Deleted successfully").waitFor();
    await commentWith(page, message).waitFor({ state: "detached" });
    expect(await commentCount(page)).toBe("3 comments");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
  });

  it("shows the server's errors next to the fields when the form is sent without script", async () => {
    const blog = await prizeDay();
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const { cookie } = await signIn(amina);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: site.url };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${site.url}/blog/${blog._id}`);
    await page.getByLabel("Name").fill("");
    await page.getByRole("button", { name: "Post comment" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe("Invalid comment");
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Name is required").waitFor();
    await page.getByText("Message is required").waitFor();
    expect(await commentCount(page)).toBe("3 comments");
  });

  it("speaks Bangla: the comment count and the carousel's heading", async () => {
    const blog = await prizeDay();
    const { context, page } = await newPage(site.browser);
    contexts.push(context);
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/blog/${blog._id}`);
    expect(await commentCount(page)).toBe("৩টি মন্তব্য");
    await page.getByRole("link", { name: "মন্তব্য করতে লগইন করুন" }).waitFor();
    await page.goto(`${site.url}/blogs`);
    await page.getByRole("heading", { level: 2, name: "আরও ব্লগ" }).waitFor();
  });

  it("keeps a comment from other users, server-side too, and lets an admin delete any", async () => {
    const blog = await prizeDay();
    const message = "A comment only Amina and the admins may delete.";
    const author = await open(`/blog/${blog._id}`, amina);
    await author.page.getByLabel("Message").fill(message);
    await author.page.getByRole("button", { name: "Post comment" }).click();
    await commentWith(author.page, message).getByRole("button", { name: "Delete" }).waitFor();
    const [comment] = (await api<{ _id: string; info: string }[]>(`/blog/comment?blogId=${blog._id}`)).filter(
      (c) => c.info === message,
    );
    expect(comment).toBeDefined();

    const other = await open(`/blog/${blog._id}`, bilal);
    await commentWith(other.page, message).waitFor();
    expect(await commentWith(other.page, message).getByRole("button", { name: "Delete" }).count()).toBe(0);
    expect(await other.page.getByRole("button", { name: "Delete" }).count()).toBe(0);

    const { cookie } = await signIn(bilal);
    const refused = await fetch(`${site.url}/content/comments/${comment?._id}/delete`, {
      method: "POST",
      headers: { cookie, origin: site.url },
    });
    expect(refused.status).toBe(403);
    expect(await api<unknown[]>(`/blog/comment?blogId=${blog._id}`)).toHaveLength(4);

    const head = await open(`/blog/${blog._id}`, admin);
    await commentWith(head.page, message).getByRole("button", { name: "Delete" }).waitFor();
    expect(await head.page.getByRole("button", { name: "Delete" }).count()).toBe(4);
    await commentWith(head.page, message).getByRole("button", { name: "Delete" }).click();
    await head.page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await notices(head.page).getByText("Deleted successfully").waitFor();
    await commentWith(head.page, message).waitFor({ state: "detached" });
    expect(await commentCount(head.page)).toBe("3 comments");
  });

  it("lists blogs newest first, Delete for admins only, and turns the 'More Blogs' carousel", async () => {
    const all = await blogs();
    const { page } = await open("/blogs");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blogs");
    const titles = await page.getByTestId("blog-grid").getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(all.slice(0, 9).map((blog) => blog.title));
    expect(await page.getByTestId("blog-grid").getByRole("link").first().getAttribute("href")).toBe(
      `/blog/${all[0]?._id}`,
    );
    expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await page.getByRole("heading", { level: 2, name: "More Blogs" }).waitFor();
    await expectAccessible(page);

    const carousel = page.getByTestId("more-blogs");
    const slides = await carousel.locator(".carousel__slide").count();
    expect(slides).toBeGreaterThan(3);
    // A dot per view shown (the markup holds one per slide, the others hidden: app/ui/carousel.tsx).
    const dots = carousel.locator(".carousel__dot:visible");
    await dots.first().waitFor();
    expect(await dots.count()).toBe(Math.ceil(slides / 3));

    /** The slide whose left edge is the first inside the track, as "4 / 8". */
    const firstVisible = () =>
      carousel.locator(".carousel__track").evaluate((track) => {
        const left = track.getBoundingClientRect().left;
        const slide = [...track.children].find((child) => child.getBoundingClientRect().left >= left - 2);
        return slide?.getAttribute("aria-label");
      });
    const settle = () => page.waitForTimeout(900);

    expect(await firstVisible()).toBe(`1 / ${slides}`);
    await carousel.getByRole("button", { name: "Next blogs" }).click();
    await settle();
    expect(await firstVisible()).toBe(`4 / ${slides}`);
    expect(await dots.nth(1).getAttribute("aria-current")).toBe("true");
    // Past the last view it wraps around to the first, and back again.
    for (let view = 2; view < Math.ceil(slides / 3); view++) {
      await carousel.getByRole("button", { name: "Next blogs" }).click();
      await settle();
    }
    await carousel.getByRole("button", { name: "Next blogs" }).click();
    await settle();
    expect(await firstVisible()).toBe(`1 / ${slides}`);
    expect(await carousel.locator(".carousel__track").evaluate((track) => track.scrollLeft)).toBe(0);
    await carousel.getByRole("button", { name: "Previous blogs" }).click();
    await settle();
    expect(await dots.last().getAttribute("aria-current")).toBe("true");
    await dots.first().click();
    await settle();
    expect(await firstVisible()).toBe(`1 / ${slides}`);

    const head = await open("/blogs", admin);
    expect(await head.page.getByTestId("blog-grid").getByRole("button", { name: "Delete" }).count()).toBe(
      titles.length,
    );
  });

  it.each([
    ["/services/", "/service/services", (r: Record<string, unknown>) => r.serviceName],
    ["/result/", "/result/results", (r: Record<string, unknown>) => r.title],
    ["/about/", "/teacher/teachers", (r: Record<string, unknown>) => r.name],
    [
      "/admition/",
      "/Admition/admition",
      (r: Record<string, unknown>) => (r.admition as { title: string }).title,
    ],
  ])("sends a visitor of %s to /login and back, then shows the record", async (prefix, list, headingOf) => {
    const [record] = await api<Record<string, unknown>[]>(list);
    expect(record).toBeDefined();
    const path = `${prefix}${record?._id}`;
    const { page } = await open(path);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe(path);
    await page.getByLabel("E-mail").fill(amina.email);
    await page.locator('input[name="password"]').fill(amina.password);
    await page.getByRole("button", { name: "Login" }).last().click();
    await page.getByRole("heading", { level: 1, name: String(headingOf(record ?? {})) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.locator("main img").first().getAttribute("alt")).toBe(String(headingOf(record ?? {})));
    await expectAccessible(page);

    for (const unknown of ["00000000-0000-4000-8000-000000000000", "no-such-id"]) {
      const missing = await page.goto(`${site.url}${prefix}${unknown}`);
      expect(missing?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    }
  });

  it("shows a teacher's e-mail and phone as links to signed-in users, the home address to admins", async () => {
    const [teacher] = await api<{ _id: string; email: string; phone: string; address: string }[]>(
      "/teacher/teachers",
      await signIn(admin),
    );
    const { page } = await open(`/about/${teacher?._id}`, amina);
    expect(await page.getByRole("link", { name: teacher?.email }).getAttribute("href")).toBe(
      `mailto:${teacher?.email}`,
    );
    expect(await page.getByRole("link", { name: teacher?.phone }).getAttribute("href")).toMatch(
      /^tel:\+?\d+$/,
    );
    expect(await page.getByText(teacher?.address ?? "").count()).toBe(0);
    const asAdmin = await open(`/about/${teacher?._id}`, admin);
    await asAdmin.page.getByText(teacher?.address ?? "").waitFor();
  });

  it("books an admission into the cart: the badge counts, the specification's alert shows", async () => {
    const [admission] =
      await api<{ _id: string; admition: { title: string; price: number } }[]>("/Admition/admition");
    const title = admission?.admition.title ?? "";
    const { page } = await open(`/admition/${admission?._id}`, amina);
    // The price in dollars, in major units.
    const price = await page.getByTestId("price").textContent();
    expect(price).toContain("$");
    expect(price).toContain((admission?.admition.price ?? 0).toFixed(2));
    expect(await page.getByTestId("cart-badge").textContent()).toBe("0");
    await page.getByRole("button", { name: "Booking" }).click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Booking" }).click();
    await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
    const announced = await notices(page).locator(".alert > div:first-child").last().textContent();
    expect(announced).toBe(`${title} This Booking ADD`);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("shopping_cart"))) ?? "{}")).toEqual({
      [admission?._id ?? ""]: 2,
    });
    expect(await page.getByRole("link", { name: "Order summary" }).getAttribute("href")).toBe("/allOrder");
  });

  it("answers an unknown or malformed blog id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const response = await fetch(`${site.url}/blog/${id}`);
      expect(response.status).toBe(404);
    }
  });

  it("fits a 360 px phone: no horizontal overflow on a blog and on the list", async () => {
    const blog = await prizeDay();
    for (const path of [`/blog/${blog._id}`, "/blogs"]) {
      const { page } = await open(path, amina, { width: 360, height: 740 });
      await page.getByRole("heading", { level: 1 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
