// A card payment through Stripe in Chromium against the built server: with Stripe keys (a fake
// Stripe API, and a stand-in for Stripe.js served in place of https://js.stripe.com/v3) the page
// loads Stripe.js, confirms the card there and the server checks the payment with "Stripe" before
// the order is paid. The test-mode card flow is tests/e2e/cart.test.ts.
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { formatPrice } from "../../i18n/format";
import { type FakeStripe, startFakeStripe } from "../fixtures/fake-stripe";
import { newPage, useSite } from "./harness";

const buyer = { name: "Farida Yasmin", email: "farida@school.test", password: "farida-password" };

/** Money as the pages show it in English: en-GB, USD (the default CURRENCY). */
const usd = (minor: number) => formatPrice(minor / 100, "en-GB", "USD");

type WireAdmission = { _id: string; admition: { title: string; price: number } };

/** Stands in for https://js.stripe.com/v3: a card field, and confirmCardPayment asking the test. */
const fakeStripeJs = `
window.Stripe = function (key) {
  window.__stripeKey = key;
  return {
    elements: function () {
      return {
        create: function () {
          return {
            mount: function (box) {
              window.__mounts = (window.__mounts || 0) + 1;
              var input = document.createElement("input");
              input.name = "fake-card";
              input.setAttribute("aria-label", "Card number");
              box.appendChild(input);
            },
            destroy: function () {
              var input = document.querySelector('[name="fake-card"]');
              if (input) input.remove();
            },
          };
        },
      };
    },
    confirmCardPayment: async function (secret, data) {
      window.__billing = data.payment_method.billing_details;
      var number = document.querySelector('[name="fake-card"]').value;
      if (number !== "4242") return { error: { code: "card_declined", message: "Your card was declined." } };
      var id = secret.split("_secret_")[0];
      await window.fakeStripeSucceed(id);
      return { paymentIntent: { id: id, status: "succeeded" } };
    },
  };
};`;

describe("card payment through Stripe (a fake Stripe API and Stripe.js)", () => {
  let stripe: FakeStripe;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await stripe?.close();
  });
  // After the fake Stripe has started (its address is in the server's environment); stopped before it.
  const site = useSite(() => ({ sampleContent: true, env: stripe.env }));

  it("loads Stripe.js, confirms the card with the billing details, and records the payment", async () => {
    const response = await fetch(`${site.url}/api/Admition/admition`);
    const [admission] = (await response.json()) as WireAdmission[];
    expect(admission).toBeDefined();
    const opened = await newPage(site.browser);
    context = opened.context;
    const page = opened.page;
    let scriptRequests = 0;
    await context.route("https://js.stripe.com/v3", (route) => {
      scriptRequests += 1;
      return route.fulfill({ status: 200, contentType: "application/javascript", body: fakeStripeJs });
    });
    await page.exposeFunction("fakeStripeSucceed", (id: string) =>
      stripe.succeed(id, { last4: "4242", name: buyer.name, email: buyer.email }),
    );

    await page.goto(`${site.url}/register`);
    await page.getByLabel("Name").fill(buyer.name);
    await page.getByLabel("E-mail").fill(buyer.email);
    await page.locator('input[name="password"]').fill(buyer.password);
    await page.locator('input[name="retypePassword"]').fill(buyer.password);
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("button", { name: "LogOut" }).waitFor();
    await page.evaluate(
      (id) => localStorage.setItem("shopping_cart", JSON.stringify({ [id]: 2 })),
      admission?._id ?? "",
    );

    await page.goto(`${site.url}/payment-getway/stripe`);
    const total = cartTotals([
      { unitPriceMinor: Math.round((admission?.admition.price ?? 0) * 100), quantity: 2 },
    ]);
    const pay = page.getByTestId("pay");
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect((await pay.textContent())?.trim()).toBe(`pay ${usd(total.totalMinor)}`);
    expect(await page.getByTestId("test-mode").count()).toBe(0);
    await page.getByTestId("stripe-card").getByLabel("Card number").waitFor();
    expect(scriptRequests).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __stripeKey?: string }).__stripeKey)).toBe(
      stripe.publishableKey,
    );
    const [intent] = [...stripe.intents.values()];
    expect(intent?.amount).toBe(total.totalMinor);

    await page.getByLabel("Billing address").fill("12 Lake Road, Dhaka");
    await page.getByTestId("stripe-card").getByLabel("Card number").fill("4000");
    await pay.click();
    await page.getByTestId("payment-error").getByText("Your card was declined.").waitFor();
    expect(await pay.isEnabled()).toBe(true);

    await page.getByTestId("stripe-card").getByLabel("Card number").fill("4242");
    await pay.click();
    await page.getByTestId("payment-success").getByText("Your payment processed successfully").waitFor();
    expect(await page.evaluate(() => (window as unknown as { __billing?: unknown }).__billing)).toEqual({
      name: buyer.name,
      email: buyer.email,
      address: { line1: "12 Lake Road, Dhaka" },
    });
    await page.getByTestId("cart-badge").getByText("0", { exact: true }).waitFor();
    // The card field was mounted once: re-renders never emptied it.
    expect(await page.evaluate(() => (window as unknown as { __mounts?: number }).__mounts)).toBe(1);
    await page.getByRole("link", { name: "View the receipt" }).click();
    await page.getByTestId("receipt").waitFor();
    expect((await page.getByTestId("order-status").textContent())?.trim()).toBe("Paid");
  });
});
