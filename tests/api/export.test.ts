// `npm run export`: every kind of record as CSV, XLSX and JSON, users without secrets, a cell
// that looks like a formula kept as text; and the built command on an embedded data folder.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { readSheet } from "read-excel-file/universal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportKindNames, exportKinds, formatExport, readExports } from "../../server/backup/export";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/container-factory";
import { notices } from "../../server/db/schema";
import { runBuilt, temporaryFolders } from "../fixtures/commands";
import { appWithPeople, type TestApp } from "../fixtures/test-app";

const temporary = temporaryFolders();

describe("exports", () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await appWithPeople("pglite"));
    await t.services.db
      .insert(notices)
      .values({ title: '=HYPERLINK("http://evil.example")', about: "a, b;=1+1" });
  });
  afterAll(() => t?.close());

  it("read every kind, and users without anything secret", async () => {
    const tables = await readExports(t.services.db, exportKindNames);
    expect(tables.map((table) => table.kind)).toEqual(Object.keys(exportKinds));
    const users = tables.find((table) => table.kind === "users");
    expect(users?.rows.map((row) => row.email).sort()).toEqual([
      "alice@school.test",
      "bob@school.test",
      "head@school.test",
    ]);
    const text = JSON.stringify(tables);
    expect(text).not.toMatch(/password|session_token|"token"/i);
    expect(tables.find((table) => table.kind === "orders")?.columns).not.toContain("provider_client_secret");
  });

  it("write CSV for Excel, XLSX and JSON", async () => {
    const [table] = await readExports(t.services.db, ["notices"]);
    if (!table) throw new Error("no notices");
    // ignoreBOM keeps the byte order mark in the text, to see it is there.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await formatExport(table, "csv"));
    expect(csv.startsWith("\uFEFFid,title,about,")).toBe(true);
    // A semicolon reader would start a cell at "=1+1": it gets the apostrophe too.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")","a, b;'=1+1"`);
    const json = JSON.parse(new TextDecoder().decode(await formatExport(table, "json")));
    expect(json).toEqual(table.rows);
    const sheet = await readSheet((await formatExport(table, "xlsx")).buffer as ArrayBuffer);
    expect(sheet[0]).toEqual(table.columns);
    expect(sheet[1]?.[1]).toBe('=HYPERLINK("http://evil.example")');
  });
});

describe("npm run export", () => {
  it("writes a file per kind from a stopped data folder", async () => {
    const dataDir = temporary("data");
    const env = { DATA_DIR: dataDir, BETTER_AUTH_SECRET: "x".repeat(32) };
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SAMPLE_CONTENT: "off", ...env });
    const services = await createServices(config, pino({ level: "silent" }));
    await services.db.insert(notices).values({ title: "exported" });
    await services.pageCache.close();
    await services.database.close();

    const to = path.join(temporary("export"), "out");
    const answer = await runBuilt("export", env, ["--format", "json", "--to", to, "notices", "users"]);
    expect(answer.stderr).toBe("");
    expect(answer.stdout).toMatch(/^Exported 1 records of 2 kinds as json to /);
    expect(readdirSync(to).sort()).toEqual(["notices.json", "users.json"]);
    expect(JSON.parse(readFileSync(path.join(to, "notices.json"), "utf8"))[0].title).toBe("exported");
    const wrong = await runBuilt("export", env, ["--format", "pdf"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/csv, xlsx or json/);
  }, 60_000);
});
