// The reconciliation job inside the app: a pending order whose provider never called back is
// asked about after a few minutes and becomes paid when the provider took the money; one process
// at a time runs it (PostgreSQL: an advisory try-lock, which a second holder does not get).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/db/schema";
import { startReconciliation } from "../../server/payments/reconciliation-job";
import { type FakeSslcommerz, startFakeSslcommerz } from "../fixtures/fake-sslcommerz";
import { addAdmission, appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("reconciliation on %s", (kind) => {
  let ssl: FakeSslcommerz;
  let t: TestApp;
  let alice: Session;
  let admissionId: string;

  beforeAll(async () => {
    ssl = await startFakeSslcommerz();
    let admin: Session;
    ({ t, admin, alice } = await appWithPeople(
      kind,
      {},
      {
        CURRENCY: "BDT",
        SSLCOMMERZ_STORE_ID: ssl.storeId,
        SSLCOMMERZ_STORE_PASSWORD: ssl.storePassword,
        SSLCOMMERZ_API_URL: ssl.url,
      },
    ));
    admissionId = await addAdmission(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await ssl?.close();
  });

  const orderRow = async (id: string) =>
    (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0];

  it("runs every interval and marks paid an order whose IPN never came, asking once", async () => {
    const response = await t.json(
      "/api/Order/create-payment-intent",
      "POST",
      { items: [{ id: admissionId, quantity: 1 }] },
      { session: alice },
    );
    const { orderId } = (await response.json()) as { orderId: string };
    const tranId = (await orderRow(orderId))?.providerPaymentId as string;
    ssl.pay(tranId);
    // Made six minutes ago: the provider has had its time to call.
    await t.services.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(orders.id, orderId));
    const job = startReconciliation(t.services, 20);
    try {
      await expect.poll(async () => (await orderRow(orderId))?.status, { timeout: 5000 }).toBe("paid");
    } finally {
      await job.stop();
    }
    const asked = ssl.requests.filter(
      (r) => r.path.endsWith("merchantTransIDvalidationAPI.php") && r.query.get("tran_id") === tranId,
    );
    // Checked once, then left alone for five minutes (checkedAt).
    expect(asked).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("lets one holder run it at a time", async () => {
    const { database } = t.services;
    const inner = await database.tryExclusive("maktab reconciliation", () =>
      database.tryExclusive("maktab reconciliation", async () => "ran twice"),
    );
    expect(inner).toBeUndefined();
    expect(await database.tryExclusive("maktab reconciliation", async () => "ran")).toBe("ran");
  });
});
