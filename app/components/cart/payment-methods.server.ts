// The payment page's tabs: the nested pages of the providers offered here, in the page's order
// (server/payments/payments.ts), so that the first is the default.
import type { Payments } from "../../../server/payments/payments";

export type PaymentMethod = "stripe" | "ssl" | "bkash";

const pageOf = { stripe: "stripe", test: "stripe", sslcommerz: "ssl", bkash: "bkash" } as const;

export const offeredMethods = (payments: Payments): PaymentMethod[] => [
  ...new Set(payments.offered.map((provider) => pageOf[provider.kind])),
];
