// The specification's cart arithmetic as a setting (issue 41 item 7): "Shipping 15" and
// "Tax (10%)" by default, so a 1,250.50 admission costs 1,392.05; an admin sets either to zero or
// renames it (a service charge, VAT), and the quote, the payment intent and the order follow.
// Fees never carry them (tests/api/fee-payments.test.ts).
import { describe, expect, it } from "vitest";
import { useShop } from "../fixtures/shop";
import { testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("the cart's shipping and tax as a setting on %s", (kind) => {
  const shop = useShop(kind);
  const put = (body: unknown, session = shop.admin) =>
    shop.t.json("/api/settings/cart-charges", "PUT", body, { session });
  const quote = async (id: string) => {
    const response = await shop.t.json(
      "/api/Order/quote",
      "POST",
      { items: [{ id, quantity: 1 }] },
      { session: shop.alice },
    );
    expect(response.status).toBe(200);
    return response.json();
  };

  it("keeps the specification's 15 and 10% by default: 1,250.50 becomes 1,392.05", async () => {
    const admission = await shop.addAdmission("Class Nine admission", "1,250.50");
    expect(await (await shop.t.request("/api/settings/cart-charges")).json()).toEqual({
      shippingMinor: 1500,
      shipping: 15,
      taxPercent: 10,
      shippingLabelEn: null,
      shippingLabelBn: null,
      taxLabelEn: null,
      taxLabelBn: null,
    });
    const answer = await quote(admission.id);
    expect(answer.totals).toMatchObject({ subtotalMinor: 125050, shippingMinor: 1500, taxMinor: 12655 });
    expect(answer.totals.totalMinor).toBe(139205);
    expect(answer.charges).toEqual({
      shippingMinor: 1500,
      taxPercent: 10,
      shippingLabelEn: null,
      shippingLabelBn: null,
      taxLabelEn: null,
      taxLabelBn: null,
    });
  });

  it("lets only an admin change them, and names the field of a bad value", async () => {
    expect((await put({ shippingMinor: 0, taxPercent: 0 }, shop.alice)).status).toBe(403);
    const negative = await put({ shippingMinor: -1, taxPercent: 0 }, shop.admin);
    expect(negative.status).toBe(400);
    expect(JSON.stringify(await negative.json())).toContain("shippingMinor");
    const tooMuch = await put({ shippingMinor: 0, taxPercent: 100.5 }, shop.admin);
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(await tooMuch.json())).toContain("taxPercent");
    const thirdDecimal = await put({ shippingMinor: 0, taxPercent: 7.125 }, shop.admin);
    expect(thirdDecimal.status).toBe(400);
  });

  it("charges no shipping and a renamed VAT of 7.5% once set, and the order keeps what was charged", async () => {
    const admission = await shop.addAdmission("Class Ten admission", "1,250.50");
    const saved = await put({
      shippingMinor: 0,
      taxPercent: 7.5,
      shippingLabelEn: "",
      taxLabelEn: "VAT",
      taxLabelBn: "ভ্যাট",
    });
    expect(saved.status).toBe(200);
    const charges = {
      shippingMinor: 0,
      taxPercent: 7.5,
      shippingLabelEn: null,
      shippingLabelBn: null,
      taxLabelEn: "VAT",
      taxLabelBn: "ভ্যাট",
    };
    expect(await (await shop.t.request("/api/settings/cart-charges")).json()).toEqual({
      ...charges,
      shipping: 0,
    });
    const answer = await quote(admission.id);
    // 7.5% of 1,250.50 = 93.7875 -> 93.79.
    expect(answer.totals).toMatchObject({
      subtotalMinor: 125050,
      shippingMinor: 0,
      taxMinor: 9379,
      totalMinor: 134429,
    });
    expect(answer.charges).toEqual(charges);

    const intent = await shop.intentFor(shop.alice, { items: [{ id: admission.id, quantity: 1 }] });
    expect(intent.status).toBe(200);
    const paying = await intent.json();
    expect(paying.amountMinor).toBe(134429);
    expect(await shop.orderRow(paying.orderId)).toMatchObject({
      shippingMinor: 0,
      taxMinor: 9379,
      totalMinor: 134429,
    });

    // Both at zero: the cart costs its admissions' prices.
    expect((await put({ shippingMinor: 0, taxPercent: 0 })).status).toBe(200);
    expect((await quote(admission.id)).totals).toMatchObject({
      shippingMinor: 0,
      taxMinor: 0,
      totalMinor: 125050,
    });

    // Back to the specification's rule.
    expect((await put({ shippingMinor: 1500, taxPercent: 10 })).status).toBe(200);
    expect((await quote(admission.id)).totals.totalMinor).toBe(139205);
  });
});
