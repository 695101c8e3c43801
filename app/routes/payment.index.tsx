// /payment-getway opens on the first payment method offered (the card form unless only others are).
import { href, redirect } from "react-router";
import { offeredMethods } from "../components/cart/payment-methods.server";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { Route } from "./+types/payment.index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  const [first = "stripe"] = offeredMethods(pageOf(context).services.payments);
  throw redirect(href(`/payment-getway/${first}`));
}

export default function PaymentIndex() {
  return null;
}
