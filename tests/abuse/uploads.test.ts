// Hostile uploads through every REST call that takes a file, as an admin (who may upload
// anywhere): each refused cleanly, with a 4xx JSON error, nothing stored in the database and no
// file left under DATA_DIR/files. tests/api/images.test.ts checks the pipeline itself; this
// checks that every door into it refuses the same way.
//
// A JPEG with HTML or script after its pixels (or in a comment) is a valid JPEG: refusing it
// would refuse many cameras' files, which carry trailing data. It is accepted and defused: sharp
// re-encodes the pixels, so what is stored and served holds none of the script.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../server/api";
import { pngOfZeros } from "../fixtures/png-of-zeros";
import { applicationDraft } from "./admission-setups";
import {
  changedTables,
  createBody,
  createWorld,
  endpointKey,
  errorShapeProblem,
  filesUnder,
  fillPath,
  fingerprint,
  type Kind,
  kinds,
  sendBody,
  type World,
} from "./support";

const script = "<script>window.__xss=1</script>";

async function hostileFiles() {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7f62" } })
    .jpeg()
    .toBuffer();
  return {
    // GIF89a is a valid start of a JavaScript file too (GIF89a=...).
    "GIF/JavaScript polyglot": [
      415,
      Buffer.concat([
        Buffer.from("GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;window.__xss=1;//"),
        Buffer.from([0x3b]),
      ]),
    ],
    "HTML with a JPEG after it": [415, Buffer.concat([Buffer.from(`<html>${script}</html>`), jpeg])],
    "SVG with a script": [
      415,
      Buffer.from(
        `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1">${script}</svg>`,
      ),
    ],
    "decompression bomb (PNG of 30000 x 30000 pixels)": [413, pngOfZeros(30_000, 30_000)],
    "truncated JPEG": [400, jpeg.subarray(0, Math.floor(jpeg.length / 2))],
  } satisfies Record<string, [status: number, bytes: Buffer]>;
}

/** The kind of content each documentation tag is about. */
const kindOfTag: Record<string, Kind> = {
  Admissions: "admission",
  Results: "result",
  Blogs: "blog",
  Notices: "notice",
  Services: "service",
  Students: "student",
  Teachers: "teacher",
  Events: "event",
  Downloads: "download",
  Gallery: "album",
};

describe("hostile uploads", () => {
  let w: World;
  let files: Awaited<ReturnType<typeof hostileFiles>>;
  const ids = new Map<Kind, string>();

  // A marks sheet is not an image: every hostile file is a sheet with an error (422), nothing saved.
  const sheetTag = "Exam results";
  let examId = "missing";
  // The register's sheet is a sheet too; a child's photo an image like any other.
  const registerTag = "Register of students";
  let childId = "missing";
  // An application's document: a photo through the image pipeline (or a PDF, told by its bytes).
  const applicationsTag = "Admission applications";
  let applicationId = "missing";
  beforeAll(async () => {
    w = await createWorld();
    files = await hostileFiles();
    for (const [kind, { path: pathname }] of Object.entries(kinds) as [Kind, (typeof kinds)[Kind]][]) {
      if (kind === "comment") continue;
      const response = await sendBody(w.t, pathname, "POST", createBody(kind), { session: w.admin });
      expect(response.status).toBe(201);
      ids.set(kind, (await response.json()).insertedId);
    }
    const exam = {
      name: "Hostile uploads",
      session: "2026",
      class: "Class Six",
      subjects: [{ code: "101", name: "Bangla", components: [{ kind: "written", full: 100, pass: 33 }] }],
    };
    const created = await w.t.json("/api/results/exams", "POST", exam, { session: w.admin });
    examId = (await created.json())._id;
    const child = await w.t.json(
      "/api/register/students",
      "POST",
      { name: "Hostile Uploads" },
      { session: w.admin },
    );
    expect(child.status).toBe(201);
    childId = (await child.json()).id;
    applicationId = (await applicationDraft(w, "user", w.alice)).params?.id ?? "missing";
  });
  afterAll(() => w?.t.close());

  const uploadEndpoints = endpoints.filter((endpoint) => endpoint.acceptsFiles);

  it("knows what every call that takes a file is about", () => {
    const unknown = uploadEndpoints.filter(
      (endpoint) =>
        endpoint.tag !== "Users" &&
        endpoint.tag !== sheetTag &&
        endpoint.tag !== registerTag &&
        endpoint.tag !== applicationsTag &&
        !kindOfTag[endpoint.tag],
    );
    expect(unknown.map(endpointKey)).toEqual([]);
  });

  for (const endpoint of uploadEndpoints) {
    it(`${endpointKey(endpoint)} refuses each hostile file`, async () => {
      const pattern = endpoint.paths[0] as string;
      const kind = kindOfTag[endpoint.tag];
      // An album's photo takes only its caption beside the image.
      const fields: Record<string, unknown> =
        kind === "album"
          ? { caption: "Hostile" }
          : kind && endpoint.method === "POST"
            ? { ...kinds[kind].body }
            : {};
      delete fields.image;
      const sheet = endpoint.tag === sheetTag || pattern === "/register/import";
      // A download's file is a document: none of these is one (400, naming the field).
      const application = endpoint.tag === applicationsTag;
      const document = endpoint.fileFields?.includes("file") && !sheet && !application;
      const id =
        endpoint.tag === registerTag
          ? childId
          : application
            ? applicationId
            : sheet
              ? examId
              : ((kind && ids.get(kind)) ?? "missing");
      const pathname = `/api${fillPath(pattern, { id, kind: "photo" })}`;
      const dir = path.join(w.t.config.dataDir, "files");
      const problems: string[] = [];
      for (const [name, [status, bytes]] of Object.entries(files)) {
        const form = new FormData();
        for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
        form.append(
          sheet || document ? "file" : (endpoint.fileFields?.[0] ?? "image"),
          new Blob([new Uint8Array(bytes)]),
          sheet ? "marks.xlsx" : "photo.jpg",
        );
        const before = await fingerprint(w.t.services.db);
        const filesBefore = filesUnder(dir);
        const response = await w.t.request(pathname, {
          method: endpoint.method,
          body: form,
          session: w.admin,
        });
        const text = await response.text();
        const expected = sheet ? 422 : document ? 400 : status;
        if (response.status !== expected)
          problems.push(`${name}: expected ${expected}, got ${response.status} ${text}`);
        const shape = errorShapeProblem(response.status, text);
        if (shape) problems.push(`${name}: ${shape}`);
        const changed = changedTables(before, await fingerprint(w.t.services.db));
        if (changed.length > 0) problems.push(`${name}: changed ${changed}`);
        if (filesUnder(dir).join() !== filesBefore.join()) problems.push(`${name}: left a file`);
      }
      expect(problems).toEqual([]);
    });
  }

  it("defuses a JPEG with a script after its pixels and in a comment: stored files hold none of it", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#445566" } })
      .jpeg()
      .toBuffer();
    const comment = Buffer.from(script);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const polyglot = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
      Buffer.from(`<html><body>${script}</body></html>`),
    ]);
    const form = new FormData();
    for (const [field, value] of Object.entries(kinds.notice.body)) form.append(field, value);
    form.append("image", new Blob([new Uint8Array(polyglot)]), "photo.html");
    const response = await w.t.request(kinds.notice.path, { method: "POST", body: form, session: w.admin });
    expect(response.status).toBe(201);
    const notice = await (
      await w.t.request(`/api/Notice/notices/${(await response.json()).insertedId}`)
    ).json();
    const served = await w.t.request(new URL(notice.image, "http://localhost").pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).includes("<script")).toBe(false);
    const dir = path.join(w.t.config.dataDir, "files");
    const stored = filesUnder(dir);
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored)
      expect(readFileSync(path.join(dir, file)).includes("<script"), file).toBe(false);
  });

  it("serves nothing outside DATA_DIR/files, however the path is written", async () => {
    // The data folder also holds the database and the generated secrets.
    const secret = "not-for-the-web-1f2e3d";
    mkdirSync(path.join(w.t.config.dataDir, "secrets"), { recursive: true });
    writeFileSync(path.join(w.t.config.dataDir, "secrets", "probe"), secret);
    writeFileSync(path.join(w.t.config.dataDir, "probe"), secret);
    const attempts = [
      "/files/../secrets/probe",
      "/files/%2e%2e/secrets/probe",
      "/files/..%2fsecrets/probe",
      "/files/%2e%2e%2fsecrets%2fprobe",
      "/files/images/..%2f..%2fsecrets/probe",
      "/files/..%5csecrets%5cprobe",
      "/files/%252e%252e/secrets/probe",
      "/files/..%2fprobe",
      "/files/secrets/probe",
      "/files/%00/../probe",
    ];
    const served: string[] = [];
    for (const attempt of attempts) {
      const response = await w.t.request(attempt);
      const text = await response.text();
      if (response.status === 200 || text.includes(secret)) served.push(`${attempt}: ${response.status}`);
    }
    expect(served).toEqual([]);
  });
});
