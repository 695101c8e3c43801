// The cart and the payment in Chromium against the built server, in test mode (no Stripe keys)
// on the sample content: a registered user books two admissions (the header badge counts),
// changes a quantity and removes a line on /allOrder (totals as the shared arithmetic says, no
// reload), pays with Stripe's test card 4242... (success, empty cart, a paid booking with its
// receipt), is declined with 4000 0000 0000 0002 (the provider's message in red); the admin sees
// both orders in the dashboard; anonymous visitors go to /login and back; axe and a 360 px phone.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals, type PricedLine } from "../../common/pricing";
import { formatPrice } from "../../i18n/format";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const buyer = { name: "Farida Yasmin", email: "farida@school.test", password: "farida-password" };

type WireAdmission = { _id: string; admition: { title: string; price: number } };
type Admission = { id: string; title: string; priceMinor: number };

/** Money as the pages show it in English: en-GB, USD (the default CURRENCY). */
const usd = (minor: number) => formatPrice(minor / 100, "en-GB", "USD");

describe("cart and payment in the browser", () => {
  const site = useSite({ sampleContent: true, admin });
  const contexts: BrowserContext[] = [];
  let admissions: Admission[] = [];
  /** The buyer's browser, signed in since registering: one session serves every test. */
  let shopper: Page;

  beforeAll(async () => {
    const response = await fetch(`${site.url}/api/Admition/admition`);
    expect(response.status).toBe(200);
    admissions = ((await response.json()) as WireAdmission[]).map((a) => ({
      id: a._id,
      title: a.admition.title,
      priceMinor: Math.round(a.admition.price * 100),
    }));
    expect(admissions.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function fresh(options?: Parameters<typeof newPage>[1]) {
    const { context, page } = await newPage(site.browser, options);
    contexts.push(context);
    return page;
  }

  const go = (page: Page, path: string) => page.goto(site.url + path);
  const badge = (page: Page) => page.getByTestId("cart-badge");
  const waitForBadge = (page: Page, count: number) =>
    badge(page).getByText(String(count), { exact: true }).waitFor();
  const storedCart = async (page: Page) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem("shopping_cart"))) ?? "{}") as Record<
      string,
      number
    >;
  const expectAccessible = async (page: Page) => {
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  };
  const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

  async function logIn(page: Page, account: { email: string; password: string }) {
    await page.getByLabel("E-mail").fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole("button", { name: "Login" }).last().click();
  }

  async function book(page: Page, admission: Admission, expectedBadge: number) {
    await go(page, `/admition/${admission.id}`);
    await page.getByRole("heading", { level: 1, name: admission.title }).waitFor();
    await page.getByRole("button", { name: "Booking" }).click();
    await waitForBadge(page, expectedBadge);
  }

  async function expectTotals(page: Page, lines: PricedLine[]) {
    const totals = cartTotals(lines);
    await expect.poll(() => text(page, "grand-total")).toBe(usd(totals.totalMinor));
    expect(await text(page, "subtotal")).toBe(usd(totals.subtotalMinor));
    expect(await text(page, "shipping")).toBe(usd(totals.shippingMinor));
    expect(await text(page, "tax")).toBe(usd(totals.taxMinor));
    return totals;
  }

  const line = (page: Page, title: string) => page.getByTestId("cart-line").filter({ hasText: title });

  async function fillBilling(page: Page, card: string) {
    // The account's name and e-mail come filled in; the address is the payer's to give.
    expect(await page.getByLabel("E-mail").inputValue()).toBe(buyer.email);
    expect(await page.getByLabel("Name on the card").inputValue()).toBe(buyer.name);
    await page.getByLabel("Billing address").fill("12 Lake Road, Dhanmondi, Dhaka 1209");
    await page.getByLabel("Card number").fill(card);
    await page.getByLabel("Expiry date (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
  }

  it("books two admissions, changes a quantity and removes a line without a reload, totals as shared", async () => {
    const [first, second, third] = admissions as [Admission, Admission, Admission];
    shopper = await fresh({ keep: true });
    await go(shopper, "/register");
    await shopper.getByLabel("Name").fill(buyer.name);
    await shopper.getByLabel("E-mail").fill(buyer.email);
    await shopper.locator('input[name="password"]').fill(buyer.password);
    await shopper.locator('input[name="retypePassword"]').fill(buyer.password);
    await shopper.getByRole("button", { name: "Register" }).click();
    await shopper.getByRole("button", { name: "LogOut" }).waitFor();

    expect(await text(shopper, "cart-badge")).toBe("0");
    await book(shopper, first, 1);
    await book(shopper, second, 2);
    await book(shopper, third, 3);
    expect(await storedCart(shopper)).toEqual({ [first.id]: 1, [second.id]: 1, [third.id]: 1 });

    // A navigation in the browser from a page without the cart's texts: they come with it.
    await shopper.getByRole("link", { name: "Order summary" }).click();
    await shopper.getByRole("heading", { level: 1, name: "Order summary" }).waitFor();
    await shopper.getByRole("link", { name: "Proceed to payment" }).waitFor();
    expect(new URL(shopper.url()).pathname).toBe("/allOrder");
    expect(await shopper.getByRole("heading", { level: 1 }).count()).toBe(1);
    await shopper.getByTestId("cart-line").nth(2).waitFor();
    for (const admission of [first, second, third]) {
      const row = line(shopper, admission.title);
      expect(await row.getByTestId("unit-price").textContent()).toBe(usd(admission.priceMinor));
      expect(await row.getByRole("img").getAttribute("alt")).toBe(admission.title);
      expect(await row.getByRole("spinbutton").inputValue()).toBe("1");
    }
    await expectTotals(
      shopper,
      [first, second, third].map((a) => ({ unitPriceMinor: a.priceMinor, quantity: 1 })),
    );
    await shopper.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });

    // Remove the third: the line goes, the badge follows, the page stays.
    await line(shopper, third.title)
      .getByRole("button", { name: `Remove ${third.title}` })
      .click();
    await line(shopper, third.title).waitFor({ state: "detached" });
    await waitForBadge(shopper, 2);
    expect(await storedCart(shopper)).toEqual({ [first.id]: 1, [second.id]: 1 });

    // One more of the first with +, then a typed quantity; 1..99 only.
    const firstRow = line(shopper, first.title);
    expect(await firstRow.getByRole("button", { name: `One less of ${first.title}` }).isDisabled()).toBe(
      true,
    );
    await firstRow.getByRole("button", { name: `One more of ${first.title}` }).click();
    await waitForBadge(shopper, 3);
    await firstRow.getByLabel(`Quantity of ${first.title}`).fill("3");
    await waitForBadge(shopper, 4);
    expect(await storedCart(shopper)).toEqual({ [first.id]: 3, [second.id]: 1 });
    expect(await firstRow.getByTestId("line-total").textContent()).toBe(usd(first.priceMinor * 3));
    const totals = await expectTotals(shopper, [
      { unitPriceMinor: first.priceMinor, quantity: 3 },
      { unitPriceMinor: second.priceMinor, quantity: 1 },
    ]);
    expect(totals.shippingMinor).toBe(1500);
    await firstRow.getByLabel(`Quantity of ${first.title}`).fill("250");
    await waitForBadge(shopper, 100);
    expect(await storedCart(shopper)).toEqual({ [first.id]: 99, [second.id]: 1 });
    await firstRow.getByLabel(`Quantity of ${first.title}`).fill("3");
    await waitForBadge(shopper, 4);
    expect(await shopper.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "still here",
    );

    // The server priced the same: after a reload the page shows the same totals.
    await go(shopper, "/allOrder");
    await expectTotals(shopper, [
      { unitPriceMinor: first.priceMinor, quantity: 3 },
      { unitPriceMinor: second.priceMinor, quantity: 1 },
    ]);
    await expectAccessible(shopper);
  });

  it("drops an admission that no longer exists from the cart, with a note", async () => {
    const gone = "00000000-0000-4000-8000-000000000000";
    const before = await storedCart(shopper);
    await shopper.evaluate((id) => {
      const cart = JSON.parse(localStorage.getItem("shopping_cart") ?? "{}");
      cart[id] = 2;
      localStorage.setItem("shopping_cart", JSON.stringify(cart));
    }, gone);
    await go(shopper, "/allOrder");
    await shopper.getByTestId("missing-note").waitFor();
    expect(await text(shopper, "missing-note")).toBe(
      "An admission in your cart no longer exists and was removed.",
    );
    await expect.poll(() => storedCart(shopper)).toEqual(before);
    await waitForBadge(shopper, 4);
    expect(await shopper.getByTestId("cart-line").count()).toBe(2);
  });

  it("pays with the test card 4242...: success, the cart empties, the booking is paid with a receipt", async () => {
    const [first, second] = admissions as [Admission, Admission];
    const totals = cartTotals([
      { unitPriceMinor: first.priceMinor, quantity: 3 },
      { unitPriceMinor: second.priceMinor, quantity: 1 },
    ]);
    await go(shopper, "/allOrder");
    await shopper.getByRole("link", { name: "Proceed to payment" }).click();
    await shopper.getByRole("heading", { level: 1, name: "Payment" }).waitFor();
    expect(new URL(shopper.url()).pathname).toBe("/payment-getway/stripe");
    expect(await shopper.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await text(shopper, "test-mode")).toContain("no real money moves");
    expect(await text(shopper, "test-mode")).toContain("4242 4242 4242 4242");
    // Test mode never loads Stripe.js.
    expect(await shopper.locator('script[src*="js.stripe.com"]').count()).toBe(0);
    expect(await text(shopper, "grand-total")).toBe(usd(totals.totalMinor));
    const pay = shopper.getByTestId("pay");
    expect((await pay.textContent())?.trim()).toBe(`pay ${usd(totals.totalMinor)}`);
    // Enabled once the server made a payment intent for exactly this total.
    await expect.poll(() => pay.isEnabled()).toBe(true);
    for (const [label, token] of [
      ["Card number", "cc-number"],
      ["Expiry date (MM/YY)", "cc-exp"],
      ["CVC", "cc-csc"],
      ["E-mail", "email"],
      ["Name on the card", "name"],
      ["Billing address", "street-address"],
    ]) {
      expect(await shopper.getByLabel(label as string).getAttribute("autocomplete"), label).toBe(token);
    }
    await expectAccessible(shopper);

    // Required fields are checked before anything is sent.
    await shopper.getByLabel("Name on the card").fill("");
    await pay.click();
    await shopper.getByText("Name is required").waitFor();
    await shopper.getByText("Address is required").waitFor();
    await shopper.getByLabel("Name on the card").fill(buyer.name);

    await fillBilling(shopper, "4242 4242 4242 4242");
    await pay.click();
    await shopper.getByTestId("payment-success").waitFor();
    expect(await text(shopper, "payment-success")).toContain("Your payment processed successfully");
    expect(await pay.isDisabled()).toBe(true);
    await waitForBadge(shopper, 0);
    expect(await storedCart(shopper)).toEqual({});
    // The summary keeps showing what was paid.
    expect(await text(shopper, "grand-total")).toBe(usd(totals.totalMinor));

    await shopper.getByRole("link", { name: "View the receipt" }).click();
    await shopper.getByTestId("receipt").waitFor();
    expect(await shopper.getByRole("heading", { level: 1 }).textContent()).toBe("Receipt");
    expect(await text(shopper, "order-status")).toBe("Paid");
    expect(await text(shopper, "grand-total")).toBe(usd(totals.totalMinor));
    expect(await shopper.getByRole("row").filter({ hasText: first.title }).textContent()).toContain(
      usd(first.priceMinor * 3),
    );
    await shopper.getByText("ending in 4242").waitFor();
    await shopper.getByRole("button", { name: "Print" }).waitFor();
    // The print stylesheet leaves out the header, the footer and the buttons.
    await shopper.emulateMedia({ media: "print" });
    expect(await shopper.locator(".site-header").isVisible()).toBe(false);
    expect(await shopper.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    await shopper.emulateMedia({ media: "screen" });
    await expectAccessible(shopper);
    // On a 360 px phone the items table fits its box: no column cut off behind a sideways scroll.
    await shopper.setViewportSize({ width: 360, height: 740 });
    expect(
      await shopper.locator(".cart-scroll").evaluate((box) => box.scrollWidth - box.clientWidth),
    ).toBeLessThanOrEqual(0);
    await shopper.setViewportSize({ width: 1280, height: 800 });

    await go(shopper, "/bookings");
    expect(await shopper.getByRole("heading", { level: 1 }).textContent()).toBe("My bookings");
    const bookings = shopper.getByTestId("booking");
    expect(await bookings.count()).toBe(1);
    expect(await bookings.first().getByTestId("order-status").textContent()).toBe("Paid");
    expect(await bookings.first().getByTestId("booking-total").textContent()).toBe(usd(totals.totalMinor));
    expect(await bookings.first().textContent()).toContain(first.title);
    await expectAccessible(shopper);
  });

  it("shows a declined card's message in red and lets the payer try again", async () => {
    const [first] = admissions as [Admission];
    await book(shopper, first, 1);
    await go(shopper, "/payment-getway");
    await shopper.waitForURL(`${site.url}/payment-getway/stripe`);
    const pay = shopper.getByTestId("pay");
    const total = cartTotals([{ unitPriceMinor: first.priceMinor, quantity: 1 }]).totalMinor;
    await expect.poll(async () => (await pay.textContent())?.trim()).toBe(`pay ${usd(total)}`);
    await expect.poll(() => pay.isEnabled()).toBe(true);

    // The cart changes (another tab, say): a new total, and a new intent for it before paying.
    const setQuantity = (quantity: number) =>
      shopper.evaluate(
        ([id, n]) => {
          localStorage.setItem("shopping_cart", JSON.stringify({ [id as string]: n }));
          window.dispatchEvent(new Event("maktab:cart-changed"));
        },
        [first.id, quantity] as const,
      );
    const intents: string[] = [];
    shopper.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/payment-getway/stripe")) {
        intents.push(request.postData() ?? "");
      }
    });
    await setQuantity(2);
    const doubled = cartTotals([{ unitPriceMinor: first.priceMinor, quantity: 2 }]).totalMinor;
    await expect.poll(async () => (await pay.textContent())?.trim()).toBe(`pay ${usd(doubled)}`);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(intents.some((body) => body.includes(`"priceMinor":${doubled}`))).toBe(true);
    await setQuantity(1);
    await expect.poll(async () => (await pay.textContent())?.trim()).toBe(`pay ${usd(total)}`);
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(intents.some((body) => body.includes(`"priceMinor":${total}`))).toBe(true);

    await fillBilling(shopper, "4000 0000 0000 0002");
    await pay.click();
    const error = shopper.getByRole("alert").filter({ hasText: "Your card was declined." });
    await error.waitFor();
    expect(await text(shopper, "payment-error")).toBe("Your card was declined.");
    const color = await shopper
      .getByTestId("payment-error")
      .evaluate((element) => getComputedStyle(element).color.match(/\d+/g)?.map(Number) ?? []);
    const [red = 0, green = 0, blue = 0] = color;
    expect(red).toBeGreaterThan(green + 60);
    expect(red).toBeGreaterThan(blue + 60);
    expect(await pay.isEnabled()).toBe(true);
    expect(await shopper.getByTestId("payment-success").count()).toBe(0);
    await waitForBadge(shopper, 1);

    // In test mode the other methods are there too, through the local test gateway.
    await shopper.getByRole("link", { name: "SSLCommerz" }).click();
    await shopper.getByTestId("pay-sslcommerz").getByText("Test mode: no real money moves.").waitFor();
  });

  it("shows the admin every order with its buyer, status and total", async () => {
    const [first, second] = admissions as [Admission, Admission];
    const paid = cartTotals([
      { unitPriceMinor: first.priceMinor, quantity: 3 },
      { unitPriceMinor: second.priceMinor, quantity: 1 },
    ]).totalMinor;
    const declined = cartTotals([{ unitPriceMinor: first.priceMinor, quantity: 1 }]).totalMinor;
    const page = await fresh();
    await go(page, "/login?redirectTo=%2FDeashBoard%2Forders");
    await logIn(page, admin);
    await page.getByTestId("orders-table").waitFor();
    await page.getByTestId("dashboard-menu").getByText("Orders").waitFor();
    const rows = page.getByTestId("order-row").filter({ hasText: buyer.email });
    // The paid order, and the declined one still waiting for a payment: one order, though the
    // payment page asked for an intent for each of the cart's three states (one, two, one).
    const paidRows = rows.filter({
      has: page.getByTestId("order-status").getByText("Paid", { exact: true }),
    });
    expect(await paidRows.count()).toBe(1);
    expect(await paidRows.getByTestId("order-total").textContent()).toBe(usd(paid));
    expect(await paidRows.textContent()).toContain(buyer.name);
    const pending = rows.filter({
      has: page.getByTestId("order-status").getByText("Pending", { exact: true }),
    });
    expect(await pending.getByTestId("order-total").allTextContents()).toEqual([usd(declined)]);
    // Newest first: the paid order came before any of the later ones.
    expect(await rows.last().getByTestId("order-status").textContent()).toBe("Paid");
    // Every status is readable: its words keep their contrast on the badge.
    await expectAccessible(page);
    expect(await page.title()).toBe("All orders · Dashboard | Maktab");

    // An admin may open any receipt; another user may not.
    const receipt = await paidRows.getByRole("link").getAttribute("href");
    await go(page, receipt ?? "/");
    expect(await text(page, "order-status")).toBe("Paid");
    const stranger = await fresh();
    await stranger.goto(`${site.url}/register`);
    await stranger.getByLabel("Name").fill("Jamal Uddin");
    await stranger.getByLabel("E-mail").fill("jamal@school.test");
    await stranger.locator('input[name="password"]').fill("jamal-password");
    await stranger.locator('input[name="retypePassword"]').fill("jamal-password");
    await stranger.getByRole("button", { name: "Register" }).click();
    await stranger.getByRole("button", { name: "LogOut" }).waitFor();
    const refused = await go(stranger, receipt ?? "/");
    expect(refused?.status()).toBe(404);
    // Nor the orders: signed in without the role, the 403 page.
    const orders = await go(stranger, "/DeashBoard/orders");
    expect(orders?.status()).toBe(403);
    expect(await stranger.getByTestId("forbidden").textContent()).toBe("Not open to your account");
    expect(await stranger.getByTestId("order-row").count()).toBe(0);
  });

  it("sends an anonymous visitor of /allOrder to /login and back", async () => {
    const page = await fresh();
    await go(page, "/allOrder");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirectTo")).toBe("/allOrder");
    await logIn(page, buyer);
    await page.getByRole("heading", { level: 1, name: "Order summary" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/allOrder");
    // A new browser has an empty cart: the page says so and leads to the admissions.
    await page.getByTestId("cart-empty").waitFor();
    expect(await page.getByRole("link", { name: "See admissions" }).getAttribute("href")).toBe(
      "/admitionAll",
    );
    await expectAccessible(page);
    for (const path of ["/payment-getway/stripe", "/bookings"]) {
      const response = await fetch(site.url + path, { redirect: "manual" });
      expect(response.status, path).toBe(302);
    }
  });

  it("says the cart's words in Bangla after the language switch", async () => {
    // The cart's texts come with its own route's data, which pricing never reads again.
    const page = await fresh();
    await go(page, "/login?redirectTo=%2FallOrder");
    await logIn(page, admin);
    await page.getByTestId("cart-empty").getByText("Your cart is empty.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "বাংলা" }).click();
    await page.getByRole("heading", { level: 1, name: "অর্ডারের সারাংশ" }).waitFor();
    await page.getByTestId("cart-empty").getByText("আপনার কার্ট খালি।", { exact: false }).waitFor();
    await page.getByRole("link", { name: "ভর্তির তথ্য দেখুন" }).waitFor();
  });

  describe("on a shared computer the cart stays with whoever filled it", () => {
    const other = { name: "Nasima Akter", email: "nasima@school.test", password: "nasima-password" };
    beforeAll(async () => {
      const response = await fetch(`${site.url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url },
        body: JSON.stringify(other),
      });
      expect(response.ok).toBe(true);
    });

    async function signedIn(account: { email: string; password: string }) {
      const page = await fresh();
      await go(page, "/login");
      await logIn(page, account);
      await page.getByRole("button", { name: "LogOut" }).first().waitFor();
      return page;
    }

    it("empties the cart at sign-out: the next person's account starts empty", async () => {
      const [first] = admissions as [Admission];
      const page = await signedIn(buyer);
      await book(page, first, 1);
      await page.getByRole("button", { name: "LogOut" }).first().click();
      await page.getByRole("link", { name: "Login" }).first().waitFor();
      await expect.poll(() => page.evaluate(() => localStorage.getItem("shopping_cart"))).toBeNull();
      // Signed out with an empty cart, the header shows no cart at all.
      expect(await badge(page).isVisible()).toBe(false);

      await go(page, "/login");
      await logIn(page, other);
      await page.getByRole("button", { name: "LogOut" }).first().waitFor();
      await go(page, "/allOrder");
      await page.getByTestId("cart-empty").waitFor();
      expect(await text(page, "cart-badge")).toBe("0");
    });

    it("empties it when someone else signs in without signing out, or the session ends", async () => {
      const [first, second] = admissions as [Admission, Admission];
      const page = await signedIn(buyer);
      await book(page, first, 1);
      // The login page says who is signed in; its form signs in someone else.
      await go(page, "/login");
      await page.getByTestId("signed-in-as").getByText(`You are signed in as ${buyer.name}`).waitFor();
      await logIn(page, other);
      await page.waitForURL((url) => url.pathname !== "/login");
      await waitForBadge(page, 0);
      expect(await storedCart(page)).toEqual({});

      // Nasima's own cart stays hers through reloads, and goes when her session ends on the server.
      await book(page, second, 1);
      await page.reload();
      await waitForBadge(page, 1);
      await page.context().clearCookies();
      await go(page, "/");
      await expect.poll(() => storedCart(page)).toEqual({});
      expect(await badge(page).isVisible()).toBe(false);
    });

    it("keeps a signed-in account's Booking from a page without React on the cart page", async () => {
      const [first] = admissions as [Admission];
      const page = await signedIn(other);
      await go(page, "/allOrder");
      await page.getByTestId("cart-empty").waitFor();
      // The admission's page is a reading page (no React): its Booking marks the cart as the
      // account's the way the cart page (React) does, so the cart page keeps it.
      await book(page, first, 1);
      await go(page, "/allOrder");
      await line(page, first.title).waitFor();
      expect(await storedCart(page)).toEqual({ [first.id]: 1 });
      await page
        .getByTestId("cart-line")
        .getByRole("button", { name: `Remove ${first.title}` })
        .click();
      await page.getByTestId("cart-empty").waitFor();
    });

    it("keeps a cart filled before signing in, for the account that signs in", async () => {
      const [first] = admissions as [Admission];
      const page = await fresh();
      await go(page, "/login");
      await page.evaluate(
        (id) => localStorage.setItem("shopping_cart", JSON.stringify({ [id]: 2 })),
        first.id,
      );
      await logIn(page, other);
      await page.getByRole("button", { name: "LogOut" }).first().waitFor();
      await go(page, "/allOrder");
      await line(page, first.title).waitFor();
      expect(await storedCart(page)).toEqual({ [first.id]: 2 });
    });
  });

  it("fits a 360 px phone: the order summary and the card form", async () => {
    const [first, second] = admissions as [Admission, Admission];
    const page = await fresh({ viewport: { width: 360, height: 740 } });
    await go(page, "/login");
    await logIn(page, buyer);
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    await page.evaluate(
      ([a, b]) =>
        localStorage.setItem("shopping_cart", JSON.stringify({ [a as string]: 2, [b as string]: 1 })),
      [first.id, second.id],
    );
    for (const path of ["/allOrder", "/payment-getway/stripe"]) {
      await go(page, path);
      await page.getByTestId("grand-total").waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    // The expiry's longer label wraps here; its input still lines up with the CVC's.
    const tops = await Promise.all(
      ["cc-exp", "cc-csc"].map((field) =>
        page.locator(`input[autocomplete="${field}"]`).evaluate((input) => input.getBoundingClientRect().top),
      ),
    );
    expect(tops[0]).toBe(tops[1]);
  });
  it("lets the admin set shipping to none and the tax to 15% named VAT, without script; the cart follows", async () => {
    const [first] = admissions as [Admission];
    const settings = await site.signedIn(admin, "/DeashBoard/settings", { javaScript: false });
    const form = settings.getByTestId("cart-charges-form");
    const tax = form.getByLabel("Tax (% of the subtotal and the shipping)");
    const save = () => form.getByRole("button", { name: "Save shipping and tax" }).click();
    await form.getByLabel("Shipping (added to every order)").fill("0");
    await tax.fill("fifteen");
    await save();
    // Refused on its own field; nothing saved.
    await expect.poll(() => tax.getAttribute("aria-invalid")).toBe("true");
    expect(await settings.getByTestId("settings-saved").count()).toBe(0);
    // What was typed is still there, the refused field with it.
    expect(await form.getByLabel("Shipping (added to every order)").inputValue()).toBe("0");
    expect(await tax.inputValue()).toBe("fifteen");
    await tax.fill("15");
    await form.getByLabel("Tax's name in English (such as VAT)").fill("VAT");
    await form.getByLabel("Tax's name in Bangla (such as ভ্যাট)").fill("ভ্যাট");
    await save();
    await settings.getByTestId("settings-saved").waitFor();
    const withScript = await site.signedIn(admin, "/DeashBoard/settings");
    await expectAccessible(withScript);

    const page = await fresh();
    await go(page, "/login");
    await logIn(page, buyer);
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    await page.evaluate((id) => localStorage.setItem("shopping_cart", JSON.stringify({ [id]: 1 })), first.id);
    await go(page, "/allOrder");
    const totals = cartTotals([{ unitPriceMinor: first.priceMinor, quantity: 1 }], {
      shippingMinor: 0,
      taxBasisPoints: 1500,
    });
    await expect.poll(() => text(page, "grand-total")).toBe(usd(totals.totalMinor));
    expect(await page.getByTestId("shipping").count()).toBe(0);
    expect(await text(page, "tax")).toBe(usd(totals.taxMinor));
    expect(await page.getByTestId("cart-totals").textContent()).toContain("VAT (15%)");

    // The specification's 15 and 10% again, with the site's own words.
    await settings.goto(`${site.url}/DeashBoard/settings`);
    await form.getByLabel("Shipping (added to every order)").fill("15");
    await tax.fill("10");
    await form.getByLabel("Tax's name in English (such as VAT)").fill("");
    await form.getByLabel("Tax's name in Bangla (such as ভ্যাট)").fill("");
    await save();
    await settings.getByTestId("settings-saved").waitFor();
  });
});
