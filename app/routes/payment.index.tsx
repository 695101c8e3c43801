// /payment-getway opens on the card form.
import { redirect } from "react-router";
import { requireUserPage } from "../lib/page.server";
import type { Route } from "./+types/payment.index";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  throw redirect("/payment-getway/stripe");
}

export default function PaymentIndex() {
  return null;
}
