// The calls the redirect providers make: SSLCommerz's IPN and the buyer's return from its page
// (form posts from SSLCommerz's site, so mounted ahead of the same-origin guard), and bKash's
// callback (the buyer's browser coming back). Each report is checked with the provider before
// anything changes (server/domain/payment-returns.ts); the buyer lands on the payment page with
// the outcome. Documented by hand in the OpenAPI document (paymentReturnOperations).

import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { problem } from "../../common/errors/problem";
import type { Services } from "../container";
import { admissionApplicationOf, applicationPage } from "../domain/admission-applications/payment";
import { feeOrderPage, isFeeOrder } from "../domain/fees/online-settlement";
import { settleReport } from "../domain/payment-returns";
import type { AppEnv } from "../http-env";
import type { PaymentProvider } from "../payments/provider";
import { PaymentProviderError } from "../payments/provider";
import { ApiError } from "./errors";

/** SSLCommerz's form is a few kilobytes. */
const formLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new ApiError(413, "payload_too_large", problem("request.tooLarge", { size: "64 KB" }));
  },
});

/** The form's text fields (a file or a repeated name is not something a provider sends). */
async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  if (c.req.method !== "POST") return c.req.query();
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", problem("request.sendForm"));
  }
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** The configured (not test) provider of this name, or a 404: nothing here takes its reports. */
function configured(services: Services, kind: "sslcommerz" | "bkash"): PaymentProvider {
  const provider = services.payments.find(kind);
  if (!provider || provider.testMode) {
    throw new ApiError(
      404,
      "not_found",
      problem("payment.providerNotHere", { provider: kind === "bkash" ? "bKash" : "SSLCommerz" }),
    );
  }
  return provider;
}

/** The payment page the buyer comes back to, with what happened. */
const cartPage = (page: "ssl" | "bkash", outcome: string, orderId: string | null) =>
  `/payment-getway/${page}?${new URLSearchParams({ outcome, ...(orderId ? { order: orderId } : {}) })}`;

/** The page the buyer comes back to: a fee order's own page for fees, an application's for its fee. */
async function backTo(services: Services, page: "ssl" | "bkash", outcome: string, orderId: string | null) {
  if (orderId && (await isFeeOrder(services.db, orderId))) return feeOrderPage(orderId, outcome);
  // An admission application's form fee: back to the application's own page.
  const application = await admissionApplicationOf(services.db, orderId);
  return application ? applicationPage(application, outcome) : cartPage(page, outcome, orderId);
}

export function mountPaymentReturns(app: Hono<AppEnv>, services: Services) {
  app.post("/api/payments/sslcommerz/ipn", formLimit, async (c) => {
    const provider = configured(services, "sslcommerz");
    const form = await formOf(c);
    try {
      const answer = await settleReport(services, provider, form.tran_id ?? "", form);
      return c.json({ received: true as const, outcome: answer.outcome });
    } catch (error) {
      // SSLCommerz sends the IPN again when it is not answered with 200: worth it when we could not ask.
      if (!(error instanceof PaymentProviderError)) throw error;
      c.get("logger").error({ err: error }, "an IPN could not be checked with SSLCommerz");
      throw new ApiError(502, "provider_unavailable", problem("payment.noValidation"));
    }
  });

  app.on(
    ["GET", "POST"],
    "/api/payments/sslcommerz/return/:outcome{success|fail|cancel}",
    formLimit,
    async (c) => {
      const provider = configured(services, "sslcommerz");
      const form = await formOf(c);
      const answer = await settleReport(services, provider, form.tran_id ?? "", form).catch(
        (error: unknown) => {
          if (!(error instanceof PaymentProviderError)) throw error;
          c.get("logger").error({ err: error }, "a return could not be checked with SSLCommerz");
          // The IPN or the reconciliation settles it later.
          return { outcome: "pending" as const, orderId: null };
        },
      );
      return c.redirect(await backTo(services, "ssl", answer.outcome, answer.orderId), 303);
    },
  );

  app.get("/api/payments/bkash/callback", async (c) => {
    const provider = configured(services, "bkash");
    const query = c.req.query();
    const answer = await settleReport(services, provider, query.paymentID ?? "", query).catch(
      (error: unknown) => {
        if (!(error instanceof PaymentProviderError)) throw error;
        c.get("logger").error({ err: error }, "a bKash callback could not be settled");
        return { outcome: "pending" as const, orderId: null };
      },
    );
    return c.redirect(await backTo(services, "bkash", answer.outcome, answer.orderId), 303);
  });
}

const outcomes = ["paid", "on_hold", "failed", "cancelled", "pending", "rejected"];
const errorRef = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const redirect = (page: string) => ({
  description: `To /payment-getway/${page}?outcome=${outcomes.join("|")}&order={id}`,
  headers: { Location: { schema: { type: "string" }, required: true } },
});
const form = (fields: string[]) => ({
  required: true,
  content: {
    "application/x-www-form-urlencoded": {
      schema: {
        type: "object",
        additionalProperties: { type: "string" },
        properties: Object.fromEntries(fields.map((name) => [name, { type: "string" }])),
      },
    },
  },
});
const sslFields = [
  "tran_id",
  "val_id",
  "amount",
  "currency",
  "status",
  "verify_sign",
  "verify_key",
  "risk_level",
];

/** The operations above, for the OpenAPI document, keyed by path under /api. */
export const paymentReturnOperations: Record<string, Record<string, unknown>> = {
  "/payments/sslcommerz/ipn": {
    post: {
      tags: ["Orders"],
      operationId: "postPaymentsSslcommerzIpn",
      summary: "SSLCommerz's IPN: a payment's outcome, checked by verify_sign and the validation API",
      description:
        "Register this address as the IPN URL in SSLCommerz's merchant panel. A report that is forged, " +
        "replayed or does not match its order changes nothing (outcome rejected) and is logged.",
      security: [],
      parameters: [],
      requestBody: form(sslFields),
      responses: {
        "200": {
          description: "Received: what the report did to its order",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["received", "outcome"],
                additionalProperties: false,
                properties: { received: { const: true }, outcome: { enum: outcomes } },
              },
            },
          },
        },
        "404": { description: "SSLCommerz is not configured", content: errorRef },
        "413": { description: "The body is larger than 64 KB", content: errorRef },
        "415": { description: "The body is not a form", content: errorRef },
        "502": {
          description: "SSLCommerz's validation API did not answer: send it again",
          content: errorRef,
        },
      },
    },
  },
  "/payments/sslcommerz/return/{outcome}": {
    post: {
      tags: ["Orders"],
      operationId: "postPaymentsSslcommerzReturn",
      summary: "The buyer's return from SSLCommerz (success, fail or cancel), settled like the IPN",
      description:
        "SSLCommerz posts the same fields as the IPN from the buyer's browser; the buyer lands on the payment page.",
      security: [],
      parameters: [
        { name: "outcome", in: "path", required: true, schema: { enum: ["success", "fail", "cancel"] } },
      ],
      requestBody: form(sslFields),
      responses: {
        "303": redirect("ssl"),
        "404": { description: "SSLCommerz is not configured", content: errorRef },
        "413": { description: "The body is larger than 64 KB", content: errorRef },
        "415": { description: "The body is not a form", content: errorRef },
      },
    },
  },
  "/payments/bkash/callback": {
    get: {
      tags: ["Orders"],
      operationId: "getPaymentsBkashCallback",
      summary: "The buyer's return from bKash: on success the payment is executed (once), then settled",
      description:
        "bKash sends the buyer here (this site's callbackURL) with the paymentID; when execute fails or " +
        "times out, the payment's status is asked before anything is decided.",
      security: [],
      parameters: [
        { name: "paymentID", in: "query", required: true, schema: { type: "string" } },
        { name: "status", in: "query", required: true, schema: { enum: ["success", "failure", "cancel"] } },
      ],
      responses: {
        "303": redirect("bkash"),
        "404": { description: "bKash is not configured", content: errorRef },
      },
    },
  },
};
