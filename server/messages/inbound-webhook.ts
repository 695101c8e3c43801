// The gateway's webhook for incoming texts (results by text, docs/messages.md): POST
// /api/sms/inbound with the shared secret SMS_INBOUND_SECRET in the X-Sms-Secret header (or a
// ?secret= query, for gateways that only take an address), and {from, text, id?} as JSON or a
// form. Off (404) while no secret is set. Mounted ahead of the same-origin guard: a gateway sends
// no Origin and no cookie. The answer says only that the text was received; the reply goes by SMS.
import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { issue, problem } from "../../common/errors/problem";
import { ApiError } from "../api/errors";
import type { Services } from "../container";
import { applyGatewayReport } from "../domain/messages/queue";
import { answerIncomingText } from "../domain/messages/results-by-text";
import type { AppEnv } from "../http-env";

const limit = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new ApiError(413, "payload_too_large", problem("request.tooLarge", { size: "16 KB" }));
  },
});

const incoming = z.object({
  from: z.string({ error: issue("value.text") }).max(30, issue("value.tooLong", { max: 30 })),
  text: z.string({ error: issue("value.text") }).max(1000, issue("value.tooLong", { max: 1000 })),
  id: z
    .string({ error: issue("value.text") })
    .max(100, issue("value.tooLong", { max: 100 }))
    .optional(),
});

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (/^application\/json/i.test(type)) return await c.req.json();
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type))
      return await c.req.parseBody();
  } catch {
    throw new ApiError(400, "invalid", problem("request.invalid"));
  }
  throw new ApiError(415, "unsupported_media_type", problem("request.sendForm"));
}

export const incomingTextsPath = "/api/sms/inbound";

const deliveryReport = z.object({
  id: z.union([z.string().min(1).max(100), z.number().int().nonnegative()], { error: issue("value.text") }),
  status: z.enum(["delivered", "failed"], { error: issue("value.required") }),
  reason: z
    .string({ error: issue("value.text") })
    .max(300, issue("value.tooLong", { max: 300 }))
    .optional(),
});

/** The shared secret, checked the same way for both webhooks (404 while none is set). */
function checkSecret(c: Context<AppEnv>, secret: string | undefined) {
  if (!secret) throw new ApiError(404, "not_found", problem("request.notFound"));
  const given = c.req.header("x-sms-secret") ?? c.req.query("secret") ?? "";
  if (!sameSecret(given, secret)) throw new ApiError(401, "unauthorized", problem("messages.badSecret"));
}

function refusal(error: z.ZodError): ApiError {
  const fields = Object.fromEntries(
    error.issues.map((i) => [String(i.path[0] ?? "body"), problem("request.invalid")]),
  );
  return new ApiError(400, "invalid", problem("request.invalid"), fields);
}

/** A gateway's call: its secret checked, its body read against `schema`, answered "received". */
function gatewayCall<T extends z.ZodType>(
  services: Services,
  schema: T,
  handle: (body: z.infer<T>) => Promise<unknown>,
) {
  return async (c: Context<AppEnv>) => {
    checkSecret(c, services.config.smsInboundSecret);
    const parsed = schema.safeParse(await bodyOf(c));
    if (!parsed.success) throw refusal(parsed.error);
    c.header("Cache-Control", "no-store");
    await handle(parsed.data);
    return c.json({ received: true as const });
  };
}

export function mountIncomingTexts(app: Hono<AppEnv>, services: Services) {
  app.post(
    incomingTextsPath,
    limit,
    gatewayCall(services, incoming, (text) =>
      answerIncomingText(services.db, text, services.config.instituteName),
    ),
  );
  // The JSON gateway's delivery reports (sms.net.bd's are asked for by the queue).
  app.post(
    deliveryReportsPath,
    limit,
    gatewayCall(services, deliveryReport, ({ id, status, reason }) =>
      applyGatewayReport(services.db, String(id), {
        state: status,
        reason: status === "failed" ? (reason ?? null) : null,
      }),
    ),
  );
}

export const deliveryReportsPath = "/api/sms/delivery-reports";

const errorRef = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const incomingSchema = {
  type: "object",
  required: ["from", "text"],
  properties: {
    from: {
      type: "string",
      maxLength: 30,
      description: "The sender's number (01XXXXXXXXX or +8801XXXXXXXXX)",
    },
    text: { type: "string", maxLength: 1000, description: 'The text, such as "RESULT 1234 5678901234"' },
    id: {
      type: "string",
      maxLength: 100,
      description: "The gateway's id of the text: a second delivery is not answered again",
    },
  },
};

const received = {
  description: "Received",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["received"],
        additionalProperties: false,
        properties: { received: { const: true } },
      },
    },
  },
};
const reportSchema = {
  type: "object",
  required: ["id", "status"],
  properties: {
    id: {
      type: ["string", "integer"],
      description: 'The id the gateway answered the text with ({"id": ...})',
    },
    status: { enum: ["delivered", "failed"] },
    reason: { type: "string", maxLength: 300 },
  },
};

/** The webhooks for the OpenAPI document, keyed by path under /api. */
export const incomingTextsOperations: Record<string, Record<string, unknown>> = {
  "/sms/delivery-reports": {
    post: {
      tags: ["Messages"],
      operationId: "postSmsDeliveryReports",
      summary:
        "The JSON gateway's delivery reports: a sent text becomes delivered or failed (with the reason)",
      description:
        "The same shared secret as /sms/inbound (SMS_INBOUND_SECRET), in X-Sms-Secret or ?secret=.",
      security: [],
      parameters: [
        { name: "X-Sms-Secret", in: "header", required: false, schema: { type: "string" } },
        { name: "secret", in: "query", required: false, schema: { type: "string" } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: reportSchema },
          "application/x-www-form-urlencoded": { schema: reportSchema },
        },
      },
      responses: {
        "200": received,
        "400": { description: "A field is missing or not as described", content: errorRef },
        "401": { description: "The shared secret is missing or wrong", content: errorRef },
        "404": { description: "SMS_INBOUND_SECRET is not set", content: errorRef },
        "413": { description: "The body is larger than 16 KB", content: errorRef },
        "415": { description: "The body is neither JSON nor a form", content: errorRef },
      },
    },
  },
  "/sms/inbound": {
    post: {
      tags: ["Messages"],
      operationId: "postSmsInbound",
      summary: "The SMS gateway's incoming texts: RESULT <roll> <registration> is answered by text",
      description:
        "Set SMS_INBOUND_SECRET and give the gateway this address with the secret in X-Sms-Secret (or ?secret=). " +
        "The reply (the latest published exam's GPA and result, in the question's language) goes through the " +
        "message queue; a wrong pair is answered exactly as an unknown one. Each number may ask 5 times in 10 minutes.",
      security: [],
      parameters: [
        { name: "X-Sms-Secret", in: "header", required: false, schema: { type: "string" } },
        { name: "secret", in: "query", required: false, schema: { type: "string" } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: incomingSchema },
          "application/x-www-form-urlencoded": { schema: incomingSchema },
        },
      },
      responses: {
        "200": {
          description: "Received; the reply is queued",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["received"],
                additionalProperties: false,
                properties: { received: { const: true } },
              },
            },
          },
        },
        "400": {
          description: "A field is missing or not text, or the number is not a Bangladeshi mobile",
          content: errorRef,
        },
        "401": { description: "The shared secret is missing or wrong", content: errorRef },
        "404": { description: "SMS_INBOUND_SECRET is not set", content: errorRef },
        "413": { description: "The body is larger than 16 KB", content: errorRef },
        "415": { description: "The body is neither JSON nor a form", content: errorRef },
        "429": {
          description: "This number asked too often",
          headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } },
          content: errorRef,
        },
      },
    },
  },
};
