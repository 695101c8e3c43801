// bKash's Tokenized Checkout through the whole app, pointed by BKASH_API_URL at a fake bKash on
// loopback: the buyer goes to bkashURL and comes back to the callback; success executes (once)
// and marks the order paid, failure and cancel leave it unpaid; an expired token is renewed
// between create and execute; when execute errs the payment's status decides; refunds go through
// bKash's refund call; the token is shared, never granted per payment.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/db/schema";
import { decimalAmount } from "../../server/payments/provider";
import { type FakeBkash, startFakeBkash } from "../fixtures/fake-bkash";
import {
  addAdmission,
  appWithPeople,
  origin,
  type Session,
  type TestApp,
  testDatabases,
} from "../fixtures/test-app";

describe.each(testDatabases)("payments through bKash on %s", (kind) => {
  let bkash: FakeBkash;
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let admissionId: string;

  beforeAll(async () => {
    bkash = await startFakeBkash();
    ({ t, admin, alice } = await appWithPeople(
      kind,
      { alice: "Alice Rahman" },
      {
        CURRENCY: "BDT",
        BKASH_APP_KEY: bkash.credentials.appKey,
        BKASH_APP_SECRET: bkash.credentials.appSecret,
        BKASH_USERNAME: bkash.credentials.username,
        BKASH_PASSWORD: bkash.credentials.password,
        BKASH_API_URL: bkash.url,
      },
    ));
    admissionId = await addAdmission(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await bkash?.close();
  });

  let quantity = 1;
  async function start() {
    const items = [{ id: admissionId, quantity: quantity++ }];
    // bKash is the only provider configured, so it is the default.
    const response = await t.json("/api/Order/create-payment-intent", "POST", { items }, { session: alice });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      orderId: string;
      redirectUrl: string;
      amountMinor: number;
      provider: string;
    };
    const paymentID = (await orderRow(answer.orderId))?.providerPaymentId as string;
    return { ...answer, paymentID };
  }
  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];
  /** The buyer's browser coming back from bKash's page. */
  async function callback(paymentID: string, status: string) {
    const response = await t.app.request(
      `${origin}/api/payments/bkash/callback?${new URLSearchParams({ paymentID, status, signature: "x", apiVersion: "1.2.0-beta" })}`,
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location") ?? "", origin);
  }
  const executions = (paymentID: string) =>
    bkash.requestsTo("execute").filter((request) => request.body.paymentID === paymentID).length;

  it("creates the payment with the order's total and this site's callback, and sends the buyer to bkashURL", async () => {
    const answer = await start();
    expect(answer.provider).toBe("bkash");
    const payment = bkash.payments.get(answer.paymentID);
    expect(answer.redirectUrl).toMatch(/^https:\/\/sandbox\.payment\.bkash\.com\/\?paymentId=/);
    expect(answer.redirectUrl).toContain(answer.paymentID);
    expect(payment).toMatchObject({
      amount: decimalAmount(answer.amountMinor),
      currency: "BDT",
      intent: "sale",
      mode: "0011",
      merchantInvoiceNumber: answer.orderId,
      callbackURL: `${origin}/api/payments/bkash/callback`,
    });
  });

  it("executes on success and marks the order paid once, even when the buyer's browser calls back twice", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID, "01770618575");
    const back = await callback(paymentID, "success");
    expect(back.pathname).toBe("/payment-getway/bkash");
    expect(Object.fromEntries(back.searchParams)).toEqual({ outcome: "paid", order: orderId });
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({
      status: "paid",
      transactionId: bkash.payments.get(paymentID)?.trxID,
      paymentChannel: "bKash",
    });
    expect((await callback(paymentID, "success")).searchParams.get("outcome")).toBe("paid");
    expect(executions(paymentID)).toBe(1);
  });

  it("executes once when the buyer's browser sends the same callback twice at the same moment", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID);
    const backs = await Promise.all([callback(paymentID, "success"), callback(paymentID, "success")]);
    expect(backs.map((back) => back.searchParams.get("outcome"))).toEqual(["paid", "paid"]);
    expect((await orderRow(orderId))?.status).toBe("paid");
    expect(executions(paymentID)).toBe(1);
  });

  it("leaves the order unpaid on failure and cancel, without executing", async () => {
    const failed = await start();
    expect((await callback(failed.paymentID, "failure")).searchParams.get("outcome")).toBe("failed");
    const cancelled = await start();
    expect((await callback(cancelled.paymentID, "cancel")).searchParams.get("outcome")).toBe("cancelled");
    for (const { orderId, paymentID } of [failed, cancelled]) {
      expect((await orderRow(orderId))?.status).toBe("pending");
      expect(executions(paymentID)).toBe(0);
    }
  });

  it("renews the token when it expires between create and execute, and is paid once", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID);
    bkash.expireTokens();
    expect((await callback(paymentID, "success")).searchParams.get("outcome")).toBe("paid");
    expect((await orderRow(orderId))?.status).toBe("paid");
    expect(bkash.payments.get(paymentID)?.executions).toBe(1);
  });

  it("asks the payment's status when execute errs: bKash completed it, so it is paid, executed once", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID);
    bkash.failNextExecute("503", "Service Unavailable", "Completed");
    expect((await callback(paymentID, "success")).searchParams.get("outcome")).toBe("paid");
    expect((await orderRow(orderId))?.status).toBe("paid");
    expect(executions(paymentID)).toBe(1);
  });

  it("stays unpaid when execute errs and bKash says the payment failed", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID);
    bkash.failNextExecute("2023", "Insufficient Balance", "Failed");
    expect((await callback(paymentID, "success")).searchParams.get("outcome")).toBe("failed");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("does not execute for an order that expired while the buyer was on bKash's page", async () => {
    const { orderId, paymentID } = await start();
    bkash.completeAtBkash(paymentID);
    await t.services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(orders.id, orderId));
    expect((await callback(paymentID, "success")).searchParams.get("outcome")).toBe("rejected");
    expect(executions(paymentID)).toBe(0);
    expect((await orderRow(orderId))?.status).not.toBe("paid");
  });

  it("changes nothing for a callback about a payment no order has", async () => {
    expect((await callback("TR0011NOTOURS", "success")).searchParams.get("outcome")).toBe("rejected");
    expect(bkash.requestsTo("execute").filter((r) => r.body.paymentID === "TR0011NOTOURS")).toHaveLength(0);
  });

  it("answers odd callbacks (NUL, lone surrogates, no id, unknown status) without a 500", async () => {
    for (const [paymentID, status] of [
      ["\u0000", "success"],
      ["\ud800", "success"],
      ["", "success"],
      ["TR0011x", "\u0000"],
    ]) {
      expect((await callback(paymentID as string, status as string)).searchParams.get("outcome")).toBe(
        "rejected",
      );
    }
    const { orderId, paymentID } = await start();
    expect((await callback(paymentID, "maybe")).searchParams.get("outcome")).toBe("rejected");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("refunds through bKash's refund call, in part", async () => {
    const { orderId, paymentID, amountMinor } = await start();
    bkash.completeAtBkash(paymentID);
    await callback(paymentID, "success");
    const refund = await t.json(
      `/api/Order/orders/${orderId}/refunds`,
      "POST",
      { amount: "250.50", reason: "Fee waiver" },
      { session: admin },
    );
    expect(refund.status).toBe(201);
    expect(await refund.json()).toMatchObject({ refundedMinor: 25050, status: "paid" });
    expect(bkash.payments.get(paymentID)?.refunds.map((r) => r.amount)).toEqual(["250.50"]);
    expect((await orderRow(orderId))?.refundedMinor).toBe(25050);
    expect(amountMinor).toBeGreaterThan(25050);
  });

  it("granted one token for all of these payments", () => {
    expect(bkash.requestsTo("token/grant").length).toBeLessThanOrEqual(2);
  });
});
