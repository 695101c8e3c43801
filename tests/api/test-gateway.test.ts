// With no provider configured, every flow runs in test mode: the test card by default, and
// SSLCommerz and bKash through the site's own test gateway page, settled like the providers'
// reports. (With a provider configured, only the configured ones are offered: stripe.test.ts.)
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelNameOf } from "../../common/payment-channels";
import { orders, users } from "../../server/db/schema";
import { rolesOf, type SignedInActor } from "../../server/domain/actor";
import { completeTestGateway, testGatewayPayment } from "../../server/domain/payment-returns";
import { addAdmission, appWithPeople, origin, type Session, type TestApp } from "../fixtures/test-app";

async function actorOf(t: TestApp, email: string): Promise<SignedInActor> {
  const [user] = await t.services.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return {
    kind: "user",
    id: user.id,
    email: user.email,
    name: user.name,
    image: null,
    roles: rolesOf(user.role),
    isAdmin: user.role === "admin",
  };
}

describe("test mode, with no payment provider configured", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let admissionId: string;
  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople("pglite", {}, { CURRENCY: "BDT" }));
    admissionId = await addAdmission(t, admin);
  });
  afterAll(() => t?.close());

  let quantity = 1;
  const start = async (provider?: string) => {
    const body = { items: [{ id: admissionId, quantity: quantity++ }], ...(provider ? { provider } : {}) };
    const response = await t.json("/api/Order/create-payment-intent", "POST", body, { session: alice });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      orderId: string;
      provider: string;
      testMode: boolean;
      clientSecret: string | null;
      redirectUrl: string | null;
    };
  };
  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];
  const paymentIdOf = (redirectUrl: string | null) =>
    new URL(redirectUrl ?? "").pathname.split("/").pop() ?? "";

  it("offers the test card first, then SSLCommerz and bKash through the test gateway", async () => {
    expect(t.services.payments.offered.map((p) => [p.kind, p.testMode])).toEqual([
      ["test", true],
      ["sslcommerz", true],
      ["bkash", true],
    ]);
    const byDefault = await start();
    expect(byDefault).toMatchObject({ provider: "test", testMode: true, redirectUrl: null });
    expect(byDefault.clientSecret).toMatch(/^test_pi_/);
    // "stripe" is the card: the test card stands in for it.
    expect((await start("stripe")).provider).toBe("test");
  });

  it("offers on SSLCommerz's stand-in what the README says: a card, bKash, Nagad and Rocket", async () => {
    const { redirectUrl } = await start("sslcommerz");
    const payment = await testGatewayPayment(
      t.services,
      await actorOf(t, alice.email),
      paymentIdOf(redirectUrl),
    );
    expect(payment.channels.map(channelNameOf)).toEqual([
      { card: "Visa" },
      { wallet: "bKash" },
      { wallet: "Nagad" },
      { wallet: "Rocket" },
    ]);
    expect(await readFile("docs/payments.md", "utf8")).toContain("a card (Visa), bKash, Nagad or Rocket");
  });

  it("sends the buyer to the local gateway for SSLCommerz, and a payment there marks the order paid", async () => {
    const answer = await start("sslcommerz");
    expect(answer).toMatchObject({ provider: "sslcommerz", testMode: true, clientSecret: null });
    expect(answer.redirectUrl).toMatch(
      new RegExp(`^${origin}/payment-getway/test-gateway/test_sslcommerz_[0-9a-f]+$`),
    );
    const paymentId = paymentIdOf(answer.redirectUrl);
    const bob = { email: "bob@school.test" };
    await expect(
      completeTestGateway(t.services, await actorOf(t, bob.email), {
        paymentId,
        outcome: "paid",
        channel: "NAGAD-Nagad",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const alicesActor = await actorOf(t, alice.email);
    await expect(
      completeTestGateway(t.services, alicesActor, {
        paymentId,
        outcome: "paid",
        channel: "A made-up wallet",
      }),
    ).rejects.toMatchObject({ code: "invalid", fields: { channel: expect.any(String) } });
    const paid = await completeTestGateway(t.services, alicesActor, {
      paymentId,
      outcome: "paid",
      channel: "NAGAD-Nagad",
    });
    expect(paid).toMatchObject({ outcome: "paid", orderId: answer.orderId, provider: "sslcommerz" });
    expect(await orderRow(answer.orderId)).toMatchObject({
      status: "paid",
      testMode: true,
      paymentChannel: "NAGAD-Nagad",
    });
    // Paying again answers the same, once.
    expect(
      (
        await completeTestGateway(t.services, alicesActor, {
          paymentId,
          outcome: "paid",
          channel: "NAGAD-Nagad",
        })
      ).outcome,
    ).toBe("paid");
  });

  it("leaves a bKash order unpaid when the buyer cancels or it fails, and the same page can be tried again", async () => {
    const answer = await start("bkash");
    const paymentId = paymentIdOf(answer.redirectUrl);
    const alicesActor = await actorOf(t, alice.email);
    expect(
      (await completeTestGateway(t.services, alicesActor, { paymentId, outcome: "cancelled" })).outcome,
    ).toBe("cancelled");
    expect(
      (await completeTestGateway(t.services, alicesActor, { paymentId, outcome: "failed" })).outcome,
    ).toBe("failed");
    expect((await orderRow(answer.orderId))?.status).toBe("pending");
    expect(
      (await completeTestGateway(t.services, alicesActor, { paymentId, outcome: "paid", channel: "bKash" }))
        .outcome,
    ).toBe("paid");
  });

  it("refunds a test-mode order without any provider", async () => {
    const answer = await start("bkash");
    await completeTestGateway(t.services, await actorOf(t, alice.email), {
      paymentId: paymentIdOf(answer.redirectUrl),
      outcome: "paid",
      channel: "bKash",
    });
    const refund = await t.json(
      `/api/Order/orders/${answer.orderId}/refunds`,
      "POST",
      { reason: "Test" },
      { session: admin },
    );
    expect(refund.status).toBe(201);
    expect((await refund.json()).status).toBe("refunded");
  });

  it("takes no provider reports: nothing real is configured", async () => {
    const ipn = await t.app.request(`${origin}/api/payments/sslcommerz/ipn`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "tran_id=x&status=VALID",
    });
    expect(ipn.status).toBe(404);
    const callback = await t.app.request(`${origin}/api/payments/bkash/callback?paymentID=x&status=success`);
    expect(callback.status).toBe(404);
  });
});
