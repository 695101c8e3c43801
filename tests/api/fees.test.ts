// Tuition fees through the REST API, with figures a person works out by hand: Class Six pays
// 1,200 taka tuition a month (due on the 10th; 10 taka fine after the 10th, 50 after the month's
// end) and a 500 taka exam fee in June. January to June are generated for 40 children (twice:
// nothing doubles), one child's tuition is halved from March, the office takes March of another
// on the 20th (the 10 taka fine), receipts are numbered without gaps, and only the staff and the
// child's own family see a ledger.
import { eq, sql } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountInWords } from "../../common/amount-in-words";
import { rowsOf } from "../../server/db/rows";
import {
  auditEntries,
  enrolments,
  feeInvoices,
  feePayments,
  registerGuardians,
  registerStudents,
  schoolClasses,
  users,
} from "../../server/db/schema";
import { generationCheckMs } from "../../server/domain/fees/dues-index";
import { lookUpDues } from "../../server/domain/fees/lookup";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

const taka = (n: number) => n * 100;

describe.each(testDatabases)("tuition fees on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session; // guardian of child 1
  let bob: Session; // a guardian of no child here
  let accountant: Session;
  let teacher: Session;
  let studentTwo: Session; // child 2's own account
  const children: string[] = [];
  const child = (n: number) => children[n - 1] as string;

  const asRole = async (session: Session, role: string) => {
    await t.services.db.update(users).set({ role }).where(eq(users.email, session.email));
    return session;
  };
  const userId = async (session: Session) =>
    (await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, session.email)))[0]?.id ??
    "";
  const call = (path: string, method: string, body: unknown, session: Session | null = accountant) =>
    t.json(`/api${path}`, method, body, session ? { session } : {});
  const get = (path: string, session: Session | null = accountant) =>
    t.request(`/api${path}`, session ? { session } : {});
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response.json();
  };
  const fieldsOf = async (response: Response) => Object.keys((await response.json()).error.fields ?? {});

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind, {}, { TRUST_PROXY: "on" }));
    accountant = await asRole(
      await t.signUp("cash@school.test", "cash-password-1", "Karim the accountant"),
      "accountant",
    );
    teacher = await asRole(await t.signUp("teach@school.test", "teach-password-1", "A teacher"), "teacher");
    studentTwo = await asRole(await t.signUp("two@school.test", "two-password-1", "Child Two"), "student");
    await asRole(alice, "guardian");
    await asRole(bob, "guardian");
    const db = t.services.db;
    const [six] = await db.select().from(schoolClasses).where(eq(schoolClasses.name, "Class Six"));
    const made = await db
      .insert(registerStudents)
      .values(Array.from({ length: 40 }, (_, i) => ({ name: `Child ${i + 1}`, nameBn: `শিশু ${i + 1}` })))
      .returning({ id: registerStudents.id, name: registerStudents.name });
    made.sort((a, b) => Number(a.name.slice(6)) - Number(b.name.slice(6)));
    children.push(...made.map((m) => m.id));
    await db.insert(enrolments).values(
      made.map((m, i) => ({
        session: "2026",
        classId: six?.id ?? "",
        section: i % 2 ? "B" : "A",
        roll: String(i + 1),
        registration: String(660_000 + i + 1),
        name: m.name,
        registerStudentId: m.id,
      })),
    );
    await db.insert(registerGuardians).values([
      {
        registerStudentId: child(1),
        relation: "mother",
        phone: "+8801711000001",
        userId: await userId(alice),
      },
      { registerStudentId: child(3), relation: "father", phone: "+8801711000003" },
    ]);
    await db
      .update(registerStudents)
      .set({ userId: await userId(studentTwo) })
      .where(eq(registerStudents.id, child(2)));
  });
  afterAll(() => t?.close());

  it("sets Class Six's tuition, exam fee and fines; refuses bad input naming the field", async () => {
    await ok(
      await call("/fees/rates", "PUT", {
        session: "2026",
        class: "Class Six",
        head: "tuition",
        amount: "1,200",
        due: "monthly",
        dueDay: 10,
      }),
    );
    await ok(
      await call("/fees/rates", "PUT", {
        session: "2026",
        class: "class six",
        head: "exam",
        amount: 500,
        due: "months",
        months: [6],
      }),
    );
    const structure = await ok(
      await call("/fees/fines", "PUT", {
        session: "2026",
        class: "Class Six",
        bands: [
          { afterDay: 10, amount: "10" },
          { afterDay: null, amount: "50" },
        ],
      }),
    );
    expect(
      structure.rates.map((r: { head: { key: string }; amountMinor: number }) => [r.head.key, r.amountMinor]),
    ).toEqual([
      ["tuition", taka(1200)],
      ["exam", taka(500)],
    ]);
    expect(structure.fines).toEqual([
      { afterDay: 10, amountMinor: taka(10) },
      { afterDay: null, amountMinor: taka(50) },
    ]);

    const bad: [string, string, unknown, string][] = [
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Six", head: "tuition", amount: "12,00", due: "monthly" },
        "amount",
      ],
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Six", head: "tuition", amount: "1200", due: "weekly" },
        "due",
      ],
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Six", head: "tuition", amount: "1200", due: "monthly", dueDay: 31 },
        "dueDay",
      ],
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Sixty", head: "tuition", amount: "1200", due: "monthly" },
        "class",
      ],
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Six", head: "pony", amount: "1200", due: "monthly" },
        "head",
      ],
      [
        "/fees/rates",
        "PUT",
        { session: "2026", class: "Class Six", head: "exam", amount: "500", due: "months", months: [13] },
        "months.0",
      ],
      ["/fees/invoices/generate", "POST", { session: "2026", month: "2026-13" }, "month"],
      ["/fees/invoices/generate", "POST", { session: "2026", month: "2027-01" }, "month"],
      ["/fees/invoices/generate", "POST", { session: "2019", month: "2019-01" }, "session"],
      [
        "/fees/waivers",
        "POST",
        { student: child(5), head: "tuition", percent: 50, amount: 100, from: "2026-03", reason: "x" },
        "percent",
      ],
      [
        "/fees/waivers",
        "POST",
        { student: child(5), head: "tuition", percent: 50, from: "2026-03", until: "2026-01", reason: "x" },
        "until",
      ],
      [
        "/fees/waivers",
        "POST",
        { student: child(5), head: "tuition", percent: 150, from: "2026-03", reason: "x" },
        "percent",
      ],
    ];
    for (const [path, method, body, field] of bad) {
      const refused = await call(path, method, body);
      expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(await fieldsOf(refused), `${path} ${JSON.stringify(body)}`).toContain(field);
    }
  });

  it("generates January to June for 40 children, and generating again doubles nothing", async () => {
    for (const round of [1, 2]) {
      for (const month of ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]) {
        const done = await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month }));
        expect(done).toEqual({
          month,
          students: 40,
          created: round === 1 ? 40 : 0,
          existing: round === 1 ? 0 : 40,
        });
      }
    }
    const [counted] = await rowsOf<{ n: string; total: string }>(
      t.services.db,
      sql`select count(*) as n, sum(total_minor) as total from fee_invoices`,
    );
    expect(Number(counted?.n)).toBe(240);
    // 40 children × (6 × 1,200 + 500) taka.
    expect(Number(counted?.total)).toBe(taka(40 * (6 * 1200 + 500)));
    const june = await t.services.db
      .select()
      .from(feeInvoices)
      .where(eq(feeInvoices.registerStudentId, child(1)));
    expect(june.find((invoice) => invoice.month === "2026-06")?.totalMinor).toBe(taka(1700));
    expect(june.find((invoice) => invoice.month === "2026-06")?.dueOn).toBe("2026-06-10");
  });

  it("halves one child's tuition from March: the open months now and the months made later", async () => {
    const given = await ok(
      await call("/fees/waivers", "POST", {
        student: child(4),
        head: "tuition",
        percent: 50,
        from: "2026-03",
        reason: "Teacher's child",
      }),
      201,
    );
    expect(given.applied).toBe(4);
    await ok(
      await call("/fees/invoices/generate", "POST", {
        session: "2026",
        month: "2026-07",
        class: "Class Six",
      }),
    );
    const ledger = await ok(await get(`/fees/students/${child(4)}/ledger`));
    // Jan, Feb 1,200; Mar-Jul 600; June's exam 500: 2,400 + 3,000 + 500.
    expect(ledger.balanceMinor).toBe(taka(2 * 1200 + 5 * 600 + 500));
    expect(ledger.entries.at(-1).balanceMinor).toBe(ledger.balanceMinor);
    const other = await ok(await get(`/fees/students/${child(5)}/ledger`));
    expect(other.balanceMinor).toBe(taka(7 * 1200 + 500));
    const audit = await t.services.db.select().from(auditEntries).where(eq(auditEntries.subject, "fee"));
    expect(audit.map((entry) => entry.label)).toContain(
      "Child 4: waiver of 50% of Tuition from 2026-03 (Teacher's child)",
    );
  });

  it("takes March at the office on the 20th with the 10 taka fine, and numbers receipts 1, 2, 3 without gaps", async () => {
    const paid = await call(`/fees/students/${child(3)}/payments`, "POST", {
      amount: "1,210",
      channel: "cash",
      paidOn: "2026-03-20",
      months: ["2026-03"],
    });
    const receipt = await ok(paid, 201);
    expect(paid.headers.get("location")).toBe(`/api/fees/receipts/${receipt.id}`);
    expect(receipt).toMatchObject({
      receipt: "2026/000001",
      amountMinor: taka(1210),
      fineMinor: taka(10),
      channel: "cash",
      collector: "Karim the accountant",
      invoices: [{ month: "2026-03", paidMinor: taka(1210) }],
    });
    expect(amountInWords(receipt.amountMinor, "bn")).toBe("এক হাজার দুইশত দশ টাকা মাত্র");
    // More than is owed: refused before a number is taken.
    const tooMuch = await call(`/fees/students/${child(3)}/payments`, "POST", {
      amount: "100000",
      channel: "cash",
      paidOn: "2026-03-20",
    });
    expect(tooMuch.status).toBe(400);
    expect(await fieldsOf(tooMuch)).toEqual(["amount"]);
    const badChannel = await call(`/fees/students/${child(3)}/payments`, "POST", {
      amount: "10",
      channel: "gold",
    });
    expect(await fieldsOf(badChannel)).toEqual(["channel"]);
    // Two payments at once, January of two children paid on 5 January (no fine).
    const both = await Promise.all(
      [6, 7].map((n) =>
        call(`/fees/students/${child(n)}/payments`, "POST", {
          amount: 1200,
          channel: "bkash",
          reference: `TX${n}`,
          paidOn: "2026-01-05",
        }),
      ),
    );
    const numbers = (await Promise.all(both.map((answer) => ok(answer, 201)))).map((r) => r.receipt).sort();
    expect(numbers).toEqual(["2026/000002", "2026/000003"]);
    const stored = await t.services.db.select({ n: feePayments.receiptNumber }).from(feePayments);
    expect(stored.map((row) => row.n).sort()).toEqual([1, 2, 3]);

    // Child 3 owes January, February (50 taka each if paid after their months), April to July and June's exam.
    const ledger = await ok(await get(`/fees/students/${child(3)}/ledger`));
    expect(ledger.balanceMinor).toBe(taka(7 * 1200 + 500 + 10 - 1210));
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === "fine")).toMatchObject([
      { amountMinor: taka(10), month: "2026-03" },
    ]);
    expect(ledger.payments).toMatchObject([
      { receipt: "2026/000001", amountMinor: taka(1210), paidOn: "2026-03-20" },
    ]);

    const dues = await ok(await get("/fees/dues?session=2026&class=Class%20Six"));
    expect(dues.rows).toHaveLength(40);
    const three = dues.rows.find((row: { id: string }) => row.id === child(3));
    expect(three).toMatchObject({ months: 6, oldest: "2026-01", owedMinor: taka(6 * 1200 + 500) });
    const sectionB = await ok(await get("/fees/dues?session=2026&class=Class%20Six&section=B"));
    expect(sectionB.rows).toHaveLength(20);
    // 40 × 7 months × 1,200 + 40 × 500, less the waiver (5 × 600), less what was paid (1,200 + 2 × 1,200).
    expect(dues.totalMinor).toBe(taka(40 * 7 * 1200 + 40 * 500 - 5 * 600 - 3 * 1200));

    // The same list as files for the office: CSV and XLSX, headers in English or Bangla.
    const csvAnswer = await get("/fees/dues/file?session=2026&class=Class%20Six&format=csv");
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.headers.get("content-type")).toContain("text/csv");
    expect(csvAnswer.headers.get("content-disposition")).toContain('filename="dues-2026-Class-Six.csv"');
    const csvLines = (await csvAnswer.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csvLines[0]).toBe("Class,Section,Roll,Name,Name in Bangla,Months owed,Since,Owed (taka)");
    expect(csvLines).toHaveLength(41);
    expect(csvLines.find((line) => line.includes(",6,2026-01,7700.00"))).toBeDefined();
    const xlsxAnswer = await get("/fees/dues/file?session=2026&class=Class%20Six&format=xlsx&language=bn");
    expect(xlsxAnswer.status).toBe(200);
    const sheet = await readSheet(await xlsxAnswer.arrayBuffer());
    expect(sheet[0]).toEqual(["শ্রেণি", "শাখা", "রোল", "নাম", "বাংলায় নাম", "বকেয়া মাস", "যে মাস থেকে", "বকেয়া (টাকা)"]);
    expect(sheet).toHaveLength(41);
    const owedColumn = sheet.slice(1).map((row) => Number(row[7]));
    expect(Math.round(owedColumn.reduce((a, b) => a + b, 0) * 100)).toBe(dues.totalMinor);
    expect((await get("/fees/dues/file?session=2026&format=csv", alice)).status).toBe(403);
  });

  it("corrects an invoice with a line and its reason, and cancels a receipt that stays with its reason", async () => {
    const [invoice] = await t.services.db
      .select()
      .from(feeInvoices)
      .where(sql`${feeInvoices.registerStudentId} = ${child(8)} and ${feeInvoices.month} = '2026-02'`);
    const corrected = await ok(
      await call(`/fees/invoices/${invoice?.id}/corrections`, "POST", {
        kind: "credit",
        amount: "200",
        reason: "Paid for a book twice",
      }),
      201,
    );
    expect(corrected.totalMinor).toBe(taka(1000));
    const paid = await ok(
      await call(`/fees/students/${child(8)}/payments`, "POST", {
        amount: 1200,
        channel: "cheque",
        reference: "CHQ 1",
        paidOn: "2026-01-08",
      }),
      201,
    );
    expect(paid.receipt).toBe("2026/000004");
    const cancelled = await ok(
      await call(`/fees/receipts/${paid.id}/cancel`, "POST", { reason: "Cheque bounced" }),
    );
    expect(cancelled.cancelled.reason).toBe("Cheque bounced");
    expect((await call(`/fees/receipts/${paid.id}/cancel`, "POST", { reason: "again" })).status).toBe(409);
    const ledger = await ok(await get(`/fees/students/${child(8)}/ledger`));
    expect(ledger.balanceMinor).toBe(taka(7 * 1200 + 500 - 200));
    const next = await ok(
      await call(`/fees/students/${child(8)}/payments`, "POST", {
        amount: 100,
        channel: "cash",
        paidOn: "2026-01-08",
      }),
      201,
    );
    expect(next.receipt).toBe("2026/000005");
  });

  it("counts the money taken by day, collector and channel, cancelled receipts left out", async () => {
    const report = await ok(await get("/fees/collections?from=2026-01-01&to=2026-03-31"));
    // 5 Jan: two bKash payments of 1,200; 8 Jan: 100 cash (the cheque was cancelled); 20 Mar: 1,210 cash.
    expect(report.rows).toEqual([
      {
        day: "2026-01-05",
        collector: "Karim the accountant",
        channel: "bkash",
        receipts: 2,
        amountMinor: taka(2400),
        fineMinor: 0,
      },
      {
        day: "2026-01-08",
        collector: "Karim the accountant",
        channel: "cash",
        receipts: 1,
        amountMinor: taka(100),
        fineMinor: 0,
      },
      {
        day: "2026-03-20",
        collector: "Karim the accountant",
        channel: "cash",
        receipts: 1,
        amountMinor: taka(1210),
        fineMinor: taka(10),
      },
    ]);
    expect(report.totalMinor).toBe(taka(3710));
    // By head: January's tuition twice, 100 of child 8's January and March's tuition with its fine.
    expect(report.byHead).toEqual([
      expect.objectContaining({ kind: "head", head: "tuition", amountMinor: taka(3700) }),
      { kind: "fine", head: null, name: "Late fines", nameBn: "বিলম্ব জরিমানা", amountMinor: taka(10) },
    ]);
    expect(await fieldsOf(await get("/fees/collections?from=2026-03-01&to=2026-02-01"))).toEqual(["to"]);
    expect((await get("/fees/collections?from=2026-01-01&to=2026-03-31", alice)).status).toBe(403);
  });

  it("shows a ledger and a receipt to the staff and the child's own family only", async () => {
    const receiptId = (
      await t.services.db
        .select()
        .from(feePayments)
        .where(eq(feePayments.registerStudentId, child(6)))
    )[0]?.id;
    await ok(
      await call(`/fees/students/${child(1)}/payments`, "POST", {
        amount: 100,
        channel: "cash",
        paidOn: "2026-01-02",
      }),
      201,
    );
    const cases: [Session | null, string, number][] = [
      [admin, child(1), 200],
      [accountant, child(1), 200],
      [alice, child(1), 200],
      [alice, child(2), 403],
      [bob, child(1), 403],
      [bob, "00000000-0000-4000-8000-000000000000", 403],
      [teacher, child(1), 403],
      [studentTwo, child(2), 200],
      [studentTwo, child(1), 403],
      [null, child(1), 401],
    ];
    for (const [session, id, status] of cases) {
      const answer = await get(`/fees/students/${id}/ledger`, session);
      expect(answer.status, `${session?.email ?? "anonymous"} on ${id}`).toBe(status);
      if (status === 200) expect(answer.headers.get("cache-control")).toContain("no-store");
    }
    expect((await get(`/fees/receipts/${receiptId}`, alice)).status).toBe(403);
    expect((await get(`/fees/receipts/${receiptId}`, accountant)).status).toBe(200);
    expect((await get(`/fees/receipts/${receiptId}`, null)).status).toBe(401);
    expect((await get("/fees/receipts/00000000-0000-4000-8000-000000000000", alice)).status).toBe(403);
    expect((await get("/fees/receipts/00000000-0000-4000-8000-000000000000", accountant)).status).toBe(404);
    for (const session of [alice, bob, teacher, studentTwo]) {
      expect((await get("/fees/dues?session=2026", session)).status).toBe(403);
      expect(
        (await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-08" }, session))
          .status,
      ).toBe(403);
    }
  });

  it("charges a child who joined in August from August, and stops for one who left", async () => {
    const db = t.services.db;
    const [six] = await db.select().from(schoolClasses).where(eq(schoolClasses.name, "Class Six"));
    const [newcomer] = await db
      .insert(registerStudents)
      .values({ name: "Child 41" })
      .returning({ id: registerStudents.id });
    await db.insert(enrolments).values({
      session: "2026",
      classId: six?.id ?? "",
      section: "A",
      roll: "41",
      registration: "660041",
      name: "Child 41",
      registerStudentId: newcomer?.id ?? "",
    });
    await ok(await call(`/fees/students/${newcomer?.id}/term`, "PUT", { session: "2026", from: "2026-08" }));
    // Child 38 left after July (the office names the last month); child 39 left, no month named.
    expect(
      await ok(await call(`/fees/students/${child(38)}/term`, "PUT", { session: "2026", until: "2026-07" })),
    ).toEqual({
      session: "2026",
      from: null,
      until: "2026-07",
    });
    await db
      .update(registerStudents)
      .set({ status: "left" })
      .where(eq(registerStudents.id, child(39)));
    expect(
      await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-07" })),
    ).toEqual({
      month: "2026-07",
      students: 39,
      created: 0,
      existing: 39,
    });
    expect(
      await ok(await call("/fees/invoices/generate", "POST", { session: "2026", month: "2026-08" })),
    ).toEqual({
      month: "2026-08",
      students: 39,
      created: 39,
      existing: 0,
    });
    const newcomerLedger = await ok(await get(`/fees/students/${newcomer?.id}/ledger`));
    expect(newcomerLedger.open.map((invoice: { month: string }) => invoice.month)).toEqual(["2026-08"]);
    const bad = await call(`/fees/students/${child(9)}/payments`, "POST", {
      amount: 100,
      channel: "cash",
      paidOn: "2026-02-31",
    });
    expect(await fieldsOf(bad)).toEqual(["paidOn"]);
    const badTerm = await call(`/fees/students/${child(9)}/term`, "PUT", {
      session: "2026",
      from: "2026-05",
      until: "2026-04",
    });
    expect(await fieldsOf(badTerm)).toEqual(["until"]);
  });

  it("finds a student's dues by their ID and a guardian's phone on record, and nothing else", async () => {
    const lookUp = (body: unknown, address = "203.0.113.7") =>
      t.request("/api/fees/pay/lookup", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", "x-forwarded-for": address },
      });
    const found = await ok(await lookUp({ student: "৬৬০০০৩", phone: "017-1100 0003" }));
    // Child 3 paid March; January and February carry today's 50 taka fine (their months are over).
    expect(found.student).toEqual({ name: "Child 3", className: "Class Six", section: "A", roll: "3" });
    expect(found.months.map((m: { month: string }) => m.month)).toEqual([
      "2026-01",
      "2026-02",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
    ]);
    expect(found.months[4]).toMatchObject({ heads: ["Tuition", "Exam"], owedMinor: taka(1700) });
    expect(JSON.stringify(found)).not.toContain("01711000003");
    const wrongPhone = await lookUp({ student: "660003", phone: "01711000004" });
    const wrongId = await lookUp({ student: "669999", phone: "01711000003" });
    expect([wrongPhone.status, wrongId.status]).toEqual([404, 404]);
    expect(await wrongPhone.json()).toEqual(await wrongId.json());
    expect(await fieldsOf(await lookUp({ student: "660003", phone: "12345" }))).toEqual(["phone"]);
    // Guessing is held back per address, with Retry-After; another address is not.
    let refused: Response | undefined;
    for (let tries = 0; tries < 25 && !refused; tries++) {
      const answer = await lookUp({ student: String(670_000 + tries), phone: "01711000003" }, "203.0.113.99");
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(404);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await lookUp({ student: "660003", phone: "01711000003" }, "203.0.113.100")).status).toBe(200);
  });
  it("answers lookups from memory as the database does, and shows a payment at the next lookup", async () => {
    const input = { student: "660003", phone: "+8801711000003" };
    const lookUp = async () =>
      ok(
        await t.request("/api/fees/pay/lookup", {
          method: "POST",
          body: JSON.stringify(input),
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.8" },
        }),
      );
    const before = await lookUp();
    // The REST lookup reads this generation's dues index; the database path must say the same.
    const fromDatabase = await lookUpDues(t.services.db, input, { ip: "203.0.113.9", limitMultiplier: 1 });
    expect(before).toEqual(JSON.parse(JSON.stringify(fromDatabase)));
    expect(before.months[0]).toMatchObject({ month: "2026-01", owedMinor: taka(1200) });
    // January paid at the office: the next lookup, in the generation the payment started, has it.
    await ok(
      await call(`/fees/students/${child(3)}/payments`, "POST", {
        amount: before.months[0].owedMinor / 100 + before.months[0].fineTodayMinor / 100,
        channel: "cash",
        months: ["2026-01"],
      }),
      201,
    );
    // A change shows within generationCheckMs (the lookups ask the records generation no oftener).
    const aMoment = () => new Promise((done) => setTimeout(done, generationCheckMs));
    await aMoment();
    const after = await lookUp();
    expect(after.months.map((m: { month: string }) => m.month)).toEqual(
      before.months.slice(1).map((m: { month: string }) => m.month),
    );
    expect(after.totalMinor).toBe(
      before.totalMinor - before.months[0].owedMinor - before.months[0].fineTodayMinor,
    );
    // A write that came by no request (a script, a provider's settlement) is seen too, and a miss
    // asks at once: a mother's phone added straight to the register finds the child.
    await t.services.db
      .insert(registerGuardians)
      .values({ registerStudentId: child(3), relation: "mother", phone: "+8801711000033" });
    input.phone = "+8801711000033";
    expect((await lookUp()).months).toEqual(after.months);
  });
});
