// What the cart and the payment calls take: shared by the pages (to check before sending) and
// the server (which checks again and alone decides prices).

import { z } from "zod";
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

const quantityMessage = `Quantity must be a whole number from 1 to ${maxQuantity}`;

const admissionId = z
  .string({ error: textTypeError("Admission id") })
  .regex(uuidPattern, { error: "Not an admission id" });

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
    { error: "Each item must be {id, quantity}" },
  )
  .transform(({ id, _id, quantity }, ctx) => {
    if (id && _id && id.toLowerCase() !== _id.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["_id"], message: "_id and id name different admissions" });
      return z.NEVER;
    }
    const chosen = id ?? _id;
    if (!chosen) {
      ctx.addIssue({ code: "custom", path: ["id"], message: "Admission id is required" });
      return z.NEVER;
    }
    return { id: chosen, quantity };
  });

/** The cart's lines, each admission once. An empty cart is a valid quote (of nothing). */
export const cartItems = z
  .array(cartItem, { error: "Items must be a list of {id, quantity}" })
  .max(maxCartLines, { error: `At most ${maxCartLines} different admissions per order` })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      // Lines that failed their own checks are not read here.
      if (typeof item?.id !== "string") return;
      const id = item.id.toLowerCase();
      if (seen.has(id)) {
        ctx.addIssue({ code: "custom", path: [index, "id"], message: "This admission is in the cart twice" });
      }
      seen.add(id);
    });
  });

export type CartItem = z.infer<typeof cartItem>;

/** A price as the earlier pages sent it, in major units (120.5), to minor units (12050). */
export const majorUnitPrice = z
  .union([z.number(), z.string()], { error: "Price must be an amount such as 120.50" })
  .transform((value, ctx) => {
    const read = readPrice(value);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
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
  .number({ error: "Enter the expiry month (1 to 12)" })
  .int({ error: "Enter the expiry month (1 to 12)" })
  .min(1, { error: "Enter the expiry month (1 to 12)" })
  .max(12, { error: "Enter the expiry month (1 to 12)" });

const expiryYear = z.coerce
  .number({ error: "Enter the expiry year" })
  .int({ error: "Enter the expiry year" })
  .refine((year) => (year >= 0 && year <= 99) || (year >= 2000 && year <= 2099), {
    error: "Enter the expiry year, such as 2030 or 30",
  });

export const billingInput = z.object({
  name: requiredText("Name", 100),
  email: email(),
  address: requiredText("Address", 300),
});

/** The built-in test mode's card form (Stripe's own form takes the card when Stripe is on). */
export const testPaymentInput = z.object({
  clientSecret: z
    .string({ error: textTypeError("The client secret", "The client secret is required") })
    .min(1, { error: "The client secret is required" })
    .max(200, { error: "The client secret is too long" }),
  cardNumber: z
    .string({ error: "Enter the card number" })
    .trim()
    .refine((value) => /^[\d -]+$/.test(value) && /^\d{12,19}$/.test(value.replace(/[\s-]/g, "")), {
      error: "Enter the card number",
    }),
  expMonth: expiryMonth,
  expYear: expiryYear,
  cvc: z
    .string({ error: "Enter the 3 or 4 digit security code" })
    .trim()
    .regex(/^\d{3,4}$/, { error: "Enter the 3 or 4 digit security code" }),
  billing: billingInput,
});

export type TestPaymentInput = z.input<typeof testPaymentInput>;

/** PUT /Admition/admitCollection/{id}: only the transaction is used; the rest is not believed. */
export const recordPaymentInput = z.object({
  transaction: z
    .string({ error: textTypeError("transaction", "transaction is required: the payment intent id") })
    .trim()
    .min(1, { error: "transaction is required: the payment intent id" })
    .max(255, { error: "transaction must be at most 255 characters" }),
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
    .refine((minor) => minor > 0, { error: "Amount must be more than 0" })
    .optional()
    .describe("In major units (1250.50); leave out to refund all that is left"),
  reason: requiredText("Reason", 250),
});

/** The providers a payment may go to (server/payments/provider.ts). */
export const paymentProviderNames = ["stripe", "sslcommerz", "bkash", "test"] as const;

export const paymentIntentRequest = paymentIntentInput.extend({
  provider: z
    .enum(paymentProviderNames, { error: `provider must be one of ${paymentProviderNames.join(", ")}` })
    .optional()
    .describe(
      "Default: the first provider offered (stripe, then sslcommerz, then bkash; test when none is configured)",
    ),
});
