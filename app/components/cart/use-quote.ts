// The cart priced by the server: the page sends the stored cart ({id, quantity}) to its route's
// "quote" action whenever the cart changes and shows the answer. Quantities on screen follow the
// cart at once; totals come from the shared arithmetic (common/pricing.ts), the same the server
// used, so the page and the charge always agree. Admissions that no longer exist are taken out
// of the stored cart and the page says so.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { cartTotals, type Totals } from "../../../common/pricing";
import { type CartChargesView, chargesOf } from "../../../common/schemas/cart-charges";
import { cartItems, removeFromCart, useStoredCart } from "../../lib/cart";
import type { PaidBeforeView, QuoteLine, QuoteView } from "./types";

export type CartQuote =
  | { status: "loading" }
  | { status: "empty" }
  | {
      status: "ready";
      lines: QuoteLine[];
      totals: Totals;
      /** The shipping and tax the institute set, and their names. */
      charges: CartChargesView;
      currency: string;
      /** True while the server is asked again after a change. */
      refreshing: boolean;
      /** The cart holds admissions the server has not priced yet (added in another tab). */
      incomplete: boolean;
      /** Admissions of the cart this account has already paid for (paying again is allowed). */
      paidBefore: PaidBeforeView[];
    };

type QuoteAnswer = { ok: boolean; quote: QuoteView | null };

export function useCartQuote({ frozen = false }: { frozen?: boolean } = {}) {
  const cart = useStoredCart();
  const fetcher = useFetcher<QuoteAnswer>();
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const [removedMissing, setRemovedMissing] = useState(false);
  const items = useMemo(() => (cart ? cartItems(cart) : undefined), [cart]);
  const signature = items ? JSON.stringify(items) : "";
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const [asked, setAsked] = useState(0);

  // Ask whenever the cart changes (a little later while quantities are being clicked).
  const firstAsk = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` asks again on demand
  useEffect(() => {
    if (frozen || !signature) return;
    const wanted = JSON.parse(signature) as { id: string; quantity: number }[];
    if (wanted.length === 0) return;
    const delay = firstAsk.current ? 0 : 250;
    firstAsk.current = false;
    const timer = setTimeout(() => {
      void submit.current(
        { intent: "quote", items: wanted },
        { method: "post", encType: "application/json", defaultShouldRevalidate: false },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [signature, frozen, asked]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (frozen || !answer?.ok || !answer.quote) return;
    setQuote(answer.quote);
    if (answer.quote.missing.length > 0) {
      removeFromCart(...answer.quote.missing);
      setRemovedMissing(true);
    }
  }, [answer, frozen]);

  const state = useMemo<CartQuote>(() => {
    if (frozen && quote) {
      return {
        status: "ready",
        lines: quote.lines,
        totals: quote.totals,
        charges: quote.charges,
        currency: quote.currency,
        refreshing: false,
        incomplete: false,
        paidBefore: quote.paidBefore ?? [],
      };
    }
    if (!items) return { status: "loading" };
    if (items.length === 0) return { status: "empty" };
    if (!quote) return { status: "loading" };
    const priced = new Map(quote.lines.map((line) => [line.admissionId, line]));
    const lines: QuoteLine[] = [];
    let unknown = false;
    for (const item of items) {
      const line = priced.get(item.id);
      if (line) lines.push({ ...line, quantity: item.quantity });
      else if (!quote.missing.includes(item.id)) unknown = true;
    }
    if (lines.length === 0) return unknown ? { status: "loading" } : { status: "empty" };
    return {
      status: "ready",
      lines,
      totals: cartTotals(lines, chargesOf(quote.charges)),
      charges: quote.charges,
      currency: quote.currency,
      refreshing: fetcher.state !== "idle" || unknown,
      incomplete: unknown,
      paidBefore: (quote.paidBefore ?? []).filter((paid) => priced.has(paid.admissionId)),
    };
  }, [frozen, items, quote, fetcher.state]);

  const requote = useCallback(() => setAsked((n) => n + 1), []);
  return { state, removedMissing, requote, replaceQuote: setQuote };
}
