// Uploads when the disk holding DATA_DIR is full, on a real full filesystem (a small tmpfs,
// tests/fixtures/small-disk.ts): 507 storage_full in words that name the space, documented on
// every call that stores a file, and no part of the file left behind; the same upload goes in once
// there is room again.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../server/api";
import { openApiDocument } from "../../server/api/openapi";
import { uploadedFiles } from "../../server/db/schema";
import { checkAnswer } from "../fixtures/openapi-check";
import { mountSmallDisk } from "../fixtures/small-disk";
import { origin } from "../fixtures/test-app";
import { startViteApp, type ViteApp, viteAppAdmin } from "../fixtures/vite-app";

const disk = mountSmallDisk(4);
const skipped = "skipped" in disk ? disk.skipped : undefined;
if (skipped) console.warn(`disk-full upload tests skipped: ${skipped}`);

describe.skipIf(skipped)("uploads on a full disk", () => {
  const small = disk as Exclude<typeof disk, { skipped: string }>;
  let app: ViteApp;
  let admin: string;

  /** A request as the site's own pages send it; an /api answer is checked against the document. */
  const send = async (pathname: string, init: { method?: string; body?: FormData; cookie?: string } = {}) => {
    const url = `${origin}${pathname}`;
    const method = init.method ?? "GET";
    const response = await app.app.request(url, {
      method,
      body: init.body,
      headers: { origin, ...(init.cookie ? { cookie: init.cookie } : {}) },
    });
    if (pathname.startsWith("/api/")) await checkAnswer(method, url, response);
    return response;
  };

  /** Every file under DATA_DIR/files. */
  const storedFiles = () => {
    const root = path.join(small.folder, "files");
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    } catch {
      return [];
    }
  };
  const imageRows = async () => (await app.services.db.select().from(uploadedFiles)).length;
  const admissions = async () => (await (await send("/api/Admition/admition?limit=100")).json()).length;
  const downloads = async () => (await (await send("/api/downloads?limit=100")).json()).length;

  /** The API names the price `price`; the dashboard's form by its stored field. */
  const admissionForm = async (priceField: "price" | "priceMinor" = "price") => {
    const form = new FormData();
    form.set("title", "Hifz programme");
    form.set(priceField, "300");
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a7f62" } })
      .jpeg()
      .toBuffer();
    form.set("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "hifz.jpg");
    return form;
  };
  const addAdmission = async () =>
    send("/api/AddAdmition", { method: "POST", body: await admissionForm(), cookie: admin });
  /** A PDF of `bytes` (its type is read from its first bytes; the rest need not be a page). */
  const addDownload = async (bytes: number) => {
    const form = new FormData();
    form.set("title", "Syllabus");
    form.set("category", "syllabus");
    const body = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(bytes)]);
    form.set("file", new Blob([new Uint8Array(body)], { type: "application/pdf" }), "syllabus.pdf");
    return send("/api/downloads", { method: "POST", body: form, cookie: admin });
  };

  const expectStorageFull = async (response: Response) => {
    expect(response.status).toBe(507);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: "storage_full", key: "upload.storageFull" });
    expect(error.message).toMatch(/disk is full/);
  };

  beforeAll(async () => {
    app = await startViteApp({ dataDir: small.folder, origin });
    const signedIn = await app.app.request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      body: JSON.stringify(viteAppAdmin),
      headers: { origin, "content-type": "application/json" },
    });
    admin = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .filter((pair) => pair?.includes("session_token"))
      .join("; ");
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    small.unmount();
  });

  it("answers 507 storage_full to an image upload when no byte is free, keeping nothing", async () => {
    small.fill();
    const [rows, records] = [await imageRows(), await admissions()];
    await expectStorageFull(await addAdmission());
    expect(storedFiles()).toEqual([]);
    expect(await imageRows()).toBe(rows);
    expect(await admissions()).toBe(records);
  });

  it("says so on the dashboard's form, in English and Bangla", async () => {
    small.fill();
    const before = await admissions();
    // The form's script asks for JSON; without script the page comes back with the message.
    const scripted = await app.app.request(`${origin}/DeashBoard/AddAdmition`, {
      method: "POST",
      body: await admissionForm("priceMinor"),
      headers: { origin, cookie: admin, "x-requested-with": "XMLHttpRequest" },
    });
    const answer = await scripted.json();
    expect(scripted.status, JSON.stringify(answer)).toBe(507);
    expect(answer).toMatchObject({ ok: false, error: { key: "upload.storageFull" } });
    const english = await send("/DeashBoard/AddAdmition", {
      method: "POST",
      body: await admissionForm("priceMinor"),
      cookie: admin,
    });
    expect(english.status).toBe(507);
    expect(await english.text()).toContain("The server&#x27;s disk is full, so the file was not saved");
    const bangla = await send("/DeashBoard/AddAdmition", {
      method: "POST",
      body: await admissionForm("priceMinor"),
      cookie: `${admin}; maktab_lang=bn`,
    });
    expect(bangla.status).toBe(507);
    expect(await bangla.text()).toContain("সার্ভারের ডিস্কে আর জায়গা নেই, তাই ফাইলটি সংরক্ষণ হয়নি");
    expect(storedFiles()).toEqual([]);
    expect(await admissions()).toBe(before);
  });

  it("leaves no part of a document that fills the disk half-way", async () => {
    small.empty();
    small.fill(100 * 1024);
    const before = await downloads();
    await expectStorageFull(await addDownload(300 * 1024));
    expect(storedFiles()).toEqual([]);
    expect(await downloads()).toBe(before);
  });

  it("takes the same uploads once there is room again", async () => {
    small.empty();
    expect((await addAdmission()).status).toBe(201);
    expect((await addDownload(300 * 1024)).status).toBe(201);
    expect(storedFiles().filter((file) => file.startsWith("images/")).length).toBeGreaterThan(0);
    expect(storedFiles().filter((file) => file.startsWith("downloads/"))).toHaveLength(1);
  });
});

describe("the API documentation", () => {
  it("lists 507 on every call that stores an uploaded file, and only there", () => {
    const paths = openApiDocument(endpoints, "http://localhost:3000").paths as Record<
      string,
      Record<string, { responses: object }>
    >;
    const with507 = Object.entries(paths)
      .flatMap(([where, calls]) =>
        Object.entries(calls)
          .filter(([, call]) => "507" in call.responses)
          .map(([method]) => `${method.toUpperCase()} ${where}`),
      )
      .sort();
    expect(with507).toContain("POST /downloads");
    expect(with507).toContain("POST /AddAdmition");
    expect(with507).toContain("POST /gallery/{id}/photos");
    // A marks sheet is read, never stored.
    expect(with507).not.toContain("POST /results/exams/{id}/marks");
    expect(with507.filter((call) => call.startsWith("GET "))).toEqual([]);
  });
});
