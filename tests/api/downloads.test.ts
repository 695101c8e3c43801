// The downloads' REST calls (/api/downloads), as a client sees them: a PDF, DOCX, XLSX or ODT
// uploaded by an admin comes back with its name (Bangla too), its real type and its bytes, and
// counts each download; a file whose bytes are anything else, or too large, is refused naming
// the field. Every answer is checked against the OpenAPI document.
import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/universal";
import { downloads } from "../../server/db/schema";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

type Wire = {
  _id: string;
  title: string;
  category: string;
  description: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  contentType: string;
  downloadCount: number;
  file: string;
};

const pdfType = "application/pdf";
const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const odtType = "application/vnd.oasis.opendocument.text";

/** A real one-page PDF, made here with pdfkit. */
function pdf(text: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", compress: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    doc.text(text);
    doc.end();
  });
}

const xml = (text: string) => new TextEncoder().encode(text);

/** The smallest Word document: its content types and its body. */
const docx = () =>
  zipSync({
    "[Content_Types].xml": xml('<?xml version="1.0"?><Types/>'),
    "word/document.xml": xml('<?xml version="1.0"?><w:document/>'),
  });

/** An OpenDocument text: its mimetype entry first, stored. */
const odt = () =>
  zipSync({
    mimetype: [xml(odtType), { level: 0 }],
    "content.xml": xml('<?xml version="1.0"?><office:document-content/>'),
  });

const xlsx = async () => {
  const blob = await writeXlsxFile([[{ value: "Roll" }, { value: "Name" }]]).toBlob();
  return new Uint8Array(await blob.arrayBuffer());
};

/** The first bytes of a Windows program. */
const exe = () => new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, ...new Uint8Array(200)]);
const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(100)]);

describe("the downloads' calls", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp("pglite", {
      ADMIN_EMAIL: "head@school.test",
      ADMIN_PASSWORD: "head-password-1",
      DOWNLOAD_MAX_BYTES: String(64 * 1024),
    });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
  });
  afterAll(() => t?.close());

  const upload = async (
    fields: Record<string, string>,
    file: { bytes: Uint8Array; name: string; type?: string } | null,
    as: Session = admin,
    path = "/api/downloads",
    method = "POST",
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file)
      form.set(
        "file",
        new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? "" }),
        file.name,
      );
    const response = await t.request(path, { method, body: form, session: as });
    return { status: response.status, body: await response.json() };
  };
  /** Where the record's file is kept (not on the wire: tests look in storage with it). */
  const keyOf = async (id: string) => {
    const [row] = await t.services.db.select().from(downloads).where(eq(downloads.id, id));
    return row?.fileKey as string;
  };
  const read = async (id: string) => (await (await t.request(`/api/downloads/${id}`)).json()) as Wire;

  it("takes a PDF form, lists it, and sends it back as an attachment with its name, type and bytes, counting each download", async () => {
    const bytes = await pdf("Admission form: name, class, roll.");
    const created = await upload(
      { title: "Admission form", category: "form", description: "Bring it to the office." },
      { bytes, name: "admission-form.pdf", type: "application/octet-stream" },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.insertedId as string;

    const list = (await (await t.request("/api/downloads?category=form")).json()) as Wire[];
    expect(list.map((item) => item._id)).toEqual([id]);
    expect(list[0]).toMatchObject({
      title: "Admission form",
      category: "form",
      fileName: "admission-form.pdf",
      fileSize: bytes.length,
      fileType: "pdf",
      contentType: pdfType,
      file: `/api/downloads/${id}/file`,
    });
    expect(await (await t.request("/api/downloads?category=syllabus")).json()).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const file = await t.request(`/api/downloads/${id}/file`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(pdfType);
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="admission-form.pdf"; filename*=UTF-8''admission-form.pdf`,
      );
      expect(file.headers.get("cache-control")).toMatch(/no-store/);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    }
    expect((await read(id)).downloadCount).toBe(2);
  });

  it("keeps a Bangla file name, sent back in UTF-8 with a plain fallback", async () => {
    const name = "ভর্তি ফরম ২০২৬.pdf";
    const created = await upload({ title: "ভর্তি ফরম" }, { bytes: await pdf("Form"), name });
    expect(created.status).toBe(201);
    const download = await read(created.body.insertedId);
    expect(download).toMatchObject({ title: "ভর্তি ফরম", fileName: name, category: "other" });
    const file = await t.request(download.file);
    const disposition = file.headers.get("content-disposition") ?? "";
    expect(disposition).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe(name);
    // Quotes and parentheses never break the header.
    const odd = await upload({ title: "Odd" }, { bytes: await pdf("x"), name: `Form "A" (final)'s.pdf` });
    const oddFile = await t.request((await read(odd.body.insertedId)).file);
    expect(oddFile.headers.get("content-disposition")).toBe(
      `attachment; filename="Form A (final)'s.pdf"; filename*=UTF-8''Form%20A%20%28final%29%27s.pdf`,
    );
  });

  it("decides DOCX, XLSX and ODT from the bytes, whatever the name says", async () => {
    const cases = [
      { bytes: docx(), name: "syllabus.bin", type: "docx", contentType: docxType },
      { bytes: await xlsx(), name: "routine", type: "xlsx", contentType: xlsxType },
      { bytes: odt(), name: "notice.pdf", type: "odt", contentType: odtType },
    ];
    for (const item of cases) {
      const created = await upload({ title: `A ${item.type}` }, { bytes: item.bytes, name: item.name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const download = await read(created.body.insertedId);
      expect(download.fileType).toBe(item.type);
      // The saved name carries the type's extension.
      expect(download.fileName.endsWith(`.${item.type}`)).toBe(true);
      const file = await t.request(download.file);
      expect(file.headers.get("content-type")).toBe(item.contentType);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(item.bytes);
    }
  });

  it("refuses a renamed program, a PNG named .pdf, a plain zip, a file over DOWNLOAD_MAX_BYTES or none, naming the field", async () => {
    const before = ((await (await t.request("/api/downloads?limit=100")).json()) as Wire[]).length;
    const refusals = [
      { bytes: exe(), name: "form.pdf", message: "Upload a PDF, DOCX, XLSX or ODT file" },
      { bytes: exe(), name: "setup.exe", message: "Upload a PDF, DOCX, XLSX or ODT file" },
      { bytes: png(), name: "scan.pdf", message: "Upload a PDF, DOCX, XLSX or ODT file" },
      {
        bytes: zipSync({ "a.txt": xml("hello") }),
        name: "a.docx",
        message: "Upload a PDF, DOCX, XLSX or ODT file",
      },
      {
        bytes: new Uint8Array([...xml("%PDF-1.4\n"), ...new Uint8Array(70 * 1024)]),
        name: "big.pdf",
        message: "The file is larger than 64 KB",
      },
    ];
    for (const item of refusals) {
      const refused = await upload(
        { title: "Refused" },
        { bytes: item.bytes, name: item.name, type: pdfType },
      );
      expect(refused.status, item.name).toBe(400);
      expect(refused.body.error.fields).toEqual({ file: item.message });
    }
    const without = await upload({ title: "No file" }, null);
    expect(without.status).toBe(400);
    expect(without.body.error.fields).toEqual({ file: "Choose a file" });
    const asText = await t.json(
      "/api/downloads",
      "POST",
      { title: "Text", file: "form.pdf" },
      { session: admin },
    );
    expect(asText.status).toBe(400);
    expect((await asText.json()).error.fields).toEqual({
      file: "Send the file in a multipart/form-data body",
    });
    const badCategory = await upload(
      { title: "X", category: "poster" },
      { bytes: await pdf("x"), name: "x.pdf" },
    );
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.error.fields).toEqual({
      category: "Category must be form, syllabus, routine, notice or other",
    });
    const unknown = await upload({ title: "X", colour: "red" }, { bytes: await pdf("x"), name: "x.pdf" });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.fields)).toEqual(["colour"]);
    const after = ((await (await t.request("/api/downloads?limit=100")).json()) as Wire[]).length;
    expect(after).toBe(before);
  });

  it("lets only admins add, change and delete; replacing or deleting takes the old file away", async () => {
    const bytes = await pdf("Routine");
    expect((await upload({ title: "Mine" }, { bytes, name: "r.pdf" }, alice)).status).toBe(403);
    const anonymous = new FormData();
    anonymous.set("title", "Anon");
    anonymous.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), "r.pdf");
    expect((await t.request("/api/downloads", { method: "POST", body: anonymous })).status).toBe(401);

    const created = await upload(
      { title: "Class routine", category: "routine" },
      { bytes, name: "routine.pdf" },
    );
    const id = created.body.insertedId as string;
    const first = await read(id);
    expect(
      (await t.json(`/api/downloads/${id}`, "PATCH", { title: "Mine now" }, { session: alice })).status,
    ).toBe(403);

    // A new file replaces the old one, which is gone from storage.
    const firstKey = await keyOf(id);
    const replaced = await upload(
      {},
      { bytes: docx(), name: "routine.docx" },
      admin,
      `/api/downloads/${id}`,
      "PATCH",
    );
    expect(replaced.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const second = await read(id);
    expect(second).toMatchObject({ title: "Class routine", fileType: "docx", fileName: "routine.docx" });
    expect(second.fileSize).not.toBe(first.fileSize);
    expect(await t.services.files.exists(firstKey)).toBe(false);

    const secondKey = await keyOf(id);
    expect(await t.services.files.exists(secondKey)).toBe(true);
    const deleted = await t.request(`/api/downloads/${id}`, { method: "DELETE", session: admin });
    expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.request(`/api/downloads/${id}/file`)).status).toBe(404);
    expect(await t.services.files.exists(secondKey)).toBe(false);
  });

  it("searches by title and pages the list; the stored file is not served under /files/", async () => {
    await upload(
      { title: "Class Nine syllabus", category: "syllabus" },
      { bytes: await pdf("9"), name: "nine.pdf" },
    );
    await upload(
      { title: "Class Ten syllabus", category: "syllabus" },
      { bytes: await pdf("10"), name: "ten.pdf" },
    );
    const found = await t.request("/api/downloads?q=syllabus&limit=1");
    expect(found.headers.get("x-total-count")).toBe("2");
    expect(((await found.json()) as Wire[]).map((item) => item.title)).toEqual(["Class Ten syllabus"]);
    const next = (await (await t.request("/api/downloads?q=syllabus&limit=1&offset=1")).json()) as Wire[];
    expect(next.map((item) => item.title)).toEqual(["Class Nine syllabus"]);
    const bad = await t.request("/api/downloads?category=poster");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      category: "category must be form, syllabus, routine, notice or other",
    });

    const [any] = (await (await t.request("/api/downloads?limit=1")).json()) as Wire[];
    const key = await keyOf(any?._id ?? "");
    expect(key).toMatch(/^downloads\//);
    expect((await t.request(`/files/${key}`)).status).toBe(404);
    // Anonymous answers carry nobody's e-mail, phone or account id.
    const text = await (await t.request("/api/downloads?limit=100")).text();
    expect(text).not.toMatch(/@|uploadedBy|authorId/);
  });
});
