import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { orders, users } from "../../server/db/schema";
import { card, useShop } from "../fixtures/shop";
import { type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("orders at their limits on %s", (kind) => {
  const shop = useShop(kind);
  const { admissions, addAdmission, intentFor, confirm, admit, orderRow, orderCount } = shop;
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let carol: Session;
  beforeAll(() => {
    ({ t, admin, alice, carol } = shop);
  });

  describe("money in 64-bit minor units, up to 10,000,000,000.00", () => {
    it("stores, shows and charges a total above 2^31-1 minor units exactly", async () => {
      const dear = await addAdmission("Boarding for ten years", "30,000,000");
      expect(dear.priceMinor).toBe(3_000_000_000);
      const read = await (await t.request(`/api/Admition/admition/${dear.id}`)).json();
      expect(read.admition.price).toBe(30_000_000);
      const expected = cartTotals([{ unitPriceMinor: 3_000_000_000, quantity: 2 }]);
      expect(expected.totalMinor).toBeGreaterThan(2 ** 32);
      const response = await intentFor(carol, { items: [{ id: dear.id, quantity: 2 }] });
      expect(response.status).toBe(200);
      const intent = await response.json();
      expect(intent.amountMinor).toBe(expected.totalMinor);
      expect(await orderRow(intent.orderId)).toMatchObject(expected);
      const order = await (await t.request(`/api/Order/orders/${intent.orderId}`, { session: carol })).json();
      expect(order.items[0]).toMatchObject({ unitPriceMinor: 3_000_000_000, unitPrice: 30_000_000 });
      expect(order.totalMinor).toBe(expected.totalMinor);
      expect((await confirm(carol, card("4242424242424242", intent.clientSecret))).status).toBe(200);
    });

    it.each([
      ["12,50", "Price: a comma only separates thousands, such as 1,250.50"],
      ["1250,50", "Price: a comma only separates thousands, such as 1,250.50"],
      ["10,000,000,000.01", "Price must be at most 10,000,000,000.00"],
      ["120.505", "Price may have at most 2 decimals"],
      ["-5", "Price cannot be negative"],
    ])("refuses the price %j with 400 naming price, storing nothing", async (price, message) => {
      const count = async () =>
        Number((await t.request("/api/Admition/admition")).headers.get("x-total-count"));
      const before = await count();
      const created = await t.json(
        "/api/AddAdmition",
        "POST",
        { title: "Misread course", price, about: "", image1: "https://img.example/a.jpg" },
        { session: admin },
      );
      expect(created.status).toBe(400);
      expect((await created.json()).error.fields).toEqual({ price: message });
      expect(await count()).toBe(before);
      const changed = await t.json(
        `/api/Admition/admition/${admissions[1]!.id}`,
        "PUT",
        { price },
        { session: admin },
      );
      expect(changed.status).toBe(400);
      expect((await changed.json()).error.fields).toEqual({ price: message });
      const kept = await (await t.request(`/api/Admition/admition/${admissions[1]!.id}`)).json();
      expect(kept.admition.price).toBe(75);
    });

    it("refuses an order whose total is above 10,000,000,000.00 with 400 naming the items", async () => {
      const dearest = await addAdmission("Endowment", "10,000,000,000");
      const before = await orderCount();
      const response = await intentFor(carol, { items: [{ id: dearest.id, quantity: 1 }] });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({
        items: "The order total may be at most 10,000,000,000.00",
      });
      expect(await orderCount()).toBe(before);
    });
  });

  describe("order items take _id (the wire name of every record) as well as id", () => {
    it("prices and orders items sent with _id", async () => {
      const items = [{ _id: admissions[1]!.id, quantity: 3 }];
      const quote = await (await t.json("/api/Order/quote", "POST", { items }, { session: alice })).json();
      expect(quote.lines).toEqual([expect.objectContaining({ admissionId: admissions[1]!.id, quantity: 3 })]);
      const response = await intentFor(alice, { items });
      expect(response.status).toBe(200);
      const order = await (
        await t.request(`/api/Order/orders/${(await response.json()).orderId}`, { session: alice })
      ).json();
      expect(order.items).toEqual([expect.objectContaining({ admissionId: admissions[1]!.id, quantity: 3 })]);
    });

    it("refuses an item with neither, or with an _id and an id that differ", async () => {
      const cases: [unknown, string, string][] = [
        [{ quantity: 1 }, "items.0.id", "Admission id is required"],
        [
          { id: admissions[0]!.id, _id: admissions[1]!.id, quantity: 1 },
          "items.0._id",
          "_id and id name different admissions",
        ],
        [{ _id: "not-an-id", quantity: 1 }, "items.0._id", "Not an admission id"],
      ];
      for (const [item, field, message] of cases) {
        const response = await intentFor(alice, { items: [item] });
        expect(response.status, JSON.stringify(item)).toBe(400);
        expect((await response.json()).error.fields).toEqual({ [field]: message });
      }
      // The same admission under both names is one item.
      const same = await intentFor(alice, {
        items: [{ id: admissions[0]!.id, _id: admissions[0]!.id, quantity: 1 }],
      });
      expect(same.status).toBe(200);
    });
  });

  describe("one open order per buyer", () => {
    let dave: Session;
    const daveOrders = async () => {
      const [row] = await t.services.db.select().from(users).where(eq(users.email, "dave@school.test"));
      return t.services.db.select().from(orders).where(eq(orders.userId, row!.id));
    };
    beforeAll(async () => {
      dave = await t.signUp("dave@school.test", "dave-password-1", "Dave");
    });

    it("reuses the buyer's open order when the cart changes, with a new intent for the new total", async () => {
      const first = await (await intentFor(dave, { items: [{ id: admissions[0]!.id, quantity: 1 }] })).json();
      const changed = [
        { id: admissions[0]!.id, quantity: 2 },
        { id: admissions[1]!.id, quantity: 1 },
      ];
      const response = await intentFor(dave, { items: changed });
      expect(response.status).toBe(200);
      const second = await response.json();
      const expected = cartTotals([
        { unitPriceMinor: 12050, quantity: 2 },
        { unitPriceMinor: 7500, quantity: 1 },
      ]);
      expect(second.orderId).toBe(first.orderId);
      expect(second.amountMinor).toBe(expected.totalMinor);
      expect(second.clientSecret).not.toBe(first.clientSecret);
      expect(await daveOrders()).toHaveLength(1);
      expect(await orderRow(first.orderId)).toMatchObject({ status: "pending", ...expected });
      const order = await (await t.request(`/api/Order/orders/${first.orderId}`, { session: dave })).json();
      expect(order.items.map((item: { quantity: number }) => item.quantity).sort()).toEqual([1, 2]);

      // The old intent was for the old total: it can no longer pay anything.
      expect((await confirm(dave, card("4242424242424242", first.clientSecret))).status).toBe(404);
      const paid = await confirm(dave, card("4242424242424242", second.clientSecret));
      expect(paid.status).toBe(200);
      expect(await orderRow(first.orderId)).toMatchObject({ status: "paid", ...expected });

      // A paid order is never changed: the next cart is a new order.
      const third = await (await intentFor(dave, { items: [{ id: admissions[0]!.id, quantity: 1 }] })).json();
      expect(third.orderId).not.toBe(first.orderId);
      expect(await orderRow(first.orderId)).toMatchObject({ status: "paid", ...expected });
      expect(await daveOrders()).toHaveLength(2);
    });

    it("expires an unpaid order after 24 hours: it can no longer be paid, and the next cart is a new order", async () => {
      const intent = await (
        await intentFor(dave, { items: [{ id: admissions[2]!.id, quantity: 1 }] })
      ).json();
      await t.services.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(orders.id, intent.orderId));
      const read = await (await t.request(`/api/Order/orders/${intent.orderId}`, { session: dave })).json();
      expect(read.status).toBe("expired");
      const late = await confirm(dave, card("4242424242424242", intent.clientSecret));
      expect(late.status).toBe(409);
      expect((await late.json()).error.message).toBe("This order has expired: it can no longer be paid");
      const transaction = intent.clientSecret.split("_secret_")[0];
      expect((await admit(dave, intent.orderId, { transaction })).status).toBe(402);
      expect((await orderRow(intent.orderId))?.status).toBe("expired");

      const next = await (await intentFor(dave, { items: [{ id: admissions[2]!.id, quantity: 1 }] })).json();
      expect(next.orderId).not.toBe(intent.orderId);
      expect((await orderRow(intent.orderId))?.status).toBe("expired");
    });

    it("lists orders by status for admins", async () => {
      const expired = await t.request("/api/Order/orders?all=1&status=expired&limit=100", { session: admin });
      expect(expired.status).toBe(200);
      const list = await expired.json();
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((order: { status: string }) => order.status === "expired")).toBe(true);
      expect(Number(expired.headers.get("x-total-count"))).toBe(list.length);
      const paid = await (
        await t.request("/api/Order/orders?all=1&status=paid&limit=100", { session: admin })
      ).json();
      expect(paid.every((order: { status: string }) => order.status === "paid")).toBe(true);
      const wrong = await t.request("/api/Order/orders?all=1&status=lost", { session: admin });
      expect(wrong.status).toBe(400);
      expect(Object.keys((await wrong.json()).error.fields)).toEqual(["status"]);
    });
  });

  describe("without Stripe", () => {
    it("adds nothing of Stripe's to the Content-Security-Policy and has no webhook", async () => {
      const page = await t.request("/healthz");
      expect(page.headers.get("content-security-policy")).not.toContain("stripe.com");
      const webhook = await t.app.request("http://localhost:3000/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
        body: "{}",
      });
      expect(webhook.status).toBe(404);
    });
  });
});
