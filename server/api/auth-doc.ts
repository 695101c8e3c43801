// The Better Auth calls that the site and REST clients use (sign-up, sign-in, sign-out, the
// session, phone codes), for the OpenAPI document. Better Auth answers them itself, with its own error shape
// {code, message}; the shapes here are what it sends (tests/api/openapi.test.ts checks them).
import { z } from "zod";
import type { JsonSchema } from "./endpoint";

const timestamp = z.iso.datetime({ offset: true });

// Better Auth's plugins add fields of their own (role, banned, phoneNumber...): the objects are
// open, with the fields a client relies on required.
const user = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z
    .email()
    .nullable()
    .meta({ description: "null for an account made with a phone number, until an address is added" }),
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
    key: z
      .string()
      .optional()
      .meta({ description: "When our own rules refused: the message's code (see Error)" }),
  }),
  z.strictObject({
    error: z.strictObject({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      key: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      fieldKeys: z
        .record(
          z.string(),
          z.strictObject({
            key: z.string(),
            params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
          }),
        )
        .optional(),
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

const phoneNumberBody = z.object({
  phoneNumber: z
    .string()
    .max(30)
    .meta({
      description:
        "A Bangladeshi mobile number (operators 013-019): 01XXXXXXXXX, with 880, +880 or 00880 before its " +
        "1, spaces and dashes, or in Bangla digits; stored and answered as +8801XXXXXXXXX. Anything else is " +
        "a 400 naming phoneNumber.",
    }),
});

const phoneCodeBody = phoneNumberBody.extend({
  code: z.string().meta({ description: "The 6 digits of the text message" }),
  name: z
    .string()
    .optional()
    .meta({
      description:
        "Signing in only: the full name (at most 100 letters) of the account a number without one makes. " +
        "Without it such a number's right code answers 400 NAME_REQUIRED and stays valid.",
    }),
});

const changePasswordBody = z.object({
  currentPassword: z.string().max(128),
  newPassword: z.string().min(8).max(128),
  revokeOtherSessions: z
    .boolean()
    .optional()
    .meta({ description: "End every other session of the account (a new session replaces this one)" }),
});

const sessionToken = z
  .string()
  .nullable()
  .meta({
    description:
      "null, but to a bearer client (Authorization: Bearer, no cookie): its new session's token. A browser's " +
      "session token stays in the HttpOnly cookie, out of reach of the page's scripts.",
  });

const passwordResetRequest = z.object({
  email: z.email().max(254),
  redirectTo: z.string().optional().meta({ description: "Where the mailed link leads: /reset-password" }),
});

const passwordReset = z.object({
  newPassword: z.string().min(8).max(128),
  token: z.string().meta({ description: "The token of the mailed link" }),
});

const socialSignIn = z.object({
  provider: z
    .string()
    .meta({ description: '"oidc" (the school\'s own provider) or "google", as configured' }),
  callbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
  disableRedirect: z.boolean().optional(),
});

const phoneVerified = z.looseObject({
  status: z.literal(true),
  token: z
    .string()
    .nullable()
    .meta({
      description:
        "null, but to a bearer client (Authorization: Bearer, no cookie): its session's token. A browser's " +
        "session token stays in the HttpOnly cookie, out of reach of the page's scripts.",
    }),
  user: user.extend({ phoneNumber: z.string(), phoneNumberVerified: z.literal(true) }),
});

const phoneSignedIn = phoneVerified.extend({
  token: z.string().meta({ description: "The new session's token (also in the cookie and set-auth-token)" }),
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
    "/auth/phone-number/send-otp": {
      post: operation(
        "sendPhoneCode",
        "Send a 6-digit code by text message: to sign in, or to verify your number",
        {
          description:
            "Better Auth's call, with our rules. Signed in: a code to verify the number on your account, the " +
            "asking account's own (another account can neither use nor void it). Not signed in: a code to " +
            "sign in (or up) with the number, sent whether or not an account has it. A code is valid 5 " +
            "minutes, one pending at a time (a new one replaces it). At most 3 codes per number per 15 " +
            "minutes, 5 per account and 10 per client address per hour. The text is in the caller's " +
            "language (the site's language cookie, else Accept-Language). Its errors are {code, message}.",
          security: [{}, { sessionCookie: [] }, { bearerToken: [] }],
          requestBody: {
            required: true,
            content: { "application/json": { schema: toJson(phoneNumberBody) } },
          },
          responses: {
            "200": {
              description: "The code was sent",
              content: json(z.looseObject({ message: z.string() })),
            },
            "400": refusal(
              "Not a Bangladeshi mobile number (INVALID, fields.phoneNumber), or a body that is not an object",
            ),
            "409": refusal("The number is already verified on this account (CONFLICT)"),
            "502": refusal("The SMS gateway did not take the message (SMS_NOT_SENT)"),
            ...common,
            "429": refusal("Too many codes (RATE_LIMITED): Retry-After says when another may be sent", {
              "Retry-After": { $ref: "#/components/headers/Retry-After" },
            }),
          },
        },
      ),
    },
    "/auth/phone-number/verify": {
      post: operation(
        "verifyPhoneCode",
        "Check a code: sign in (or up) with the number, or verify it on your account",
        {
          description:
            "Better Auth's call, with our rules; 3 wrong tries and the code is void. Signed in: only the " +
            "code this account asked for; the number becomes the account's, and no new session is made. " +
            "Not signed in: the account whose verified number it is signs in (the same account whichever " +
            "way it signs in); a number without one makes an account with the name given (no e-mail " +
            "address: `email` is null), and signs it in. Its errors are {code, message}.",
          security: [{}, { sessionCookie: [] }, { bearerToken: [] }],
          requestBody: { required: true, content: { "application/json": { schema: toJson(phoneCodeBody) } } },
          responses: {
            "200": {
              description:
                "Signed in (a session cookie and set-auth-token; the token in the body), or, signed in " +
                "already: verified, the account's number",
              // Not when verifying a signed-in account's number: no new session then.
              headers: { "set-auth-token": { ...sessionSet["set-auth-token"], required: false } },
              content: json(z.union([phoneSignedIn, phoneVerified])),
            },
            "400": refusal(
              "A wrong code (INVALID_OTP), an expired one (OTP_EXPIRED), none asked for this number " +
                "(OTP_NOT_FOUND), a number verified on another account (PHONE_NUMBER_EXIST), a new " +
                "number's right code without a name (NAME_REQUIRED, fields.name; the code stays valid), " +
                "or invalid input (INVALID, fields naming each field)",
            ),
            ...common,
            "403": refusal(
              "Three wrong tries: the code is void (TOO_MANY_ATTEMPTS); or a cross-site request",
            ),
          },
        },
      ),
    },
    "/auth/change-password": {
      post: operation("changePassword", "Change your password", {
        description:
          "Better Auth's call: signed in, with the current password. With revokeOtherSessions every other " +
          "session ends and a new one replaces the caller's (a new session cookie). Its errors are {code, message}.",
        security: [{ sessionCookie: [] }, { bearerToken: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: toJson(changePasswordBody) } },
        },
        responses: {
          "200": {
            description: "Changed",
            content: json(z.looseObject({ token: sessionToken, user })),
          },
          "400": refusal(
            "The current password is wrong (INVALID_PASSWORD), the new one too short or long, or invalid input",
          ),
          "401": refusal("Not signed in (UNAUTHORIZED)"),
          ...common,
        },
      }),
    },
    "/auth/request-password-reset": {
      post: operation("requestPasswordReset", "Ask for a link to set a new password, by e-mail", {
        description:
          "Better Auth's call: answers the same whether or not an account has this e-mail, and as fast. " +
          "At most 3 mails an hour to one address. Its errors are {code, message}.",
        requestBody: {
          required: true,
          content: { "application/json": { schema: toJson(passwordResetRequest) } },
        },
        responses: {
          "200": {
            description: "The link was sent if an account has this e-mail",
            content: json(z.looseObject({ status: z.literal(true), message: z.string() })),
          },
          "400": refusal("Invalid input (VALIDATION_ERROR)"),
          ...common,
        },
      }),
    },
    "/auth/reset-password": {
      post: operation("resetPassword", "Set a new password with the mailed link's token", {
        description:
          "Better Auth's call: the token is good for an hour and once; every session of the account ends. " +
          "Its errors are {code, message}.",
        requestBody: { required: true, content: { "application/json": { schema: toJson(passwordReset) } } },
        responses: {
          "200": { description: "Set", content: json(z.looseObject({ status: z.literal(true) })) },
          "400": refusal("The token is wrong or used (INVALID_TOKEN), the password too short or long"),
          ...common,
        },
      }),
    },
    "/auth/sign-in/social": {
      post: operation("signInSocial", "Begin signing in with a provider: the address to open", {
        description:
          "Better Auth's call: answers the provider's sign-in address (with PKCE); the provider sends the " +
          "browser back to /api/auth/callback/{provider}. Its errors are {code, message}.",
        requestBody: { required: true, content: { "application/json": { schema: toJson(socialSignIn) } } },
        responses: {
          "200": {
            description: "The provider's sign-in address",
            content: json(z.looseObject({ url: z.string(), redirect: z.boolean() })),
          },
          "400": refusal("Invalid input, or no provider by that name"),
          "404": refusal("No provider by that name (PROVIDER_NOT_FOUND)"),
          "502": refusal("The provider cannot be reached (PROVIDER_UNAVAILABLE)"),
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
