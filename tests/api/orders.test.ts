// Orders and payments in the built-in test mode, as a client sees them, on every test database:
// totals decided by the server, refused carts, who may read and pay an order, Stripe's test
// cards, and the earlier contract's admitCollection recording a payment once.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { orders, users } from "../../server/db/schema";
import { type Admission, billing, card, useShop } from "../fixtures/shop";
import { type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("orders and test-mode payments on %s", (kind) => {
  const shop = useShop(kind);
  const { admissions, addAdmission, intentFor, confirm, admit, orderRow, orderCount, pendingOrder } = shop;
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  beforeAll(() => {
    ({ t, admin, alice, bob } = shop);
  });

  describe("POST /Order/create-payment-intent", () => {
    it("computes the total on the server from the database's prices", async () => {
      const [six, hifz, arabic] = admissions as [Admission, Admission, Admission];
      const items = [
        { id: six.id, quantity: 2 },
        { id: hifz.id, quantity: 1 },
        { id: arabic.id, quantity: 3 },
      ];
      const expected = cartTotals([
        { unitPriceMinor: 12050, quantity: 2 },
        { unitPriceMinor: 7500, quantity: 1 },
        { unitPriceMinor: 123455, quantity: 3 },
      ]);
      // 24100 + 7500 + 370365 = 401965; shipping 1500; tax 10% of 403465 = 40346.5 -> 40347.
      expect(expected).toEqual({
        subtotalMinor: 401965,
        shippingMinor: 1500,
        taxMinor: 40347,
        totalMinor: 443812,
      });

      const response = await intentFor(alice, { items });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer).toMatchObject({
        amount: 4438.12,
        amountMinor: expected.totalMinor,
        currency: "USD",
        provider: "test",
        publishableKey: null,
        totals: { ...expected, subtotal: 4019.65, shipping: 15, tax: 403.47, total: 4438.12 },
      });
      expect(answer.clientSecret).toMatch(/^test_pi_[0-9a-f]+_secret_[0-9a-f]+$/);

      const row = await orderRow(answer.orderId);
      expect(row).toMatchObject({ status: "pending", provider: "test", currency: "USD", ...expected });
      expect(row?.providerPaymentId).toBe(answer.clientSecret.split("_secret_")[0]);

      const order = await (await t.request(`/api/Order/orders/${answer.orderId}`, { session: alice })).json();
      expect(order.status).toBe("pending");
      expect(order.total).toBe(4438.12);
      expect(order.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            admissionId: six.id,
            title: six.title,
            unitPriceMinor: 12050,
            quantity: 2,
          }),
          expect.objectContaining({
            admissionId: hifz.id,
            title: hifz.title,
            unitPriceMinor: 7500,
            quantity: 1,
          }),
          expect.objectContaining({
            admissionId: arabic.id,
            title: arabic.title,
            unitPriceMinor: 123455,
            quantity: 3,
          }),
        ]),
      );
      expect(order.items).toHaveLength(3);
    });

    it("accepts the page's total when it matches, and offers the same intent again for the same cart", async () => {
      const items = [{ id: admissions[0]!.id, quantity: 7 }];
      const { totalMinor } = cartTotals([{ unitPriceMinor: 12050, quantity: 7 }]);
      const first = await (await intentFor(alice, { items, price: totalMinor / 100 })).json();
      expect(first.amountMinor).toBe(totalMinor);
      const before = await orderCount();
      const again = await (await intentFor(alice, { items, price: String(totalMinor / 100) })).json();
      expect(again.orderId).toBe(first.orderId);
      expect(again.clientSecret).toBe(first.clientSecret);
      expect(await orderCount()).toBe(before);
      // A changed cart changes the open order (with a new intent for the new total).
      const other = await (
        await intentFor(alice, { items: [{ id: admissions[0]!.id, quantity: 8 }] })
      ).json();
      expect(other.orderId).toBe(first.orderId);
      expect(other.clientSecret).not.toBe(first.clientSecret);
      expect(await orderCount()).toBe(before);
      // Another buyer's identical cart is their own order.
      const bobs = await (await intentFor(bob, { items })).json();
      expect(bobs.orderId).not.toBe(first.orderId);
    });

    it("refuses a tampered price with 409 and the server's totals, creating nothing", async () => {
      const before = await orderCount();
      const items = [{ id: admissions[2]!.id, quantity: 1 }];
      const response = await intentFor(alice, { items, price: 1 });
      expect(response.status).toBe(409);
      const { error } = await response.json();
      const expected = cartTotals([{ unitPriceMinor: 123455, quantity: 1 }]);
      expect(error).toMatchObject({
        code: "conflict",
        message: "The total has changed",
        // Worded by code in any language: the client's own texts for cart.totalChanged.
        key: "cart.totalChanged",
        fieldKeys: { price: { key: "cart.totalChangedCheck" } },
        currency: "USD",
        totals: { ...expected, total: expected.totalMinor / 100 },
      });
      expect(await orderCount()).toBe(before);
    });

    it("refuses a non-existent admission, naming the item", async () => {
      const before = await orderCount();
      const response = await intentFor(alice, {
        items: [
          { id: admissions[0]!.id, quantity: 1 },
          { id: randomUUID(), quantity: 1 },
        ],
      });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.message).toBe("This admission no longer exists");
      expect(error.fields).toEqual({ "items.1.id": "This admission no longer exists" });
      expect(await orderCount()).toBe(before);
    });

    it("refuses a deleted admission, naming the item", async () => {
      const gone = await addAdmission("Closed course", "10");
      const deleted = await t.request(`/api/Admition/deleteAdmition/${gone.id}`, {
        method: "DELETE",
        session: admin,
      });
      expect(deleted.status).toBe(200);
      const response = await intentFor(alice, { items: [{ id: gone.id, quantity: 1 }] });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({
        "items.0.id": "This admission no longer exists",
      });
    });

    it.each([
      [0, "items.0.quantity"],
      [100, "items.0.quantity"],
      [1.5, "items.0.quantity"],
      ["2", "items.0.quantity"],
    ])("refuses quantity %s", async (quantity, field) => {
      const response = await intentFor(alice, { items: [{ id: admissions[0]!.id, quantity }] });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid");
      expect(Object.keys(error.fields)).toEqual([field]);
      expect(error.fields[field]).toBe("Quantity must be a whole number from 1 to 99");
    });

    it("refuses items that are not a list, a malformed id, a repeated admission and an empty cart", async () => {
      const cases: [unknown, string][] = [
        [{ items: "everything" }, "items"],
        [{ items: { id: admissions[0]!.id, quantity: 1 } }, "items"],
        [{}, "items"],
        [{ items: [{ id: "not-an-id", quantity: 1 }] }, "items.0.id"],
        [
          {
            items: [
              { id: admissions[0]!.id, quantity: 1 },
              { id: admissions[0]!.id, quantity: 2 },
            ],
          },
          "items.1.id",
        ],
        [{ items: [] }, "items"],
        [{ items: [{ id: admissions[0]!.id, quantity: 1 }], price: "a lot" }, "price"],
      ];
      for (const [body, field] of cases) {
        const response = await intentFor(alice, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys((await response.json()).error.fields)).toEqual([field]);
      }
    });

    it("answers 401 to an anonymous visitor", async () => {
      const response = await intentFor(undefined, { items: [{ id: admissions[0]!.id, quantity: 1 }] });
      expect(response.status).toBe(401);
      expect((await t.json("/api/Order/quote", "POST", { items: [] })).status).toBe(401);
      expect((await t.request("/api/Order/orders")).status).toBe(401);
    });
  });

  describe("POST /Order/quote", () => {
    it("prices the cart, lists what no longer exists, and creates nothing", async () => {
      const before = await orderCount();
      const ghost = randomUUID();
      const response = await t.json(
        "/api/Order/quote",
        "POST",
        {
          items: [
            { id: admissions[1]!.id, quantity: 2 },
            { id: ghost, quantity: 1 },
          ],
        },
        { session: alice },
      );
      expect(response.status).toBe(200);
      const quote = await response.json();
      const expected = cartTotals([{ unitPriceMinor: 7500, quantity: 2 }]);
      expect(quote).toMatchObject({
        lines: [
          {
            admissionId: admissions[1]!.id,
            title: "Hifz course",
            unitPriceMinor: 7500,
            unitPrice: 75,
            quantity: 2,
            lineTotalMinor: 15000,
            image: { url: "https://img.example/a.jpg" },
          },
        ],
        missing: [ghost],
        totals: { ...expected, total: expected.totalMinor / 100 },
        currency: "USD",
      });
      expect(await orderCount()).toBe(before);
    });
  });

  describe("POST /payments/test/confirm", () => {
    it("pays with 4242 4242 4242 4242, records the billing details, and answers the same on a repeat", async () => {
      const intent = await pendingOrder();
      const response = await confirm(alice, card("4242 4242 4242 4242", intent.clientSecret));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "succeeded", orderId: intent.orderId, last4: "4242" });
      const paid = await orderRow(intent.orderId);
      expect(paid).toMatchObject({
        status: "paid",
        cardLast4: "4242",
        billingName: billing.name,
        billingEmail: billing.email,
        billingAddress: billing.address,
      });
      expect(paid?.paidAt).toBeInstanceOf(Date);

      const again = await confirm(alice, card("4000 0000 0000 0002", intent.clientSecret));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ status: "succeeded", orderId: intent.orderId, last4: "4242" });
      expect((await orderRow(intent.orderId))?.paidAt).toEqual(paid?.paidAt);
    });

    it.each([
      ["4000 0000 0000 0002", "card_declined", "Your card was declined.", "card.declined"],
      [
        "4000000000009995",
        "insufficient_funds",
        "Your card has insufficient funds.",
        "card.insufficientFunds",
      ],
      ["4000-0000-0000-0069", "expired_card", "Your card has expired.", "card.expired"],
      [
        "4111 1111 1111 1111",
        "card_declined",
        "Your card number is not a test card. In test mode no real money moves: use 4242 4242 4242 4242.",
        "card.notTestCard",
      ],
    ])("refuses %s with 402 %s and leaves the order pending", async (number, code, message, key) => {
      const intent = await pendingOrder();
      const response = await confirm(alice, card(number, intent.clientSecret));
      expect(response.status).toBe(402);
      // The message's code beside Stripe's: a page words it in its own language.
      expect(await response.json()).toEqual({ error: { code, message, key } });
      expect(await orderRow(intent.orderId)).toMatchObject({
        status: "pending",
        paidAt: null,
        cardLast4: null,
      });
      // Another card afterwards still pays it.
      const retry = await confirm(alice, card("4242424242424242", intent.clientSecret));
      expect(retry.status).toBe(200);
    });

    it("refuses an expiry in the past", async () => {
      const intent = await pendingOrder();
      const response = await confirm(alice, {
        ...card("4242 4242 4242 4242", intent.clientSecret),
        expYear: 2020,
      });
      expect(response.status).toBe(402);
      expect((await response.json()).error).toEqual({
        code: "expired_card",
        message: "Your card has expired.",
        key: "card.expired",
      });
    });

    it("requires the billing name, e-mail and address and a well-formed card", async () => {
      const intent = await pendingOrder();
      const response = await confirm(alice, {
        ...card("4242", intent.clientSecret),
        expMonth: 13,
        cvc: "1",
        billing: { name: "", email: "nope" },
      });
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).error.fields).sort()).toEqual([
        "billing.address",
        "billing.email",
        "billing.name",
        "cardNumber",
        "cvc",
        "expMonth",
      ]);
      expect((await orderRow(intent.orderId))?.status).toBe("pending");
    });

    it("answers 404 to an unknown client secret", async () => {
      const response = await confirm(alice, card("4242424242424242", `test_pi_${"0".repeat(24)}_secret_abc`));
      expect(response.status).toBe(404);
      const forged = await pendingOrder();
      const wrongSecret = `${forged.clientSecret.split("_secret_")[0]}_secret_${"f".repeat(24)}`;
      expect((await confirm(alice, card("4242424242424242", wrongSecret))).status).toBe(404);
    });
  });

  describe("who may read and pay an order", () => {
    let intent: { orderId: string; clientSecret: string };
    beforeAll(async () => {
      intent = await pendingOrder(alice);
    });

    it("hides an order from another user (404), shows it to its buyer and to admins", async () => {
      expect((await t.request(`/api/Order/orders/${intent.orderId}`, { session: bob })).status).toBe(404);
      expect((await t.request(`/api/Order/orders/${intent.orderId}`, { session: alice })).status).toBe(200);
      const asAdmin = await t.request(`/api/Order/orders/${intent.orderId}`, { session: admin });
      expect(asAdmin.status).toBe(200);
      expect((await asAdmin.json()).buyer).toEqual({ name: "Alice", email: "alice@school.test" });
      expect((await t.request("/api/Order/orders/not-an-id", { session: alice })).status).toBe(404);
      expect((await t.request(`/api/Order/orders/${randomUUID()}`, { session: admin })).status).toBe(404);
      const bobs = await (await t.request("/api/Order/orders", { session: bob })).json();
      expect(bobs.map((order: { id: string }) => order.id)).not.toContain(intent.orderId);
    });

    it("refuses another user paying it (403), by test card or by admitCollection", async () => {
      const byCard = await confirm(bob, card("4242424242424242", intent.clientSecret));
      expect(byCard.status).toBe(403);
      const transaction = intent.clientSecret.split("_secret_")[0];
      const byReport = await admit(bob, intent.orderId, { transaction });
      expect(byReport.status).toBe(403);
      expect((await orderRow(intent.orderId))?.status).toBe("pending");
    });
  });

  describe("PUT /Admition/admitCollection/{id}", () => {
    it("refuses an unknown transaction with 404", async () => {
      const response = await admit(alice, randomUUID(), {
        transaction: `test_pi_${"0".repeat(24)}`,
        amount: 100,
        last4: "4242",
      });
      expect(response.status).toBe(404);
      expect((await admit(alice, randomUUID(), { transaction: "pi_made_up" })).status).toBe(404);
      expect((await admit(alice, randomUUID(), { amount: 100 })).status).toBe(400);
    });

    it("believes no claim of payment: an unpaid intent answers 402", async () => {
      const intent = await pendingOrder();
      const transaction = intent.clientSecret.split("_secret_")[0];
      const response = await admit(alice, intent.orderId, {
        transaction,
        amount: intent.amountMinor / 100,
        created: Date.now(),
        last4: "4242",
      });
      expect(response.status).toBe(402);
      expect((await response.json()).error.code).toBe("payment_incomplete");
      expect(await orderRow(intent.orderId)).toMatchObject({ status: "pending", cardLast4: null });
    });

    it("records a real payment once: the same answer on a repeat, one paid order", async () => {
      const intent = await pendingOrder();
      expect((await confirm(alice, card("4242424242424242", intent.clientSecret))).status).toBe(200);
      const paidAt = (await orderRow(intent.orderId))?.paidAt;
      const transaction = intent.clientSecret.split("_secret_")[0] as string;
      // The earlier pages sent an amount, a time and card digits: ignored.
      const body = { transaction, amount: 1, created: 1_700_000_000, last4: "0000" };
      const first = await admit(alice, intent.orderId, body);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ acknowledged: true, insertedId: intent.orderId });
      const again = await admit(alice, intent.orderId, body);
      expect(await again.json()).toEqual({ acknowledged: true, insertedId: intent.orderId });
      const rows = await t.services.db.select().from(orders).where(eq(orders.providerPaymentId, transaction));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "paid", cardLast4: "4242", paidAt });
    });

    it("refuses a transaction reported against another of the buyer's orders", async () => {
      const paid = await pendingOrder();
      expect((await confirm(alice, card("4242424242424242", paid.clientSecret))).status).toBe(200);
      const other = await pendingOrder();
      const transaction = paid.clientSecret.split("_secret_")[0];
      const response = await admit(alice, other.orderId, { transaction });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toHaveProperty("transaction");
    });
  });

  describe("orders keep what was bought", () => {
    it("keeps each item's title and price after the admission is changed or deleted", async () => {
      const course = await addAdmission("Summer Quran course", "300");
      const intent = await (await intentFor(alice, { items: [{ id: course.id, quantity: 2 }] })).json();
      const changed = await t.json(
        `/api/Admition/admition/${course.id}`,
        "PUT",
        { title: "Winter Quran course", price: "999" },
        { session: admin },
      );
      expect(changed.status).toBe(200);
      const read = async () =>
        (await (await t.request(`/api/Order/orders/${intent.orderId}`, { session: alice })).json()).items;
      expect(await read()).toEqual([
        {
          admissionId: course.id,
          title: "Summer Quran course",
          unitPriceMinor: 30000,
          unitPrice: 300,
          quantity: 2,
        },
      ]);
      const deleted = await t.request(`/api/Admition/admition/${course.id}`, {
        method: "DELETE",
        session: admin,
      });
      expect(deleted.status).toBe(200);
      expect(await read()).toEqual([
        {
          admissionId: null,
          title: "Summer Quran course",
          unitPriceMinor: 30000,
          unitPrice: 300,
          quantity: 2,
        },
      ]);
      expect((await orderRow(intent.orderId))?.totalMinor).toBe(intent.amountMinor);
    });
  });

  describe("GET /Order/orders", () => {
    it("lists the buyer's own orders, newest first, with the total in X-Total-Count", async () => {
      const response = await t.request("/api/Order/orders?limit=2", { session: alice });
      expect(response.status).toBe(200);
      const list = await response.json();
      expect(list).toHaveLength(2);
      const [aliceRow] = await t.services.db.select().from(users).where(eq(users.email, "alice@school.test"));
      const own = await t.services.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, aliceRow!.id));
      expect(Number(response.headers.get("x-total-count"))).toBe(own.length);
      expect(new Date(list[0].createdAt) >= new Date(list[1].createdAt)).toBe(true);
      expect(list[0]).not.toHaveProperty("buyer");
    });

    it("lists everyone's orders with the buyer for admins only", async () => {
      const refused = await t.request("/api/Order/orders?all=1", { session: alice });
      expect(refused.status).toBe(403);
      const response = await t.request("/api/Order/orders?all=1&limit=100", { session: admin });
      expect(response.status).toBe(200);
      const all = await response.json();
      expect(Number(response.headers.get("x-total-count"))).toBe(await orderCount());
      const buyers = new Set(all.map((order: { buyer: { email: string } }) => order.buyer.email));
      expect(buyers).toEqual(new Set(["alice@school.test", "bob@school.test"]));
      expect(all[0].buyer).toHaveProperty("name");
      expect(all[0]).not.toHaveProperty("providerClientSecret");
    });
  });
});
