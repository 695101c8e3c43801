// The same admission paid twice by one account (issue 40, item 4): with the cart kept per
// browser, a family paying in two browsers paid twice without a word. Before paying, the
// account's earlier paid order for an admission of the cart is found (the cart and payment
// pages warn with its date; paying again stays allowed); the office's list of orders marks each
// paid order that another paid order of the same account and admission duplicates, until one is
// refunded. Another account's orders, and unpaid ones, are no duplicate.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { actorFromSession } from "../../server/domain/actor";
import { paidBefore } from "../../server/domain/orders/paid-twice";
import { type Admission, card, useShop } from "../fixtures/shop";
import { type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type WireOrder = { id: string; paidTwiceWith?: string[] };

describe.each(testDatabases)("an admission paid twice on %s", (kind) => {
  const shop = useShop(kind);
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let six: Admission;
  let hifz: Admission;
  beforeAll(() => {
    ({ t, admin, alice, bob } = shop);
    [six, hifz] = shop.admissions as [Admission, Admission];
  });

  const actorOf = async (email: string) => {
    const [row] = await t.services.db.select().from(users).where(eq(users.email, email));
    return actorFromSession(row);
  };
  /** Pays for these admissions as this buyer in test mode; the order's id. */
  const buy = async (session: Session, ...admissions: Admission[]) => {
    const started = await shop.intentFor(session, {
      items: admissions.map((admission) => ({ id: admission.id, quantity: 1 })),
    });
    expect(started.status).toBe(200);
    const { orderId, clientSecret } = (await started.json()) as { orderId: string; clientSecret: string };
    expect((await shop.confirm(session, card("4242 4242 4242 4242", clientSecret))).status).toBe(200);
    return orderId;
  };
  const officeList = async () => {
    const response = await t.request("/api/Order/orders?all=1", { session: admin });
    expect(response.status).toBe(200);
    return new Map(((await response.json()) as WireOrder[]).map((order) => [order.id, order.paidTwiceWith]));
  };

  it("finds the account's earlier paid order for an admission of the cart, and marks both for the office", async () => {
    const aliceActor = await actorOf("alice@school.test");
    expect(await paidBefore(t.services, aliceActor, [six.id, hifz.id])).toEqual([]);

    const first = await buy(alice, six);
    // Bob's order of the same admission is no duplicate of Alice's.
    const bobs = await buy(bob, six);
    const found = await paidBefore(t.services, aliceActor, [six.id, hifz.id]);
    expect(found).toEqual([{ admissionId: six.id, orderId: first, paidAt: expect.any(Date) }]);
    expect(await paidBefore(t.services, await actorOf("bob@school.test"), [hifz.id])).toEqual([]);
    // An order that is not paid yet is not "already paid".
    await shop.intentFor(alice, { items: [{ id: hifz.id, quantity: 1 }] });
    expect(await paidBefore(t.services, aliceActor, [hifz.id])).toEqual([]);

    let marked = await officeList();
    expect(marked.get(first)).toBeUndefined();
    expect(marked.get(bobs)).toBeUndefined();

    // Paid again (the warning lets her): both of Alice's orders are marked, each naming the other.
    const second = await buy(alice, six, hifz);
    marked = await officeList();
    expect(marked.get(first)).toEqual([second]);
    expect(marked.get(second)).toEqual([first]);
    expect(marked.get(bobs)).toBeUndefined();
    // Still the first order that paid it, for the warning's date.
    expect((await paidBefore(t.services, aliceActor, [six.id]))[0]?.orderId).toBe(first);

    // The buyer's own list says nothing of it (the office's mark is the office's).
    const own = (await (await t.request("/api/Order/orders", { session: alice })).json()) as WireOrder[];
    expect(own.every((order) => order.paidTwiceWith === undefined)).toBe(true);

    // The office refunds one: neither is marked any more.
    const refunded = await t.json(
      `/api/Order/orders/${second}/refunds`,
      "POST",
      { reason: "Paid twice from two browsers" },
      { session: admin },
    );
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    marked = await officeList();
    expect(marked.get(first)).toBeUndefined();
    expect(marked.get(second)).toBeUndefined();
  });
});
