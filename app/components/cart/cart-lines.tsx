// The cart's lines and totals. On /allOrder each line has its image, title, unit price, a
// quantity (typed, or - and +, from 1 to 99), its total and Remove; the payment page shows the
// same lines compact. Money is formatted in the quote's currency, and the pay button's words
// ('pay {amount}TK') are made here too, as every payment page loads this module.
import { useState } from "react";
import { href, Link } from "react-router";
import { toMajorUnits } from "../../../common/money";
import { lineTotal, maxQuantity, type Totals } from "../../../common/pricing";
import { type CartChargesView, defaultCartChargesView } from "../../../common/schemas/cart-charges";
import { formatNumber, formatPrice } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { Picture } from "../../ui";
import type { QuoteLine } from "./types";

/** Money in minor units, in the reader's language and the given currency. */
export function useMoney(currency: string) {
  const { intl } = useI18n();
  return (minor: number) => formatPrice(toMajorUnits(minor), intl, currency);
}

export function CartLines({
  lines,
  currency,
  onQuantity,
  onRemove,
}: {
  lines: QuoteLine[];
  currency: string;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (line: QuoteLine) => void;
}) {
  const { t } = useI18n();
  const money = useMoney(currency);
  return (
    <ul className="cart-lines" data-testid="cart-lines">
      {lines.map((line) => (
        <li key={line.admissionId} className="cart-line" data-testid="cart-line">
          <Picture
            image={line.image}
            alt={line.title}
            sizes="96px"
            className="cart-line__image"
            width={96}
            height={72}
          />
          <div className="cart-line__main">
            <h3 className="cart-line__title">
              <Link to={href("/admition/:booking", { booking: line.admissionId })}>{line.title}</Link>
            </h3>
            <p className="cart-line__price muted">
              {t("cart.unitPrice")}: <span data-testid="unit-price">{money(line.unitPriceMinor)}</span>
            </p>
          </div>
          <QuantityInput line={line} onQuantity={onQuantity} />
          <p className="cart-line__total">
            <span className="visually-hidden">{t("cart.lineTotal")}: </span>
            <strong data-testid="line-total">{money(lineTotal(line))}</strong>
          </p>
          <button
            type="button"
            className="button button--subtle button--small cart-line__remove"
            onClick={() => onRemove(line)}
          >
            {t("cart.remove")}
            <span className="visually-hidden"> {line.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function QuantityInput({
  line,
  onQuantity,
}: {
  line: QuoteLine;
  onQuantity: (id: string, quantity: number) => void;
}) {
  const { t, intl } = useI18n();
  // What is being typed (it may be empty for a moment); otherwise the cart's quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const id = `quantity-${line.admissionId}`;
  const change = (value: number) => onQuantity(line.admissionId, Math.min(Math.max(value, 1), maxQuantity));
  return (
    <div className="cart-line__quantity">
      <label htmlFor={id} className="visually-hidden">
        {t("cart.quantityOf", { title: line.title })}
      </label>
      <button
        type="button"
        className="button button--outline button--small cart-qty__step"
        onClick={() => change(line.quantity - 1)}
        disabled={line.quantity <= 1}
        aria-label={t("cart.decrease", { title: line.title })}
      >
        −
      </button>
      <input
        id={id}
        className="field__input cart-qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantity}
        step={1}
        value={draft ?? String(line.quantity)}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const typed = event.target.value;
          const value = Number(typed);
          if (typed === "" || !Number.isInteger(value) || value < 1) {
            setDraft(typed);
            return;
          }
          const kept = Math.min(value, maxQuantity);
          setDraft(String(kept));
          change(kept);
        }}
        onBlur={() => setDraft(null)}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t("cart.quantityHint", { max: formatNumber(maxQuantity, intl) })}
      </span>
      <button
        type="button"
        className="button button--outline button--small cart-qty__step"
        onClick={() => change(line.quantity + 1)}
        disabled={line.quantity >= maxQuantity}
        aria-label={t("cart.increase", { title: line.title })}
      >
        +
      </button>
    </div>
  );
}

/** The compact lines of the payment page: title, quantity and line total. */
export function CompactLines({ lines, currency }: { lines: QuoteLine[]; currency: string }) {
  const { t, intl } = useI18n();
  const money = useMoney(currency);
  return (
    <ul className="cart-compact" data-testid="summary-lines">
      {lines.map((line) => (
        <li key={line.admissionId}>
          <span className="cart-compact__title">
            {line.title}{" "}
            <span className="muted">{t("cart.times", { quantity: formatNumber(line.quantity, intl) })}</span>
          </span>
          <span>{money(lineTotal(line))}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Subtotal, shipping, tax and grand total. The shipping and the tax are named as the institute
 * set them (server/domain/cart-charges.ts); one it turned off (zero) is left out.
 */
export function CartTotals({
  totals,
  currency,
  charges = defaultCartChargesView,
}: {
  totals: Totals;
  currency: string;
  charges?: CartChargesView;
}) {
  const { t, locale, intl } = useI18n();
  const money = useMoney(currency);
  const own = (en: string | null, bn: string | null) => (locale === "bn" ? bn : en);
  const percent = formatNumber(charges.taxPercent, intl);
  const taxName = own(charges.taxLabelEn, charges.taxLabelBn);
  const rows = [
    [t("cart.subtotal"), totals.subtotalMinor, "subtotal", true],
    [
      own(charges.shippingLabelEn, charges.shippingLabelBn) ?? t("cart.shipping"),
      totals.shippingMinor,
      "shipping",
      charges.shippingMinor > 0 || totals.shippingMinor > 0,
    ],
    [
      taxName ? t("cart.taxNamed", { name: taxName, percent }) : t("cart.tax", { percent }),
      totals.taxMinor,
      "tax",
      charges.taxPercent > 0 || totals.taxMinor > 0,
    ],
  ] as const;
  return (
    <dl className="cart-totals" data-testid="cart-totals">
      {rows
        .filter(([, , , shown]) => shown)
        .map(([label, minor, testId]) => (
          <div key={testId} className="cart-totals__row">
            <dt>{label}</dt>
            <dd data-testid={testId}>{money(minor)}</dd>
          </div>
        ))}
      <div className="cart-totals__row cart-totals__grand">
        <dt>{t("cart.grandTotal")}</dt>
        <dd data-testid="grand-total">{money(totals.totalMinor)}</dd>
      </div>
    </dl>
  );
}

// The pay button: 'pay {amount}TK' for taka, as the specification has it, 'pay {price}' otherwise.
type I18n = Pick<ReturnType<typeof useI18n>, "t" | "intl">;

/** An amount without its currency sign, with two decimals ("1,250.00", "১,২৫০.০০"). */
export const formatAmount = (major: number, intl: string) =>
  major.toLocaleString(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function payLabel({ t, intl }: I18n, amountMinor: number | undefined, currency: string): string {
  if (amountMinor === undefined) return t("cart.pay.button", { amount: "…" });
  const major = toMajorUnits(amountMinor);
  return currency === "BDT"
    ? t("cart.pay.buttonTaka", { amount: formatAmount(major, intl) })
    : t("cart.pay.button", { amount: formatPrice(major, intl, currency) });
}
