// The OpenAPI 3.1 document, generated from the endpoint list: the same schemas the router
// enforces, so the documentation cannot drift from the behaviour.
import { z } from "zod";
import type { AnyEndpoint, JsonSchema } from "./endpoint";

const errorSchema: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Field name to message",
        },
      },
    },
  },
};

const errorAnswers: Record<string, string> = {
  "400": "Invalid input: the fields say which and why",
  "401": "Sign in first",
  "403": "Not allowed for this account, or a cross-site request",
  "404": "No such record (unknown or malformed id)",
  "413": "The body or the image is too large",
  "415": "Unsupported body or image type",
  "429": "Too many requests",
};

const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

export function openApiDocument(endpoints: AnyEndpoint[], publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
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
      if (body && endpoint.acceptsFiles) content["multipart/form-data"] = { schema: body };
      const success = String(endpoint.status ?? 200);
      // Only the errors this call can give.
      const possible = new Set([
        "429",
        ...(endpoint.body || endpoint.query || endpoint.params ? ["400"] : []),
        ...(endpoint.access !== "anyone" ? ["401", "403"] : []),
        ...(path.includes(":") ? ["404"] : []),
        ...(endpoint.body ? ["413", "415"] : []),
      ]);
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
          [success]: { description: "Success", content: { "application/json": { schema: {} } } },
          ...Object.fromEntries(
            Object.entries({ ...errorAnswers, ...endpoint.errors })
              .filter(([status]) => possible.has(status) || endpoint.errors?.[status] !== undefined)
              .map(([status, description]) => [
                status,
                {
                  description,
                  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
                },
              ]),
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
        "with limit, offset and q, and the total in X-Total-Count. Errors are {error: {code, message, fields?}}.",
    },
    servers: [{ url: `${publicUrl}/api` }],
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "maktab.session_token" },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "The set-auth-token header of a sign-in",
        },
      },
    },
    paths,
  };
}
