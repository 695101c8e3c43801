// What /payment-getway hands its children (stripe, ssl, bkash): the priced cart, the signed-in
// user, and ways to ask for a new price or to report a payment. Types only: each child reads it
// with useOutletContext<PaymentOutlet>(), so no shared module joins the payment pages' first load.
import type { QuoteView } from "./types";
import type { CartQuote } from "./use-quote";

export type PaymentOutlet = {
  quote: CartQuote;
  user: { name: string; email: string };
  /** Price the cart again (an admission was removed meanwhile). */
  requote: () => void;
  /** The server's newer price, sent with a refused payment intent. */
  replaceQuote: (quote: QuoteView) => void;
  /** The payment went through: the summary stops following the (now empty) cart. */
  onPaid: () => void;
};
