// The bKash Tokenized Checkout client against a fake bKash on loopback: one shared token (granted
// once, refreshed before it runs out, renewed when bKash refuses it), payments created with the
// documented fields, the callback settled by execute and, when execute says nothing useful, by
// the payment's status (never a second execute), and refunds within what was paid.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createBkashProvider } from "../../server/payments/bkash";
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentReportError,
  type StartInput,
  type StoredToken,
  type TokenStore,
} from "../../server/payments/provider";
import { type FakeBkash, startFakeBkash } from "../fixtures/fake-bkash";

function memoryTokens() {
  const saved = new Map<string, StoredToken>();
  const store: TokenStore = {
    read: async (provider) => saved.get(provider) ?? null,
    write: async (provider, token) => {
      saved.set(provider, token);
    },
  };
  return { store, saved };
}

let orderNumber = 0;
function startInput(overrides: Partial<StartInput> = {}): StartInput {
  orderNumber++;
  return {
    amountMinor: 125_000,
    currency: "BDT",
    orderId: `00000000-0000-4000-8000-${String(orderNumber).padStart(12, "0")}`,
    attemptId: `attempt-${orderNumber}`,
    customer: { name: "Alice Rahman", email: "alice@school.test", phone: "+880 1770-618575" },
    description: "Admission: Class 6",
    metadata: { orderId: `order-${orderNumber}` },
    ...overrides,
  };
}

describe("bKash Tokenized Checkout client", () => {
  let bkash: FakeBkash;
  let clock: number;
  let tokens: ReturnType<typeof memoryTokens>;
  let provider: PaymentProvider;

  const makeProvider = (extra: { executeTimeoutMs?: number; store?: TokenStore } = {}) =>
    createBkashProvider(
      { ...bkash.credentials, live: false, apiUrl: bkash.url },
      {
        publicUrl: "https://school.test/",
        tokens: extra.store ?? tokens.store,
        now: () => clock,
        timeoutMs: 5_000,
        ...(extra.executeTimeoutMs ? { executeTimeoutMs: extra.executeTimeoutMs } : {}),
      },
    );

  beforeAll(async () => {
    bkash = await startFakeBkash();
  });
  afterAll(async () => {
    await bkash?.close();
  });
  // Each test starts with an empty token store and its own count of what bKash was asked.
  let grantsBefore = 0;
  let refreshesBefore = 0;
  const grants = () => bkash.grants - grantsBefore;
  const refreshes = () => bkash.refreshes - refreshesBefore;
  const fresh = () => {
    clock = Date.parse("2030-01-01T00:00:00Z");
    tokens = memoryTokens();
    provider = makeProvider();
    grantsBefore = bkash.grants;
    refreshesBefore = bkash.refreshes;
    bkash.requests.length = 0;
  };
  afterEach(() => {
    bkash.executeDelayMs = 0;
  });

  /** A payment the buyer approved on bKash's page, ready for the success callback. */
  async function approvedPayment(input = startInput()) {
    const started = await provider.start(input);
    bkash.completeAtBkash(started.id);
    return started.id;
  }
  async function paidPayment() {
    const id = await approvedPayment();
    const settled = await provider.settle!({ paymentID: id, status: "success" });
    expect(settled.outcome).toBe("paid");
    return { id, trxId: bkash.payments.get(id)!.trxID! };
  }

  describe("the shared token", () => {
    it("is granted once for several payments, also when they start together", async () => {
      fresh();
      await Promise.all([
        provider.start(startInput()),
        provider.start(startInput()),
        provider.start(startInput()),
      ]);
      await provider.start(startInput());
      expect(grants()).toBe(1);
      expect(bkash.requestsTo("create")).toHaveLength(4);
      const stored = tokens.saved.get("bkash")!;
      expect(stored.expiresAt.getTime()).toBe(clock + 3600_000);
      expect(stored.refreshExpiresAt!.getTime()).toBe(clock + 28 * 24 * 3600_000);
      // The grant sent the documented credentials in the documented places.
      const grant = bkash.requestsTo("token/grant")[0]!;
      expect(grant.body).toEqual({
        app_key: bkash.credentials.appKey,
        app_secret: bkash.credentials.appSecret,
      });
    });

    it("is shared through the store by every process", async () => {
      fresh();
      await provider.start(startInput());
      const otherProcess = makeProvider();
      await otherProcess.start(startInput());
      expect(grants()).toBe(1);
    });

    it("is refreshed with its refresh token when less than a minute is left", async () => {
      fresh();
      await provider.start(startInput());
      const first = tokens.saved.get("bkash")!;
      clock += 3600_000 - 30_000;
      await provider.start(startInput());
      expect(grants()).toBe(1);
      expect(refreshes()).toBe(1);
      const renewed = tokens.saved.get("bkash")!;
      expect(renewed.accessToken).not.toBe(first.accessToken);
      expect(renewed.expiresAt.getTime()).toBe(clock + 3600_000);
      // The same refresh token came back: its 28 days run from the grant.
      expect(renewed.refreshExpiresAt).toEqual(first.refreshExpiresAt);
      const refresh = bkash.requestsTo("token/refresh")[0]!;
      expect(refresh.body).toEqual({
        app_key: bkash.credentials.appKey,
        app_secret: bkash.credentials.appSecret,
        refresh_token: first.refreshToken,
      });
    });

    it("is granted anew once the refresh token is past its 28 days", async () => {
      fresh();
      await provider.start(startInput());
      clock += 29 * 24 * 3600_000;
      await provider.start(startInput());
      expect(grants()).toBe(2);
      expect(refreshes()).toBe(0);
    });

    it("refused mid-way (401) is refreshed and the call made once more: paid once", async () => {
      fresh();
      const id = await approvedPayment();
      bkash.expireTokens();
      const settled = await provider.settle!({ paymentID: id, status: "success" });
      expect(settled.outcome).toBe("paid");
      expect(refreshes()).toBe(1);
      expect(grants()).toBe(1);
      // The refused execute never reached bKash; the second one paid, once.
      expect(bkash.requestsTo("execute")).toHaveLength(2);
      expect(bkash.payments.get(id)!.executions).toBe(1);
    });

    it("is granted anew when bKash refuses the token and its refresh token", async () => {
      fresh();
      await provider.start(startInput());
      bkash.expireTokens();
      bkash.revokeRefreshTokens();
      await provider.start(startInput());
      expect(grants()).toBe(2);
      expect(bkash.requestsTo("create")).toHaveLength(3);
    });

    it("cannot be had with wrong credentials: an error that names no secret", async () => {
      fresh();
      const wrong = createBkashProvider(
        { ...bkash.credentials, password: "not-the-password", live: false, apiUrl: bkash.url },
        { publicUrl: "https://school.test", tokens: memoryTokens().store },
      );
      const error = await wrong.start(startInput()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      const message = (error as Error).message;
      for (const secret of [...Object.values(bkash.credentials), "not-the-password"]) {
        expect(message).not.toContain(secret);
      }
    });
  });

  describe("start", () => {
    it("creates the payment with the documented fields and returns bKash's page", async () => {
      fresh();
      const input = startInput();
      const started = await provider.start(input);
      expect(started.redirectUrl).toMatch(/^https:\/\/sandbox\.payment\.bkash\.com\/\?paymentId=TR0011/);
      expect(bkash.payments.has(started.id)).toBe(true);
      const create = bkash.requestsTo("create")[0]!;
      expect(create.body).toEqual({
        mode: "0011",
        payerReference: "01770618575",
        callbackURL: "https://school.test/api/payments/bkash/callback",
        amount: "1250.00",
        currency: "BDT",
        intent: "sale",
        merchantInvoiceNumber: input.orderId,
      });
      expect(create.authorization).toBe(tokens.saved.get("bkash")!.accessToken);
      expect(create.appKey).toBe(bkash.credentials.appKey);
      expect(provider).toMatchObject({
        kind: "bkash",
        testMode: false,
        flow: "redirect",
        publishableKey: null,
        currencies: ["BDT"],
        maxAmountMinor: 2_500_000,
      });
    });

    it("sends a stand-in payer reference without a Bangladeshi mobile number", async () => {
      fresh();
      await provider.start(startInput({ customer: { name: "Bob", email: "bob@school.test", phone: null } }));
      expect(bkash.requestsTo("create")[0]!.body.payerReference).toBe("0");
    });

    it("turns bKash's refusal (HTTP 200, statusCode not 0000) into a PaymentProviderError", async () => {
      fresh();
      bkash.failNext("create", "2064", "This product mode currently unavailable");
      await expect(provider.start(startInput())).rejects.toThrow(
        new PaymentProviderError(
          "bKash did not create the payment: This product mode currently unavailable (2064)",
        ),
      );
      bkash.failNext("create", "2006", "Invalid amount", "error");
      await expect(provider.start(startInput())).rejects.toThrow(/Invalid amount \(2006\)/);
    });
  });

  describe("settle", () => {
    it("executes on success and answers paid with bKash's trxID", async () => {
      fresh();
      const id = await approvedPayment();
      const settled = await provider.settle!({ paymentID: id, status: "success" });
      const payment = bkash.payments.get(id)!;
      expect(settled).toEqual({
        outcome: "paid",
        payment: {
          id,
          status: "succeeded",
          amountMinor: 125_000,
          currency: "BDT",
          transactionId: payment.trxID,
          channel: "bKash",
          maskedCard: "017XXXXX575",
        },
      });
      expect(bkash.requestsTo("execute").map((r) => r.body)).toEqual([{ paymentID: id }]);
    });

    it("answers failed or cancelled from the callback, and refuses anything else", async () => {
      fresh();
      const { id } = await provider.start(startInput());
      expect(await provider.settle!({ paymentID: id, status: "failure" })).toMatchObject({
        outcome: "failed",
        paymentId: id,
      });
      expect(await provider.settle!({ paymentID: id, status: "cancel" })).toMatchObject({
        outcome: "cancelled",
        paymentId: id,
      });
      await expect(provider.settle!({ paymentID: id, status: "paid" })).rejects.toThrow(PaymentReportError);
      await expect(provider.settle!({ status: "success" })).rejects.toThrow(PaymentReportError);
      await expect(provider.settle!({ paymentID: "../x", status: "success" })).rejects.toThrow(
        PaymentReportError,
      );
      expect(bkash.requestsTo("execute")).toHaveLength(0);
    });

    it("refuses a success callback for a payment bKash does not know", async () => {
      fresh();
      await expect(provider.settle!({ paymentID: "TR0011NOSUCH1", status: "success" })).rejects.toThrow(
        PaymentReportError,
      );
    });

    it("asks the status when execute times out: Completed is paid, and execute is sent once", async () => {
      fresh();
      provider = makeProvider({ executeTimeoutMs: 150 });
      const id = await approvedPayment();
      bkash.executeDelayMs = 1_000;
      const settled = await provider.settle!({ paymentID: id, status: "success" });
      expect(settled).toMatchObject({
        outcome: "paid",
        payment: {
          id,
          status: "succeeded",
          transactionId: bkash.payments.get(id)!.trxID,
          amountMinor: 125_000,
        },
      });
      expect(bkash.requestsTo("execute")).toHaveLength(1);
      expect(bkash.requestsTo("payment/status")).toHaveLength(1);
    });

    it("asks the status when execute errs: Initiated is pending", async () => {
      fresh();
      const id = await approvedPayment();
      bkash.failNextExecute();
      expect(await provider.settle!({ paymentID: id, status: "success" })).toEqual({
        outcome: "pending",
        paymentId: id,
      });
      expect(bkash.requestsTo("execute")).toHaveLength(1);
    });

    it("asks the status when execute errs: Failed is failed, with bKash's reason", async () => {
      fresh();
      const id = await approvedPayment();
      bkash.failNextExecute("2023", "Insufficient Balance", "Failed");
      expect(await provider.settle!({ paymentID: id, status: "success" })).toEqual({
        outcome: "failed",
        paymentId: id,
        reason: "bKash: Insufficient Balance (2023)",
      });
    });

    it("answers paid for an already-executed payment (2062) without executing again", async () => {
      fresh();
      const { id, trxId } = await paidPayment();
      // Another process's callback for the same payment.
      const again = await makeProvider().settle!({ paymentID: id, status: "success" });
      expect(again).toMatchObject({ outcome: "paid", payment: { id, transactionId: trxId } });
      expect(bkash.requestsTo("execute")).toHaveLength(2);
      expect(bkash.payments.get(id)!.executions).toBe(1);
    });
  });

  describe("query and cancel", () => {
    it("maps bKash's transactionStatus", async () => {
      fresh();
      const { id, trxId } = await paidPayment();
      expect(await provider.query(id)).toEqual({
        id,
        status: "succeeded",
        amountMinor: 125_000,
        currency: "BDT",
        transactionId: trxId,
        channel: "bKash",
        maskedCard: "017XXXXX575",
      });
      const { id: open } = await provider.start(startInput({ amountMinor: 50 }));
      expect(await provider.query(open)).toMatchObject({ status: "requires_payment", amountMinor: 50 });
      const expected = {
        Pending: "processing",
        Authorized: "processing",
        Failed: "canceled",
        Cancelled: "canceled",
        Expired: "canceled",
      };
      for (const [transactionStatus, status] of Object.entries(expected)) {
        bkash.setStatus(open, transactionStatus);
        expect((await provider.query(open))?.status).toBe(status);
      }
    });

    it("answers null for a payment bKash does not know, and asks nothing for a malformed id", async () => {
      fresh();
      expect(await provider.query("TR0011UNKNOWN42")).toBeNull();
      expect(bkash.requestsTo("payment/status")).toHaveLength(1);
      expect(await provider.query("pi_3abc/../x")).toBeNull();
      expect(bkash.requestsTo("payment/status")).toHaveLength(1);
    });

    it("cancels (lets lapse) anything but a completed payment", async () => {
      fresh();
      const { id: open } = await provider.start(startInput());
      expect(await provider.cancel(open)).toBe(true);
      expect(await provider.cancel("TR0011UNKNOWN42")).toBe(true);
      const { id: paid } = await paidPayment();
      expect(await provider.cancel(paid)).toBe(false);
    });
  });

  describe("refund", () => {
    it("refunds the whole payment", async () => {
      fresh();
      const { id, trxId } = await paidPayment();
      const refund = await provider.refund({
        paymentId: id,
        transactionId: trxId,
        amountMinor: 125_000,
        currency: "BDT",
        reason: "Admission withdrawn",
        refundId: "refund-1",
      });
      const refunds = bkash.payments.get(id)!.refunds;
      expect(refund).toEqual({ providerRefundId: refunds[0]!.refundTrxID, status: "succeeded" });
      expect(bkash.requestsTo("payment/refund")[0]!.body).toEqual({
        paymentID: id,
        trxID: trxId,
        amount: "1250.00",
        sku: "fees",
        reason: "Admission withdrawn",
      });
    });

    it("refunds in parts, truncates a long reason, and refuses more than was paid", async () => {
      fresh();
      const { id, trxId } = await paidPayment();
      const base = { paymentId: id, transactionId: trxId, currency: "BDT", refundId: "r" };
      await provider.refund({ ...base, amountMinor: 25_000, reason: "x".repeat(400) });
      expect(bkash.requestsTo("payment/refund")[0]!.body.reason).toBe("x".repeat(255));
      await provider.refund({ ...base, amountMinor: 100_000, reason: "The rest" });
      expect(bkash.payments.get(id)!.refundedMinor).toBe(125_000);
      const error = await provider
        .refund({ ...base, amountMinor: 1, reason: "One paisa more" })
        .catch((e) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error.message).toBe(
        "bKash did not refund: The reversal amount cannot be greater than the original transaction amount (2026)",
      );
      expect(bkash.payments.get(id)!.refunds).toHaveLength(2);
    });

    it("needs the trxID", async () => {
      fresh();
      const { id } = await paidPayment();
      await expect(
        provider.refund({
          paymentId: id,
          transactionId: null,
          amountMinor: 100,
          currency: "BDT",
          reason: "r",
          refundId: "r",
        }),
      ).rejects.toThrow(PaymentProviderError);
    });
  });
});
