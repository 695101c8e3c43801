// The same admission paid twice (issue 40, item 4), in Chromium against the built server: a
// guardian who already paid for an admission in one browser books it again in another; the cart
// and the payment page warn, with the earlier order's date and receipt, and paying stays open.
// Paid again, the office's orders page marks both orders.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../i18n/format";
import { newPage, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
const buyer = { name: "Farida Yasmin", email: "farida@school.test", password: "farida-password" };

type WireAdmission = { _id: string; admition: { title: string } };

describe("an admission already paid for", () => {
  const site = useSite({ sampleContent: true, admin });
  const contexts: BrowserContext[] = [];
  let admission: { id: string; title: string };
  let token = "";

  /** Pays for the admission through the API in test mode, as another browser would have. */
  async function payByApi(): Promise<string> {
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const started = await fetch(`${site.url}/api/Order/create-payment-intent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ items: [{ id: admission.id, quantity: 1 }] }),
    });
    expect(started.status).toBe(200);
    const { orderId, clientSecret } = (await started.json()) as { orderId: string; clientSecret: string };
    const paid = await fetch(`${site.url}/api/payments/test/confirm`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
        cvc: "123",
        billing: { name: buyer.name, email: buyer.email, address: "12 Lake Road, Dhaka" },
      }),
    });
    expect(paid.status).toBe(200);
    return orderId;
  }

  beforeAll(async () => {
    const [first] = (await (await fetch(`${site.url}/api/Admition/admition`)).json()) as WireAdmission[];
    admission = { id: first?._id ?? "", title: first?.admition.title ?? "" };
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(buyer),
    });
    expect(signUp.status).toBe(200);
    token = signUp.headers.get("set-auth-token") ?? "";
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  async function signedIn(account: { email: string; password: string }, path: string): Promise<Page> {
    const { context, page } = await newPage(site.browser);
    contexts.push(context);
    await page.goto(`${site.url}/login?redirectTo=${encodeURIComponent(path)}`);
    await page.getByLabel("E-mail").fill(account.email);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole("button", { name: "Login" }).last().click();
    await page.waitForURL((url) => url.pathname === path);
    return page;
  }

  it("warns on the cart and the payment page, with the earlier order's date, and still lets the buyer pay", async () => {
    const first = await payByApi();
    const page = await signedIn(buyer, `/admition/${admission.id}`);
    await page.getByRole("heading", { level: 1, name: admission.title }).waitFor();
    await page.getByRole("button", { name: "Booking" }).click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();

    await page.goto(`${site.url}/allOrder`);
    const note = page.getByTestId("paid-before-note");
    await note.waitFor();
    const today = formatDate(new Date(), "en-GB");
    const number = first.replace(/-/g, "").slice(0, 8).toUpperCase();
    expect(await note.textContent()).toContain(
      `You have already paid for ${admission.title}: order ${number} on ${today}.`,
    );
    expect(await note.getByRole("link").getAttribute("href")).toBe(`/bookings/${first}`);
    // Paying again is not refused.
    expect(await page.getByRole("link", { name: "Proceed to payment" }).count()).toBeGreaterThan(0);

    await page.goto(`${site.url}/payment-getway/stripe`);
    await page.getByTestId("paid-before-note").waitFor();
    expect(await page.getByTestId("paid-before-note").textContent()).toContain(`order ${number}`);
  });

  it("marks both paid orders for the office once the admission is paid again", async () => {
    await payByApi();
    const page = await signedIn(admin, "/DeashBoard/orders");
    await page.getByTestId("orders-table").waitFor();
    expect(await page.getByTestId("order-paid-twice").count()).toBe(2);
    expect(await page.getByTestId("order-paid-twice").first().textContent()).toContain("Paid twice");
  });
});
