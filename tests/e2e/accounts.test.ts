// Accounts end to end, in Chromium against the built server: register, log in and come back,
// log out, the guards, an admin making an admin, the language, the 404 page, a phone screen.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, useSite, waitForHydration } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };

describe("accounts and roles in the browser", () => {
  const site = useSite({ admin });

  const open = async (path: string, options?: Parameters<typeof newPage>[1]) => {
    const { page } = await newPage(site.browser, options);
    await page.goto(site.url + path);
    return page;
  };

  async function register(
    page: Page,
    user: { name: string; email: string; password: string; retype?: string },
  ) {
    await page.goto(`${site.url}/register`);
    await page.getByLabel("Name").fill(user.name);
    await page.getByLabel("E-mail").fill(user.email);
    // Password fields by name: Mantine's show-password toggle shares their label.
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="retypePassword"]').fill(user.retype ?? user.password);
    await page.getByRole("button", { name: "Register" }).click();
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.getByLabel("E-mail").fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole("button", { name: "Login" }).last().click();
  }

  const expectNoAccount = async (email: string, password: string) => {
    const page = await open("/login");
    await logIn(page, email, password);
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toContain("Invalid email or password");
  };

  it("refuses to register when the two passwords differ, with or without script", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const target = await (await site.browser.newContext({ javaScriptEnabled })).newPage();
      const email = `mismatch-${javaScriptEnabled}@school.test`;
      await register(target, { name: "Rahim", email, password: "first-password", retype: "second-password" });
      await target.getByTestId("form-error").waitFor();
      expect(await target.getByTestId("form-error").textContent()).toBe("Your password did not match");
      expect(new URL(target.url()).pathname).toBe("/register");
      await target.context().close();
      await expectNoAccount(email, "first-password");
    }
  });

  it("registers a user, says so on the home page, and logs out", async () => {
    const page = await open("/");
    await register(page, { name: "Karim", email: "karim@school.test", password: "karim-password" });
    await page.getByTestId("flash").waitFor();
    expect(await page.getByTestId("flash").textContent()).toContain("User Created successfully!");
    expect(new URL(page.url()).pathname).toBe("/");
    // Signed in: LogOut instead of Login, and the cart link for a signed-in user.
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    expect(await page.getByTestId("cart-link").isVisible()).toBe(true);

    await page.getByRole("button", { name: "LogOut" }).click();
    await page.getByRole("button", { name: "LogOut" }).waitFor({ state: "detached" });
    expect(await page.getByTestId("cart-link").isVisible()).toBe(false);
    await page.goto(`${site.url}/ALLteacher`);
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("sends an anonymous visitor to /login and back to the page they wanted", async () => {
    const page = await open("/ALLteacher");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/ALLteacher");
    await logIn(page, "karim@school.test", "karim-password");
    await page.getByTestId("flash").waitFor();
    expect(new URL(page.url()).pathname).toBe("/ALLteacher");
    expect(await page.getByTestId("flash").textContent()).toContain("Login successfully!");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("All Teachers");
  });

  it("tells a visitor who follows Teachers why they are asked to sign in, and offers the public page", async () => {
    const page = await open("/");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Teachers" })
      .click();
    await page.waitForURL((url) => url.pathname === "/login");
    const reason = page.getByTestId("login-reason");
    await reason.getByText("Sign in to see the teachers' page.").waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await reason.getByRole("link", { name: "Or see the public teachers page without signing in" }).click();
    await page.waitForURL((url) => url.pathname === "/teacher");
    // The address changes first; the new page renders in React Router's transition.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("All Teachers");
    // Every other page that asks for a sign-in says why too, in the visitor's language, and
    // only the teachers' pages lead to the public list.
    const reasons: [string, string, string][] = [
      ["/allOrder", "Sign in to see your cart and pay.", "আপনার কার্ট দেখতে ও টাকা দিতে লগইন করুন।"],
      ["/services/abc", "Sign in to see this service's details.", "এই সেবার বিস্তারিত দেখতে লগইন করুন।"],
      [
        "/admition/abc",
        "Sign in to see this admission and book it.",
        "এই ভর্তির বিস্তারিত দেখতে ও বুক করতে লগইন করুন।",
      ],
      ["/result/abc", "Sign in to read this result.", "এই ফলাফল পড়তে লগইন করুন।"],
      ["/about/abc", "Sign in to see this teacher's page.", "এই শিক্ষকের পাতা দেখতে লগইন করুন।"],
    ];
    for (const [asked, english, bangla] of reasons) {
      const other = await open(`/login?redirectTo=${encodeURIComponent(asked)}`);
      const said = other.getByTestId("login-reason");
      expect(await said.locator("p").first().textContent(), asked).toBe(english);
      expect(await said.getByRole("link").count(), asked).toBe(asked.startsWith("/about") ? 1 : 0);
      await other.context().addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
      await other.reload();
      expect(await other.getByTestId("login-reason").locator("p").first().textContent(), asked).toBe(bangla);
      await other.context().close();
    }
  });

  it("says on the login page who is signed in, with a way to sign out or go on", async () => {
    const page = await open("/login");
    await logIn(page, "karim@school.test", "karim-password");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`${site.url}/login`);
    const box = page.getByTestId("signed-in-as");
    await box.getByText("You are signed in as Karim (karim@school.test).").waitFor();
    expect(formatViolations(await checkAccessibility(page))).toBe("");
    await box.getByRole("link", { name: "Go to my profile" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/profile"));
    await page.goto(`${site.url}/login`);
    await page.getByTestId("signed-in-as").getByRole("button", { name: "LogOut" }).click();
    await page.getByTestId("signed-in-as").waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "LogOut" }).count()).toBe(0);
  });

  it.each(["/allOrder", "/services/1", "/admition/1", "/result/1", "/about/1", "/DeashBoard"])(
    "guards %s on the server",
    async (path) => {
      const response = await fetch(site.url + path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    },
  );

  it("shows the provider's message when the password is wrong", async () => {
    const page = await open("/login");
    await logIn(page, "karim@school.test", "wrong-password");
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe("Invalid email or password");
    expect(await page.getByRole("button", { name: "LogOut" }).count()).toBe(0);
  });

  it("shows a signed-in non-admin no dashboard menu, and keeps AddAdmin from them", async () => {
    const page = await open("/login?redirectTo=%2FDeashBoard");
    await logIn(page, "karim@school.test", "karim-password");
    await page.getByTestId("not-admin").waitFor();
    expect(await page.getByTestId("dashboard-menu").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    // Signed in without the role: the 403 page, in words, never a blank or the login form.
    const refused = await page.goto(`${site.url}/DeashBoard/AddAdmin`);
    expect(refused?.status()).toBe(403);
    expect(new URL(page.url()).pathname).toBe("/DeashBoard/AddAdmin");
    expect(await page.getByTestId("forbidden").textContent()).toBe("Not open to your account");
  });

  it("lets the configured admin make another user an admin", async () => {
    const page = await open("/login?redirectTo=%2FDeashBoard%2FAddAdmin");
    await logIn(page, admin.email, admin.password);
    await page.getByRole("heading", { name: "Make an admin" }).waitFor();
    expect(await page.getByTestId("dashboard-menu").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Dashboard" }).first().isVisible()).toBe(true);

    // The browser checks the e-mail with the server's rule before sending.
    await page.getByLabel("E-mail").fill("not an e-mail");
    await page.getByRole("button", { name: "Make admin" }).click();
    await page.getByText("Enter a valid e-mail address").waitFor();

    await page.getByLabel("E-mail").fill("nobody@school.test");
    await page.getByRole("button", { name: "Make admin" }).click();
    await page.getByTestId("form-error").waitFor();
    expect(await page.getByTestId("form-error").textContent()).toBe(
      "No account with the e-mail nobody@school.test",
    );

    await page.getByLabel("E-mail").fill("karim@school.test");
    await page.getByRole("button", { name: "Make admin" }).click();
    await page.getByTestId("form-success").waitFor();
    expect(await page.getByTestId("form-success").textContent()).toBe("Admin add successfully");
    expect(await page.getByLabel("E-mail").inputValue()).toBe("");

    const karim = await open("/login?redirectTo=%2FDeashBoard");
    await logIn(karim, "karim@school.test", "karim-password");
    await karim.getByTestId("dashboard-menu").waitFor();
  });

  it("switches to Bangla and keeps the choice", async () => {
    const page = await open("/");
    await page.getByRole("button", { name: "বাংলা" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "bn");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("মক্তবে স্বাগতম");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("bn");
    await page.getByRole("button", { name: "English" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "en");
  });

  it("answers an unknown path with a 404 page and no stack trace", async () => {
    const { page } = await newPage(site.browser);
    const response = await page.goto(`${site.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.title()).toBe("Page not found | Maktab");
    expect(await page.content()).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
  });

  it("moves between pages with React without a full reload, and between reading pages by plain links", async () => {
    // A page with React (the login form) moves on within the same document.
    const page = await open("/login");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Class Room" })
      .click();
    await page.getByRole("heading", { name: "Class Room" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
    // A reading page runs no React (decision 0059): its links load the next page.
    const reading = await open("/");
    expect(await reading.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await reading
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Class Room" })
      .click();
    await reading.getByRole("heading", { name: "Class Room" }).waitFor();
    expect(new URL(reading.url()).pathname).toBe("/classRoome");
  });

  it("works on a 360 px phone: the menu slides out with the same links, nothing overflows", async () => {
    const page = await open("/", { viewport: { width: 360, height: 740 } });
    await waitForHydration(page);
    const menuButton = page.getByLabel("Open menu", { exact: true });
    await menuButton.click();
    const menu = page.locator("#mobile-menu");
    await menu.waitFor();
    const hrefs = await menu
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/home",
      "/ALLteacher",
      "/classRoome",
      "/services",
      "/blogs",
      "/AllStudent",
      "/AdmitionAll",
      "/resultAll",
      "/login",
      "/profile",
    ]);
    // Keyboard: focus moves into the menu and Tab goes round the menu and its button, never to
    // the page behind; Escape closes it and gives focus back to the button.
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute("href") ??
          document.activeElement?.getAttribute("aria-controls"),
      );
    expect(await focused()).toBe("/home");
    const visited: (string | null | undefined)[] = [];
    for (let i = 0; i < hrefs.length + 1; i++) {
      await page.keyboard.press("Tab");
      visited.push(await focused());
    }
    expect(visited).toEqual([...hrefs.slice(1), "mobile-menu", "/home"]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("/profile");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe(
      "mobile-menu",
    );
    // A link closes it too, and the page changes.
    await page.getByLabel("Open menu", { exact: true }).click();
    await menu.getByRole("link", { name: "Class Room" }).click();
    await page.getByRole("heading", { name: "Class Room" }).waitFor();
    await menu.waitFor({ state: "hidden" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  // axe on /, /login and /register, with every rule: tests/e2e/no-script.test.ts.
});
