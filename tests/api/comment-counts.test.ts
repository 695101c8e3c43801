// The comments list's total (X-Total-Count) without a search or a filter is a sum of each blog's
// count, kept by a trigger (migration 0018), instead of a count of every comment: it must stay
// the number of comments each reader may list, as comments come and go, as a blog is deleted,
// and after a backup is restored (the counts are left out of it and counted again as the
// comments load).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackup } from "../../server/backup/backup";
import { restoreBackup } from "../../server/backup/restore";
import { openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { localFileStorage } from "../../server/files/storage";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

describe.each(testDatabases)("the comments list's total on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;
  let approved: string;
  let pending: string;

  const created = async (path: string, body: unknown, session: Session) => {
    const answer = await t.json(path, "POST", body, { session });
    expect(answer.status, await answer.clone().text()).toBe(201);
    return ((await answer.json()) as { insertedId: string }).insertedId;
  };
  const comment = (blogId: string, info: string, session: Session) =>
    created("/api/blog/comment", { id: blogId, name: "A reader", email: session.email, info }, session);

  /** The total the list says, and the comments it lists page by page, for this reader. */
  async function listed(session?: Session, query = "") {
    const first = await t.request(`/api/blog/comment?limit=100${query}`, { session });
    expect(first.status).toBe(200);
    const total = Number(first.headers.get("x-total-count"));
    let items = (await first.json()) as unknown[];
    for (let offset = 100; offset < total; offset += 100) {
      const next = await t.request(`/api/blog/comment?limit=100&offset=${offset}${query}`, { session });
      items = items.concat(await next.json());
    }
    return { total, items: items.length };
  }

  async function expectTotalsRight() {
    for (const session of [undefined, alice, bob, admin]) {
      const { total, items } = await listed(session);
      expect(total, session?.email ?? "anonymous").toBe(items);
      const searched = await listed(session, "&q=hello");
      expect(searched.total).toBe(searched.items);
    }
  }

  beforeAll(async () => {
    ({ t, admin, alice, bob } = await appWithPeople(kind));
    approved = await created(
      "/api/blog/blogs",
      { title: "Sports day", blog: "We ran.", email: admin.email },
      admin,
    );
    // Alice's blog waits for review: its comments are hers and the admins' to list.
    pending = await created("/api/blog/blogs", { title: "My garden", blog: "Tomatoes." }, alice);
    await comment(approved, "hello from Bob", bob);
    await comment(approved, "a second word", bob);
    await comment(approved, "hello from Alice", alice);
    await comment(pending, "hello on my own blog", alice);
    await comment(pending, "the admin's note", admin);
  });
  afterAll(() => t?.close());

  it("is what each reader may list", async () => {
    expect((await listed()).total).toBe(3);
    expect((await listed(bob)).total).toBe(3);
    expect((await listed(alice)).total).toBe(5);
    expect((await listed(admin)).total).toBe(5);
    await expectTotalsRight();
  });

  it("follows a blog approved and sent back to review with its comments", async () => {
    const changed = (status: string) =>
      t.json(`/api/blog/blogs/${pending}`, "PATCH", { status }, { session: admin });
    expect((await changed("approved")).status).toBe(200);
    expect((await listed()).total).toBe(5);
    expect((await listed(bob)).total).toBe(5);
    await expectTotalsRight();
    expect((await changed("pending")).status).toBe(200);
    expect((await listed()).total).toBe(3);
    expect((await listed(alice)).total).toBe(5);
    await expectTotalsRight();
  });

  it("follows comments deleted and a blog deleted with its comments", async () => {
    const mine = await comment(approved, "hello, soon gone", bob);
    expect((await listed()).total).toBe(4);
    expect((await t.request(`/api/blog/comment/${mine}`, { method: "DELETE", session: bob })).status).toBe(
      200,
    );
    expect((await listed()).total).toBe(3);
    const removed = await t.request(`/api/blog/blogs/${pending}`, { method: "DELETE", session: admin });
    expect(removed.status).toBe(200);
    expect((await listed(admin)).total).toBe(3);
    await expectTotalsRight();
  });

  it("is counted again when a backup is restored", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "maktab-counts-"));
    const backup = await takeBackup({
      database: t.services.database,
      files: t.services.files,
      dataDir: t.config.dataDir,
      folder,
      withSecrets: false,
    });
    expect(backup.manifest.leftOut.map((table) => table.name)).toEqual(
      expect.arrayContaining(["comment_counts", "comment_totals"]),
    );
    const target = openDatabase({ dataDir: path.join(folder, "restored", "db") });
    try {
      await restoreBackup({
        archive: backup.file,
        openTarget: async () => ({ database: target, files: localFileStorage(path.join(folder, "files")) }),
        dataDir: path.join(folder, "restored"),
        force: false,
        targetName: "the test target",
      });
      const counts = (db: typeof target.db) =>
        rowsOf<{ blog_id: string; count: number }>(
          db,
          sql`select blog_id, count from comment_counts where count > 0 order by blog_id`,
        );
      const counted = await rowsOf<{ blog_id: string; count: number }>(
        target.db,
        sql`select blog_id, count(*)::int as count from comments group by blog_id order by blog_id`,
      );
      expect(await counts(target.db)).toEqual(counted);
      expect(await counts(t.services.db)).toEqual(counted);
      const totals = (db: typeof target.db) =>
        rowsOf<{ blog_status: string; count: number }>(
          db,
          sql`select blog_status, count from comment_totals where count > 0 order by blog_status`,
        );
      const totalled = await rowsOf<{ blog_status: string; count: number }>(
        target.db,
        sql`select b.status as blog_status, count(*)::int as count from comments c
            join blogs b on b.id = c.blog_id group by b.status order by b.status`,
      );
      expect(await totals(target.db)).toEqual(totalled);
      expect(await totals(t.services.db)).toEqual(totalled);
    } finally {
      await target.close();
    }
  });
});
