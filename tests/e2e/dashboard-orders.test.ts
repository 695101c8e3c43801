// The dashboard's orders end to end, in Chromium against the built server: filtering by status
// (a plain form, with and without script, in English and Bangla) and the CSV export the office
// opens in a spreadsheet (a byte order mark for Excel, names that look like formulas kept as
// text, the same filter), for admins only.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { checkAccessibility, formatViolations } from "./accessibility";
import { apiSignIn, newPage, sessionOf, signInThroughLogin, useSite } from "./harness";

const admin = { email: "head@school.test", password: "head-password-1" };
// A name a spreadsheet would run as a formula, and a name in Bangla.
const mallory = { email: "mallory@school.test", password: "mallory-password", name: "=HYPERLINK(1)" };
const rahim = { email: "rahim@school.test", password: "rahim-password", name: "রহিম উদ্দিন" };

describe("the dashboard's orders", () => {
  const site = useSite({ sampleContent: true, admin });
  let paidOrder: string;
  let pendingOrder: string;

  /** A buyer's order for the first admission, paid with Stripe's test card when asked. */
  async function order(who: typeof mallory, admissionId: string, pay: boolean): Promise<string> {
    const signUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(who),
    });
    expect(signUp.ok).toBe(true);
    const { token } = sessionOf(await apiSignIn(site.server, who.email, who.password));
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const intent = await fetch(`${site.url}/api/Order/create-payment-intent`, {
      method: "POST",
      headers,
      body: JSON.stringify({ items: [{ _id: admissionId, quantity: 2 }] }),
    });
    expect(intent.status).toBe(200);
    const { orderId, clientSecret } = await intent.json();
    if (pay) {
      const paid = await fetch(`${site.url}/api/payments/test/confirm`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          clientSecret,
          cardNumber: "4242 4242 4242 4242",
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 2,
          cvc: "123",
          billing: { name: who.name, email: who.email, address: "Dhaka" },
        }),
      });
      expect(paid.status).toBe(200);
    }
    return orderId;
  }

  beforeAll(async () => {
    const admissions = await (await fetch(`${site.url}/api/Admition/admition?limit=1`)).json();
    const admissionId = admissions[0]._id as string;
    paidOrder = await order(mallory, admissionId, true);
    pendingOrder = await order(rahim, admissionId, false);
  }, 120_000);

  const shortNumber = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();
  const numbersOn = async (page: Page) =>
    (await page.getByTestId("order-number").allTextContents()).map((text) => text.trim());

  it("filters the orders by status with a plain form, in English and in Bangla, accessibly", async () => {
    const { page } = await newPage(site.browser);
    await signInThroughLogin(page, site.url, admin, "/DeashBoard/orders");
    await page.getByTestId("orders-table").waitFor();
    expect(await numbersOn(page)).toEqual(
      expect.arrayContaining([shortNumber(paidOrder), shortNumber(pendingOrder)]),
    );
    await page.getByLabel("Show orders").selectOption("paid");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "paid");
    // React Router moves to the new address first and renders the new rows in a transition.
    await expect.poll(() => numbersOn(page)).toEqual([shortNumber(paidOrder)]);
    expect(await page.getByTestId("order-status").allTextContents()).toEqual(["Paid"]);
    expect(await page.getByTestId("orders-csv").getAttribute("href")).toBe(
      "/DeashBoard/orders.csv?status=paid",
    );
    expect(formatViolations(await checkAccessibility(page))).toBe("");

    await page.goto(`${site.url}/DeashBoard/orders?status=expired`);
    expect(await page.getByTestId("orders-empty").textContent()).toBe("No orders with this status.");

    // Without script the form still filters: the browser sends it as an address.
    const context = await site.browser.newContext({ javaScriptEnabled: false, locale: "bn-BD" });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${site.url}/DeashBoard/orders`);
    await plain.getByLabel("অর্ডার দেখান").selectOption("pending");
    await plain.getByRole("button", { name: "দেখান", exact: true }).click();
    await plain.waitForURL((url) => url.searchParams.get("status") === "pending");
    expect(await numbersOn(plain)).toEqual([shortNumber(pendingOrder)]);
    expect(await plain.getByTestId("order-status").allTextContents()).toEqual(["অপেক্ষমাণ"]);
    expect(await plain.getByTestId("orders-csv").textContent()).toBe("CSV ডাউনলোড করুন");
    await context.close();
  });

  it("exports the orders as CSV for Excel, formulas kept as text, filtered like the page", async () => {
    const { cookie } = sessionOf(await apiSignIn(site.server, admin.email, admin.password));
    const response = await fetch(`${site.url}/DeashBoard/orders.csv`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="maktab-orders.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "order,status,buyer_name,buyer_email,items,currency,subtotal,shipping,tax,total,created_at,paid_at,provider,test_mode,payment_id,transaction_id,paid_with,card_last4,refunded",
    );
    expect(lines).toHaveLength(3);
    const rowOf = (id: string) => lines.find((line) => line.startsWith(id))?.split(",") ?? [];
    const paid = rowOf(paidOrder);
    expect(paid.slice(1, 4)).toEqual(["paid", "'=HYPERLINK(1)", mallory.email]);
    expect(paid[9]).toMatch(/^\d+\.\d\d$/);
    expect(paid.slice(12, 14)).toEqual(["test", "yes"]);
    expect(paid[17]).toBe("4242");
    expect(paid[18]).toBe("0.00");
    expect(rowOf(pendingOrder).slice(1, 4)).toEqual(["pending", rahim.name, rahim.email]);

    const filtered = await fetch(`${site.url}/DeashBoard/orders.csv?status=pending`, {
      headers: { cookie },
    });
    expect(filtered.headers.get("content-disposition")).toBe(
      'attachment; filename="maktab-orders-pending.csv"',
    );
    const pendingLines = (await filtered.text()).trimEnd().split("\r\n");
    expect(pendingLines).toHaveLength(2);
    expect(pendingLines[1]?.startsWith(pendingOrder)).toBe(true);

    const anonymous = await fetch(`${site.url}/DeashBoard/orders.csv`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    const buyer = sessionOf(await apiSignIn(site.server, rahim.email, rahim.password));
    const refused = await fetch(`${site.url}/DeashBoard/orders.csv`, {
      headers: { cookie: buyer.cookie },
      redirect: "manual",
    });
    expect(refused.status).not.toBe(200);
    expect(await refused.text()).not.toContain(mallory.email);
  });
});
