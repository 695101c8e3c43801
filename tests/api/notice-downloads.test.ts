// A notice can carry a file of the downloads (issue 19: "A notice can carry one"): a client sees
// the file's title, name, size and address on the notice, follows it to the file, and loses it
// from the notice when the download is deleted. A download that does not exist is refused naming
// the field. Every answer is checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simplePdf } from "../../server/sample-content/pdf";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

type NoticeWire = {
  _id: string;
  Title: string;
  download: { _id: string; title: string; fileName: string; fileSize: number; file: string } | null;
};

describe("a notice that carries a download", () => {
  let t: TestApp;
  let admin: Session;
  let formId: string;
  const pdf = simplePdf("Admission form", ["Name:", "Class:"]);

  beforeAll(async () => {
    t = await createTestApp("pglite", { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    const form = new FormData();
    form.set("title", "Admission form");
    form.set("category", "form");
    form.set(
      "file",
      new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }),
      "admission-form.pdf",
    );
    const created = await t.request("/api/downloads", { method: "POST", body: form, session: admin });
    expect(created.status).toBe(201);
    formId = ((await created.json()) as { insertedId: string }).insertedId;
  });
  afterAll(() => t?.close());

  const notice = async (id: string) =>
    (await (await t.request(`/api/Notice/notices/${id}`)).json()) as NoticeWire;
  const post = (body: Record<string, unknown>) =>
    t.json("/api/Notice/notices", "POST", body, { session: admin });

  it("shows the download on the notice, to anyone, and its address gives the file", async () => {
    const created = await post({
      Title: "Admissions are open",
      about: "Fill in the form.",
      downloadId: formId,
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { insertedId: string }).insertedId;

    expect((await notice(id)).download).toEqual({
      _id: formId,
      title: "Admission form",
      fileName: "admission-form.pdf",
      fileSize: pdf.length,
      file: `/api/downloads/${formId}/file`,
    });
    const listed = (await (await t.request("/api/Notice/notices")).json()) as NoticeWire[];
    expect(listed.find((item) => item._id === id)?.download?._id).toBe(formId);

    const file = await t.request(`/api/downloads/${formId}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(pdf));
  });

  it("carries none unless told, and lets go of it when edited to none", async () => {
    const created = await post({ Title: "Sports day" });
    const id = ((await created.json()) as { insertedId: string }).insertedId;
    expect((await notice(id)).download).toBeNull();

    const carried = await t.json(
      `/api/Notice/notices/${id}`,
      "PATCH",
      { downloadId: formId },
      { session: admin },
    );
    expect(carried.status).toBe(200);
    expect((await notice(id)).download?._id).toBe(formId);
    const dropped = await t.json(
      `/api/Notice/notices/${id}`,
      "PATCH",
      { downloadId: "" },
      { session: admin },
    );
    expect(dropped.status).toBe(200);
    expect((await notice(id)).download).toBeNull();
  });

  it("refuses a download that does not exist, or that is no id, naming the field and storing nothing", async () => {
    const before = ((await (await t.request("/api/Notice/notices")).json()) as NoticeWire[]).length;
    for (const downloadId of ["0b6f1c5e-8d0a-4c1e-9f3a-2b7c4d5e6f70", "the-form", 12]) {
      const refused = await post({ Title: "Holiday", downloadId });
      expect(refused.status, String(downloadId)).toBe(400);
      const body = (await refused.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(body.error.fields ?? {})).toEqual(["downloadId"]);
    }
    expect(((await (await t.request("/api/Notice/notices")).json()) as NoticeWire[]).length).toBe(before);
  });

  it("no longer carries a download once it is deleted", async () => {
    const form = new FormData();
    form.set("title", "Old routine");
    form.set("category", "routine");
    form.set("file", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "routine.pdf");
    const made = await t.request("/api/downloads", { method: "POST", body: form, session: admin });
    const routineId = ((await made.json()) as { insertedId: string }).insertedId;
    const created = await post({ Title: "The routine", downloadId: routineId });
    const id = ((await created.json()) as { insertedId: string }).insertedId;

    const deleted = await t.request(`/api/downloads/${routineId}`, { method: "DELETE", session: admin });
    expect(deleted.status).toBe(200);
    const after = await notice(id);
    expect(after.Title).toBe("The routine");
    expect(after.download).toBeNull();
  });
});
