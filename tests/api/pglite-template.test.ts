// A new embedded database starts from the dumped empty cluster (server/db/pglite-template.ts):
// it migrates and keeps what is written, and a folder that already holds a database is opened
// as it is, never replaced by the template.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { makeTemplate, templateFor } from "../../server/db/pglite-template";

describe("the PGlite template", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "maktab-template-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("starts a new folder from the template, which then keeps its data", async () => {
    expect(existsSync(await makeTemplate())).toBe(true);
    expect(templateFor(dataDir)).toBeInstanceOf(Blob);

    const first = openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(sql`insert into notices (title, about) values ('Kept', '')`);
    await first.close();
    expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);

    expect(templateFor(dataDir)).toBeUndefined();
    const again = openDatabase({ dataDir });
    await again.migrate();
    const rows = (await again.db.execute(sql`select title from notices`)) as unknown as {
      rows: { title: string }[];
    };
    expect(rows.rows.map((row) => row.title)).toEqual(["Kept"]);
    await again.close();
  }, 60_000);
});
