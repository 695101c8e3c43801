// The payment providers of this site, side by side: the configured ones, or with none configured
// the built-in stand-ins of all three (test card, SSLCommerz and bKash through the local test
// gateway), so a fresh install can try every flow. The stand-ins stay reachable after a real
// provider is configured, for the test orders made before it.
import type { PaymentProvider, PaymentProviderKind } from "./provider";

export type Payments = {
  /** No provider is configured: the stand-ins take payments and no money moves. */
  testMode: boolean;
  /** What the payment page offers, in its order; the first is the default. */
  offered: PaymentProvider[];
  /** The offered provider of this name ("stripe" in test mode is the test card); undefined: not offered. */
  find(kind: PaymentProviderKind): PaymentProvider | undefined;
  /** The provider that took an order; undefined when it is no longer configured. */
  of(order: { provider: string; testMode: boolean }): PaymentProvider | undefined;
};

/** The order of the payment page's tabs (the specification's stripe, then ssl), and the default. */
const pageOrder: PaymentProviderKind[] = ["stripe", "test", "sslcommerz", "bkash"];

export function paymentsOf(configured: PaymentProvider[], standIns: PaymentProvider[]): Payments {
  const testMode = configured.length === 0;
  const offered = [...(testMode ? standIns : configured)].sort(
    (a, b) => pageOrder.indexOf(a.kind) - pageOrder.indexOf(b.kind),
  );
  return {
    testMode,
    offered,
    find(kind) {
      const wanted = testMode && kind === "stripe" ? "test" : kind;
      return offered.find((provider) => provider.kind === wanted);
    },
    of(order) {
      const pool = order.testMode || order.provider === "test" ? standIns : configured;
      return pool.find((provider) => provider.kind === order.provider);
    },
  };
}
