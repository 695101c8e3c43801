// The loader and action behind the redirect providers' panels (payment.ssl.tsx, payment.bkash.tsx).
import type { RouterContextProvider } from "react-router";
import { DomainError } from "../../../server/domain/errors";
import { getOrder } from "../../../server/domain/orders/queries";
import { pageOf, requireUserPage } from "../../lib/page.server";
import { jsonBody } from "./orders.server";
import { type RedirectPayProps, type ReturnOutcome, returnOutcomes } from "./redirect-pay";
import { startPayment } from "./start-payment.server";

type Context = Readonly<RouterContextProvider>;

/**
 * Whether the provider is offered, and what happened when the buyer comes back. The address only
 * says what the provider reported; "paid" is shown only when the order is paid, so a hand-made
 * address cannot show a payment that was not made.
 */
export async function redirectPayLoader(
  context: Context,
  request: Request,
  provider: "sslcommerz" | "bkash",
): Promise<(RedirectPayProps & { offered: true }) | { offered: false }> {
  const actor = requireUserPage(context, request);
  const { services } = pageOf(context);
  const offered = services.payments.find(provider);
  if (!offered) return { offered: false };
  const url = new URL(request.url);
  const said = returnOutcomes.find((one) => one === url.searchParams.get("outcome")) ?? null;
  let orderId: string | null = null;
  let outcome: ReturnOutcome | null = said;
  const asked = url.searchParams.get("order");
  if (asked) {
    try {
      const order = await getOrder(services, actor, asked);
      orderId = order.id;
      if (order.status === "paid" || order.status === "refunded") outcome = "paid";
      else if (order.status === "on_hold") outcome = "on_hold";
      else if (said === "paid" || said === "on_hold") outcome = "pending";
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  if (!orderId && (said === "paid" || said === "on_hold")) outcome = "pending";
  return { offered: true, provider, testMode: offered.testMode, outcome, orderId };
}

export async function redirectPayAction(
  context: Context,
  request: Request,
  provider: "sslcommerz" | "bkash",
) {
  requireUserPage(context, request);
  const body = await jsonBody(request);
  return startPayment(context, body, provider);
}
