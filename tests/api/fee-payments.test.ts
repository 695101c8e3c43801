// Paying tuition fees online, with figures a person works out by hand: Class Six pays 1,200 taka
// tuition a month (10 taka fine after the 10th, 50 after the month's end), so on any day after
// March 2026 each of January to March owes 1,200 + 50 = 1,250 taka, and three months 3,750. The
// order is priced on the server from the invoices, never with shipping or tax; the provider's
// confirmation becomes one fee payment with the year's next receipt number, however many times it
// is reported; two payers of the same month: the second is refused before paying, and if both
// providers confirm, the money is kept as an overpayment; a settlement that dies midway uses no
// receipt number.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  enrolments,
  feeInvoices,
  feePayments,
  feeReceiptCounters,
  orders,
  registerGuardians,
  registerStudents,
  schoolClasses,
  users,
} from "../../server/db/schema";
import { anonymous } from "../../server/domain/actor";
import { settle } from "../../server/domain/orders/settlement";
import { completeTestGateway } from "../../server/domain/payment-returns";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const taka = (n: number) => n * 100;
const monthDue = taka(1200 + 50);

describe.each(testDatabases)("paying fees online on %s", (kind) => {
  let t: TestApp;
  let alice: Session; // guardian of child 1, with an account
  let bob: Session; // a guardian of no child here
  let accountant: Session;
  const children: string[] = [];
  const child = (n: number) => children[n - 1] as string;
  const registration = (n: number) => String(770_000 + n);
  const phone = (n: number) => `+88017110000${String(n).padStart(2, "0")}`;

  const call = (path: string, method: string, body: unknown, session: Session | null = accountant) =>
    t.json(`/api${path}`, method, body, session ? { session } : {});
  const get = (path: string, session: Session | null = accountant) =>
    t.request(`/api${path}`, session ? { session } : {});
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  const fieldsOf = async (response: Response) => Object.keys((await response.json()).error.fields ?? {});
  const paymentsOf = (studentId: string) =>
    t.services.db.select().from(feePayments).where(eq(feePayments.registerStudentId, studentId));
  const orderRow = async (id: string) => {
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error("no order");
    return row;
  };
  const lastReceipt = async () =>
    (await t.services.db.select().from(feeReceiptCounters).where(eq(feeReceiptCounters.year, 2026)))[0]
      ?.last ?? 0;
  const payAtGateway = (paymentId: string, channel = "NAGAD-Nagad") =>
    completeTestGateway(t.services, anonymous, { paymentId, outcome: "paid", channel });
  const visitorOrder = (n: number, months: number, firstMonth = "2026-01") =>
    call(
      "/fees/pay/orders",
      "POST",
      { student: registration(n), phone: phone(n), months, firstMonth, provider: "sslcommerz" },
      null,
    );

  beforeAll(async () => {
    ({ t, alice, bob } = await appWithPeople(kind, {}, { TRUST_PROXY: "on" }));
    accountant = await t.signUp("cash@school.test", "cash-password-1", "Karim the accountant");
    const db = t.services.db;
    await db.update(users).set({ role: "accountant" }).where(eq(users.email, accountant.email));
    await db.update(users).set({ role: "guardian" }).where(eq(users.email, alice.email));
    await db.update(users).set({ role: "guardian" }).where(eq(users.email, bob.email));
    const [aliceRow] = await db.select().from(users).where(eq(users.email, alice.email));
    const [six] = await db.select().from(schoolClasses).where(eq(schoolClasses.name, "Class Six"));
    const made = await db
      .insert(registerStudents)
      .values([1, 2, 3].map((n) => ({ name: `Child ${n}` })))
      .returning({ id: registerStudents.id, name: registerStudents.name });
    made.sort((a, b) => a.name.localeCompare(b.name));
    children.push(...made.map((m) => m.id));
    await db.insert(enrolments).values(
      made.map((m, i) => ({
        session: "2026",
        classId: six?.id ?? "",
        roll: String(i + 1),
        registration: registration(i + 1),
        name: m.name,
        registerStudentId: m.id,
      })),
    );
    await db.insert(registerGuardians).values(
      [1, 2, 3].map((n) => ({
        registerStudentId: child(n),
        relation: "mother" as const,
        phone: phone(n),
        userId: n === 1 ? aliceRow?.id : null,
      })),
    );
    const rate = {
      session: "2026",
      class: "Class Six",
      head: "tuition",
      amount: "1,200",
      due: "monthly",
      dueDay: 10,
    };
    await ok(await call("/fees/rates", "PUT", rate));
    await ok(
      await call("/fees/fines", "PUT", {
        session: "2026",
        class: "Class Six",
        bands: [
          { afterDay: 10, amount: "10" },
          { afterDay: null, amount: "50" },
        ],
      }),
    );
    for (const month of ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]) {
      await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month }));
    }
  });
  afterAll(() => t?.close());

  it("a guardian pays January to March with the test card: 3 x (1,200 + 50) taka, no shipping or tax, one receipt however often it is confirmed", async () => {
    const path = `/fees/students/${child(1)}/orders`;
    // Refusals name the field, before any order is made.
    expect(await fieldsOf(await call(path, "POST", { months: 0, firstMonth: "2026-01" }, alice))).toEqual([
      "months",
    ]);
    const tooMany = await call(path, "POST", { months: 7, firstMonth: "2026-01" }, alice);
    expect(tooMany.status).toBe(400);
    expect(await fieldsOf(tooMany)).toEqual(["months"]);
    const notOldest = await call(path, "POST", { months: 1, firstMonth: "2026-02" }, alice);
    expect(notOldest.status).toBe(409);
    const wrongTotal = await call(
      path,
      "POST",
      { months: 3, firstMonth: "2026-01", amountMinor: taka(3600) },
      alice,
    );
    expect(wrongTotal.status).toBe(409);
    expect(await fieldsOf(wrongTotal)).toEqual(["amountMinor"]);
    expect((await call(path, "POST", { months: 3, firstMonth: "2026-01" }, bob)).status).toBe(403);
    expect((await call(path, "POST", { months: 3, firstMonth: "2026-01" }, null)).status).toBe(401);
    expect(await t.services.db.select().from(orders)).toHaveLength(0);

    const started = await ok(
      await call(
        path,
        "POST",
        { months: 3, firstMonth: "2026-01", amountMinor: 3 * monthDue, provider: "test" },
        alice,
      ),
    );
    expect(started.amountMinor).toBe(taka(3750));
    expect(
      started.months.map((m: { month: string; owedMinor: number; fineMinor: number }) => [
        m.month,
        m.owedMinor,
        m.fineMinor,
      ]),
    ).toEqual([
      ["2026-01", taka(1200), taka(50)],
      ["2026-02", taka(1200), taka(50)],
      ["2026-03", taka(1200), taka(50)],
    ]);
    const order = await orderRow(started.orderId);
    expect([order.subtotalMinor, order.shippingMinor, order.taxMinor, order.totalMinor]).toEqual([
      taka(3750),
      0,
      0,
      taka(3750),
    ]);
    expect(await paymentsOf(child(1))).toHaveLength(0); // nothing is paid before the provider confirms

    const card = {
      clientSecret: started.clientSecret,
      cardNumber: "4242424242424242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: "123",
      billing: { name: "Alice", email: "alice@school.test", address: "Dhaka" },
    };
    const before = await lastReceipt();
    await ok(await call("/payments/test/confirm", "POST", card, alice));
    await ok(await call("/payments/test/confirm", "POST", card, alice)); // reported twice
    const paidOrder = await orderRow(started.orderId);
    expect(paidOrder.status).toBe("paid");
    // The provider's confirmation arriving once more (a webhook, the reconciliation job).
    const again = await settle(t.services, paidOrder, {
      id: paidOrder.providerPaymentId ?? "",
      status: "succeeded",
      amountMinor: paidOrder.totalMinor,
      currency: paidOrder.currency,
    });
    expect(again).toBe("paid");

    const payments = await paymentsOf(child(1));
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toMatchObject({
      amountMinor: taka(3750),
      fineMinor: taka(150),
      overpaidMinor: 0,
      channel: "card",
      receiptYear: 2026,
      receiptNumber: before + 1,
      orderId: started.orderId,
    });
    expect(await lastReceipt()).toBe(before + 1);

    const state = await ok(await get(`/fees/orders/${started.orderId}`, alice));
    expect(state).toMatchObject({ status: "paid", receiptId: payment?.id, amountMinor: taka(3750) });
    const receipt = await ok(await get(`/fees/receipts/${payment?.id}`, alice));
    expect(receipt.amountMinor).toBe(taka(3750));
    expect(receipt.invoices.map((i: { month: string; paidMinor: number }) => [i.month, i.paidMinor])).toEqual(
      [
        ["2026-01", monthDue],
        ["2026-02", monthDue],
        ["2026-03", monthDue],
      ],
    );
    expect((await get(`/fees/orders/${started.orderId}`, bob)).status).toBe(404);
    const ledger = await ok(await get(`/fees/students/${child(1)}/ledger`, alice));
    expect(ledger.open.map((i: { month: string }) => i.month)).toEqual(["2026-04", "2026-05", "2026-06"]);
    expect(ledger.balanceMinor).toBe(taka(3 * 1200));
  });

  it("two visitors pay the same month at /fees/pay: the second is refused before paying, and if both providers confirm the money stays as an overpayment", async () => {
    const first = await ok(await visitorOrder(2, 1));
    const second = await ok(await visitorOrder(2, 1));
    expect([first.amountMinor, second.amountMinor]).toEqual([monthDue, monthDue]);
    const wrongPhone = await call(
      "/fees/pay/orders",
      "POST",
      { student: registration(2), phone: phone(3), months: 1, firstMonth: "2026-01" },
      null,
    );
    expect(wrongPhone.status).toBe(404);

    const firstOrder = await orderRow(first.orderId);
    expect(await payAtGateway(firstOrder.providerPaymentId ?? "")).toMatchObject({ outcome: "paid" });

    // A third payer who saw January owed is refused; so is the second at the gateway.
    const late = await visitorOrder(2, 1);
    expect(late.status).toBe(409);
    expect(await fieldsOf(late)).toEqual(["firstMonth"]);
    const secondOrder = await orderRow(second.orderId);
    await expect(payAtGateway(secondOrder.providerPaymentId ?? "")).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await orderRow(second.orderId)).status).toBe("pending");

    // The visitor reads their receipt with the key only they hold; nobody else does.
    const paid = await ok(await get(`/fees/orders/${first.orderId}?key=${first.receiptKey}`, null));
    expect(paid.status).toBe("paid");
    const receipt = await ok(await get(`/fees/receipts/${paid.receiptId}?key=${first.receiptKey}`, null));
    expect(receipt.amountMinor).toBe(monthDue);
    expect(receipt.channel).toBe("nagad");
    expect((await get(`/fees/receipts/${paid.receiptId}?key=${second.receiptKey}`, null)).status).toBe(401);
    expect((await get(`/fees/receipts/${paid.receiptId}`, null)).status).toBe(401);
    expect((await get(`/fees/receipts/${paid.receiptId}?key=${first.receiptKey}`, bob)).status).toBe(200);
    expect((await get(`/fees/orders/${first.orderId}?key=${second.receiptKey}`, null)).status).toBe(404);

    // The second provider confirms anyway (its report was already on its way).
    expect(
      await settle(t.services, secondOrder, {
        id: secondOrder.providerPaymentId ?? "",
        status: "succeeded",
        amountMinor: secondOrder.totalMinor,
        currency: secondOrder.currency,
        channel: "BKASH-BKash",
      }),
    ).toBe("paid");
    const payments = await paymentsOf(child(2));
    expect(payments.map((p) => [p.amountMinor, p.overpaidMinor, p.channel]).sort()).toEqual([
      [monthDue, 0, "nagad"],
      [monthDue, monthDue, "bkash"],
    ]);
    const numbers = payments.map((p) => p.receiptNumber).sort((a, b) => a - b);
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    // In the ledger: February to June owed, less the 1,250 taka to refund.
    const ledger = await ok(await get(`/fees/students/${child(2)}/ledger`));
    expect(ledger.balanceMinor).toBe(taka(5 * 1200) - monthDue);
    expect(ledger.entries.at(-1).balanceMinor).toBe(taka(5 * 1200) - monthDue);
    expect(ledger.payments.map((p: { overpaidMinor: number }) => p.overpaidMinor).sort()).toEqual([
      0,
      monthDue,
    ]);
    expect(ledger.entries.some((e: { reason: string | null }) => e.reason?.includes("overpaid 1,250"))).toBe(
      true,
    );
    const [january] = await t.services.db
      .select()
      .from(feeInvoices)
      .where(and(eq(feeInvoices.registerStudentId, child(2)), eq(feeInvoices.month, "2026-01")));
    expect([january?.totalMinor, january?.paidMinor]).toEqual([monthDue, 2 * monthDue]);
  });

  it("refunds the overpayment through the provider, then part of a month in cash: the ledger shows each with the running balance", async () => {
    // After the test above: child 2 paid January twice online (1,250 taka overpaid, on bKash).
    const [nagad, bkash] = (await paymentsOf(child(2))).sort((a, b) => a.overpaidMinor - b.overpaidMinor);
    if (!nagad || !bkash) throw new Error("two payments expected");
    const refund = (id: string, body: unknown, session: Session | null = accountant) =>
      call(`/fees/receipts/${id}/refunds`, "POST", body, session);
    // The child's guardian, another guardian and a visitor are refused; nothing moves.
    expect((await refund(bkash.id, { reason: "paid twice" }, bob)).status).toBe(403);
    expect((await refund(bkash.id, { reason: "paid twice" }, null)).status).toBe(401);
    const tooMuch = await refund(bkash.id, { amount: "1,250.01", reason: "paid twice" });
    expect(tooMuch.status).toBe(400);
    expect(await fieldsOf(tooMuch)).toEqual(["amount"]);

    // No amount: the overpayment, given back through the provider that took it.
    const given = await ok(await refund(bkash.id, { reason: "January paid twice" }), 201);
    expect(given).toMatchObject({ amountMinor: monthDue, way: "provider", leftMinor: 0 });
    expect((await refund(bkash.id, { reason: "again" })).status).toBe(400);
    const order = await orderRow(bkash.orderId ?? "");
    expect(order.refundedMinor).toBe(monthDue);
    let ledger = await ok(await get(`/fees/students/${child(2)}/ledger`));
    const last = ledger.entries.at(-1);
    expect(last).toMatchObject({ kind: "refund", amountMinor: monthDue, reason: "January paid twice" });
    // February to June owed, nothing in credit any more; January still paid once.
    expect(last.balanceMinor).toBe(taka(5 * 1200));
    expect(ledger.balanceMinor).toBe(taka(5 * 1200));
    expect(ledger.open.map((i: { month: string }) => i.month)).not.toContain("2026-01");
    expect(
      ledger.entries.some((e: { reason: string | null }) =>
        e.reason?.includes("overpaid 1,250 taka online: refunded"),
      ),
    ).toBe(true);

    // The first payment was January's: what is refunded of it is owed again.
    const second = await ok(await refund(nagad.id, { amount: "250", reason: "goodwill" }), 201);
    expect(second).toMatchObject({ amountMinor: taka(250), leftMinor: monthDue - taka(250) });
    ledger = await ok(await get(`/fees/students/${child(2)}/ledger`));
    expect(ledger.entries.at(-1).balanceMinor).toBe(taka(5 * 1200 + 250));
    expect(ledger.balanceMinor).toBe(taka(5 * 1200 + 250));
    expect(ledger.open[0]).toMatchObject({
      month: "2026-01",
      totalMinor: monthDue,
      paidMinor: monthDue - taka(250),
    });
    const refunded = (id: string) => ledger.payments.find((p: { id: string }) => p.id === id).refundedMinor;
    expect([refunded(bkash.id), refunded(nagad.id)]).toEqual([monthDue, taka(250)]);

    // An office payment is handed back in cash; a cancelled receipt is not refunded.
    const taken = await ok(
      await call(`/fees/students/${child(1)}/payments`, "POST", { amount: "1,250", channel: "cash" }),
      201,
    );
    const cash = await ok(await refund(taken.id, { amount: "100", reason: "counted twice" }), 201);
    expect(cash).toMatchObject({ way: "cash", amountMinor: taka(100) });
    await ok(await call(`/fees/receipts/${taken.id}/cancel`, "POST", { reason: "wrong child" }));
    expect((await refund(taken.id, { reason: "again" })).status).toBe(409);
  });

  it("a settlement that fails midway leaves the order unpaid and uses no receipt number", async () => {
    const started = await ok(await visitorOrder(3, 2));
    expect(started.amountMinor).toBe(2 * monthDue);
    const order = await orderRow(started.orderId);
    const before = await lastReceipt();
    // The server dies after the receipt number and the payment are written, before the allocations.
    await t.services.db.execute(
      sql.raw(`CREATE FUNCTION fail_allocation() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'killed midway'; END $$`),
    );
    await t.services.db.execute(
      sql.raw(
        "CREATE TRIGGER fail_allocation BEFORE INSERT ON fee_allocations FOR EACH ROW EXECUTE FUNCTION fail_allocation()",
      ),
    );
    await expect(payAtGateway(order.providerPaymentId ?? "", "BKASH-BKash")).rejects.toThrow();
    expect((await orderRow(order.id)).status).toBe("pending");
    expect(await paymentsOf(child(3))).toHaveLength(0);
    expect(await lastReceipt()).toBe(before);
    await t.services.db.execute(sql.raw("DROP TRIGGER fail_allocation ON fee_allocations"));

    // The report comes again (the reconciliation job): paid once, with the next number.
    expect(await payAtGateway(order.providerPaymentId ?? "", "BKASH-BKash")).toMatchObject({
      outcome: "paid",
    });
    const [payment] = await paymentsOf(child(3));
    expect(payment).toMatchObject({ receiptNumber: before + 1, amountMinor: 2 * monthDue, channel: "bkash" });
    expect(await lastReceipt()).toBe(before + 1);
  });
});
