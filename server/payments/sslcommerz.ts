// SSLCommerz (API v4) as a payment provider: a session is opened here, the buyer pays on
// SSLCommerz's own page and comes back (and SSLCommerz posts an IPN). What comes back is only
// believed once its verify_sign matches and SSLCommerz's validation API confirms the val_id.
// Everything here follows the v4 developer guide (developer.sslcommerz.com/doc/v4) and the
// official libraries (sslcommerz/SSLCommerz-PHP, sslcommerz/SSLCommerz-NodeJS).
import { createHash, timingSafeEqual } from "node:crypto";
import type { SslcommerzConfig } from "../config";
import {
  decimalAmount,
  minorOfDecimal,
  type PaymentProvider,
  PaymentProviderError,
  PaymentReportError,
  type ProviderPayment,
  type RefundResult,
  type Settlement,
} from "./provider";

export type SslcommerzOptions = {
  /** The app's public address, without a trailing slash: where the buyer and the IPN come back to. */
  publicUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** What a refund became at SSLCommerz, from its refund query. */
export type SslcommerzRefundStatus = "succeeded" | "pending" | "cancelled";

export type SslcommerzProvider = PaymentProvider & {
  refundStatus(refundRefId: string): Promise<SslcommerzRefundStatus>;
};

const hosts = { sandbox: "https://sandbox.sslcommerz.com", live: "https://securepay.sslcommerz.com" };
const paths = {
  session: "/gwprocess/v4/api.php",
  validation: "/validator/api/validationserverAPI.php",
  // Transaction query, refund and refund query all answer at the same address; the
  // parameters say which one is meant.
  merchant: "/validator/api/merchantTransIDvalidationAPI.php",
};

/**
 * The session API takes "from 10.00 BDT to 500000.00 BDT" (total_amount, v4 developer guide and
 * the official PHP library's comments).
 */
export const sslcommerzMaxAmountMinor = 50_000_000;
export const sslcommerzMinAmountMinor = 1_000;

// Field lengths from the v4 guide's parameter tables.
const limits = { tranId: 30, refundTransId: 30, name: 50, email: 50, phone: 20, product: 255, text: 255 };

/** A report's status, and what it settles to when nothing was paid. */
const unpaidOutcomes: Record<string, "failed" | "cancelled"> = {
  FAILED: "failed",
  CANCELLED: "cancelled",
  // The buyer never tried, or the session lapsed: nothing to refuse, the buyer went away.
  UNATTEMPTED: "cancelled",
  EXPIRED: "cancelled",
};

type Answer = Record<string, unknown>;

const text = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
const clip = (value: string, length: number) => (value.length > length ? value.slice(0, length) : value);
const md5 = (value: string) => createHash("md5").update(value, "utf8").digest("hex");

/**
 * verify_sign as SSLCommerz makes it (SSLCOMMERZ_hash_varify in the official PHP library): the
 * fields named in verify_key that were sent, plus store_passwd = md5(store password), sorted by
 * name, joined as key=value with "&", and md5 of that.
 */
export function sslcommerzSignature(
  fields: Record<string, string>,
  verifyKey: string,
  storePassword: string,
): string {
  const signed = new Map<string, string>();
  for (const key of verifyKey.split(",")) {
    const value = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (typeof value === "string") signed.set(key, value);
  }
  signed.set("store_passwd", md5(storePassword));
  // PHP's ksort on these (alphabetic) names: plain byte order.
  const names = [...signed.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return md5(names.map((name) => `${name}=${signed.get(name)}`).join("&"));
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The last four digits of a masked card ("432149XXXXXX0667" -> "0667"). */
function lastFour(cardNo: string): string | undefined {
  return /[X*]\d*(\d{4})$/i.exec(cardNo)?.[1];
}

/**
 * The amount and currency of a validated transaction or a query element. SSLCommerz settles in
 * BDT: `amount` is in BDT, and for another currency `currency_amount`/`currency_type` keep what
 * was asked for (how the official PHP library compares them).
 */
function amountOf(answer: Answer): { amountMinor: number | null; currency: string } {
  const currencyType = text(answer.currency_type).toUpperCase();
  if (currencyType && currencyType !== "BDT") {
    return { amountMinor: minorOfDecimal(text(answer.currency_amount)), currency: currencyType };
  }
  return {
    amountMinor: minorOfDecimal(text(answer.amount)),
    currency: currencyType || text(answer.currency).toUpperCase() || "BDT",
  };
}

/** A paid transaction (validation answer or query element) as the order keeps it. */
function paidPayment(answer: Answer, tranId: string): ProviderPayment {
  const { amountMinor, currency } = amountOf(answer);
  if (amountMinor === null) {
    throw new PaymentProviderError(`SSLCommerz reported transaction ${tranId} with an unreadable amount`);
  }
  const cardNo = text(answer.card_no);
  const payment: ProviderPayment = {
    id: tranId,
    status: "succeeded",
    amountMinor,
    currency,
    onHold: text(answer.risk_level) === "1",
  };
  const bankTranId = text(answer.bank_tran_id);
  const valId = text(answer.val_id);
  const cardType = text(answer.card_type);
  if (bankTranId) payment.transactionId = bankTranId;
  if (valId) payment.validationId = valId;
  if (cardType) payment.channel = cardType;
  if (cardNo) payment.maskedCard = cardNo;
  const last4 = lastFour(cardNo);
  if (last4) payment.last4 = last4;
  return payment;
}

export function createSslcommerzProvider(
  config: SslcommerzConfig,
  options: SslcommerzOptions,
): SslcommerzProvider {
  const base = config.apiUrl ?? (config.live ? hosts.live : hosts.sandbox);
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const credentials = { store_id: config.storeId, store_passwd: config.storePassword };

  /** An error's message with the store password taken out, whatever put it there. */
  const scrub = (message: string) => {
    let clean = message;
    for (const secret of [config.storePassword, encodeURIComponent(config.storePassword)]) {
      if (secret) clean = clean.split(secret).join("***");
    }
    return clean;
  };

  /** One call to SSLCommerz; its JSON answer, or PaymentProviderError saying what failed. */
  async function call(doing: string, path: string, parameters: Record<string, string>, post = false) {
    const url = new URL(base + path);
    const init: RequestInit = {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/json" },
    };
    if (post) {
      init.method = "POST";
      init.body = new URLSearchParams({ ...parameters, ...credentials });
    } else {
      // The validation, query and refund APIs take their parameters, credentials included, in
      // the query string (GET), as the guide and the official libraries send them.
      for (const [name, value] of Object.entries({ ...parameters, ...credentials, v: "1", format: "json" })) {
        url.searchParams.set(name, value);
      }
    }
    let response: Response;
    try {
      response = await send(url, init);
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? scrub(`${error.message} ${(error.cause as { code?: string } | undefined)?.code ?? ""}`.trim())
            : "network error";
      // The error is not passed on as `cause`: it is logged whole, and the address fetched holds the
      // store password.
      throw new PaymentProviderError(`SSLCommerz could not be reached to ${doing}: ${reason}`);
    }
    let body: string;
    try {
      body = await response.text();
    } catch {
      throw new PaymentProviderError(`SSLCommerz's answer to ${doing} broke off`);
    }
    if (!response.ok) {
      throw new PaymentProviderError(`SSLCommerz answered HTTP ${response.status} to ${doing}`);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(body);
    } catch {
      throw new PaymentProviderError(`SSLCommerz's answer to ${doing} is not JSON`);
    }
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
      throw new PaymentProviderError(`SSLCommerz's answer to ${doing} is not a JSON object`);
    }
    const connected = text((answer as Answer).APIConnect);
    // APIConnect is DONE when SSLCommerz took the request; INVALID_REQUEST, FAILED or INACTIVE
    // mean it did not (wrong credentials, an inactive store, missing parameters).
    if (connected && connected !== "DONE") {
      throw new PaymentProviderError(`SSLCommerz refused to ${doing} (APIConnect ${connected})`);
    }
    return answer as Answer;
  }

  async function query(tranId: string): Promise<ProviderPayment | null> {
    if (!tranId || tranId.length > limits.tranId) return null;
    const answer = await call("query the transaction", paths.merchant, { tran_id: tranId });
    const elements = (Array.isArray(answer.element) ? answer.element : []).filter(
      (element): element is Answer =>
        typeof element === "object" &&
        element !== null &&
        (!element.tran_id || text(element.tran_id) === tranId),
    );
    if (elements.length === 0) return null;
    const status = (element: Answer) => text(element.status).toUpperCase();
    // One tran_id can have several attempts (a refused card, then another that pays): a paid one
    // decides, then one still in the works, then the ones that ended.
    const paid = elements.find((element) => ["VALID", "VALIDATED"].includes(status(element)));
    if (paid) return paidPayment(paid, tranId);
    const pending = elements.find((element) => status(element) === "PENDING");
    const ended = elements.find((element) => Object.hasOwn(unpaidOutcomes, status(element)));
    const decisive = pending ?? ended ?? elements[0]!;
    return {
      id: tranId,
      status: pending ? "processing" : ended ? "canceled" : "requires_payment",
      amountMinor: amountOf(decisive).amountMinor ?? 0,
      currency: amountOf(decisive).currency,
    };
  }

  async function refundStatus(refundRefId: string): Promise<SslcommerzRefundStatus> {
    const answer = await call("answer about the refund", paths.merchant, { refund_ref_id: refundRefId });
    // The refund query answers refunded, processing or cancelled.
    switch (text(answer.status).toLowerCase()) {
      case "refunded":
        return "succeeded";
      case "processing":
        return "pending";
      case "cancelled":
        return "cancelled";
      default:
        throw new PaymentProviderError(
          `SSLCommerz did not say what became of refund ${refundRefId}: ${text(answer.errorReason) || text(answer.status) || "no status"}`,
        );
    }
  }

  return {
    kind: "sslcommerz",
    testMode: false,
    flow: "redirect",
    publishableKey: null,
    maxAmountMinor: sslcommerzMaxAmountMinor,
    minAmountMinor: sslcommerzMinAmountMinor,
    currencies: ["BDT"],

    async start(input) {
      if (input.attemptId.length > limits.tranId) {
        throw new PaymentProviderError(`SSLCommerz takes a tran_id of at most ${limits.tranId} characters`);
      }
      const extras = Object.entries(input.metadata).filter(([name]) => name !== "orderId");
      const answer = await call(
        "open a payment session",
        paths.session,
        {
          total_amount: decimalAmount(input.amountMinor),
          currency: input.currency.toUpperCase(),
          tran_id: input.attemptId,
          success_url: `${publicUrl}/api/payments/sslcommerz/return/success`,
          fail_url: `${publicUrl}/api/payments/sslcommerz/return/fail`,
          cancel_url: `${publicUrl}/api/payments/sslcommerz/return/cancel`,
          ipn_url: `${publicUrl}/api/payments/sslcommerz/ipn`,
          cus_name: clip(input.customer.name.trim() || "N/A", limits.name),
          // Mandatory to the guide, as the address is: "N/A" for a phone account, like the address.
          cus_email: clip(input.customer.email ?? "N/A", limits.email),
          cus_phone: clip(input.customer.phone?.trim() || "N/A", limits.phone),
          // The guide marks the address fields mandatory; the school does not ask for one.
          cus_add1: "N/A",
          cus_city: "Dhaka",
          cus_postcode: "1000",
          cus_country: "Bangladesh",
          shipping_method: "NO",
          num_of_item: "1",
          product_name: clip(input.description, limits.product),
          product_category: "Education",
          product_profile: "non-physical-goods",
          // Returned as sent in the IPN, the validation and the query: the order, for the books.
          value_a: clip(input.orderId, limits.text),
          ...Object.fromEntries(
            extras
              .slice(0, 3)
              .map(([name, value], index) => [
                `value_${"bcd"[index]}`,
                clip(`${name}:${value}`, limits.text),
              ]),
          ),
        },
        true,
      );
      const gatewayUrl = text(answer.GatewayPageURL);
      if (text(answer.status).toUpperCase() !== "SUCCESS" || !gatewayUrl) {
        throw new PaymentProviderError(
          `SSLCommerz refused the payment session: ${scrub(text(answer.failedreason)) || "no reason given"}`,
        );
      }
      return { id: input.attemptId, redirectUrl: gatewayUrl };
    },

    async settle(report): Promise<Settlement> {
      const status = (report.status ?? "").toUpperCase();
      const tranId = report.tran_id ?? "";
      if (!tranId) throw new PaymentReportError("The SSLCommerz report names no tran_id");
      const unpaid = Object.hasOwn(unpaidOutcomes, status) ? unpaidOutcomes[status] : undefined;
      // Nothing was paid: the order stays as it is, so there is nothing to check with SSLCommerz.
      if (unpaid) {
        return { outcome: unpaid, paymentId: tranId, reason: report.error || `SSLCommerz reports ${status}` };
      }
      if (status === "PENDING") return { outcome: "pending", paymentId: tranId };
      if (status !== "VALID" && status !== "VALIDATED") {
        throw new PaymentReportError(`The SSLCommerz report has an unknown status "${clip(status, 30)}"`);
      }

      const verifySign = report.verify_sign ?? "";
      const verifyKey = report.verify_key ?? "";
      const valId = report.val_id ?? "";
      if (!verifySign || !verifyKey || !valId) {
        throw new PaymentReportError("The SSLCommerz report lacks verify_sign, verify_key or val_id");
      }
      // Only the fields in verify_key are signed: the ones acted on must be among them.
      const signedKeys = verifyKey.split(",");
      if (!["status", "tran_id", "val_id"].every((key) => signedKeys.includes(key))) {
        throw new PaymentReportError("The SSLCommerz report does not sign its status, tran_id and val_id");
      }
      const expected = sslcommerzSignature(report, verifyKey, config.storePassword);
      if (!sameText(verifySign, expected)) {
        throw new PaymentReportError(`The SSLCommerz report for ${tranId} has a wrong verify_sign`);
      }

      // A good signature is not enough (a report can be replayed): SSLCommerz must confirm it.
      const answer = await call("validate the payment", paths.validation, { val_id: valId });
      const validated = text(answer.status).toUpperCase();
      if (validated !== "VALID" && validated !== "VALIDATED") {
        throw new PaymentReportError(`SSLCommerz does not confirm ${tranId}: ${validated || "no status"}`);
      }
      if (text(answer.tran_id) !== tranId) {
        throw new PaymentReportError(
          `SSLCommerz's val_id ${valId} is for another transaction than ${tranId}`,
        );
      }
      return { outcome: "paid", payment: paidPayment({ val_id: valId, ...answer }, tranId) };
    },

    query,

    async cancel(id) {
      // SSLCommerz has no call to close a session, and a session nobody has opened yet is not
      // listed but can still be paid: only one SSLCommerz reports failed or cancelled is over.
      const payment = await query(id);
      return payment?.status === "canceled";
    },

    async refund(input): Promise<RefundResult> {
      if (!input.transactionId) {
        throw new PaymentProviderError(`Payment ${input.paymentId} has no bank_tran_id to refund`);
      }
      if (input.currency.toUpperCase() !== "BDT") {
        throw new PaymentProviderError(`SSLCommerz refunds BDT, not ${input.currency}`);
      }
      const answer = await call("refund the payment", paths.merchant, {
        bank_tran_id: input.transactionId,
        refund_amount: decimalAmount(input.amountMinor),
        refund_remarks: clip(input.reason.trim() || "Refund", limits.text),
        // refund_trans_id (mandatory since 24 Feb 2025, at most 30 characters) keeps retries of
        // one refund to one refund; a longer refundId is shortened to the same value every time.
        refund_trans_id:
          input.refundId.length <= limits.refundTransId
            ? input.refundId
            : createHash("sha256").update(input.refundId).digest("hex").slice(0, limits.refundTransId),
        refe_id: clip(input.refundId, 50),
      });
      const status = text(answer.status).toLowerCase();
      const refundRefId = text(answer.refund_ref_id);
      if ((status === "success" || status === "processing") && refundRefId) {
        return { providerRefundId: refundRefId, status: status === "success" ? "succeeded" : "pending" };
      }
      throw new PaymentProviderError(
        `SSLCommerz refused the refund of ${input.paymentId}: ${text(answer.errorReason) || status || "no reason given"}`,
      );
    },

    refundStatus,
  };
}
