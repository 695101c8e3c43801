// /api/openapi.json as a client generator and a response validator read it: a valid OpenAPI
// 3.1 document, with a schema for every answer, the statuses and headers the server sends, and
// request rules as strict as the server's. The shared test app checks every answer of the API
// tests against it (tests/fixtures/openapi-check.ts); here we also prove that check catches drift.
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerChecker, ContractDrift } from "../fixtures/openapi-check";
import { appWithPeople, type Session, type TestApp, testDatabases } from "../fixtures/test-app";

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
type Operation = {
  operationId: string;
  summary: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }
  >;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; headers: Record<string, unknown> };
};

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe.each(testDatabases)("the OpenAPI document on %s", (kind) => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let document: Document;

  beforeAll(async () => {
    ({ t, admin, alice } = await appWithPeople(kind));
    document = (await (await t.request("/api/openapi.json")).json()) as Document;
  });
  afterAll(() => t?.close());

  const op = (path: string, method: string) => {
    const operation = document.paths[path]?.[method];
    if (!operation) throw new Error(`${method} ${path} is not documented`);
    return operation;
  };
  const success = (operation: Operation) =>
    Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("gives every call a unique operationId and a success answer with a real schema", () => {
    const all = operations(document);
    expect(all.length).toBeGreaterThan(80);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // A provider's return sends the buyer on (303 with Location): its answer is the redirect.
    const redirects = (operation: Operation) =>
      !success(operation) && Boolean(operation.responses["303"]?.headers?.Location);
    const empty = all
      .filter(({ operation }) => {
        if (redirects(operation)) return false;
        // A file's answer (a download) is documented by its types, as binary.
        const content = success(operation)?.content ?? {};
        const schema = content["application/json"]?.schema;
        if (!schema && Object.keys(content).length > 0)
          return !Object.values(content).every((type) => type.schema.format === "binary");
        return !schema || Object.keys(schema).length === 0;
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(empty).toEqual([]);
  });

  it("documents the statuses the server sends: 304, make-admin's 404, subscribe's 200, 429 with Retry-After", () => {
    const notices = op("/Notice/notices", "get");
    expect(Object.keys(notices.responses)).toEqual(expect.arrayContaining(["200", "304", "400"]));
    expect(Object.keys(notices.responses["200"]?.headers ?? {})).toEqual(
      expect.arrayContaining(["X-Total-Count", "ETag", "Cache-Control"]),
    );
    expect(Object.keys(notices.responses["304"]?.headers ?? {})).toEqual(expect.arrayContaining(["ETag"]));
    expect(op("/User/users/admin", "put").responses["404"]).toBeDefined();
    expect(op("/subscribe", "post").responses["200"]).toBeDefined();
    expect(op("/subscribe", "post").responses["201"]).toBeDefined();
    for (const [path, method] of [
      ["/contact", "post"],
      ["/subscribe", "post"],
      ["/blog/comment", "post"],
      ["/auth/sign-in/email", "post"],
    ] as const) {
      expect(Object.keys(op(path, method).responses["429"]?.headers ?? {}), `${method} ${path}`).toContain(
        "Retry-After",
      );
    }
    // A list that only admins read cannot answer 429, and an anonymous list no 401.
    expect(op("/audit", "get").responses["429"]).toBeUndefined();
    expect(notices.responses["401"]).toBeUndefined();
    expect(op("/Notice/notices", "post").responses["201"]?.headers).toHaveProperty("Location");
  });

  it("says which fields only some callers see, and leaves them optional", () => {
    const teacher = success(op("/teacher/teacher/{id}", "get"))?.content?.["application/json"]?.schema;
    for (const [field, who] of [
      ["email", /signed-in/],
      ["phone", /signed-in/],
      ["address", /admins/],
    ] as const) {
      expect(teacher?.properties?.[field]?.description, field).toMatch(who);
      expect(teacher?.required).not.toContain(field);
    }
    expect(teacher?.required).toEqual(expect.arrayContaining(["_id", "name", "position", "roll"]));
    const comment = success(op("/blog/comment/{id}", "get"))?.content?.["application/json"]?.schema;
    expect(comment?.properties?.email?.description).toMatch(/author and admins/);
    expect(comment?.required).not.toContain("authorId");
    const student = success(op("/student/students/{id}", "get"))?.content?.["application/json"]?.schema;
    expect(student?.properties?.email?.description).toMatch(/admins/);
  });

  it("gives requests the server's formats, enums and patterns, and files as binary", () => {
    const contact = op("/contact", "post").requestBody?.content["application/json"]?.schema;
    expect(contact?.properties?.email?.format).toBe("email");
    const teacher = op("/teacher/addTeacher", "post").requestBody?.content;
    expect(JSON.stringify(teacher?.["application/json"]?.schema.properties?.position)).toContain(
      "vice-principal",
    );
    expect(teacher?.["application/json"]?.schema.properties?.email?.format).toBe("email");
    expect(teacher?.["multipart/form-data"]?.schema.properties?.image?.format).toBe("binary");
    expect(teacher?.["application/json"]?.schema.properties?.image?.format).toBeUndefined();
    const student = op("/student/addStudent", "post").requestBody?.content["application/json"]?.schema;
    expect(student?.properties?.position?.enum).toEqual(expect.arrayContaining(["Class One", "Alim"]));
    const comment = op("/blog/comment", "post").requestBody?.content["application/json"]?.schema;
    expect(comment?.properties?.id?.format).toBe("uuid");
    const photo = op("/User/photo", "post").requestBody?.content["multipart/form-data"]?.schema;
    expect(photo?.properties?.image?.format).toBe("binary");
  });

  it("documents Better Auth's sign-up, sign-in, sign-out and session calls with their own error shape", async () => {
    for (const [path, method] of [
      ["/auth/sign-up/email", "post"],
      ["/auth/sign-in/email", "post"],
      ["/auth/sign-out", "post"],
      ["/auth/get-session", "get"],
      ["/auth/phone-number/send-otp", "post"],
      ["/auth/phone-number/verify", "post"],
    ] as const)
      expect(success(op(path, method))?.content?.["application/json"]?.schema, path).toBeTruthy();
    // These go through the checked request helper: each answer is validated against the document.
    const wrong = await t.json("/api/auth/sign-in/email", "POST", {
      email: alice.email,
      password: "wrong-one-9",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: expect.any(String) });
    const again = await t.json("/api/auth/sign-up/email", "POST", {
      email: alice.email,
      password: "another-pass-1",
      name: "Alice",
    });
    expect(again.status).toBe(422);
    const session = await t.request("/api/auth/get-session", { session: alice });
    expect((await session.json()).user.email).toBe(alice.email);
    expect(await (await t.request("/api/auth/get-session")).json()).toBeNull();
    const out = await t.request("/api/auth/sign-out", {
      method: "POST",
      session: await t.signIn(alice.email, "alice-password"),
    });
    expect(await out.json()).toEqual({ success: true });
  });

  it("answers a create with 201 and the new record's own path in Location", async () => {
    const created = await t.json(
      "/api/Notice/notices",
      "POST",
      { Title: "Eid holidays" },
      { session: admin },
    );
    expect(created.status).toBe(201);
    const { insertedId } = await created.json();
    expect(created.headers.get("location")).toBe(`/api/Notice/notices/${insertedId}`);
    const read = await t.request(created.headers.get("location") as string);
    expect((await read.json())._id).toBe(insertedId);
    const message = await t.json("/api/contact", "POST", {
      name: "Rahima",
      email: "rahima@example.com",
      message: "Hello",
    });
    expect(message.status).toBe(201);
    const opened = await t.request(message.headers.get("location") as string, { session: admin });
    expect((await opened.json()).message).toBe("Hello");
  });

  it("catches an answer that drifts from the document: a status, a field, a header", async () => {
    await t.json("/api/Notice/notices", "POST", { Title: "Sports day", about: "Friday" }, { session: admin });
    const url = "http://localhost:3000/api/Notice/notices";
    const answer = () => t.request("/api/Notice/notices");
    // The real document passes the real answer.
    await expect(answerChecker(document)("GET", url, await answer())).resolves.toBeUndefined();

    const edited = (edit: (doc: Document, notice: Schema) => void) => {
      const copy = structuredClone(document);
      const list =
        copy.paths["/Notice/notices"]?.get?.responses["200"]?.content?.["application/json"]?.schema;
      edit(copy, list?.items as Schema);
      return answerChecker(copy);
    };
    // A status the document does not list.
    await expect(
      edited((doc) => {
        delete doc.paths["/Notice/notices"]?.get?.responses["200"];
      })("GET", url, await answer()),
    ).rejects.toThrow(/status not documented/);
    // A field the server sends that the document does not name.
    await expect(
      edited((_, notice) => {
        delete notice.properties?.about;
      })("GET", url, await answer()),
    ).rejects.toThrow(ContractDrift);
    // A field the document requires that the server does not send.
    await expect(
      edited((_, notice) => {
        notice.properties = { ...notice.properties, author: { type: "string" } };
        notice.required = [...(notice.required ?? []), "author"];
      })("GET", url, await answer()),
    ).rejects.toThrow(/author/);
    // A header the document promises that the answer lacks.
    const bare = await answer();
    const withoutCount = new Response(await bare.text(), {
      status: 200,
      headers: {
        "content-type": "application/json",
        etag: bare.headers.get("etag") ?? "",
        "cache-control": "x",
      },
    });
    await expect(answerChecker(document)("GET", url, withoutCount)).rejects.toThrow(
      /X-Total-Count is missing/,
    );
  });

  it("shows the statuses, headers and who sees which field on /api/docs", async () => {
    const page = await (await t.request("/api/docs")).text();
    expect(page).toContain("304");
    expect(page).toContain("Retry-After");
    expect(page).toContain("Location");
    expect(page).toMatch(/Only for signed-in users/);
    expect(page).toContain("/api/auth/sign-in/email");
  });
});
