// The pay button's words: 'pay {amount}TK' for taka, as the specification has it, and
// 'pay {price}' in any other currency.
import { toMajorUnits } from "../../../common/money";
import { formatAmount, formatPrice } from "../../lib/format";
import type { useI18n } from "../../lib/i18n";

type I18n = Pick<ReturnType<typeof useI18n>, "t" | "intl">;

export function payLabel({ t, intl }: I18n, amountMinor: number | undefined, currency: string): string {
  if (amountMinor === undefined) return t("cart.pay.button", { amount: "…" });
  const major = toMajorUnits(amountMinor);
  return currency === "BDT"
    ? t("cart.pay.buttonTaka", { amount: formatAmount(major, intl) })
    : t("cart.pay.button", { amount: formatPrice(major, intl, currency) });
}
