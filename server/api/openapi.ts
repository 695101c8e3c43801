// The OpenAPI 3.1 document, generated from the endpoint list: the same schemas the router
// enforces and the answers' schemas (server/api/wire-schemas.ts), so the documentation cannot
// drift from the behaviour. The API tests check every answer they receive against this document
// (tests/fixtures/test-app.ts).
import { z } from "zod";
import { incomingTextsOperations } from "../messages/inbound-webhook";
import { authOperations } from "./auth-doc";
import type { AnyEndpoint, JsonSchema, ResponseHeader } from "./endpoint";
import { paymentReturnOperations } from "./payment-returns";

const errorSchema: JsonSchema = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "key"],
      additionalProperties: false,
      properties: {
        code: { type: "string", description: "Stable: the kind of refusal (invalid, not_found, ...)" },
        message: { type: "string", description: "English, for people: the words of `key` with its `params`" },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Field name to message",
        },
        key: {
          type: "string",
          description:
            "Stable: the message's code (field.required, routine.teacherBusy, ...), to word it in another " +
            "language. The same key keeps its meaning when the English is reworded.",
        },
        params: {
          type: "object",
          additionalProperties: { type: ["string", "number"] },
          description:
            'The values in the message: {label: "email"} names a field by its label code, {day} a weekday',
        },
        fieldKeys: {
          type: "object",
          additionalProperties: { $ref: "#/components/schemas/Problem" },
          description: "Field name to its message's code and params, beside `fields`",
        },
      },
    },
  },
};

const problemSchema: JsonSchema = {
  type: "object",
  required: ["key"],
  additionalProperties: false,
  properties: {
    key: { type: "string" },
    params: { type: "object", additionalProperties: { type: ["string", "number"] } },
  },
};

const errorAnswers: Record<string, string> = {
  "400": "Invalid input: the fields say which and why",
  "401": "Sign in first",
  "403": "Not allowed for this account, or a cross-site request",
  "404": "No such record (unknown or malformed id)",
  "409": "The change conflicts with what is stored",
  "413": "The body or the image is too large",
  "415": "Unsupported body or image type",
  "429": "Too many requests: Retry-After says after how many seconds to try again",
  "503": "The server is stopping (a restart): Retry-After says after how many seconds to try again",
  "507": "Insufficient storage: the server's disk is full, so the file was not saved (nothing of it is kept)",
};

/** The headers the answers carry, described once (components.headers). */
const headers: Record<ResponseHeader, { description: string; required: true; schema: JsonSchema }> = {
  "X-Total-Count": {
    required: true,
    description: "How many records match, over every page (limit and offset choose the page)",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  Location: {
    required: true,
    description: "The path of the record just created (under /api)",
    schema: { type: "string", pattern: "^/api/" },
  },
  ETag: {
    required: true,
    description:
      "A weak validator of the body: send it back in If-None-Match to get 304 when nothing changed",
    schema: { type: "string", pattern: '^W/".+"$' },
  },
  "Cache-Control": {
    required: true,
    description: "public for visitors; private for signed-in callers (their answer is their own)",
    schema: { type: "string" },
  },
  "Retry-After": {
    required: true,
    description: "Seconds to wait before trying again",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  "Content-Disposition": {
    required: true,
    description:
      "attachment, with the file's name (filename*=UTF-8'' for any language, and a plain fallback)",
    schema: { type: "string", pattern: "^attachment; " },
  },
  "X-Content-Type-Options": {
    required: true,
    description: "nosniff: the Content-Type is the file's real type, read from its bytes",
    schema: { const: "nosniff" },
  },
};

const headerRefs = (names: ResponseHeader[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Zod hides a string's format behind a pipe (trim, then check the e-mail): bring it out. */
function formatOf(schema: z.core.$ZodType): string | undefined {
  const def = schema._zod.def as {
    type: string;
    format?: string;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.type === "string") return def.format;
  if (def.type === "pipe" && def.in && def.out) return formatOf(def.in) ?? formatOf(def.out);
  return undefined;
}

/** A zod schema as JSON Schema: what a client sends (io input), or what the server answers (output). */
export const toJsonSchema = (schema: z.ZodType, io: "input" | "output" = "input") => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const format = formatOf(zodSchema);
      if (format && jsonSchema.type === "string" && !jsonSchema.format) jsonSchema.format = format;
    },
  }) as JsonSchema;
  return json;
};

/** A multipart body: the same fields, with files where the endpoint takes them. */
function multipartOf(body: JsonSchema, fileFields: string[]): JsonSchema {
  const properties = { ...(body.properties ?? {}) };
  for (const field of fileFields) {
    properties[field] = {
      type: "string",
      format: "binary",
      description:
        properties[field]?.description ?? "An image file (JPEG, PNG, WebP or AVIF), or a link as text",
    };
  }
  // Every value of a form is text: numbers and flags are sent as their text.
  return { ...body, properties };
}

const jsonContent = (schema: JsonSchema) => ({ "application/json": { schema } });
const errorContent = jsonContent({ $ref: "#/components/schemas/Error" });

/** Stripe's call, read raw before the router (server/http.ts): documented here by hand. */
const webhookOperation = {
  post: {
    tags: ["Orders"],
    summary: "Stripe's webhook: payment_intent.succeeded settles its order (other events are acknowledged)",
    description: "Called by Stripe, proved by the Stripe-Signature header over the exact body.",
    operationId: "postPaymentsStripeWebhook",
    parameters: [{ name: "Stripe-Signature", in: "header", required: true, schema: { type: "string" } }],
    security: [],
    requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
    responses: {
      "200": {
        description: "Received",
        content: jsonContent({
          type: "object",
          required: ["received"],
          additionalProperties: false,
          properties: { received: { const: true } },
        }),
      },
      "400": { description: "The signature does not match the body", content: errorContent },
      "404": { description: "Webhooks are not configured (no STRIPE_WEBHOOK_SECRET)", content: errorContent },
      "413": { description: "The body is larger than 1 MB", content: errorContent },
    },
  },
};

/**
 * Every call may meet a database that does not answer: 503 with Retry-After, documented once here
 * for all of them (server/db/unavailable.ts).
 */
function withDatabaseUnavailable(
  paths: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const unavailable = {
    description:
      "The database does not answer (code database_unavailable): Retry-After says after how many " +
      "seconds to try again",
    headers: headerRefs(["Retry-After"]),
    content: errorContent,
  };
  const withIt = (operation: { responses?: Record<string, unknown> }) =>
    operation.responses
      ? {
          ...operation,
          responses: { ...operation.responses, "503": operation.responses["503"] ?? unavailable },
        }
      : operation;
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [method, withIt(operation as object)]),
      ),
    ]),
  );
}

export function openApiDocument(endpoints: AnyEndpoint[], publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {
    ...authOperations(toJsonSchema),
    "/payments/stripe/webhook": webhookOperation,
    ...paymentReturnOperations,
    ...incomingTextsOperations,
  };
  for (const endpoint of endpoints) {
    for (const path of endpoint.paths) {
      const openPath = path.replace(/:(\w+)/g, "{$1}");
      const parameters = [
        ...[...path.matchAll(/:(\w+)/g)].map((m) => ({
          name: m[1],
          in: "path",
          required: true,
          schema: { type: "string" },
        })),
        ...Object.entries(endpoint.query ? (toJsonSchema(endpoint.query).properties ?? {}) : {}).map(
          ([name, schema]) => ({ name, in: "query", required: false, schema }),
        ),
      ];
      const body = endpoint.bodyDoc ?? (endpoint.body ? toJsonSchema(endpoint.body) : undefined);
      const content: Record<string, unknown> = {};
      if (body) content["application/json"] = { schema: body };
      if (body && endpoint.acceptsFiles)
        content["multipart/form-data"] = { schema: multipartOf(body, endpoint.fileFields ?? []) };
      const success = String(endpoint.status ?? 200);
      const isGet = endpoint.method === "GET";
      const changes = !isGet;
      // Only the errors this call can give.
      const possible = new Set([
        // Any call: the router refuses control characters in any path or query value.
        "400",
        ...(endpoint.access !== "anyone" ? ["401", "403"] : []),
        // The cross-site guard refuses a state-changing call from another site's page.
        ...(changes ? ["403"] : []),
        ...(path.includes(":") ? ["404"] : []),
        ...(endpoint.body ? ["413", "415"] : []),
        ...(endpoint.rateLimited ? ["429"] : []),
        // A call that keeps an uploaded file fails for want of space when the disk is full.
        ...(endpoint.acceptsFiles && !endpoint.filesOnlyRead ? ["507"] : []),
        // Any call that comes while the server stops (server/graceful-stop.ts).
        "503",
      ]);
      const errorResponse = (status: string, description: string) => ({
        description,
        ...(status === "429" || status === "503" ? { headers: headerRefs(["Retry-After"]) } : {}),
        content: errorContent,
      });
      // A no-store answer has no ETag, so it is never 304 either.
      const revalidated = isGet && !endpoint.noStore;
      const successHeaders: ResponseHeader[] = [
        ...(endpoint.responseHeaders ?? []),
        ...(revalidated ? (["ETag"] as const) : []),
        ...(isGet ? (["Cache-Control"] as const) : []),
      ];
      paths[openPath] ??= {};
      paths[openPath][endpoint.method.toLowerCase()] = {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        description: `Who may call it: ${endpoint.access}. Paths match case-insensitively.`,
        operationId: `${endpoint.method.toLowerCase()}${openPath.replace(/[^\w]+(\w)?/g, (_, c: string) => (c ?? "").toUpperCase())}`,
        parameters,
        ...(body ? { requestBody: { required: true, content } } : {}),
        security: endpoint.access === "anyone" ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
        responses: {
          [success]: {
            description: success === "201" ? "Created" : "Success",
            ...(successHeaders.length ? { headers: headerRefs(successHeaders) } : {}),
            content: endpoint.fileTypes
              ? Object.fromEntries(
                  endpoint.fileTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
                )
              : jsonContent(toJsonSchema(endpoint.response, "output")),
          },
          ...(revalidated
            ? {
                "304": {
                  description: "Not modified: the If-None-Match sent names the current ETag (no body)",
                  headers: {
                    // The same Cache-Control as the 200's (server/middleware/page-cache.ts).
                    ...headerRefs(["ETag", "Cache-Control"]),
                  },
                },
              }
            : {}),
          ...Object.fromEntries(
            Object.entries(endpoint.responses ?? {}).map(([status, answer]) => [
              status,
              {
                description: answer.description,
                ...(answer.headers?.length ? { headers: headerRefs(answer.headers) } : {}),
                content: jsonContent(toJsonSchema(answer.schema, "output")),
              },
            ]),
          ),
          ...Object.fromEntries(
            Object.entries({ ...errorAnswers, ...endpoint.errors })
              .filter(([status]) => possible.has(status) || endpoint.errors?.[status] !== undefined)
              .filter(([status]) => !endpoint.responses?.[status])
              .map(([status, description]) => [status, errorResponse(status, description)]),
          ),
        },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Maktab API",
      version: "1",
      description:
        "The calls of the earlier product, with its paths and field names. Lists are JSON arrays, newest first, " +
        "with limit, offset and q, and the total in X-Total-Count. Errors are {error: {code, message, fields?, " +
        "key, params?, fieldKeys?}}: key and params are the message's code, fieldKeys each field's " +
        "(Better Auth's calls under /auth answer {code, message} instead). A GET answers with an ETag and " +
        "answers 304 to If-None-Match with it. A 201 names the new record's path in Location. Some fields are " +
        "only sent to some callers; their description says who sees them, and the others get no such field.",
    },
    servers: [{ url: `${publicUrl}/api` }],
    components: {
      schemas: { Error: errorSchema, Problem: problemSchema },
      headers,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "maktab.session_token" },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "The set-auth-token header of a sign-in",
        },
      },
    },
    paths: withDatabaseUnavailable(paths),
  };
}
