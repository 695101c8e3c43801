// Orders and payments in the built-in test mode, as a client sees them, on every test database:
// totals decided by the server, refused carts, who may read and pay an order, Stripe's test
// cards, and the earlier contract's admitCollection recording a payment once.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { orders, users } from "../../server/db/schema";
import { createTestApp, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Admission = { id: string; title: string; priceMinor: number };

const billing = { name: "Alice Rahman", email: "alice@school.test", address: "12 Lake Road, Dhaka 1205" };
const card = (cardNumber: string, clientSecret: string) => ({
  clientSecret,
  cardNumber,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: "123",
  billing,
});

describe.each(testDatabases)("orders and test-mode payments on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  const admissions: Admission[] = [];

  async function addAdmission(title: string, price: string): Promise<Admission> {
    const response = await t.json(
      "/api/AddAdmition",
      "POST",
      { title, price, about: "Seats for 40.", image1: "https://img.example/a.jpg" },
      { session: admin },
    );
    expect(response.status).toBe(201);
    const { insertedId } = await response.json();
    return { id: insertedId, title, priceMinor: Math.round(Number(price.replaceAll(",", "")) * 100) };
  }

  const intentFor = (session: Session | undefined, body: unknown) =>
    t.json("/api/Order/create-payment-intent", "POST", body, session ? { session } : {});
  const confirm = (session: Session, body: unknown) =>
    t.json("/api/payments/test/confirm", "POST", body, { session });
  const admit = (session: Session, id: string, body: unknown) =>
    t.json(`/api/Admition/admitCollection/${id}`, "PUT", body, { session });
  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];
  const orderCount = async () => (await t.services.db.select({ id: orders.id }).from(orders)).length;

  /** Alice's open order with a new cart (a quantity no other test uses), with a new intent. */
  let nextQuantity = 40;
  async function pendingOrder(session = alice) {
    const response = await intentFor(session, {
      items: [{ id: admissions[1]!.id, quantity: nextQuantity++ }],
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { orderId: string; clientSecret: string; amountMinor: number };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    bob = await t.signUp("bob@school.test", "bob-password-1", "Bob");
    carol = await t.signUp("carol@school.test", "carol-password-1", "Carol");
    admissions.push(
      await addAdmission("Class Six admission", "120.50"),
      await addAdmission("Hifz course", "75"),
      await addAdmission("Evening Arabic", "1234.55"),
    );
  });
  afterAll(() => t?.close());

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
