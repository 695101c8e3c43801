// SSLCommerz through the whole app, pointed by SSLCOMMERZ_API_URL at a fake SSLCommerz on
// loopback: the buyer is sent to GatewayPageURL; the IPN and the buyer's return settle the order
// once, whichever comes first; every bad report (forged, replayed, for another amount, refused by
// the validation API) leaves it unpaid; risky payments wait for an admin; refunds go through the
// refund API; the reconciliation finds a payment whose IPN was lost.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { orders } from "../../server/db/schema";
import { reconcilePayments } from "../../server/domain/reconciliation";
import { decimalAmount } from "../../server/payments/provider";
import { startReconciliation } from "../../server/payments/reconciliation-job";
import { type FakeSslcommerz, startFakeSslcommerz } from "../fixtures/fake-sslcommerz";
import { mailsTo } from "../fixtures/outbox";
import {
  addAdmission,
  appWithPeople,
  origin,
  type Session,
  type TestApp,
  testDatabases,
} from "../fixtures/test-app";

describe.each(testDatabases)("payments through SSLCommerz on %s", (kind) => {
  let ssl: FakeSslcommerz;
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let admissionId: string;

  beforeAll(async () => {
    ssl = await startFakeSslcommerz();
    ({ t, admin, alice } = await appWithPeople(
      kind,
      { alice: "Alice Rahman" },
      {
        CURRENCY: "BDT",
        SSLCOMMERZ_STORE_ID: ssl.storeId,
        SSLCOMMERZ_STORE_PASSWORD: ssl.storePassword,
        SSLCOMMERZ_API_URL: ssl.url,
      },
    ));
    admissionId = await addAdmission(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await ssl?.close();
  });

  // Each payment its own cart (a new quantity), so each makes its own order.
  let quantity = 1;
  async function start(session = alice) {
    const items = [{ id: admissionId, quantity: quantity++ }];
    const response = await t.json(
      "/api/Order/create-payment-intent",
      "POST",
      { items, provider: "sslcommerz" },
      { session },
    );
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      orderId: string;
      redirectUrl: string;
      clientSecret: null;
      amountMinor: number;
      provider: string;
      testMode: boolean;
    };
    const row = await orderRow(answer.orderId);
    return { ...answer, tranId: row?.providerPaymentId as string };
  }
  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];
  const post = (path: string, form: Record<string, string>) =>
    t.app.request(`${origin}${path}`, {
      method: "POST",
      // As SSLCommerz's server (the IPN) or the buyer's browser coming from SSLCommerz's site sends it.
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://sandbox.sslcommerz.com",
      },
      body: new URLSearchParams(form).toString(),
    });
  const ipn = async (form: Record<string, string>) => {
    const response = await post("/api/payments/sslcommerz/ipn", form);
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  };
  const returnFrom = async (outcome: "success" | "fail" | "cancel", form: Record<string, string>) => {
    const response = await post(`/api/payments/sslcommerz/return/${outcome}`, form);
    expect(response.status).toBe(303);
    return new URL(response.headers.get("location") ?? "", origin);
  };
  const validations = () => ssl.requests.filter((r) => r.path.endsWith("validationserverAPI.php")).length;

  it("opens a session for the server's total in BDT with this site's URLs and answers GatewayPageURL", async () => {
    const answer = await start();
    const { totalMinor } = cartTotals([{ unitPriceMinor: 125000, quantity: 1 }]);
    expect(answer).toMatchObject({
      provider: "sslcommerz",
      testMode: false,
      clientSecret: null,
      amountMinor: totalMinor,
    });
    const session = ssl.sessions.get(answer.tranId);
    expect(answer.redirectUrl).toContain(session?.sessionKey);
    expect(session?.form).toMatchObject({
      total_amount: decimalAmount(totalMinor),
      currency: "BDT",
      tran_id: answer.tranId,
      success_url: `${origin}/api/payments/sslcommerz/return/success`,
      fail_url: `${origin}/api/payments/sslcommerz/return/fail`,
      cancel_url: `${origin}/api/payments/sslcommerz/return/cancel`,
      ipn_url: `${origin}/api/payments/sslcommerz/ipn`,
      cus_name: "Alice Rahman",
      cus_email: "alice@school.test",
      value_a: answer.orderId,
    });
    expect(answer.tranId.length).toBeLessThanOrEqual(30);
  });

  it("marks the order paid from the IPN, then the buyer's return finds it paid (validated once)", async () => {
    const { orderId, tranId } = await start();
    const form = ssl.pay(tranId, { cardType: "BKASH-BKash", cardNo: "01711XXXXXX" });
    const before = validations();
    expect(await ipn(form)).toBe("paid");
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({
      status: "paid",
      validationId: form.val_id,
      transactionId: form.bank_tran_id,
      paymentChannel: "BKASH-BKash",
      maskedCard: "01711XXXXXX",
    });
    const back = await returnFrom("success", form);
    expect(back.pathname).toBe("/payment-getway/ssl");
    expect(Object.fromEntries(back.searchParams)).toEqual({ outcome: "paid", order: orderId });
    expect(validations() - before).toBe(1);
    expect((await orderRow(orderId))?.paidAt?.getTime()).toBe(paid?.paidAt?.getTime());
  });

  it("marks it paid from the buyer's return first; the late IPN and a repeat of it change nothing", async () => {
    const { orderId, tranId } = await start();
    const form = ssl.pay(tranId);
    const back = await returnFrom("success", form);
    expect(back.searchParams.get("outcome")).toBe("paid");
    const paid = await orderRow(orderId);
    expect(paid?.status).toBe("paid");
    expect(await ipn(form)).toBe("paid");
    expect(await ipn(form)).toBe("paid");
    expect((await orderRow(orderId))?.paidAt?.getTime()).toBe(paid?.paidAt?.getTime());
  });

  it("pays once when the IPN and the return arrive together", async () => {
    const { orderId, tranId } = await start();
    const form = ssl.pay(tranId);
    const [fromIpn, back] = await Promise.all([ipn(form), returnFrom("success", form)]);
    expect(fromIpn).toBe("paid");
    expect(back.searchParams.get("outcome")).toBe("paid");
    expect((await orderRow(orderId))?.status).toBe("paid");
  });

  it("leaves the order unpaid when the validated amount is one taka short", async () => {
    const { orderId, tranId, amountMinor } = await start();
    const short = amountMinor - 100;
    const form = ssl.pay(tranId, {
      amountOverride: `${Math.trunc(short / 100)}.${String(short % 100).padStart(2, "0")}`,
    });
    expect(await ipn(form)).toBe("rejected");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("changes nothing for a forged verify_sign, and does not even ask the validation API", async () => {
    const { orderId, tranId } = await start();
    const genuine = ssl.pay(tranId);
    const forged = ssl.sign({ ...genuine }, "not-the-store-password");
    const before = validations();
    expect(await ipn(forged)).toBe("rejected");
    expect(validations()).toBe(before);
    expect(await ipn({ ...genuine, amount: "1.00" })).toBe("rejected");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("changes nothing when the validation API says INVALID_TRANSACTION", async () => {
    const { orderId, tranId } = await start();
    const form = ssl.pay(tranId);
    ssl.setValidationStatus(form.val_id ?? "", "INVALID_TRANSACTION");
    expect(await ipn(form)).toBe("rejected");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("replays of one order's IPN for another order change nothing", async () => {
    const first = await start();
    const second = await start();
    const form = ssl.pay(first.tranId);
    // The signed report names the first order's tran_id: it cannot pay the second.
    expect(await ipn({ ...form, tran_id: second.tranId })).toBe("rejected");
    expect((await orderRow(second.orderId))?.status).toBe("pending");
  });

  it("puts a risk_level 1 payment on hold until an admin confirms it", async () => {
    const { orderId, tranId } = await start();
    expect(await ipn(ssl.pay(tranId, { riskLevel: 1 }))).toBe("on_hold");
    expect((await orderRow(orderId))?.status).toBe("on_hold");
    const listed = await t.request(`/api/Order/orders/${orderId}`, { session: admin });
    expect((await listed.json()).status).toBe("on_hold");
    // The admin checks it, then confirms it (once); the buyer cannot.
    const confirm = (session: Session) =>
      t.json(`/api/Order/orders/${orderId}/confirm`, "POST", {}, { session });
    expect((await confirm(alice)).status).toBe(403);
    const confirmed = await confirm(admin);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).status).toBe("paid");
    expect((await confirm(admin)).status).toBe(409);
  });

  it("leaves the order unpaid on fail and cancel, and a new try opens a new session for it", async () => {
    const { orderId, tranId } = await start();
    const failed = await returnFrom("fail", ssl.fail(tranId));
    expect(Object.fromEntries(failed.searchParams)).toEqual({ outcome: "failed", order: orderId });
    expect((await orderRow(orderId))?.status).toBe("pending");

    // The same cart again: the failed session is over, so the order takes a new one.
    quantity -= 1;
    const again = await start();
    expect(again.orderId).toBe(orderId);
    expect(again.tranId).not.toBe(tranId);
    const cancelled = await returnFrom("cancel", ssl.cancel(again.tranId));
    expect(cancelled.searchParams.get("outcome")).toBe("cancelled");
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("refunds in part and then the rest through the refund API, mails the buyer and records it", async () => {
    const { orderId, tranId, amountMinor } = await start();
    await ipn(ssl.pay(tranId));
    const refund = (body: unknown, session = admin) =>
      t.json(`/api/Order/orders/${orderId}/refunds`, "POST", body, { session });

    expect((await refund({ amount: "100", reason: "Sibling discount" }, alice)).status).toBe(403);
    const part = await refund({ amount: "100", reason: "Sibling discount" });
    const partAnswer = await part.json();
    expect(part.status, JSON.stringify(partAnswer)).toBe(201);
    expect(partAnswer).toMatchObject({ refundedMinor: 10000, status: "paid" });
    const tooMuch = await refund({ amount: String(amountMinor / 100), reason: "All of it" });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.fields.amount).toMatch(/left to refund/);

    const rest = await refund({ reason: "Withdrew from the school" });
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ refundedMinor: amountMinor, status: "refunded" });
    const order = await (await t.request(`/api/Order/orders/${orderId}`, { session: alice })).json();
    expect(order.refunds.map((r: { amountMinor: number }) => r.amountMinor)).toEqual([
      10000,
      amountMinor - 10000,
    ]);
    const bank = (await orderRow(orderId))?.transactionId;
    expect(ssl.refunds.filter((r) => r.bankTranId === bank).map((r) => r.amount)).toEqual([
      "100.00",
      decimalAmount(amountMinor - 10000),
    ]);
    const mails = await mailsTo(t.config.dataDir, "alice@school.test", 2);
    expect(
      mails.some((text) => text.includes("We have refunded 100.00 BDT") && text.includes("Sibling discount")),
    ).toBe(true);
    const audit = await (await t.request("/api/audit?subject=order", { session: admin })).json();
    expect(
      audit.some(
        (entry: { action: string; subjectId: string }) =>
          entry.action === "refund" && entry.subjectId === orderId,
      ),
    ).toBe(true);
  });

  it("finds a payment whose IPN was lost when it reconciles, a few minutes later", async () => {
    const { orderId, tranId } = await start();
    ssl.pay(tranId);
    // Too soon: the provider still has time to call.
    expect((await reconcilePayments(t.services)).paid).toBe(0);
    const later = Date.now() + 6 * 60 * 1000;
    const report = await reconcilePayments(t.services, later);
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId))?.status).toBe("paid");
  });

  it("answers odd reports (NUL, lone surrogates, huge or missing ids) without a 500, changing nothing", async () => {
    for (const tran_id of ["", "\u0000", "\ud800", "x".repeat(5000), "' or 1=1 --", "١٢٣"]) {
      expect(
        await ipn({ tran_id, status: "VALID", val_id: "\u0000", amount: "-1e309", verify_sign: "x" }),
      ).toBe("rejected");
      const back = await returnFrom("success", { tran_id, status: "VALID" });
      expect(back.searchParams.get("outcome")).toBe("rejected");
    }
  });

  it("refuses an IPN whose body is not a form (415), as SSLCommerz always posts a form", async () => {
    const wrong = await t.app.request(`${origin}/api/payments/sslcommerz/ipn`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(wrong.status).toBe(415);
  });
  it("runs every interval and marks paid an order whose IPN never came, asking once", async () => {
    const { orderId, tranId } = await start();
    ssl.pay(tranId);
    // Made six minutes ago: the provider has had its time to call.
    await t.services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(orders.id, orderId));
    const job = startReconciliation(t.services, 20);
    try {
      await expect.poll(async () => (await orderRow(orderId))?.status, { timeout: 5000 }).toBe("paid");
    } finally {
      await job.stop();
    }
    const asked = ssl.requests.filter(
      (r) => r.path.endsWith("merchantTransIDvalidationAPI.php") && r.query.get("tran_id") === tranId,
    );
    // Checked once, then left alone for five minutes (checkedAt).
    expect(asked).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("lets one holder run it at a time", async () => {
    const { database } = t.services;
    const inner = await database.tryExclusive("maktab reconciliation", () =>
      database.tryExclusive("maktab reconciliation", async () => "ran twice"),
    );
    expect(inner).toBeUndefined();
    expect(await database.tryExclusive("maktab reconciliation", async () => "ran")).toBe("ran");
  });
});
