// Property-based fuzzing of every REST endpoint's path, query and body (fast-check), as an admin
// and as an anonymous visitor, and of every Better Auth route, through the Hono app on PGlite (and
// PostgreSQL when TEST_DATABASE_URL is set). Strings come from all of Unicode (NUL and other
// control characters, lone surrogates, right-to-left marks, very long ones), numbers from the
// edges (2^31, 2^53, 1e400, -0). For every request: no 5xx; every refusal is JSON
// {error: {code, message}}; a refused request stores nothing (no table changes, no file appears
// under DATA_DIR/files, no session is made). The pages' forms are fuzzed in page-actions.test.ts.
//
// Reproducible: a fixed seed (FUZZ_SEED overrides it) and a modest number of runs (FUZZ_RUNS).
// On failure fast-check prints the seed and the path of the counterexample; rerun with
// FUZZ_SEED=<seed> to see it again.
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { graphemeCount } from "../../common/text-rules";
import { endpoints } from "../../server/api";
import type { AnyEndpoint } from "../../server/api/endpoint";
import { sessions } from "../../server/db/schema";
import { codeSentTo } from "../fixtures/outbox";
import { type Session, testDatabases } from "../fixtures/test-app";
import {
  createBody,
  createWorld,
  endpointKey,
  errorShapeProblem,
  filesUnder,
  type Kind,
  kinds,
  sendBody,
  type World,
  watchWrites,
} from "./support";

const seed = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** Runs per endpoint on PGlite; a third of them on PostgreSQL (below). */
const numRuns = Number(process.env.FUZZ_RUNS ?? 10);

/** Field names an endpoint's body documents, so that generated bodies reach past the first check. */
function bodyFields(endpoint: AnyEndpoint): string[] {
  const fromDoc = Object.keys(endpoint.bodyDoc?.properties ?? {});
  if (fromDoc.length > 0 || !endpoint.body) return fromDoc;
  try {
    const schema = z.toJSONSchema(endpoint.body, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(schema.properties ?? {});
  } catch {
    return [];
  }
}

/** Bodies that pass, by endpoint (method and first path), for the fuzzer to change one field of. */
const validBodies: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.values(kinds).map(({ path: pathname, body }) => [`POST ${pathname.replace(/^\/api/, "")}`, body]),
  ),
  "POST /contact": { name: "Rahima", email: "r@abuse.test", message: "Hello" },
  "POST /subscribe": { email: "s@abuse.test" },
  "PUT /User/updated": { displayName: "Head", about: "About me" },
  "POST /User/photo": { photoURl: "https://img.example/me.jpg" },
  // An album's photo: its caption (the image comes as a file), and a change of caption and place.
  "POST /gallery/:id/photos": { caption: "The stage" },
  "PUT /gallery/photos/:id": { caption: "The stage", position: 1 },
  "PATCH /gallery/photos/:id": { caption: "The stage", position: 1 },
  "POST /inbox/messages": { to: "x@abuse.test", subject: "Hello", body: "Hello" },
  "POST /inbox/drafts": { to: "x@abuse.test", subject: "Hello", body: "Hello" },
  "PUT /routines/week": {
    periods: [{ number: 1, start: "08:00", end: "08:45", break: false }],
    days: ["saturday", "sunday"],
  },
  "PUT /routines/classes/:id": {
    slots: [{ day: "sunday", period: 1, subject: "Bangla", teacher: null, room: "101" }],
  },
  "POST /routines/substitutes": {
    class: "00000000-0000-4000-8000-000000000000",
    section: "",
    date: "2030-01-06",
    period: 1,
    teacher: "00000000-0000-4000-8000-000000000001",
  },
  // The register of students: a child (with an enrolment), a guardian, a promotion.
  "POST /register/students": {
    name: "Karim",
    nameBn: "করিম",
    dateOfBirth: "2014-03-15",
    birthRegistration: "20143012345678901",
    gender: "male",
    enrolment: { session: "2026", class: "Class Six", section: "", roll: "1", registration: "260001" },
  },
  "PATCH /register/students/:id": { name: "Karim", status: "left" },
  "PUT /register/students/:id/enrolment": {
    session: "2026",
    class: "Class Six",
    section: "",
    roll: "2",
    registration: "260002",
  },
  "POST /register/students/:id/guardians": { name: "Abdul Karim", relation: "father", phone: "01712345678" },
  "PATCH /register/guardians/:id": { name: "Abdul Karim", relation: "father", phone: "01712345678" },
  "POST /register/promotions": {
    fromSession: "2026",
    fromClass: "Class Six",
    toSession: "2027",
    toClass: "Class Seven",
    rolls: "byRoll",
  },
};

const queryNames = [
  "limit",
  "offset",
  "q",
  "blogId",
  "all",
  "status",
  "authorId",
  "folder",
  "page",
  "sort",
  "session",
  "class",
  "section",
  "check",
  "format",
];

type Fuzzed = {
  params: Record<string, string>;
  query: Record<string, string>;
  body:
    | { kind: "json"; value: unknown }
    | { kind: "raw"; text: string; contentType?: string }
    | { kind: "form"; fields: Record<string, string>; file?: Uint8Array };
};

describe.each(testDatabases)("fuzzing every endpoint on %s", (database) => {
  // PostgreSQL is the same engine as PGlite (compiled to WebAssembly): its share is every endpoint
  // with a third of the runs (the same seed's first inputs), for what only a server does.
  const runs = database === "postgres" ? Math.ceil(numRuns / 3) : numRuns;
  let w: World;
  /** Ids of records that exist, so some generated paths hit real rows. */
  const ids: string[] = [];
  /**
   * The tables each request changed. One watcher for the whole file: setting one up puts a trigger
   * on every table and hashes all of them, which per test was most of the file's time on
   * PostgreSQL. Requests run one after another, so one request's "after" is the next one's
   * "before"; each test first takes in what came before it (a sign-up, a test's own setup).
   */
  let writes: Awaited<ReturnType<typeof watchWrites>>;

  beforeAll(async () => {
    w = await createWorld(database);
    const made = async (pathname: string, body: unknown, session?: Session) => {
      const response = await sendBody(w.t, pathname, "POST", body, session ? { session } : {});
      const answer = await response.json();
      expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
      const id = answer.insertedId ?? answer.orderId;
      ids.push(id);
      return id as string;
    };
    // One record of each kind (the comment on the blog), a message and an order.
    const byKind: Record<string, string> = {};
    for (const [kind, { path: pathname }] of Object.entries(kinds)) {
      const extra: Record<string, string> = kind === "comment" ? { id: byKind.blog ?? "" } : {};
      const body = createBody(kind as Kind, extra);
      byKind[kind] = await made(pathname, body, kind === "comment" ? w.alice : w.admin);
    }
    validBodies["POST /blog/comment"] = { ...kinds.comment.body, id: byKind.blog };
    await made("/api/contact", { name: "Rahima", email: "r@abuse.test", message: "Hello" });
    await made(
      "/api/Order/create-payment-intent",
      { items: [{ id: byKind.admission, quantity: 1 }] },
      w.alice,
    );
    writes = await watchWrites(w.t.services.db);
  });
  afterAll(() => w?.t.close());

  // Strings that have broken servers before: markup, SQL, path tricks, huge and odd numbers.
  const nasty = fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    "' or 1=1 --",
    "\u0000",
    "%00",
    "..",
    "<script>window.__xss=1</script>",
    "head@abuse.test",
    "alice@abuse.test",
    "https://img.example/a.jpg",
    "javascript:alert(1)",
    "120.50",
    "head",
    "approved",
    "9".repeat(400),
    "a".repeat(6000),
    "x".repeat(70_000),
    "🙂".repeat(30),
    // Right-to-left marks and overrides, lone surrogates, other control characters.
    "\u202Eevil\u202C",
    "\u200F\u200E",
    "\uD800",
    "a\uDFFFb",
    "\u0001\u001B[31m",
    "\u007F\u0085",
    "line\r\nbreak\ttab",
    "\uFEFF",
    "/blog/\u0100\u09AC",
    "2147483648",
    "9007199254740993",
    "1e400",
    "-0",
  );

  /** A control character: NUL (which PostgreSQL refuses) half the time, another C0 or C1 one else. */
  const controlCharacter = fc.oneof(
    fc.constant("\u0000"),
    fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  );
  /** Strings from all of Unicode: any code point (astral ones too), lone surrogates, control characters. */
  const anyUnicode = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
    fc
      .tuple(fc.string(), controlCharacter, fc.string())
      .map(([before, control, after]) => before + control + after),
  );
  /** Numbers at the edges, as JSON text (1e400 has no JavaScript value that JSON.stringify keeps). */
  const edgeNumber = fc.constantFrom(
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967296",
    "9007199254740992",
    "9007199254740993",
    "1e400",
    "-1e400",
    "1e-400",
    "-0",
    "0.1",
    "120.505",
  );
  function requestOf(endpoint: AnyEndpoint): fc.Arbitrary<Fuzzed & { path: string }> {
    // Made here, when the records exist.
    const existingId = () => fc.constantFrom(...ids);
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      { weight: 3, arbitrary: anyUnicode },
      { weight: 2, arbitrary: nasty },
      fc.uuid(),
    );
    const jsonish = fc.oneof(
      { weight: 3, arbitrary: text },
      fc.integer(),
      fc.double(),
      fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -0, Number.MAX_VALUE),
      fc.boolean(),
      fc.constant(null),
      existingId(),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    );
    const pattern = fc.constantFrom(...endpoint.paths);
    const paramValue = fc.oneof(
      existingId(),
      fc.uuid(),
      text.map((value) => encodeURIComponent(value) || "x"),
      // Bad percent-encoding, reaching the router's decoder as it is.
      fc.constantFrom("%E0%A4%A", "%", "%ZZ"),
    );
    const fields = bodyFields(endpoint);
    const knownFields =
      fields.length > 0
        ? fc.dictionary(fc.constantFrom(...fields), jsonish, { maxKeys: fields.length })
        : fc.constant({});
    const edgeNumbers =
      fields.length > 0
        ? fc
            .dictionary(fc.constantFrom(...fields), edgeNumber, { minKeys: 1, maxKeys: fields.length })
            .map((entries) => ({
              kind: "raw" as const,
              contentType: "application/json",
              text: `{${Object.entries(entries)
                .map(([name, value]) => `${JSON.stringify(name)}:${value}`)
                .join(",")}}`,
            }))
        : fc.constant({ kind: "json" as const, value: {} });
    // A body that would pass, with one field changed: reaches past the schema into the domain
    // and the database, where a NUL or a huge number used to end in a 500.
    const base = validBodies[`${endpoint.method} ${endpoint.paths[0]}`];
    const oneFieldChanged = base
      ? fc
          .record({ field: fc.constantFrom(...Object.keys(base)), value: fc.oneof(text, edgeNumber) })
          .map(({ field, value }) => ({ kind: "json" as const, value: { ...base, [field]: value } }))
      : knownFields.map((value) => ({ kind: "json" as const, value }));
    const body = fc.oneof(
      { weight: 4, arbitrary: knownFields.map((value) => ({ kind: "json" as const, value })) },
      { weight: 4, arbitrary: oneFieldChanged },
      edgeNumbers,
      fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: "json" as const, value })),
      fc.record({
        kind: fc.constant("raw" as const),
        text: fc.oneof(fc.string(), fc.constantFrom("{", '{"a":', "\uFEFF{}", "--x--")),
        contentType: fc.constantFrom(
          "application/json",
          "text/plain",
          "multipart/form-data; boundary=x",
          undefined,
        ),
      }),
      fc.record({
        kind: fc.constant("form" as const),
        fields: fc.dictionary(fields.length > 0 ? fc.constantFrom(...fields) : fc.string(), text, {
          maxKeys: 4,
        }),
        file: fc.option(fc.uint8Array({ maxLength: 512 }), { nil: undefined }),
      }),
    );
    return fc
      .record({
        pattern,
        params: fc.record({ id: paramValue, email: paramValue }),
        query: fc.dictionary(
          fc.oneof(fc.constantFrom(...queryNames), fc.string()),
          fc.oneof(text, edgeNumber),
          { maxKeys: 4 },
        ),
        body,
      })
      .map(({ pattern, ...rest }) => ({
        ...rest,
        path: pattern.replace(/:(\w+)/g, (_, name: string) => rest.params[name as "id"] ?? "x"),
      }));
  }

  function send(request: Fuzzed & { path: string }, endpoint: AnyEndpoint, session: Session | undefined) {
    const query = new URLSearchParams(request.query).toString();
    const url = `/api${request.path}${query ? `?${query}` : ""}`;
    const headers: Record<string, string> = { "x-forwarded-for": "192.0.2.7" };
    let body: BodyInit | undefined;
    const { body: sent } = request;
    if (sent.kind === "json") {
      headers["content-type"] = "application/json";
      body = JSON.stringify(sent.value);
    } else if (sent.kind === "raw") {
      if (sent.contentType) headers["content-type"] = sent.contentType;
      body = sent.text;
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(sent.fields)) form.append(name, value);
      // A kind whose records are a file takes it as its own field (a download's `file`).
      const field = endpoint.fileFields?.includes("file") ? "file" : "image";
      if (sent.file) form.append(field, new Blob([sent.file as Uint8Array<ArrayBuffer>]), "photo.jpg");
      body = form;
    }
    const hasBody = endpoint.method !== "GET";
    return w.t.request(url, {
      method: endpoint.method,
      headers,
      ...(hasBody ? { body } : {}),
      ...(session ? { session } : {}),
    });
  }

  it("Better Auth's routes: no 5xx, and a refused call stores nothing and makes no session", async () => {
    const auth = w.t.services.auth as unknown as {
      api: Record<string, { path?: string; options?: { method?: string | string[] } }>;
      options: { disabledPaths?: string[] };
    };
    const off = new Set(auth.options.disabledPaths ?? []);
    const posts = Object.values(auth.api)
      .filter((route) => typeof route?.path === "string" && !off.has(route.path))
      .filter((route) => [route.options?.method ?? "GET"].flat().includes("POST"))
      .map((route) => route.path as string);
    const names = [
      "email",
      "password",
      "newPassword",
      "currentPassword",
      "name",
      "image",
      "token",
      "phoneNumber",
    ];
    const moreNames = ["code", "provider", "callbackURL", "redirectTo", "rememberMe", "revokeOtherSessions"];
    const value = fc.oneof(
      { weight: 3, arbitrary: fc.oneof(fc.string(), anyUnicode, nasty) },
      fc.constantFrom("fuzzed@abuse.test", "fuzzed-password-1", "+8801711111111", "123456", "/"),
      fc.integer(),
      fc.constantFrom(2 ** 31, 2 ** 53, -0),
      fc.boolean(),
      fc.constant(null),
      fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
    );
    // Its own account: a fuzzed call may sign it out, or even delete it.
    const fuzzer = await w.t.signUp("auth-fuzzer@abuse.test", "fuzzer-password-1", "Fuzzer");
    const validAuthBodies: Record<string, Record<string, unknown>> = {
      "/sign-up/email": { email: "new-fuzzer@abuse.test", password: "fuzzer-password-2", name: "New" },
      "/sign-in/email": { email: "auth-fuzzer@abuse.test", password: "fuzzer-password-1", callbackURL: "/" },
      "/update-user": { name: "Fuzzer", image: "https://img.example/fuzzer.jpg" },
      "/request-password-reset": { email: "auth-fuzzer@abuse.test", redirectTo: "/reset-password" },
      "/phone-number/send-otp": { phoneNumber: "+8801711111111" },
      "/phone-number/verify": { phoneNumber: "+8801711111111", code: "123456", name: "New Guardian" },
    };
    const sessionCount = async () => (await w.t.services.db.select().from(sessions)).length;
    await writes.changed();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts).chain((route) =>
          fc.tuple(
            fc.constant(route),
            fc.oneof(
              fc.dictionary(fc.constantFrom(...names, ...moreNames), value, { maxKeys: 5 }),
              // A call that would pass, with one field changed.
              ...(validAuthBodies[route]
                ? [
                    fc
                      .record({
                        field: fc.constantFrom(...Object.keys(validAuthBodies[route] ?? {})),
                        value: fc.oneof(value, edgeNumber.map(Number)),
                      })
                      .map(({ field, value }) => ({ ...validAuthBodies[route], [field]: value })),
                  ]
                : []),
            ),
          ),
        ),
        fc.boolean(),
        async ([route, body], signedIn) => {
          const sessionsBefore = await sessionCount();
          const pathname = `/api/auth${route.replace(/:(\w+)/g, "x")}`;
          const response = await w.t.json(pathname, "POST", body, {
            ...(signedIn ? { session: fuzzer } : {}),
            headers: { "x-forwarded-for": "192.0.2.8" },
          });
          const text = await response.text();
          const changed = await writes.changed();
          expect(response.status, `${route}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400) {
            expect(changed, `${route}: ${text.slice(0, 300)}`).toEqual([]);
            expect(await sessionCount(), `${route}: ${text.slice(0, 300)}`).toBeLessThanOrEqual(
              sessionsBefore,
            );
          }
        },
      ),
      { seed, numRuns: runs * 4, endOnFailure: true },
    );
  });

  // A body the schema refuses is answered in the API's shape ({error: {fields}}); a refusal of
  // Better Auth's own in its shape ({code, message, fields}).
  const fieldsOf = (answer: { fields?: object; error?: { fields?: object } }) =>
    answer.error?.fields ?? answer.fields ?? {};

  it("a phone sign-up with any Unicode as the name and the number: an account with at most 100 letters, or a 400 naming the field", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyUnicode, fc.string({ unit: "grapheme", maxLength: 120 }), nasty),
        fc.oneof(anyUnicode, fc.constant("")),
        async (name, noise) => {
          n += 1;
          const number = `+88016${String(70_000_000 + n)}`;
          const ip = `198.18.${Math.floor(n / 200)}.${n % 200}`;
          const post = (pathname: string, body: unknown) =>
            w.t.json(`/api/auth${pathname}`, "POST", body, { headers: { "x-forwarded-for": ip } });
          // The number with any Unicode around it: read, or refused by name.
          const noisy = await post("/phone-number/send-otp", { phoneNumber: `${noise}${number}` });
          expect(noisy.status).toBeLessThan(500);
          if (noisy.status === 400)
            expect(Object.keys(fieldsOf(await noisy.json()))).toEqual(["phoneNumber"]);
          if (noisy.status !== 200)
            expect((await post("/phone-number/send-otp", { phoneNumber: number })).status).toBe(200);
          const code = await codeSentTo(w.t.config.dataDir, number);
          const made = await post("/phone-number/verify", { phoneNumber: number, code, name });
          const answer = await made.json();
          expect(made.status, JSON.stringify(answer)).toBeLessThan(500);
          if (made.status === 200) {
            expect(graphemeCount(answer.user.name)).toBeLessThanOrEqual(100);
            expect(answer.user.email).toBeNull();
          } else {
            expect(made.status, JSON.stringify(answer)).toBe(400);
            expect(Object.keys(fieldsOf(answer)), JSON.stringify(answer)).toEqual(["name"]);
          }
        },
      ),
      { seed, numRuns: runs * 2, endOnFailure: true },
    );
  });

  for (const endpoint of endpoints) {
    for (const as of ["admin", "anonymous"] as const) {
      it(`${endpointKey(endpoint)} as ${as}`, async () => {
        const filesDir = path.join(w.t.config.dataDir, "files");
        await writes.changed();
        let files = filesUnder(filesDir);
        await fc.assert(
          fc.asyncProperty(requestOf(endpoint), async (request) => {
            const filesBefore = files;
            const response = await send(request, endpoint, as === "admin" ? w.admin : undefined);
            const text = await response.text();
            const changed = await writes.changed();
            files = filesUnder(filesDir);
            expect(response.status, text).toBeLessThan(500);
            if (response.status >= 400) {
              expect(errorShapeProblem(response.status, text)).toBeUndefined();
              expect(changed, text).toEqual([]);
              expect(files, text).toEqual(filesBefore);
            }
          }),
          { seed, numRuns: runs, endOnFailure: true },
        );
      });
    }
  }
});
