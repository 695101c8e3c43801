// Dispatches /api calls to their endpoint definitions. Paths match case-insensitively, as the
// earlier server did (its clients sent both /teacher/addTeacher and /teacher/AddTeacher).
// Bodies are read here, within a size limit, as JSON or (where an endpoint takes a file) as
// multipart form data.

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { controlCharacterFields, type Lines } from "../../common/schemas/fields";
import { clientAddressOf } from "../auth/client-ip";
import type { Services } from "../container";
import type { Actor } from "../domain/actor";
import type { AppEnv } from "../http-env";
import { contentReadsOf } from "../middleware/page-cache";
import { privateCacheControl } from "../middleware/private-answers";
import { jsonTextOf } from "./answer-bytes";
import { Answer, type AnyEndpoint, FileAnswer, type UploadedFile } from "./endpoint";
import { ApiError, invalidFields, invalidInput } from "./errors";

export const maxJsonBytes = 1024 * 1024;
/** Room for the text fields that come with a file. */
export const formOverheadBytes = 256 * 1024;

type Route = { endpoint: AnyEndpoint; path: string; pattern: RegExp; paramCount: number };

function compile(path: string): { pattern: RegExp; paramCount: number } {
  let paramCount = 0;
  const source = path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        paramCount++;
        return `(?<${segment.slice(1)}>[^/]+)`;
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { pattern: new RegExp(`^${source}/?$`, "i"), paramCount };
}

/** Reads the body, refusing it with 413 as soon as it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new ApiError(
      413,
      "payload_too_large",
      problem("request.tooLarge", { size: `${(limit / 1024 / 1024).toFixed(1)} MB` }),
    );
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Body = { fields: unknown; files: Record<string, UploadedFile> };

async function readBody(request: Request, acceptsFiles: boolean, uploadMaxBytes: number): Promise<Body> {
  const type = request.headers.get("content-type") ?? "";
  if (acceptsFiles && /^multipart\/form-data/i.test(type)) {
    const bytes = await readLimited(request, uploadMaxBytes + formOverheadBytes);
    let form: FormData;
    try {
      form = await new Response(new Blob([new Uint8Array(bytes)]), {
        headers: { "content-type": type },
      }).formData();
    } catch {
      throw new ApiError(400, "invalid_form", problem("request.unreadableForm"));
    }
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    for (const [name, value] of form) {
      if (typeof value === "string") fields[name] = value;
      else if (value.size > 0)
        files[name] = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
    return { fields, files };
  }
  const bytes = await readLimited(request, maxJsonBytes);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { fields: {}, files: {} };
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    const accepted = acceptsFiles ? "JSON or multipart/form-data" : "JSON (Content-Type: application/json)";
    throw new ApiError(415, "unsupported_media_type", problem("request.mediaType", { accepted }));
  }
  try {
    return { fields: JSON.parse(text), files: {} };
  } catch {
    throw new ApiError(400, "invalid_json", problem("request.invalidJson"));
  }
}

/** A path's first segment, lower case ("/Results/lookup": "results"). */
const firstSegment = (path: string) => (path.split("/", 2)[1] ?? "").toLowerCase();

/**
 * The routes a path may match, in the order they are tried. They are kept by their first
 * segment, which is always fixed, so a request tests a handful of patterns, not all of them.
 */
function compileRoutes(endpoints: AnyEndpoint[]): (path: string) => Route[] {
  const byFirst = new Map<string, Route[]>();
  const routes = endpoints
    .flatMap((endpoint) => endpoint.paths.map((path) => ({ path, endpoint, ...compile(path) })))
    // A fixed segment wins over a parameter: PUT /User/users/admin is not PUT /User/users/:email.
    .sort((a, b) => a.paramCount - b.paramCount);
  for (const route of routes) {
    const first = firstSegment(route.path);
    if (first === "" || first.startsWith(":"))
      throw new Error(`${route.path}: a path begins with a fixed segment`);
    byFirst.set(first, [...(byFirst.get(first) ?? []), route]);
  }
  return (path) => (byFirst.get(firstSegment(path)) ?? []).filter((route) => route.pattern.test(path));
}

const apiPath = (pathname: string) => pathname.replace(/^\/api/i, "") || "/";

/**
 * The endpoint's path pattern a call matches ("/api/Notice/notices/:id"), for logs and metrics;
 * null when no endpoint has the path.
 */
export function endpointPatterns(endpoints: AnyEndpoint[]) {
  const routesOf = compileRoutes(endpoints);
  return (method: string, pathname: string): string | null => {
    const matching = routesOf(apiPath(pathname));
    const verb = method === "HEAD" ? "GET" : method;
    const route = matching.find((r) => r.endpoint.method === verb) ?? matching[0];
    return route ? `/api${route.path}` : null;
  };
}

/** The view a GET's answer belongs to for this actor (Endpoint.sharedView), or null. */
export function sharedViews(endpoints: AnyEndpoint[]) {
  const routesOf = compileRoutes(endpoints.filter((endpoint) => endpoint.method === "GET"));
  return (pathname: string, actor: Actor): string | null => {
    const route = routesOf(apiPath(pathname))[0];
    return route?.endpoint.sharedView?.(actor) ?? null;
  };
}

export function createApiRouter(endpoints: AnyEndpoint[], services: Services) {
  const routesOf = compileRoutes(endpoints);
  const knownFields = new Map(endpoints.map((endpoint) => [endpoint, bodyFieldsOf(endpoint)]));

  return async function handleApi(c: Context<AppEnv>): Promise<Response> {
    const path = apiPath(c.req.path);
    const method = c.req.method.toUpperCase();
    const matching = routesOf(path);
    const route = matching.find(
      (r) => r.endpoint.method === method || (method === "HEAD" && r.endpoint.method === "GET"),
    );
    if (!route) {
      if (matching.length > 0) {
        const allowed = [...new Set(matching.map((r) => r.endpoint.method))].join(", ");
        c.header("Allow", allowed);
        throw new ApiError(
          405,
          "method_not_allowed",
          problem("request.methodNotAllowed", { method, allowed }),
        );
      }
      throw new ApiError(404, "not_found", problem("request.noSuchCall", { method, path }));
    }
    const { endpoint } = route;
    if (endpoint.readOnly) c.set("changesNothing", true);
    const rawParams = Object.fromEntries(
      Object.entries(route.pattern.exec(path)?.groups ?? {}).map(([key, value]) => [key, safeDecode(value)]),
    );
    refuseControlCharacters(rawParams, "params");
    const params = endpoint.params
      ? endpoint.params.safeParse(rawParams)
      : { success: true, data: rawParams };
    if (!params.success) throw invalidInput(params.error, "params");
    const rawQuery = Object.fromEntries(new URL(c.req.url).searchParams);
    refuseControlCharacters(rawQuery, "query");
    const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : { success: true, data: rawQuery };
    if (!query.success) throw invalidInput(query.error, "query");
    let body: unknown;
    let files: Record<string, UploadedFile> = {};
    if (endpoint.body) {
      // The larger of the two file limits: the image pipeline and the documents' store each
      // check their own, naming the field.
      const fileLimit = Math.max(services.config.uploadMaxBytes, services.config.downloadMaxBytes);
      const read = await readBody(c.req.raw, Boolean(endpoint.acceptsFiles), fileLimit);
      refuseUnknownFields(read, knownFields.get(endpoint) ?? null);
      const parsed = endpoint.body.safeParse(read.fields);
      if (!parsed.success) throw invalidInput(parsed.error, "body");
      // After the schema, whose text fields name the rule in their own words; this catches the
      // rest (ids, tokens, the bodies that content endpoints check in the domain).
      refuseControlCharacters(read.fields, "body", "many");
      body = parsed.data;
      files = read.files;
    }
    const result = await endpoint.handle({
      actor: c.get("actor"),
      services,
      params: params.data,
      query: query.data,
      body,
      files,
      request: c.req.raw,
      client: clientAddressOf(c, services.config),
      reads: contentReadsOf(c, services.pageCache),
    });
    if (result instanceof FileAnswer) {
      if (endpoint.noStore) c.header("Cache-Control", privateCacheControl);
      for (const [name, value] of Object.entries(result.headers)) c.header(name, value);
      return c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": result.contentType });
    }
    const answer = result instanceof Answer ? result : new Answer(result);
    if (endpoint.noStore) c.header("Cache-Control", privateCacheControl);
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    const text = jsonTextOf(answer.body);
    const response = c.body(text, (answer.status ?? endpoint.status ?? 200) as ContentfulStatusCode, {
      "Content-Type": "application/json",
    });
    c.set("jsonAnswer", { response, text, body: answer.body });
    return response;
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, "invalid_path", problem("request.badPath"));
  }
}

/**
 * The fields an endpoint's body may hold: its files, and those its documentation lists or its
 * schema's. Null when neither lists any (a body of any shape): then nothing is refused here.
 */
function bodyFieldsOf(endpoint: AnyEndpoint): Set<string> | null {
  const fields = textFieldsOf(endpoint);
  return fields && new Set([...fields, ...(endpoint.fileFields ?? [])]);
}

function textFieldsOf(endpoint: AnyEndpoint): Set<string> | null {
  if (!endpoint.body) return null;
  const documented = endpoint.bodyDoc?.properties;
  if (documented) return new Set(Object.keys(documented));
  try {
    const schema = z.toJSONSchema(endpoint.body, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
    };
    return schema.properties ? new Set(Object.keys(schema.properties)) : null;
  } catch {
    return null;
  }
}

/** A field the endpoint does not know is a mistake (a typo, a wrong call), never ignored. */
function refuseUnknownFields(body: Body, known: Set<string> | null) {
  if (!known || body.fields === null || typeof body.fields !== "object" || Array.isArray(body.fields)) return;
  const unknown = [...Object.keys(body.fields), ...Object.keys(body.files)].filter(
    (name) => !known.has(name),
  );
  if (unknown.length === 0) return;
  const fields = Object.fromEntries(unknown.map((name) => [name, problem("request.unknownField")]));
  throw invalidFields("body", fields);
}

/**
 * Control characters are refused in every path parameter, query parameter and body string, for
 * every endpoint, before any schema or database sees them (NUL made PostgreSQL fail). Bodies keep
 * tab and line breaks here; each text field's own rule (common/schemas/fields.ts) says whether
 * it takes them.
 */
function refuseControlCharacters(value: unknown, where: "params" | "query" | "body", lines: Lines = "one") {
  const fields = controlCharacterFields(value, lines, where);
  if (Object.keys(fields).length === 0) return;
  throw invalidFields(where, fields);
}
