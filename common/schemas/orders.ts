// What the cart and the payment calls take: shared by the pages (to check before sending) and
// the server (which checks again and alone decides prices).

import { z } from "zod";
import { parseExpiry } from "../card-form";
import { issue, issueOf } from "../errors/problem";
import { uuidPattern } from "../ids";
import { readPrice } from "../money";
import { maxQuantity } from "../pricing";
import { email, requiredText, textTypeError } from "./fields";

/** What an order can be: the database's list (server/db/schema.ts), for the pages and the API. */
export const orderStatuses = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "paid_after_expiry",
  // The provider took it but flagged it as risky (SSLCommerz's risk_level 1): an admin decides.
  "on_hold",
  // Every taka given back (a part refunded stays "paid", with its refunded amount).
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Statuses whose money was taken and may be given back (server/domain/refunds.ts). */
export const refundableStatuses: readonly OrderStatus[] = ["paid", "on_hold", "paid_after_expiry"];

/** A status from an address (?status=paid); anything else is no filter. */
export const orderStatusOf = (value: string | null | undefined): OrderStatus | undefined =>
  orderStatuses.find((status) => status === value);

/** The most lines one order may hold. */
export const maxCartLines = 50;

const quantityMessage = issue("cart.quantity", { max: maxQuantity });

const admissionId = z
  .string({ error: textTypeError("admissionId") })
  .regex(uuidPattern, { error: issue("cart.notAdmissionId") });

/**
 * One line: the admission's id under `id` or under `_id` (the wire name of every record), the
 * same admission if both are sent.
 */
export const cartItem = z
  .object(
    {
      id: admissionId.optional(),
      _id: admissionId.optional(),
      quantity: z
        .number({ error: quantityMessage })
        .int({ error: quantityMessage })
        .min(1, { error: quantityMessage })
        .max(maxQuantity, { error: quantityMessage }),
    },
    { error: issue("cart.itemShape", { shape: "{id, quantity}" }) },
  )
  .transform(({ id, _id, quantity }, ctx) => {
    if (id && _id && id.toLowerCase() !== _id.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["_id"], message: issue("cart.idsDiffer") });
      return z.NEVER;
    }
    const chosen = id ?? _id;
    if (!chosen) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: issue("field.required", { label: "admissionId" }),
      });
      return z.NEVER;
    }
    return { id: chosen, quantity };
  });

/** The cart's lines, each admission once. An empty cart is a valid quote (of nothing). */
export const cartItems = z
  .array(cartItem, { error: issue("cart.itemsShape", { shape: "{id, quantity}" }) })
  .max(maxCartLines, { error: issue("cart.tooManyLines", { max: maxCartLines }) })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      // Lines that failed their own checks are not read here.
      if (typeof item?.id !== "string") return;
      const id = item.id.toLowerCase();
      if (seen.has(id)) {
        ctx.addIssue({ code: "custom", path: [index, "id"], message: issue("cart.twice") });
      }
      seen.add(id);
    });
  });

export type CartItem = z.infer<typeof cartItem>;

/** A price as the earlier pages sent it, in major units (120.5), to minor units (12050). */
export const majorUnitPrice = z
  .union([z.number(), z.string()], { error: issue("price.wireAmount") })
  .transform((value, ctx) => {
    const read = readPrice(value);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: issueOf(read.error) });
      return z.NEVER;
    }
    return read.minor;
  });

export const paymentIntentInput = z.object({
  items: cartItems,
  /** The total the page showed, in major units: only compared with the server's. */
  price: majorUnitPrice.optional(),
});

const expiryMonth = z.coerce
  .number({ error: issue("card.expiryMonth") })
  .int({ error: issue("card.expiryMonth") })
  .min(1, { error: issue("card.expiryMonth") })
  .max(12, { error: issue("card.expiryMonth") });

const expiryYear = z.coerce
  .number({ error: issue("card.expiryYear") })
  .int({ error: issue("card.expiryYear") })
  .refine((year) => (year >= 0 && year <= 99) || (year >= 2000 && year <= 2099), {
    error: issue("card.expiryYearForm"),
  });

export const billingInput = z.object({
  name: requiredText("name", 100),
  email: email(),
  address: requiredText("address", 300),
});

const cardNumber = z
  .string({ error: issue("card.number") })
  .trim()
  .refine((value) => /^[\d -]+$/.test(value) && /^\d{12,19}$/.test(value.replace(/[\s-]/g, "")), {
    error: issue("card.number"),
  });

const securityCode = z
  .string({ error: issue("card.securityCode") })
  .trim()
  .regex(/^\d{3,4}$/, { error: issue("card.securityCode") });

/** The built-in test mode's card form (Stripe's own form takes the card when Stripe is on). */
export const testPaymentInput = z.object({
  clientSecret: z
    .string({ error: textTypeError("clientSecret") })
    .min(1, { error: issue("field.required", { label: "clientSecret" }) })
    .max(200, { error: issue("card.secretTooLong") }),
  cardNumber,
  expMonth: expiryMonth,
  expYear: expiryYear,
  cvc: securityCode,
  billing: billingInput,
});

/**
 * The card page's form as typed: the billing details and, in test mode, the card (its expiry as
 * one "MM/YY" field; Stripe's own field takes the card otherwise, so those fields are absent).
 * The same rules as testPaymentInput, which the server applies to what the form sends.
 */
export const cardFormInput = billingInput.extend({
  cardNumber: cardNumber.optional(),
  expiry: z
    .string({ error: issue("card.expiry") })
    .refine((value) => parseExpiry(value) !== undefined, { error: issue("card.expiry") })
    .optional(),
  cvc: securityCode.optional(),
});

export type TestPaymentInput = z.input<typeof testPaymentInput>;

/** PUT /Admition/admitCollection/{id}: only the transaction is used; the rest is not believed. */
export const recordPaymentInput = z.object({
  transaction: z
    .string({ error: textTypeError("transaction", issue("card.transactionRequired")) })
    .trim()
    .min(1, { error: issue("card.transactionRequired") })
    .max(255, { error: issue("field.tooLong", { label: "transaction", max: 255 }) }),
  amount: z.unknown().optional().describe("Ignored: the amount is read from the payment provider"),
  created: z.unknown().optional().describe("Ignored: the time is read from the payment provider"),
  last4: z
    .unknown()
    .optional()
    .describe("Ignored: the card's last digits are read from the payment provider"),
});

/** An admin's refund: an amount in major units (none: all that is left) and why. */
export const refundInput = z.object({
  amount: majorUnitPrice
    .refine((minor) => minor > 0, { error: issue("payment.amountPositive") })
    .optional()
    .describe("In major units (1250.50); leave out to refund all that is left"),
  reason: requiredText("reason", 250),
});

/** The providers a payment may go to (server/payments/provider.ts). */
export const paymentProviderNames = ["stripe", "sslcommerz", "bkash", "test"] as const;

export const paymentIntentRequest = paymentIntentInput.extend({
  provider: z
    .enum(paymentProviderNames, {
      error: issue("payment.provider", { names: paymentProviderNames.join(", ") }),
    })
    .optional()
    .describe(
      "Default: the first provider offered (stripe, then sslcommerz, then bkash; test when none is configured)",
    ),
});
