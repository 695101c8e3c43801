// The redirect payments in Chromium against the built server in test mode (no provider keys,
// CURRENCY=BDT): SSLCommerz and bKash through the local test gateway page, in English and in
// Bangla, on a 360 px phone; taka shown as ৳ with 'pay {amount}TK'; failed and cancelled
// payments leave the order unpaid with a way to try again; the receipt names the provider and the
// transaction; the admin refunds part of a paid order from the dashboard's orders page.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount } from "../../app/components/cart/cart-lines";
import { cartTotals } from "../../common/pricing";
import { formatPrice } from "../../i18n/format";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const phone = { width: 360, height: 740 };

type WireAdmission = { _id: string; admition: { title: string; price: number } };

describe("SSLCommerz and bKash through the test gateway", () => {
  const site = useSite({ sampleContent: true, admin, env: { CURRENCY: "BDT" } });
  const contexts: BrowserContext[] = [];
  let admission: { id: string; priceMinor: number };

  beforeAll(async () => {
    const listed = (await (await fetch(`${site.url}/api/Admition/admition`)).json()) as WireAdmission[];
    const first = listed[0] as WireAdmission;
    admission = { id: first._id, priceMinor: Math.round(first.admition.price * 100) };
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function buyer(locale: string, email: string) {
    const { context, page } = await newPage(site.browser, { viewport: phone, locale });
    contexts.push(context);
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ email, password: "buyer-password-1", name: "Farida Yasmin" }),
    });
    expect(signUp.ok).toBe(true);
    // Signed in through the API: the login page's labels are in the page's language.
    const { cookie } = sessionOf(await apiSignIn(site.server, email, "buyer-password-1"));
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: site.url };
      }),
    );
    await page.goto(`${site.url}/`);
    return page;
  }
  /** One admission in the cart, as the Booking button leaves it. */
  async function fillCart(page: Page, quantity: number) {
    await page.evaluate(
      ([id, count]) => localStorage.setItem("shopping_cart", JSON.stringify({ [id as string]: count })),
      [admission.id, quantity] as const,
    );
  }
  const expectAccessible = async (page: Page) => {
    const violations = await checkAccessibility(page);
    expect(violations, formatViolations(violations)).toEqual([]);
  };
  const fitsThePhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  it("pays through SSLCommerz's stand-in with Nagad, in English on a phone, and the receipt says so", async () => {
    const page = await buyer("en-US", "farida@school.test");
    await fillCart(page, 1);
    await page.goto(`${site.url}/payment-getway/ssl`);
    const total = cartTotals([{ unitPriceMinor: admission.priceMinor, quantity: 1 }]).totalMinor;
    const pay = page.getByTestId("pay");
    await expect.poll(() => pay.textContent()).toBe(`pay ${formatAmount(total / 100, "en-GB")}TK`);
    await expect
      .poll(() => page.getByTestId("grand-total").textContent())
      .toBe(formatPrice(total / 100, "en-GB", "BDT"));
    expect(await page.getByTestId("grand-total").textContent()).toMatch(/^৳/);
    await fitsThePhone(page);
    await expectAccessible(page);

    await pay.click();
    await page.waitForURL(/\/payment-getway\/test-gateway\/test_sslcommerz_/);
    await page.getByTestId("test-gateway").waitFor();
    expect(await page.getByTestId("gateway-amount").textContent()).toBe(
      formatPrice(total / 100, "en-GB", "BDT"),
    );
    await fitsThePhone(page);
    await expectAccessible(page);
    await page.getByLabel("Nagad").check();
    await page.getByTestId("gateway-pay").click();

    await page.waitForURL(/\/payment-getway\/ssl\?outcome=paid&order=/);
    const outcome = page.getByTestId("payment-outcome");
    await outcome.getByText("Your payment processed successfully").waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("shopping_cart"))).toBeNull();
    await outcome.getByRole("link", { name: "View the receipt" }).click();
    await page.getByTestId("receipt").waitFor();
    expect(await page.getByTestId("receipt-provider").textContent()).toBe(
      "SSLCommerz (Test mode: no money moved)",
    );
    expect(await page.getByText("Nagad", { exact: true }).count()).toBe(1);
    expect(await page.getByTestId("receipt-transaction").textContent()).toMatch(/^TEST[0-9A-F]{12}$/);
    await expectAccessible(page);
  });

  it("pays with bKash's stand-in in Bangla after a cancel and a failure left the order unpaid", async () => {
    const page = await buyer("bn-BD", "rahim@school.test");
    await fillCart(page, 2);
    await page.goto(`${site.url}/payment-getway/bkash`);
    const total = cartTotals([{ unitPriceMinor: admission.priceMinor, quantity: 2 }]).totalMinor;
    const pay = page.getByTestId("pay");
    await expect.poll(() => pay.textContent()).toBe(`${formatAmount(total / 100, "bn-BD")} টাকা পরিশোধ করুন`);
    expect(await page.getByTestId("grand-total").textContent()).toBe(
      formatPrice(total / 100, "bn-BD", "BDT"),
    );
    expect(await page.getByTestId("grand-total").textContent()).toMatch(/^৳[০-৯]/);

    const throughGateway = async (button: string) => {
      await page.getByTestId("pay").click();
      await page.waitForURL(/\/payment-getway\/test-gateway\/test_bkash_/);
      await expectAccessible(page);
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL(/\/payment-getway\/bkash\?outcome=/);
    };
    await throughGateway("বাতিল করুন");
    await page
      .getByTestId("payment-outcome")
      .getByText("আপনি পেমেন্ট বাতিল করেছেন", { exact: false })
      .waitFor();
    await throughGateway("ব্যর্থ করুন");
    await page.getByTestId("payment-outcome").getByText("পেমেন্ট ব্যর্থ হয়েছে", { exact: false }).waitFor();
    await fitsThePhone(page);
    await expectAccessible(page);
    // Still unpaid: the cart is there to pay again.
    expect(await page.evaluate(() => localStorage.getItem("shopping_cart"))).not.toBeNull();
    await throughGateway("পরিশোধ করুন");
    await page.getByTestId("payment-outcome").getByText("আপনার পেমেন্ট সফলভাবে সম্পন্ন হয়েছে").waitFor();
  });

  it("pays with bKash's stand-in in English, and through SSLCommerz's with a card in Bangla", async () => {
    const english = await buyer("en-US", "nasrin@school.test");
    await fillCart(english, 3);
    await english.goto(`${site.url}/payment-getway/bkash`);
    await english.getByTestId("pay").click();
    await english.waitForURL(/\/payment-getway\/test-gateway\/test_bkash_/);
    await fitsThePhone(english);
    await english.getByTestId("gateway-pay").click();
    await english.getByTestId("payment-outcome").getByText("Your payment processed successfully").waitFor();

    const bangla = await buyer("bn-BD", "karim@school.test");
    await fillCart(bangla, 4);
    await bangla.goto(`${site.url}/payment-getway/ssl`);
    await bangla.getByTestId("pay").click();
    await bangla.waitForURL(/\/payment-getway\/test-gateway\/test_sslcommerz_/);
    await fitsThePhone(bangla);
    await expectAccessible(bangla);
    // A card, bKash, Nagad and Rocket, as the README says: the card's word in Bangla.
    expect(await bangla.getByRole("radio").count()).toBe(4);
    for (const name of ["bKash", "Nagad", "Rocket"]) await bangla.getByLabel(name, { exact: true }).waitFor();
    await bangla.getByLabel("কার্ড (Visa)").check();
    await bangla.getByRole("button", { name: "পরিশোধ করুন" }).click();
    await bangla.getByTestId("payment-outcome").getByText("আপনার পেমেন্ট সফলভাবে সম্পন্ন হয়েছে").waitFor();
    await expectAccessible(bangla);
  });

  it("lets the admin refund part of a paid order from the orders page, and the receipt shows it", async () => {
    const { context, page } = await newPage(site.browser);
    contexts.push(context);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/orders?status=paid");
    const row = page.getByTestId("order-row").filter({ hasText: "farida@school.test" });
    await row.getByText("Refund…").click();
    // An empty amount, unconfirmed, refunds nothing: it is asked for.
    await row.getByLabel("Reason (the buyer sees it)").fill("Sibling discount");
    await row.getByRole("button", { name: "Refund", exact: true }).click();
    await row.getByText("Give the amount to refund, or tick “Everything left”").waitFor();
    await row.getByText("Tick the box to confirm").waitFor();
    expect(await row.getByTestId("order-refunded").count()).toBe(0);
    await row.getByLabel("Amount to refund").fill("10");
    await row.getByLabel("Reason (the buyer sees it)").fill("Sibling discount");
    await row.getByLabel("Yes, refund this order: it cannot be undone").check();
    await row.getByRole("button", { name: "Refund", exact: true }).click();
    await page.getByTestId("refund-done").getByText("Refunded ৳10.00 on order", { exact: false }).waitFor();
    await expect.poll(() => row.getByTestId("order-refunded").textContent()).toBe("Refunded ৳10.00");
    await expectAccessible(page);
    await row.getByTestId("order-number").getByRole("link").click();
    await page.getByTestId("receipt-refunds").getByText("৳10.00 refunded on", { exact: false }).waitFor();
  });
});
