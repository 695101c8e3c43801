// bKash Tokenized Checkout (v1.2.0-beta, the "without agreement" flow, mode 0011) as a redirect
// provider: the payment is created here, the buyer approves it on bKash's page, bKash sends the
// buyer back to our callback, and the payment is executed (the money moves) and read back here.
//
// What bKash's developer docs (developer.bka.sh) and its own WooCommerce plugin
// (github.com/bKash-developer/bKash-for-woocommerce, includes/classes/ApiComm.php) say, and what
// this client does with it:
// - Every call is a JSON POST. Errors mostly come back as HTTP 200 with a statusCode other than
//   "0000" (statusMessage), some as errorCode/errorMessage; the API gateway in front answers
//   HTTP 401 {"message": ...} to a missing or expired id_token. All three count as errors here.
// - The id_token lasts an hour and is refreshed with the refresh token; bKash blocks callers that
//   ask for tokens too often, so one token is shared by every app process through the TokenStore.
// - When execute does not answer (timeout, network) or answers an error, bKash's plugin asks the
//   payment's status before deciding; so does this client, and it never sends execute twice.

import type { BkashConfig } from "../config";
import {
  decimalAmount,
  minorOfDecimal,
  type PaymentProvider,
  PaymentProviderError,
  PaymentReportError,
  type ProviderPayment,
  type RefundResult,
  type Settlement,
  type StoredToken,
  type TokenStore,
} from "./provider";

export type BkashOptions = {
  /** The app's public origin: bKash sends the buyer back to its callback. */
  publicUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** How long any call may take (default 20 s). */
  timeoutMs?: number;
  /** How long execute may take (default 30 s, bKash's recommended API timeout). */
  executeTimeoutMs?: number;
  now?: () => number;
};

export const bkashSandboxUrl = "https://tokenized.sandbox.bka.sh/v1.2.0-beta";
export const bkashLiveUrl = "https://tokenized.pay.bka.sh/v1.2.0-beta";

/**
 * bKash documents no per-payment maximum for the payment gateway (its limits page says "not
 * applicable" for payments; what a wallet can pay is capped by the wallet's own balance and the
 * merchant's agreement). 25,000.00 BDT keeps one fee payment within what an ordinary customer
 * wallet can send in a day.
 */
export const bkashMaxAmountMinor = 2_500_000;

/** The token store's key for the shared id_token. */
const tokenKey = "bkash";
/** A token with less than this left is renewed first: a call must not outlive it. */
const tokenMarginMs = 60_000;
/** bKash's refresh tokens last 28 days. */
const refreshLifetimeMs = 28 * 24 * 60 * 60 * 1000;
/** bKash's limit on merchantInvoiceNumber (and it must not contain <, > or &). */
const invoiceNumberMax = 255;
/** bKash's limit on a refund's reason. */
const refundReasonMax = 255;
/** What bKash's paymentIDs look like ("TR0011ON1565154754797"); anything else is not sent. */
const paymentIdPattern = /^[A-Za-z0-9]{1,100}$/;

/** Invalid Payment ID, Transaction not found: bKash knows no such payment. */
const unknownPaymentCodes = new Set(["2002", "2033"]);

const paths = {
  grant: "/tokenized/checkout/token/grant",
  refresh: "/tokenized/checkout/token/refresh",
  create: "/tokenized/checkout/create",
  execute: "/tokenized/checkout/execute",
  status: "/tokenized/checkout/payment/status",
  refund: "/tokenized/checkout/payment/refund",
} as const;

type Answer = Record<string, unknown>;
type Reply = { httpStatus: number; body: Answer };
type BkashFailure = { code: string; message: string };

const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;

/** What went wrong in an answer, whichever of bKash's envelopes it came in; null: it is a success. */
function failureOf({ httpStatus, body }: Reply): BkashFailure | null {
  const errorCode = text(body.errorCode);
  if (errorCode) {
    return { code: errorCode, message: text(body.errorMessage) ?? text(body.errorMessageEn) ?? "" };
  }
  const statusCode = text(body.statusCode);
  if (statusCode && statusCode !== "0000")
    return { code: statusCode, message: text(body.statusMessage) ?? "" };
  if (httpStatus < 200 || httpStatus > 299) {
    return { code: `HTTP ${httpStatus}`, message: text(body.message) ?? "" };
  }
  // The gateway's own refusals carry only a message.
  if (!statusCode && text(body.message)) return { code: "gateway", message: text(body.message) ?? "" };
  return null;
}

const explain = (failure: BkashFailure) =>
  failure.message ? `${failure.message} (${failure.code})` : `code ${failure.code}`;

/** "01770618575" -> "017XXXXX575", as bKash shows wallet numbers on receipts. */
export function maskedMsisdn(msisdn: string): string {
  const digits = msisdn.trim();
  if (digits.length < 7) return "X".repeat(digits.length);
  return `${digits.slice(0, 3)}${"X".repeat(digits.length - 6)}${digits.slice(-3)}`;
}

/** A Bangladeshi mobile number as bKash's page takes it ("01XXXXXXXXX"), or null. */
function walletNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[\s\-()]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  if (digits.startsWith("880")) digits = digits.slice(2);
  return /^01[3-9]\d{8}$/.test(digits) ? digits : null;
}

function statusOf(transactionStatus: string | null): ProviderPayment["status"] {
  switch (transactionStatus) {
    case "Completed":
      return "succeeded";
    case "Initiated":
      return "requires_payment";
    case "Failed":
    case "Cancelled":
    case "Expired":
    case "Declined":
      return "canceled";
    default:
      // "Pending", "Authorized" and anything new: bKash has not decided, so neither do we.
      return "processing";
  }
}

export function createBkashProvider(config: BkashConfig, options: BkashOptions): PaymentProvider {
  const baseUrl = (config.apiUrl ?? (config.live ? bkashLiveUrl : bkashSandboxUrl)).replace(/\/+$/, "");
  const callbackUrl = `${options.publicUrl.replace(/\/+$/, "")}/api/payments/bkash/callback`;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const executeTimeoutMs = options.executeTimeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const { tokens } = options;

  /** One POST; throws PaymentProviderError when bKash does not answer in time or at all. */
  async function post(path: string, body: Answer, headers: Record<string, string>, ms: number) {
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ms),
      });
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      // The cause is kept for the logs; it names the URL, never the headers.
      throw new PaymentProviderError(
        timedOut ? `bKash did not answer ${path} within ${ms} ms` : `bKash could not be reached for ${path}`,
        { cause: error },
      );
    }
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : {};
    } catch {
      // Not JSON (an HTML error page from a proxy): judged by the HTTP status below.
    }
    const answer = parsed && typeof parsed === "object" ? (parsed as Answer) : {};
    if (parsed === null && response.ok) {
      throw new PaymentProviderError(`bKash answered ${path} with something other than JSON`);
    }
    return { httpStatus: response.status, body: answer } satisfies Reply;
  }

  // --- The shared id_token -------------------------------------------------------------------

  const credentialHeaders = { username: config.username, password: config.password };

  function storedTokenOf(reply: Reply, doing: string, previous: StoredToken | null): StoredToken {
    const failure = failureOf(reply);
    const accessToken = text(reply.body.id_token);
    if (failure || !accessToken) {
      throw new PaymentProviderError(
        `bKash refused to ${doing}: ${failure ? explain(failure) : "no id_token in the answer"}`,
      );
    }
    const expiresIn = Number(reply.body.expires_in);
    const refreshToken = text(reply.body.refresh_token) ?? previous?.refreshToken ?? null;
    // A refresh that hands back the same refresh token does not extend its 28 days.
    const sameRefresh = previous !== null && refreshToken === previous.refreshToken;
    return {
      accessToken,
      refreshToken,
      expiresAt: new Date(now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000),
      refreshExpiresAt: sameRefresh
        ? previous.refreshExpiresAt
        : refreshToken
          ? new Date(now() + refreshLifetimeMs)
          : null,
    };
  }

  async function grant(): Promise<StoredToken> {
    const reply = await post(
      paths.grant,
      { app_key: config.appKey, app_secret: config.appSecret },
      credentialHeaders,
      timeoutMs,
    );
    return storedTokenOf(reply, "grant a token", null);
  }

  async function refresh(stored: StoredToken & { refreshToken: string }): Promise<StoredToken> {
    const reply = await post(
      paths.refresh,
      { app_key: config.appKey, app_secret: config.appSecret, refresh_token: stored.refreshToken },
      credentialHeaders,
      timeoutMs,
    );
    return storedTokenOf(reply, "refresh the token", stored);
  }

  /** Has more than a minute left. */
  const usable = (token: StoredToken) => token.expiresAt.getTime() - now() > tokenMarginMs;

  /** A new token: refreshed while the refresh token lasts, else granted; then stored for all. */
  async function renewNow(rejected: string | null): Promise<StoredToken> {
    // Another process may have renewed it since this one looked.
    const stored = await tokens.read(tokenKey);
    if (stored && usable(stored) && stored.accessToken !== rejected) return stored;
    let next: StoredToken | null = null;
    const refreshToken = stored?.refreshToken;
    const refreshLasts = stored?.refreshExpiresAt
      ? stored.refreshExpiresAt.getTime() - now() > tokenMarginMs
      : true;
    if (stored && refreshToken && refreshLasts) {
      // A refused refresh (revoked, or older than bKash says) falls back to a grant.
      next = await refresh({ ...stored, refreshToken }).catch(() => null);
    }
    next ??= await grant();
    await tokens.write(tokenKey, next);
    return next;
  }

  // Concurrent renewals in this process share one request to bKash.
  let renewing: Promise<StoredToken> | null = null;
  function renew(rejected: string | null): Promise<StoredToken> {
    if (!renewing) {
      renewing = renewNow(rejected).finally(() => {
        renewing = null;
      });
    }
    return renewing;
  }

  async function accessToken(): Promise<string> {
    const stored = await tokens.read(tokenKey);
    if (stored && usable(stored)) return stored.accessToken;
    return (await renew(stored?.accessToken ?? null)).accessToken;
  }

  /**
   * A call with the shared token. A token the gateway refuses (HTTP 401: expired early, or
   * renewed elsewhere) is renewed and the call made once more: a refused call never reached
   * bKash, so even execute is not sent twice by this.
   */
  async function call(path: string, body: Answer, ms = timeoutMs): Promise<Reply> {
    const send = (token: string) =>
      post(path, body, { authorization: token, "x-app-key": config.appKey }, ms);
    const token = await accessToken();
    const reply = await send(token);
    if (reply.httpStatus !== 401) return reply;
    const again = await send((await renew(token)).accessToken);
    if (again.httpStatus === 401) throw new PaymentProviderError(`bKash refused a new token for ${path}`);
    return again;
  }

  // --- Payments ----------------------------------------------------------------------------

  /** A payment as bKash describes it in execute's and status's answers. */
  function paymentOf(paymentId: string, body: Answer): ProviderPayment {
    const amountMinor = minorOf(body.amount);
    const msisdn = text(body.customerMsisdn);
    const trxId = text(body.trxID);
    return {
      id: text(body.paymentID) ?? paymentId,
      status: statusOf(text(body.transactionStatus)),
      amountMinor,
      currency: (text(body.currency) ?? "BDT").toUpperCase(),
      ...(trxId ? { transactionId: trxId } : {}),
      channel: "bKash",
      ...(msisdn ? { maskedCard: maskedMsisdn(msisdn) } : {}),
    };
  }

  function minorOf(amount: unknown): number {
    const minor = minorOfDecimal(amount);
    if (minor === null) throw new PaymentProviderError("bKash answered with an amount that is not one");
    return minor;
  }

  /** payment/status: the answer, or null when bKash knows no such payment. */
  async function paymentStatus(paymentId: string): Promise<Answer | null> {
    const reply = await call(paths.status, { paymentID: paymentId });
    const failure = failureOf(reply);
    if (failure && unknownPaymentCodes.has(failure.code)) return null;
    if (failure)
      throw new PaymentProviderError(`bKash did not tell the payment's status: ${explain(failure)}`);
    return reply.body;
  }

  const provider: PaymentProvider = {
    kind: "bkash",
    testMode: false,
    flow: "redirect",
    publishableKey: null,
    maxAmountMinor: bkashMaxAmountMinor,
    settleTakesMoney: true,
    currencies: ["BDT"],

    async start(input) {
      if (input.currency.toUpperCase() !== "BDT") throw new PaymentProviderError("bKash takes only BDT");
      if (!Number.isInteger(input.amountMinor) || input.amountMinor < 1) {
        throw new PaymentProviderError("bKash takes only amounts of at least 0.01 BDT");
      }
      // The order id (a 36-character UUID) fits bKash's 255 characters and is what the
      // institute's books look up; the attempt id stands in for anything that would not fit.
      const invoice =
        input.orderId.length <= invoiceNumberMax && !/[<>&]/.test(input.orderId)
          ? input.orderId
          : input.attemptId;
      const reply = await call(paths.create, {
        mode: "0011",
        // Shown pre-filled on bKash's page; bKash asks for the wallet number there anyway.
        payerReference: walletNumber(input.customer.phone) ?? "0",
        callbackURL: callbackUrl,
        amount: decimalAmount(input.amountMinor),
        currency: "BDT",
        intent: "sale",
        merchantInvoiceNumber: invoice,
      });
      const failure = failureOf(reply);
      if (failure) throw new PaymentProviderError(`bKash did not create the payment: ${explain(failure)}`);
      const id = text(reply.body.paymentID);
      const redirectUrl = text(reply.body.bkashURL);
      if (!id || !redirectUrl)
        throw new PaymentProviderError("bKash created the payment without paymentID or bkashURL");
      return { id, redirectUrl };
    },

    async settle(report) {
      const paymentId = report.paymentID;
      if (typeof paymentId !== "string" || !paymentIdPattern.test(paymentId)) {
        throw new PaymentReportError("The bKash callback names no valid paymentID");
      }
      if (report.status === "failure") {
        return { outcome: "failed", paymentId, reason: "The payment failed at bKash" };
      }
      if (report.status === "cancel") {
        return { outcome: "cancelled", paymentId, reason: "The buyer cancelled the payment at bKash" };
      }
      if (report.status !== "success") {
        throw new PaymentReportError(`The bKash callback says "${String(report.status).slice(0, 20)}"`);
      }

      // Execute moves the money. Sent once: whatever happens to it, the status decides after.
      let executeFailure: BkashFailure | null = null;
      try {
        const reply = await call(paths.execute, { paymentID: paymentId }, executeTimeoutMs);
        executeFailure = failureOf(reply);
        if (!executeFailure && text(reply.body.transactionStatus) === "Completed") {
          return { outcome: "paid", payment: paymentOf(paymentId, reply.body) };
        }
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
      }

      const status = await paymentStatus(paymentId);
      if (!status) throw new PaymentReportError(`bKash knows no payment ${paymentId}`);
      const payment = paymentOf(paymentId, status);
      const settlement: Settlement =
        payment.status === "succeeded"
          ? { outcome: "paid", payment }
          : payment.status === "canceled"
            ? {
                outcome: "failed",
                paymentId,
                reason: executeFailure
                  ? `bKash: ${explain(executeFailure)}`
                  : `bKash: the payment is ${text(status.transactionStatus)}`,
              }
            : { outcome: "pending", paymentId };
      return settlement;
    },

    async query(id) {
      if (!paymentIdPattern.test(id)) return null;
      const status = await paymentStatus(id);
      return status ? paymentOf(id, status) : null;
    },

    async cancel(id) {
      // bKash has no cancel: a payment that is not executed lapses by itself.
      const payment = await provider.query(id);
      return payment === null || payment.status === "requires_payment" || payment.status === "canceled";
    },

    async refund(input): Promise<RefundResult> {
      // bKash takes no idempotency key for refunds (input.refundId has nowhere to go): the
      // domain must not send one refund twice.
      if (!input.transactionId) throw new PaymentProviderError("The payment has no bKash trxID to refund");
      if (input.currency.toUpperCase() !== "BDT") throw new PaymentProviderError("bKash refunds only BDT");
      const reply = await call(paths.refund, {
        paymentID: input.paymentId,
        trxID: input.transactionId,
        amount: decimalAmount(input.amountMinor),
        sku: "fees",
        reason: [...input.reason].slice(0, refundReasonMax).join("") || "Refund",
      });
      const failure = failureOf(reply);
      if (failure) throw new PaymentProviderError(`bKash did not refund: ${explain(failure)}`);
      const refundTrxId = text(reply.body.refundTrxID);
      if (!refundTrxId) throw new PaymentProviderError("bKash answered the refund without a refundTrxID");
      return {
        providerRefundId: refundTrxId,
        status: text(reply.body.transactionStatus) === "Completed" ? "succeeded" : "pending",
      };
    },
  };
  return provider;
}
