// The SSLCommerz client against a fake SSLCommerz on loopback: the session it opens, the reports
// it believes (signed, and confirmed by the validation API) and the ones it refuses, the query,
// refunds, and what it does when SSLCommerz refuses or does not answer.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentProviderError, PaymentReportError, type StartInput } from "../../server/payments/provider";
import {
  createSslcommerzProvider,
  type SslcommerzProvider,
  sslcommerzSignature,
} from "../../server/payments/sslcommerz";
import { type FakeSslcommerz, startFakeSslcommerz } from "../fixtures/fake-sslcommerz";

const publicUrl = "https://school.test";

describe("the SSLCommerz client", () => {
  let fake: FakeSslcommerz;
  let provider: SslcommerzProvider;
  let counter = 0;

  beforeAll(async () => {
    fake = await startFakeSslcommerz();
    provider = createSslcommerzProvider(
      { storeId: fake.storeId, storePassword: fake.storePassword, live: false, apiUrl: fake.url },
      { publicUrl },
    );
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.stalled = false;
    fake.refundOutcome = "success";
  });

  const input = (overrides: Partial<StartInput> = {}): StartInput => ({
    amountMinor: 125_050,
    currency: "BDT",
    orderId: `order-${++counter}`,
    attemptId: `att${Date.now().toString(36)}${counter}`,
    customer: { name: "Alice Rahman", email: "alice@school.test", phone: "01711000000" },
    description: "Admission: Class 6",
    metadata: { orderId: "ignored", userId: "user-7" },
    ...overrides,
  });
  /** A session opened through the client; the fake's copy of it. */
  async function started(overrides: Partial<StartInput> = {}) {
    const request = input(overrides);
    const session = await provider.start(request);
    return { request, session };
  }
  const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path);
  const validations = () => requestsTo("/validator/api/validationserverAPI.php").length;

  it("opens a session with the documented fields and sends the buyer to GatewayPageURL", async () => {
    const { request, session } = await started({
      customer: { name: "Alice Rahman", email: "alice@school.test", phone: null },
      description: "x".repeat(300),
    });
    expect(session.id).toBe(request.attemptId);
    expect(session.redirectUrl).toBe(
      `${fake.url}/gwprocess/v4/gw.php?Q=PAY&SESSIONKEY=${fake.sessions.get(request.attemptId)!.sessionKey}`,
    );
    const sent = requestsTo("/gwprocess/v4/api.php").at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toMatchObject({
      store_id: fake.storeId,
      store_passwd: fake.storePassword,
      total_amount: "1250.50",
      currency: "BDT",
      tran_id: request.attemptId,
      success_url: `${publicUrl}/api/payments/sslcommerz/return/success`,
      fail_url: `${publicUrl}/api/payments/sslcommerz/return/fail`,
      cancel_url: `${publicUrl}/api/payments/sslcommerz/return/cancel`,
      ipn_url: `${publicUrl}/api/payments/sslcommerz/ipn`,
      cus_name: "Alice Rahman",
      cus_email: "alice@school.test",
      cus_phone: "N/A",
      cus_add1: "N/A",
      cus_city: "Dhaka",
      cus_country: "Bangladesh",
      shipping_method: "NO",
      product_category: "Education",
      product_profile: "non-physical-goods",
      value_a: request.orderId,
      value_b: "userId:user-7",
    });
    expect(sent.form.product_name).toBe("x".repeat(255));
  });

  it("says what the provider is", () => {
    expect(provider).toMatchObject({
      kind: "sslcommerz",
      testMode: false,
      flow: "redirect",
      publishableKey: null,
      currencies: ["BDT"],
      maxAmountMinor: 50_000_000,
    });
  });

  it("throws PaymentProviderError with SSLCommerz's reason when it refuses the session", async () => {
    // Under 10.00 BDT: SSLCommerz answers status FAILED.
    const refused = provider.start(input({ amountMinor: 500 }));
    await expect(refused).rejects.toThrow(PaymentProviderError);
    await expect(refused).rejects.toThrow(/10\.00 BDT/);

    const wrongPassword = createSslcommerzProvider(
      { storeId: fake.storeId, storePassword: "not-the-password", live: false, apiUrl: fake.url },
      { publicUrl },
    );
    const denied = wrongPassword.start(input());
    await expect(denied).rejects.toThrow(/Store Credential Error/);
    await expect(denied).rejects.not.toThrow(/not-the-password/);
  });

  it("settles a correctly signed VALID report as paid, with what SSLCommerz validated", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId, { cardType: "VISA-Dutch Bangla" });
    const before = validations();
    const settled = await provider.settle!(report);
    expect(validations()).toBe(before + 1);
    const asked = requestsTo("/validator/api/validationserverAPI.php").at(-1)!;
    expect(Object.fromEntries(asked.query)).toMatchObject({
      val_id: report.val_id,
      store_id: fake.storeId,
      store_passwd: fake.storePassword,
      format: "json",
    });
    expect(settled).toEqual({
      outcome: "paid",
      payment: {
        id: request.attemptId,
        status: "succeeded",
        amountMinor: 125_050,
        currency: "BDT",
        transactionId: report.bank_tran_id,
        validationId: report.val_id,
        channel: "VISA-Dutch Bangla",
        maskedCard: "432149XXXXXX0667",
        last4: "0667",
        onHold: false,
      },
    });
    // The IPN and the buyer's return both arrive: the second validation says VALIDATED, still paid.
    const again = await provider.settle!(report);
    expect(again.outcome).toBe("paid");
  });

  it("reports the amount SSLCommerz took, for the domain to compare with the order", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId, { amountOverride: "10.00" });
    const settled = await provider.settle!(report);
    expect(settled.outcome === "paid" && settled.payment.amountMinor).toBe(1_000);
  });

  it("keeps a mobile-banking payment's reference without inventing a card's last four", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId, { cardType: "BKASH-BKash", cardNo: "01711XXXXXX" });
    const settled = await provider.settle!(report);
    expect(settled.outcome).toBe("paid");
    if (settled.outcome !== "paid") return;
    expect(settled.payment).toMatchObject({ channel: "BKASH-BKash", maskedCard: "01711XXXXXX" });
    expect(settled.payment.last4).toBeUndefined();
  });

  it("puts a payment SSLCommerz rates risky (risk_level 1) on hold", async () => {
    const { request } = await started();
    const settled = await provider.settle!(fake.pay(request.attemptId, { riskLevel: 1 }));
    expect(settled.outcome === "paid" && settled.payment.onHold).toBe(true);
  });

  it("refuses a forged or altered report without asking the validation API", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId);
    const before = validations();

    // Signed with another password.
    await expect(provider.settle!(fake.sign(report, "guessed-password"))).rejects.toThrow(PaymentReportError);
    // A signed field changed after signing.
    await expect(provider.settle!({ ...report, amount: "1.00" })).rejects.toThrow(PaymentReportError);
    await expect(provider.settle!({ ...report, verify_sign: "0".repeat(32) })).rejects.toThrow(
      PaymentReportError,
    );
    // No signature at all.
    const { verify_sign: _sign, verify_key: _key, ...unsigned } = report;
    await expect(provider.settle!(unsigned)).rejects.toThrow(PaymentReportError);
    // A signature that leaves tran_id out of what it signs.
    const narrow = report
      .verify_key!.split(",")
      .filter((key) => key !== "tran_id")
      .join(",");
    const partial: Record<string, string> = { ...report, verify_key: narrow };
    partial.verify_sign = sslcommerzSignature(partial, narrow, fake.storePassword);
    await expect(provider.settle!(partial)).rejects.toThrow(PaymentReportError);

    expect(validations()).toBe(before);
  });

  it("refuses a report the validation API does not confirm", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId);
    fake.setValidationStatus(report.val_id!, "INVALID_TRANSACTION");
    const settled = provider.settle!(report);
    await expect(settled).rejects.toThrow(PaymentReportError);
    await expect(settled).rejects.toThrow(/INVALID_TRANSACTION/);
  });

  it("refuses a val_id that belongs to another transaction", async () => {
    const { request: first } = await started();
    const { request: second } = await started();
    const paid = fake.pay(first.attemptId);
    // A genuine val_id replayed with the other attempt's tran_id, signed with the right password
    // (as if the password had leaked): the validation API still names the first transaction.
    const replayed = fake.sign({ ...paid, tran_id: second.attemptId });
    await expect(provider.settle!(replayed)).rejects.toThrow(/another transaction/);
  });

  it("settles FAILED and CANCELLED reports without asking SSLCommerz", async () => {
    const { request } = await started();
    const before = fake.requests.length;
    expect(await provider.settle!(fake.fail(request.attemptId))).toEqual({
      outcome: "failed",
      paymentId: request.attemptId,
      reason: "Declined by the issuer bank",
    });
    expect(await provider.settle!(fake.cancel(request.attemptId))).toEqual({
      outcome: "cancelled",
      paymentId: request.attemptId,
      reason: "Cancelled by the customer",
    });
    expect(await provider.settle!({ status: "EXPIRED", tran_id: request.attemptId })).toMatchObject({
      outcome: "cancelled",
    });
    expect(fake.requests.length).toBe(before);
    await expect(provider.settle!({ status: "FAILED" })).rejects.toThrow(PaymentReportError);
    await expect(provider.settle!({ status: "MAYBE", tran_id: "x" })).rejects.toThrow(PaymentReportError);
  });

  it("queries a payment: paid, unpaid, in the works, unknown", async () => {
    const { request: paid } = await started();
    fake.fail(paid.attemptId);
    const report = fake.pay(paid.attemptId);
    // A refused card, then one that pays: the paid attempt decides.
    expect(await provider.query(paid.attemptId)).toMatchObject({
      id: paid.attemptId,
      status: "succeeded",
      amountMinor: 125_050,
      currency: "BDT",
      transactionId: report.bank_tran_id,
      validationId: report.val_id,
      last4: "0667",
    });
    const asked = requestsTo("/validator/api/merchantTransIDvalidationAPI.php").at(-1)!;
    expect(asked.query.get("tran_id")).toBe(paid.attemptId);

    const { request: cancelled } = await started();
    fake.cancel(cancelled.attemptId);
    expect(await provider.query(cancelled.attemptId)).toMatchObject({
      status: "canceled",
      amountMinor: 125_050,
    });

    const { request: pending } = await started();
    fake.pending(pending.attemptId);
    expect(await provider.query(pending.attemptId)).toMatchObject({ status: "processing" });

    const { request: untouched } = await started();
    expect(await provider.query(untouched.attemptId)).toBeNull();
    expect(await provider.query("never-started")).toBeNull();
  });

  it("cancels only what SSLCommerz reports failed or cancelled: an unopened session can still be paid", async () => {
    const { request: paid } = await started();
    fake.pay(paid.attemptId);
    expect(await provider.cancel(paid.attemptId)).toBe(false);
    const { request: pending } = await started();
    fake.pending(pending.attemptId);
    expect(await provider.cancel(pending.attemptId)).toBe(false);
    const { request: open } = await started();
    expect(await provider.cancel(open.attemptId)).toBe(false);
    fake.fail(open.attemptId);
    expect(await provider.cancel(open.attemptId)).toBe(true);
  });

  it("refunds in part and in whole, and SSLCommerz refuses more than was paid", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId);
    const refund = (amountMinor: number, refundId: string) =>
      provider.refund({
        paymentId: request.attemptId,
        transactionId: report.bank_tran_id!,
        amountMinor,
        currency: "BDT",
        reason: "Seat not available",
        refundId,
      });

    const part = await refund(25_050, `rf-${counter}-a`);
    expect(part.status).toBe("succeeded");
    const sent = requestsTo("/validator/api/merchantTransIDvalidationAPI.php").at(-1)!;
    expect(Object.fromEntries(sent.query)).toMatchObject({
      bank_tran_id: report.bank_tran_id,
      refund_amount: "250.50",
      refund_remarks: "Seat not available",
      refe_id: `rf-${counter}-a`,
      refund_trans_id: `rf-${counter}-a`,
      store_id: fake.storeId,
    });
    expect(fake.refunds.at(-1)).toMatchObject({ refundRefId: part.providerRefundId, amount: "250.50" });

    // A retried refund is the same refund.
    expect(await refund(25_050, `rf-${counter}-a`)).toEqual(part);

    const over = refund(100_001, `rf-${counter}-b`);
    await expect(over).rejects.toThrow(PaymentProviderError);
    await expect(over).rejects.toThrow(/greater than the refundable amount/);

    const rest = await refund(100_000, `rf-${counter}-c`);
    expect(rest.status).toBe("succeeded");
    expect(await provider.refundStatus(rest.providerRefundId)).toBe("succeeded");
    await expect(refund(1, `rf-${counter}-d`)).rejects.toThrow(PaymentProviderError);
    expect(fake.refunds.filter((r) => r.bankTranId === report.bank_tran_id)).toHaveLength(2);
  });

  it("keeps a long refund id to one refund_trans_id of 30 characters", async () => {
    const { request } = await started();
    const report = fake.pay(request.attemptId);
    fake.refundOutcome = "processing";
    const refundId = `refund-${"0123456789".repeat(5)}`;
    const refund = () =>
      provider.refund({
        paymentId: request.attemptId,
        transactionId: report.bank_tran_id!,
        amountMinor: 1_000,
        currency: "BDT",
        reason: "Duplicate payment",
        refundId,
      });
    const first = await refund();
    expect(first.status).toBe("pending");
    expect(await refund()).toEqual(first);
    expect(fake.refunds.at(-1)!.refundTransId).toHaveLength(30);
    expect(fake.refunds.at(-1)!.refeId).toBe(refundId.slice(0, 50));
    expect(await provider.refundStatus(first.providerRefundId)).toBe("pending");
  });

  it("refuses a refund without a bank transaction", async () => {
    await expect(
      provider.refund({
        paymentId: "x",
        transactionId: null,
        amountMinor: 100,
        currency: "BDT",
        reason: "r",
        refundId: "r1",
      }),
    ).rejects.toThrow(PaymentProviderError);
  });

  it("gives up with PaymentProviderError when SSLCommerz does not answer in time", async () => {
    const impatient = createSslcommerzProvider(
      { storeId: fake.storeId, storePassword: fake.storePassword, live: false, apiUrl: fake.url },
      { publicUrl, timeoutMs: 200 },
    );
    fake.stalled = true;
    const started = Date.now();
    const failed = impatient.query("anything");
    await expect(failed).rejects.toThrow(PaymentProviderError);
    await expect(failed).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("names what failed when the answer is not JSON or not 2xx, and never shows the password", async () => {
    const server = createServer((request, response) => {
      if (request.url?.startsWith("/validator/api/validationserverAPI.php")) {
        response.writeHead(502, { "content-type": "text/html" });
        return response.end("<h1>Bad gateway</h1>");
      }
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html>maintenance</html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const broken = createSslcommerzProvider(
      {
        storeId: "store",
        storePassword: "s3cret-pass",
        live: false,
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      },
      { publicUrl },
    );
    try {
      const notJson = broken.query("t1");
      await expect(notJson).rejects.toThrow(PaymentProviderError);
      await expect(notJson).rejects.toThrow(/query the transaction.*not JSON/);
      const report = { status: "VALID", tran_id: "t1", val_id: "v1", store_id: "store" };
      const key = "status,store_id,tran_id,val_id";
      const signed = {
        ...report,
        verify_key: key,
        verify_sign: sslcommerzSignature(report, key, "s3cret-pass"),
      };
      const badGateway = broken.settle!(signed);
      await expect(badGateway).rejects.toThrow(/HTTP 502 to validate the payment/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    // Nothing listens there any more: a network error, with the password kept out of it.
    const gone = broken.query("t2");
    await expect(gone).rejects.toThrow(PaymentProviderError);
    const error = await gone.catch((e: Error) => e);
    expect(String(error)).not.toMatch(/s3cret/);
  });

  it("uses SSLCommerz's sandbox and live hosts", async () => {
    const hosts: string[] = [];
    const recording: typeof fetch = async (url) => {
      hosts.push(new URL(String(url)).origin);
      return new Response(JSON.stringify({ APIConnect: "DONE", no_of_trans_found: 0 }));
    };
    for (const live of [false, true]) {
      await createSslcommerzProvider(
        { storeId: "s", storePassword: "p", live },
        { publicUrl, fetch: recording },
      ).query("t");
    }
    expect(hosts).toEqual(["https://sandbox.sslcommerz.com", "https://securepay.sslcommerz.com"]);
  });
});

describe("verify_sign", () => {
  it("is md5 of the sorted verify_key fields and md5(store password), as key=value&...", () => {
    // Worked by hand from the official PHP library's SSLCOMMERZ_hash_varify.
    const fields = { tran_id: "T1", amount: "10.00", status: "VALID", ignored: "x" };
    const md5 = (value: string) => createHash("md5").update(value).digest("hex");
    const expected = md5(`amount=10.00&status=VALID&store_passwd=${md5("pw")}&tran_id=T1`);
    expect(sslcommerzSignature(fields, "tran_id,status,amount,missing", "pw")).toBe(expected);
  });
});
