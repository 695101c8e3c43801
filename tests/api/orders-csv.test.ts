// The office's orders download (/DeashBoard/orders.csv) read as a spreadsheet program in a locale
// whose list separator is a semicolon reads it: a buyer whose name carries a semicolon and a
// formula must stay one text cell, not split into a bare formula cell.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/http-env";
import { origin } from "../fixtures/test-app";
import { startViteApp, viteAppAdmin } from "../fixtures/vite-app";

/** Fields of CSV text as a spreadsheet program splits them on `separator` (RFC 4180 quoting). */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

const hostileName = "a;=cmd|' /C calc'!A0";

describe("the orders CSV in a semicolon locale", () => {
  let app: Hono<AppEnv>;
  let close: (() => Promise<void>) | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maktab-orders-csv-"));

  const send = (pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    app.request(`${origin}${pathname}`, {
      method: init.method ?? "GET",
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headers: {
        origin,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; ");

  beforeAll(async () => {
    const started = await startViteApp({ dataDir, origin });
    app = started.app;
    close = started.close;
  }, 120_000);
  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a name with a semicolon and a formula in one text cell", async () => {
    const admin = cookieOf(await send("/api/auth/sign-in/email", { method: "POST", body: viteAppAdmin }));
    const added = await send("/api/AddAdmition", {
      method: "POST",
      body: {
        title: "Hifz; evening",
        price: "75",
        about: "Seats for 40.",
        image1: "https://img.example/a.jpg",
      },
      cookie: admin,
    });
    expect(added.status).toBe(201);
    const { insertedId } = await added.json();
    const signedUp = await send("/api/auth/sign-up/email", {
      method: "POST",
      body: { email: "mallory@school.test", password: "mallory-password-1", name: hostileName },
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(200);
    const ordered = await send("/api/Order/create-payment-intent", {
      method: "POST",
      body: { items: [{ id: insertedId, quantity: 2 }] },
      cookie: cookieOf(signedUp),
    });
    expect(ordered.status).toBe(200);
    const { orderId } = await ordered.json();

    const download = await send("/DeashBoard/orders.csv", { cookie: admin });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = (await download.text()).replace(/^\uFEFF/, "");

    // Read with the file's own separator: one row, as many cells as the header, values whole.
    const [header, ...rows] = readCsv(text, ",");
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toHaveLength(header!.length);
    const cell = (name: string) => row[header!.indexOf(name)];
    expect(cell("order")).toBe(orderId);
    // The only change: an apostrophe where a semicolon reader would start a formula cell.
    expect(cell("buyer_name")).toBe("a;'=cmd|' /C calc'!A0");
    expect(cell("buyer_email")).toBe("mallory@school.test");
    expect(cell("items")).toBe("Hifz; evening x 2");

    // Read as a program whose list separator is a semicolon (or a tab) reads it: no cell runs as
    // a formula.
    for (const separator of [";", "\t", ","]) {
      const cells = readCsv(text, separator).flat();
      expect(cells.filter((one) => /^ *[=+\-@\t\r]/.test(one))).toEqual([]);
    }
    // (That reader does split the name at its semicolon: the apostrophe is what keeps it text.)
    expect(
      readCsv(text, ";")
        .flat()
        .some((one) => one.startsWith("'=cmd|")),
    ).toBe(true);
  });
});
