// The Stripe provider with the real `stripe` SDK, pointed through STRIPE_API_URL at a fake Stripe
// on loopback: intents made with the server's amount, payments recorded only when Stripe says
// so and only once, and the webhook checked by its signature.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartTotals } from "../../common/pricing";
import { orders } from "../../server/db/schema";
import { type FakeStripe, startFakeStripe } from "../fixtures/fake-stripe";
import { createTestApp, origin, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("card payments through Stripe on %s", (kind) => {
  let stripe: FakeStripe;
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let admissionId: string;
  // Only used to sign test webhooks, as Stripe would.
  const signer = new Stripe("sk_test_signer");

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(kind, {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      CURRENCY: "bdt",
      ...stripe.env,
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
    bob = await t.signUp("bob@school.test", "bob-password-1", "Bob");
    const created = await t.json(
      "/api/AddAdmition",
      "POST",
      { title: "Class Six admission", price: "120.50", image1: "https://img.example/a.jpg" },
      { session: admin },
    );
    admissionId = (await created.json()).insertedId;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  let quantity = 1;
  async function newIntent(session = alice) {
    const items = [{ id: admissionId, quantity: quantity++ }];
    const response = await t.json("/api/Order/create-payment-intent", "POST", { items }, { session });
    expect(response.status).toBe(200);
    const answer = await response.json();
    const transaction = answer.clientSecret.split("_secret_")[0] as string;
    return { ...answer, transaction, items } as {
      orderId: string;
      clientSecret: string;
      amountMinor: number;
      transaction: string;
    };
  }
  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];
  const admit = (session: Session, id: string, body: unknown) =>
    t.json(`/api/Admition/admitCollection/${id}`, "PUT", body, { session });

  /** Stripe's webhook as Stripe sends it: no cookie, no Origin, a Stripe-Signature header. */
  function webhook(event: unknown, secret = stripe.webhookSecret, tamper?: (payload: string) => string) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.request(`${origin}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: tamper ? tamper(payload) : payload,
    });
  }
  const succeededEvent = (intentId: string, amount: number) => ({
    id: `evt_${intentId}`,
    object: "event",
    type: "payment_intent.succeeded",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: { id: intentId, object: "payment_intent", amount, currency: "bdt", status: "succeeded" },
    },
  });

  it("creates the intent at Stripe with the server's amount and currency and answers its client secret", async () => {
    const before = stripe.requests.length;
    const intent = await newIntent();
    const { totalMinor } = cartTotals([{ unitPriceMinor: 12050, quantity: 1 }]);
    expect(intent).toMatchObject({
      amountMinor: totalMinor,
      currency: "BDT",
      provider: "stripe",
      publishableKey: stripe.publishableKey,
    });
    const created = stripe.requests.slice(before).filter((r) => r.method === "POST");
    expect(created).toHaveLength(1);
    const [request] = created;
    expect(request?.path).toBe("/v1/payment_intents");
    expect(request?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.idempotencyKey).toBe(`maktab-order-${intent.orderId}`);
    expect(request?.form.get("amount")).toBe(String(totalMinor));
    expect(request?.form.get("currency")).toBe("bdt");
    expect(request?.form.get("allowed_payment_method_types[0]")).toBe("card");
    expect(request?.form.get("metadata[orderId]")).toBe(intent.orderId);
    expect(request?.form.get("metadata[buyerEmail]")).toBe("alice@school.test");

    const atStripe = stripe.intents.get(intent.transaction);
    expect(atStripe?.client_secret).toBe(intent.clientSecret);
    expect(await orderRow(intent.orderId)).toMatchObject({
      status: "pending",
      provider: "stripe",
      currency: "BDT",
      totalMinor,
      providerPaymentId: intent.transaction,
    });
  });

  it("offers the same intent again for the same cart while it can still be paid", async () => {
    const items = [{ id: admissionId, quantity: 60 }];
    const ask = async () =>
      (await t.json("/api/Order/create-payment-intent", "POST", { items }, { session: alice })).json();
    const first = await ask();
    const posts = stripe.requests.filter((r) => r.method === "POST").length;
    const again = await ask();
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(stripe.requests.filter((r) => r.method === "POST").length).toBe(posts);
    // Once Stripe has taken the money, the same cart is a new order.
    stripe.succeed(first.clientSecret.split("_secret_")[0]);
    const third = await ask();
    expect(third.orderId).not.toBe(first.orderId);
  });

  it("allows Stripe in the Content-Security-Policy and turns the test card form off", async () => {
    const csp = (await t.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com/);
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    const intent = await newIntent();
    const response = await t.json(
      "/api/payments/test/confirm",
      "POST",
      {
        clientSecret: intent.clientSecret,
        cardNumber: "4242424242424242",
        expMonth: 12,
        expYear: 2040,
        cvc: "123",
        billing: { name: "Alice", email: "alice@school.test", address: "Dhaka" },
      },
      { session: alice },
    );
    expect(response.status).toBe(400);
    expect((await orderRow(intent.orderId))?.status).toBe("pending");
  });

  describe("one open order per buyer", () => {
    let erin: Session;
    const ask = async (items: unknown) =>
      t.json("/api/Order/create-payment-intent", "POST", { items }, { session: erin });
    const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] as string;
    beforeAll(async () => {
      erin = await t.signUp("erin@school.test", "erin-password-1", "Erin");
    });

    it("cancels the old intent at Stripe and makes one for the new total when the cart changes", async () => {
      const first = await (await ask([{ id: admissionId, quantity: 1 }])).json();
      const posts = stripe.requests.length;
      const second = await (await ask([{ id: admissionId, quantity: 3 }])).json();
      expect(second.orderId).toBe(first.orderId);
      expect(intentOf(second.clientSecret)).not.toBe(intentOf(first.clientSecret));
      expect(stripe.intents.get(intentOf(first.clientSecret))?.status).toBe("canceled");
      const { totalMinor } = cartTotals([{ unitPriceMinor: 12050, quantity: 3 }]);
      expect(stripe.intents.get(intentOf(second.clientSecret))).toMatchObject({
        amount: totalMinor,
        status: "requires_payment_method",
      });
      const created = stripe.requests.slice(posts).filter((r) => r.path === "/v1/payment_intents");
      expect(created).toHaveLength(1);
      expect(created[0]?.idempotencyKey).toMatch(new RegExp(`^maktab-order-${first.orderId}-.+`));
      expect(await orderRow(first.orderId)).toMatchObject({
        totalMinor,
        providerPaymentId: intentOf(second.clientSecret),
      });
      // The old intent pays nothing any more: cancelled at Stripe, and no order's intent here.
      const old = await admit(erin, first.orderId, { transaction: intentOf(first.clientSecret) });
      expect(old.status).toBe(404);
      stripe.succeed(intentOf(second.clientSecret));
      expect((await admit(erin, first.orderId, { transaction: intentOf(second.clientSecret) })).status).toBe(
        200,
      );
    });

    it("leaves an order whose payment is processing alone: the changed cart is a new order", async () => {
      const first = await (await ask([{ id: admissionId, quantity: 5 }])).json();
      const atStripe = stripe.intents.get(intentOf(first.clientSecret));
      if (atStripe) atStripe.status = "processing";
      const second = await (await ask([{ id: admissionId, quantity: 6 }])).json();
      expect(second.orderId).not.toBe(first.orderId);
      expect(atStripe?.status).toBe("processing");
      expect(await orderRow(first.orderId)).toMatchObject({
        status: "pending",
        totalMinor: first.amountMinor,
        providerPaymentId: intentOf(first.clientSecret),
      });
    });

    it("refuses a total above Stripe's 8-digit limit with 400 naming the items, asking Stripe nothing", async () => {
      const created = await t.json(
        "/api/AddAdmition",
        "POST",
        { title: "Hostel for life", price: "1,000,000", image1: "https://img.example/a.jpg" },
        { session: admin },
      );
      const { insertedId } = await created.json();
      const before = stripe.requests.length;
      const response = await ask([{ id: insertedId, quantity: 1 }]);
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({
        items: "The payment service takes at most 999,999.99 in one payment",
      });
      expect(stripe.requests.length).toBe(before);
    });

    it("records a payment Stripe reports for an expired order as paid_after_expiry, never as paid", async () => {
      const intent = await (await ask([{ id: admissionId, quantity: 7 }])).json();
      const transaction = intentOf(intent.clientSecret);
      await t.services.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(orders.id, intent.orderId));
      stripe.succeed(transaction, { last4: "5556" });
      const reported = await webhook(succeededEvent(transaction, intent.amountMinor));
      expect(reported.status).toBe(200);
      const row = await orderRow(intent.orderId);
      expect(row).toMatchObject({ status: "paid_after_expiry", cardLast4: "5556" });
      expect(row?.paidAt).toBeInstanceOf(Date);
      const admitted = await admit(erin, intent.orderId, { transaction });
      expect(admitted.status).toBe(409);
      expect((await admitted.json()).error.message).toBe("This order has expired: it can no longer be paid");
      expect((await orderRow(intent.orderId))?.status).toBe("paid_after_expiry");
      const listed = await (
        await t.request("/api/Order/orders?all=1&status=paid_after_expiry", { session: admin })
      ).json();
      expect(listed.map((order: { id: string }) => order.id)).toEqual([intent.orderId]);
    });

    it("cancels an expired order's intent at Stripe when it expires", async () => {
      const intent = await (await ask([{ id: admissionId, quantity: 8 }])).json();
      await t.services.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(orders.id, intent.orderId));
      const next = await (await ask([{ id: admissionId, quantity: 8 }])).json();
      expect(next.orderId).not.toBe(intent.orderId);
      expect((await orderRow(intent.orderId))?.status).toBe("expired");
      await expect.poll(() => stripe.intents.get(intentOf(intent.clientSecret))?.status).toBe("canceled");
    });
  });

  describe("admitCollection", () => {
    it("refuses an intent Stripe does not know (404) and one not paid yet (402)", async () => {
      expect((await admit(alice, admissionId, { transaction: "pi_unknown000" })).status).toBe(404);
      const intent = await newIntent();
      const response = await admit(alice, admissionId, {
        transaction: intent.transaction,
        amount: intent.amountMinor / 100,
        last4: "4242",
      });
      expect(response.status).toBe(402);
      expect((await response.json()).error.code).toBe("payment_incomplete");
      expect((await orderRow(intent.orderId))?.status).toBe("pending");
    });

    it("marks the order paid once Stripe says the intent succeeded, with Stripe's card and billing details", async () => {
      const intent = await newIntent();
      stripe.succeed(intent.transaction, { last4: "1881", name: "Alice Rahman", email: "alice@mail.test" });
      // The earlier pages' path id was the admission's; the transaction decides the order.
      const body = { transaction: intent.transaction, amount: 1, created: 1, last4: "0000" };
      const first = await admit(alice, admissionId, body);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ acknowledged: true, insertedId: intent.orderId });
      const paid = await orderRow(intent.orderId);
      expect(paid).toMatchObject({
        status: "paid",
        cardLast4: "1881",
        billingName: "Alice Rahman",
        billingEmail: "alice@mail.test",
        billingAddress: "12 Lake Road, Dhaka 1205, BD",
      });
      const again = await admit(alice, intent.orderId, body);
      expect(await again.json()).toEqual({ acknowledged: true, insertedId: intent.orderId });
      expect((await orderRow(intent.orderId))?.paidAt).toEqual(paid?.paidAt);
    });

    it("refuses another user's order (403) and a payment that does not match the total (409)", async () => {
      const intent = await newIntent();
      stripe.succeed(intent.transaction);
      expect((await admit(bob, intent.orderId, { transaction: intent.transaction })).status).toBe(403);

      const short = await newIntent();
      const atStripe = stripe.intents.get(short.transaction);
      if (atStripe) atStripe.amount = 100;
      stripe.succeed(short.transaction);
      const response = await admit(alice, short.orderId, { transaction: short.transaction });
      expect(response.status).toBe(409);
      expect((await orderRow(short.orderId))?.status).toBe("pending");
    });
  });

  describe("the webhook", () => {
    it("marks the order paid on payment_intent.succeeded with a valid signature, once", async () => {
      const intent = await newIntent();
      stripe.succeed(intent.transaction, { last4: "4242" });
      const first = await webhook(succeededEvent(intent.transaction, intent.amountMinor));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      const paid = await orderRow(intent.orderId);
      expect(paid).toMatchObject({ status: "paid", cardLast4: "4242" });

      const again = await webhook(succeededEvent(intent.transaction, intent.amountMinor));
      expect(again.status).toBe(200);
      expect((await orderRow(intent.orderId))?.paidAt).toEqual(paid?.paidAt);
      // The page reporting the same payment afterwards is harmless too.
      const reported = await admit(alice, intent.orderId, { transaction: intent.transaction });
      expect(await reported.json()).toEqual({ acknowledged: true, insertedId: intent.orderId });
    });

    it("answers 400 and changes nothing when the signature does not match", async () => {
      const intent = await newIntent();
      stripe.succeed(intent.transaction);
      const event = succeededEvent(intent.transaction, intent.amountMinor);
      const wrongSecret = await webhook(event, "whsec_not_the_secret");
      expect(wrongSecret.status).toBe(400);
      expect((await wrongSecret.json()).error.code).toBe("invalid_signature");
      const altered = await webhook(event, stripe.webhookSecret, (payload) =>
        payload.replace("evt_", "evt_x"),
      );
      expect(altered.status).toBe(400);
      const unsigned = await t.app.request(`${origin}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(event),
      });
      expect(unsigned.status).toBe(400);
      expect(await orderRow(intent.orderId)).toMatchObject({ status: "pending", paidAt: null });
    });

    it("acknowledges other events and unknown intents without changing anything", async () => {
      const intent = await newIntent();
      const failed = await webhook({
        ...succeededEvent(intent.transaction, intent.amountMinor),
        type: "payment_intent.payment_failed",
      });
      expect(failed.status).toBe(200);
      const unknown = await webhook(succeededEvent("pi_nobody", 100));
      expect(unknown.status).toBe(200);
      expect((await orderRow(intent.orderId))?.status).toBe("pending");
    });
  });

  it("offers Stripe only, and names provider when another is asked for", async () => {
    for (const provider of ["bkash", "sslcommerz", "test"]) {
      const response = await t.json(
        "/api/Order/create-payment-intent",
        "POST",
        { items: [{ id: admissionId, quantity: 1 }], provider },
        { session: alice },
      );
      expect(response.status, provider).toBe(400);
      expect((await response.json()).error.fields.provider).toMatch(
        provider === "test" ? /Test mode is off/ : /not configured here \(offered: stripe\)/,
      );
    }
    const unknown = await t.json(
      "/api/Order/create-payment-intent",
      "POST",
      { items: [{ id: admissionId, quantity: 1 }], provider: "paypal" },
      { session: alice },
    );
    expect((await unknown.json()).error.fields.provider).toMatch(
      /provider must be one of stripe, sslcommerz, bkash, test/,
    );
  });
});
