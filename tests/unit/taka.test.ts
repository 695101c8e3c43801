// Taka as people in Bangladesh write it: the sign first, in English and in Bangla digits, and
// the pay button's 'pay {amount}TK'.
import { describe, expect, it } from "vitest";
import { payLabel } from "../../app/components/cart/cart-lines";
import { dictionaries, type MessageKey, translate } from "../../i18n";
import { formatPrice } from "../../i18n/format";

describe("taka", () => {
  it("shows ৳1,250.00 in English and ৳১,২৫০.০০ in Bangla", () => {
    expect(formatPrice(1250, "en-GB", "BDT")).toBe("৳1,250.00");
    expect(formatPrice(1250, "bn-BD", "BDT")).toBe("৳১,২৫০.০০");
    // Lakh grouping, as Bangla writes large sums.
    expect(formatPrice(1250000.5, "bn-BD", "BDT")).toBe("৳১২,৫০,০০০.৫০");
    expect(formatPrice(-5, "en-GB", "BDT")).toBe("-৳5.00");
    // Other currencies as Intl writes them.
    expect(formatPrice(120.5, "en-GB", "USD")).toBe("$120.50");
  });

  it("reads 'pay {amount}TK' on the pay button for taka, in both languages", () => {
    const en = {
      t: (key: MessageKey, vars?: Record<string, string | number>) => translate(dictionaries.en, key, vars),
      intl: "en-GB",
    };
    const bn = {
      t: (key: MessageKey, vars?: Record<string, string | number>) => translate(dictionaries.bn, key, vars),
      intl: "bn-BD",
    };
    expect(payLabel(en, 139150, "BDT")).toBe("pay 1,391.50TK");
    expect(payLabel(bn, 139150, "BDT")).toBe("১,৩৯১.৫০ টাকা পরিশোধ করুন");
    expect(payLabel(en, 12050, "USD")).toBe("pay $120.50");
  });
});
