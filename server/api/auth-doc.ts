// The Better Auth calls that the site and REST clients use (sign-up, sign-in, sign-out, the
// session), for the OpenAPI document. Better Auth answers them itself, with its own error shape
// {code, message}; the shapes here are what it sends (tests/api/openapi.test.ts checks them).
import { z } from "zod";
import type { JsonSchema } from "./endpoint";

const timestamp = z.iso.datetime({ offset: true });

// Better Auth's plugins add fields of their own (role, banned, phoneNumber...): the objects are
// open, with the fields a client relies on required.
const user = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  role: z.string().nullable().optional().meta({ description: '"admin" for admins' }),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const session = z.looseObject({
  id: z.string(),
  userId: z.string(),
  token: z.string(),
  expiresAt: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const signedIn = z.looseObject({
  token: z
    .string()
    .meta({ description: "The session token: also in set-auth-token, for Authorization: Bearer" }),
  user,
});

/** Better Auth's refusals; the body checks in front of it (a body that is not an object) send ours. */
const authError = z.union([
  z.looseObject({
    code: z.string().optional().meta({
      description: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL, INVALID_EMAIL_OR_PASSWORD, VALIDATION_ERROR...",
    }),
    message: z.string(),
  }),
  z.strictObject({
    error: z.strictObject({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  }),
]);

const signUpBody = z.object({
  name: z.string().min(1).max(50),
  email: z.email().max(254),
  password: z.string().min(8).max(128),
  image: z.string().max(2048).optional(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

const signInBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});

type ToJson = (schema: z.ZodType, io?: "input" | "output") => JsonSchema;

/** The operations, keyed by path under /api, as the OpenAPI document lists them. */
export function authOperations(toJson: ToJson): Record<string, Record<string, unknown>> {
  const json = (schema: z.ZodType) => ({ "application/json": { schema: toJson(schema, "output") } });
  const refusal = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: json(authError),
  });
  const common = {
    "403": refusal("A cross-site request, or an origin Better Auth does not trust"),
    "413": refusal("The body is larger than 1 MB"),
    "429": refusal("Too many attempts", { "Retry-After": { $ref: "#/components/headers/Retry-After" } }),
  };
  const sessionSet = {
    "set-auth-token": {
      description: "The session token, for Authorization: Bearer",
      required: true,
      schema: { type: "string" },
    },
  };
  const operation = (id: string, summary: string, extra: Record<string, unknown>) => ({
    tags: ["Accounts"],
    summary,
    description: "Better Auth's call: its errors are {code, message}. Paths match exactly.",
    operationId: id,
    parameters: [],
    security: [],
    ...extra,
  });
  return {
    "/auth/sign-up/email": {
      post: operation("signUpEmail", "Create an account with e-mail and password, and sign in", {
        requestBody: { required: true, content: { "application/json": { schema: toJson(signUpBody) } } },
        responses: {
          "200": {
            description: "Signed up and signed in (session cookie and set-auth-token)",
            headers: sessionSet,
            content: json(signedIn),
          },
          "400": refusal("Invalid input (VALIDATION_ERROR, PASSWORD_TOO_SHORT...)"),
          "422": refusal("An account with this e-mail exists (USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL)"),
          ...common,
        },
      }),
    },
    "/auth/sign-in/email": {
      post: operation("signInEmail", "Sign in with e-mail and password", {
        requestBody: { required: true, content: { "application/json": { schema: toJson(signInBody) } } },
        responses: {
          "200": {
            description: "Signed in (session cookie and set-auth-token)",
            headers: sessionSet,
            content: json(signedIn.extend({ redirect: z.boolean(), url: z.string().optional() })),
          },
          "400": refusal("Invalid input (VALIDATION_ERROR)"),
          "401": refusal("Wrong e-mail or password (INVALID_EMAIL_OR_PASSWORD)"),
          ...common,
        },
      }),
    },
    "/auth/sign-out": {
      post: operation("signOut", "Sign out: ends the session and clears its cookies", {
        security: [{ sessionCookie: [] }, { bearerToken: [] }],
        responses: {
          "200": {
            description: "Signed out (also when no one was signed in)",
            content: json(z.strictObject({ success: z.boolean() })),
          },
          "400": refusal("A body that is not a JSON object"),
          ...common,
        },
      }),
    },
    "/auth/get-session": {
      get: operation("getSession", "The caller's session and account, or null", {
        security: [{ sessionCookie: [] }, { bearerToken: [] }],
        responses: {
          "200": {
            description: "The session, or null when no one is signed in (Cache-Control: no-store)",
            content: json(z.union([z.strictObject({ session, user }), z.null()])),
          },
          "400": refusal("Control characters in the query (the guard before Better Auth)"),
          "429": common["429"],
        },
      }),
    },
  };
}
