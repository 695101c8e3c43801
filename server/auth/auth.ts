// Better Auth: e-mail and password accounts, roles (admin plugin), bearer tokens for API
// clients, sign-in through identity providers (Google, any OpenID Connect issuer), phone
// verification by text message, and password change and reset. Its tables are ours
// (server/db/schema.ts), mapped here by model name.
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, bearer, type PhoneNumberOptions, phoneNumber } from "better-auth/plugins";
import type { Logger } from "pino";
import { z } from "zod";
import { englishFields, englishOf } from "../../common/errors/english";
import { problem } from "../../common/errors/problem";
import { placeholderEmailDomain, shownEmail } from "../../common/phone-accounts";
import { popupSignInPaths } from "../../common/popup-sign-in";
import { maxPasswordLength, minPasswordLength } from "../../common/schemas/users";
import { shownLink } from "../../common/text-rules";
import type { Config } from "../config";
import { localeOfHeaders } from "../cookies";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { allowSignInAttempt, newAccountDefaults, sendPasswordResetMail } from "../domain/accounts";
import { actorFromSession } from "../domain/actor";
import { DomainError } from "../domain/errors";
import {
  accountOfPhone,
  allowPhoneCode,
  allowSignInPhoneCode,
  checkPhoneCode,
  checkSignInPhoneCode,
  keepPendingPhoneCode,
  keepSignInPhoneCode,
  normalisePhoneNumber,
  phoneCodeRules,
} from "../domain/phone";
import { RateLimitError, rateLimitRowsKeptMs } from "../domain/rate-limit";
import { errorForLog, valueForLog } from "../log-safety";
import type { Mailer } from "../mail/mailer";
import type { KnownBodyFields } from "../middleware/json-object-body";
import { SmsNotSentError, type SmsSender } from "../sms/sender";
import { phoneCodeText, signInCodeText } from "../sms/texts";
import {
  authBodyFieldLists,
  checkAccountFields,
  checkPhoneSignUpName,
  keptAccountFields,
} from "./account-fields";
import { oidcPlugin, oidcProviderId, requireProviderAnswers } from "./oidc";

/** Set by our HTTP layer from the socket (or a trusted proxy), never taken from the client. */
export const clientIpHeader = "x-maktab-client-ip";

/** The call the phone plugin's sendOTP and verifyOTP run in. */
type PhoneCall = Parameters<PhoneNumberOptions["sendOTP"]>[1];

type AuthDeps = { db: Database; config: Config; logger: Logger; mail: Mailer; sms: SmsSender };

/** What a caller of /api/auth/phone-number/send-otp gets when the text message did not go out. */
const smsNotSent = {
  code: "SMS_NOT_SENT",
  message: "The text message could not be sent. Please try again in a moment.",
} as const;

/** A code that does not verify: Better Auth's own answers (status, code and message) for each case. */
const phoneCodeRefusals = {
  OTP_NOT_FOUND: ["BAD_REQUEST", "OTP not found"],
  OTP_EXPIRED: ["BAD_REQUEST", "OTP expired"],
  INVALID_OTP: ["BAD_REQUEST", "Invalid OTP"],
  TOO_MANY_ATTEMPTS: ["FORBIDDEN", "Too many attempts"],
} as const;

/** A domain refusal as Better Auth's error, so every caller of /api/auth gets the same answer. */
function apiErrorOf(error: unknown): never {
  if (error instanceof RateLimitError) {
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: "RATE_LIMITED", message: error.message, ...error.problem },
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }
  if (error instanceof DomainError) {
    const status = { unauthorized: "UNAUTHORIZED", forbidden: "FORBIDDEN", conflict: "CONFLICT" } as const;
    throw new APIError(status[error.code as keyof typeof status] ?? "BAD_REQUEST", {
      code: error.code.toUpperCase(),
      message: error.message,
      // The message's code (common/errors), as the REST API gives it: pages word it by this.
      ...error.problem,
      // A refused field by its name, as the REST API's 400s name it.
      ...(error.fields ? { fields: error.fields } : {}),
    });
  }
  throw error;
}

/**
 * A photo stored before the rules (a data: or javascript: address) is not given out with the
 * session, nor with the user that sign-up and sign-in answer.
 */
const shownSessionPhoto = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as {
    user?: { image?: string | null; email?: string | null };
    token?: unknown;
  } | null;
  if (returned?.user?.image) returned.user.image = shownLink(returned.user.image);
  // A phone account's placeholder address is never given out (common/phone-accounts.ts); our own
  // calls (the actor's session, without a request) keep it, as the account's key.
  if (ctx.request && returned?.user && "email" in returned.user)
    returned.user.email = shownEmail(returned.user.email);
  // The phone check, and a password change that ends the other sessions, answer with the
  // session's token, the value of the HttpOnly cookie: a page's script must not read it. Only a
  // bearer client, which sent the token, gets it back (0028).
  // A phone sign-in, like an e-mail one, answers with its new session's token.
  const verifiesProfile = ctx.path === "/phone-number/verify" && ctx.body?.updatePhoneNumber === true;
  if (
    (verifiesProfile || ctx.path === "/change-password") &&
    returned &&
    "token" in returned &&
    !isBearerCall(ctx.request?.headers)
  )
    returned.token = null;
});

/**
 * A program calling with its bearer token and no cookie (docs/decisions/0021-api-clients.md), as
 * the request came: the bearer plugin has since put the token in the call's cookie header.
 */
const isBearerCall = (headers: Headers | undefined) =>
  /^bearer\s/i.test(headers?.get("authorization") ?? "") && !headers?.get("cookie");

/** The fields each of Better Auth's calls takes (for the guard in front of it), from its schemas. */
export function authBodyFields(auth: {
  api: Record<string, unknown>;
  options: { disabledPaths?: string[] };
}): KnownBodyFields {
  const byPath = new Map<string, ReadonlySet<string>>();
  // A path that is off answers 404 whatever its body.
  const off = new Set(auth.options.disabledPaths ?? []);
  for (const endpoint of Object.values(auth.api) as { path?: string; options?: { body?: z.ZodType } }[]) {
    if (typeof endpoint?.path !== "string" || off.has(endpoint.path)) continue;
    const listed = authBodyFieldLists[endpoint.path];
    if (listed) {
      byPath.set(endpoint.path, new Set(listed));
      continue;
    }
    if (!endpoint.options?.body) continue;
    try {
      const schema = z.toJSONSchema(endpoint.options.body, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, unknown>;
      };
      const names = Object.keys(schema.properties ?? {});
      if (names.length > 0) byPath.set(endpoint.path, new Set(names));
    } catch {
      // A schema JSON Schema cannot express: its fields are not checked here.
    }
  }
  return (path) => byPath.get(path) ?? null;
}

export function createAuth({ db, config, logger, mail, sms }: AuthDeps) {
  const providers = config.oidc ? [oidcPlugin(config.oidc)] : [];
  /** A limit kept per client address, for the addresses a whole school may share. */
  const perAddress = (max: number) => max * config.addressLimitMultiplier;
  // A disabled account (server/domain/users.ts disableUser) is told so when it tries to sign in.
  const adminPlugin = admin({
    defaultRole: "user",
    adminRoles: ["admin"],
    bannedUserMessage: "This account has been disabled",
  });

  // Before Better Auth handles a call: password sign-ins count against a limit per address and
  // account (off in tests, as Better Auth's limits are: rateLimit.enabled below).
  const accountRules = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const clientIp = ctx.headers?.get(clientIpHeader) ?? undefined;
    checkAccountFields(ctx.path, body);
    if (ctx.path === "/sign-in/social" && body.provider === oidcProviderId && config.oidc) {
      await requireProviderAnswers(ctx.context, config.oidc);
      return;
    }
    if (ctx.path === "/sign-in/email") {
      if (config.env === "test") return;
      try {
        await allowSignInAttempt(db, { email: body.email, clientIp });
      } catch (error) {
        apiErrorOf(error);
      }
      return;
    }
    if (ctx.path !== "/phone-number/send-otp" && ctx.path !== "/phone-number/verify") return;
    const session = await sessionOf(ctx);
    // Nobody signed in: a code to sign in (or up) with the number.
    if (!session) return phoneSignInRules(ctx.path, body, clientIp);
    try {
      const actor = actorFromSession(session.user);
      const sending = ctx.path === "/phone-number/send-otp";
      const number = sending
        ? await allowPhoneCode(db, actor, {
            phoneNumber: body.phoneNumber,
            client: { ip: clientIp, limitMultiplier: config.addressLimitMultiplier },
          })
        : normalisePhoneNumber(body.phoneNumber);
      const code = typeof body.code === "string" ? body.code.trim() : body.code;
      return {
        context: {
          body: sending
            ? { phoneNumber: number }
            : { phoneNumber: number, code, updatePhoneNumber: true, disableSession: true },
        },
      };
    } catch (error) {
      apiErrorOf(error);
    }
  });

  /**
   * Signing in by phone: the number in its stored form, the send limits per number and address,
   * and a new account's name by the rules of every name. The body is set whole, so that a client
   * cannot ask to update a number or skip the session.
   */
  async function phoneSignInRules(path: string, body: Record<string, unknown>, clientIp: string | undefined) {
    try {
      if (path === "/phone-number/send-otp") {
        const number = await allowSignInPhoneCode(db, {
          phoneNumber: body.phoneNumber,
          client: { ip: clientIp, limitMultiplier: config.addressLimitMultiplier },
        });
        return { context: { body: { phoneNumber: number } } };
      }
      const number = normalisePhoneNumber(body.phoneNumber);
      const name = checkPhoneSignUpName(body);
      const code = typeof body.code === "string" ? body.code.trim() : body.code;
      return {
        context: {
          body: { phoneNumber: number, code, name, updatePhoneNumber: false, disableSession: false },
        },
      };
    } catch (error) {
      apiErrorOf(error);
    }
  }

  /**
   * The caller's session, by cookie or by bearer token. Hooks run side by side on the request as
   * it came, so here the bearer plugin has not yet made the token a cookie: its own session call
   * (the hooks run) finds the token's session.
   */
  async function sessionOf(ctx: Parameters<typeof getSessionFromCtx>[0]) {
    const session = await getSessionFromCtx(ctx);
    if (session || !ctx.headers || !isBearerCall(ctx.headers)) return session;
    return auth.api.getSession({ headers: ctx.headers });
  }

  // A code belongs to the account that asked for it: the plugin makes and sends it, and we keep
  // it as that account's pending code and check it there (server/domain/phone.ts), in place of
  // the plugin's one row per number that any account could use or void.
  async function sendPhoneCode(to: string, code: string, ctx: PhoneCall) {
    if (!ctx) throw new APIError("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Sign in first" });
    const session = await getSessionFromCtx(ctx);
    // The plugin's own copy under the number is never read (the check is ours): not kept.
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(to);
    const locale = ctx.headers ? localeOfHeaders(ctx.headers) : "en";
    const words = session ? phoneCodeText : signInCodeText;
    try {
      await sms.send({ to, text: words(locale, { code, site: config.instituteName }) });
    } catch (error) {
      // Told it did not go out (502), never "code sent"; the sender logged why.
      if (error instanceof SmsNotSentError) throw new APIError("BAD_GATEWAY", { ...smsNotSent });
      throw error;
    }
    const sent = { phoneNumber: to, code, secret: config.authSecret };
    if (session) await keepPendingPhoneCode(db, actorFromSession(session.user), sent);
    else await keepSignInPhoneCode(db, sent);
  }

  async function verifyPhoneCode(phoneNumber: string, code: string, ctx: PhoneCall) {
    const session = ctx ? await getSessionFromCtx(ctx) : null;
    const found = session
      ? await checkPhoneCode(db, actorFromSession(session.user), {
          phoneNumber,
          code,
          secret: config.authSecret,
        })
      : await checkSignInCode(phoneNumber, code, ctx);
    if (found === "verified") return true;
    const [status, message] = phoneCodeRefusals[found];
    throw new APIError(status, { code: found, message });
  }

  /**
   * A sign-in code: the account with this number is signed in; a number without one makes an
   * account, which needs a name. Without it a right code is kept and the answer asks for the
   * name (400 NAME_REQUIRED): only the phone's holder learns that the number is new.
   */
  async function checkSignInCode(phoneNumber: string, code: string, ctx: PhoneCall) {
    const name = (ctx?.body as { name?: unknown } | undefined)?.name;
    const ready = typeof name === "string" || (await accountOfPhone(db, phoneNumber)) !== null;
    const found = await checkSignInPhoneCode(db, {
      phoneNumber,
      code,
      spend: ready,
      secret: config.authSecret,
    });
    if (found === "verified" && !ready) {
      throw new APIError("BAD_REQUEST", {
        code: "NAME_REQUIRED",
        message: englishOf(problem("phone.nameRequired")),
        ...problem("phone.nameRequired"),
        fields: englishFields({ name: problem("field.required", { label: "name" }) }),
      });
    }
    return found;
  }

  const auth = betterAuth({
    appName: "Maktab",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength,
      maxPasswordLength,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited, so an answer for an existing account takes as long as one for none.
      sendResetPassword: async ({ user, token }) =>
        sendPasswordResetMail(
          { db, mail, logger, publicUrl: config.publicUrl },
          { email: user.email, token },
        ),
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    // A provider's error, or a broken callback, ends on the popup's last page, which tells the opener.
    // A failure that is not one of Better Auth's answers (a database error) goes on to our own
    // error handler, which logs it safely and answers in our shape; otherwise better-call writes
    // the raw error, statement parameters and all, to the console.
    onAPIError: { errorURL: `${config.publicUrl}${popupSignInPaths.done}`, throw: true },
    databaseHooks: {
      user: {
        create: {
          // An account made by a phone sign-in keeps the number it was verified with.
          before: async (user, ctx) => ({
            data: newAccountDefaults(user, ctx?.path === "/phone-number/verify" ? ctx.body : undefined),
          }),
        },
        update: {
          before: async (user) => ({ data: keptAccountFields(user) }),
        },
      },
    },
    hooks: { before: accountRules, after: shownSessionPhoto },
    disabledPaths: [
      // A phone account signs in with a code (/phone-number/send-otp and /verify), never with a
      // password: it has none, and a password is reset by e-mail.
      "/sign-in/phone-number",
      "/phone-number/request-password-reset",
      "/phone-number/reset-password",
      // The admin plugin gives us roles and bans; its own routes would change roles and accounts
      // past our domain rules (never the last admin, the audit trail), so they are off.
      ...Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path),
    ],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      adminPlugin,
      bearer(),
      phoneNumber({
        otpLength: phoneCodeRules.length,
        expiresIn: phoneCodeRules.expiresInSeconds,
        allowedAttempts: phoneCodeRules.allowedAttempts,
        sendOTP: ({ phoneNumber: to, code }, ctx) => sendPhoneCode(to, code, ctx),
        verifyOTP: ({ phoneNumber: number, code }, ctx) => verifyPhoneCode(number, code, ctx),
        // Signing in with a number no account has makes one (its name given with the code), with
        // a placeholder address that is never shown nor mailed (common/phone-accounts.ts).
        signUpOnVerification: {
          getTempEmail: () => `${randomUUID()}@${placeholderEmailDomain}`,
          getTempName: (number) => number,
        },
      }),
      ...providers,
    ],
    rateLimit: {
      enabled: config.env !== "test",
      storage: "database",
      window: 60,
      max: perAddress(300),
      customRules: {
        // Per address: a school's computer room shares one (ADDRESS_LIMIT_MULTIPLIER raises them
        // all). Per account too: see accountRules. docs/sign-in.md lists them.
        "/sign-in/email": { window: 60, max: perAddress(60) },
        "/sign-up/email": { window: 60, max: perAddress(10) },
        "/sign-in/social": { window: 60, max: perAddress(20) },
        "/change-password": { window: 60, max: perAddress(10) },
        "/request-password-reset": { window: 60 * 15, max: perAddress(5) },
        "/reset-password": { window: 60, max: perAddress(10) },
        "/phone-number/send-otp": { window: 60, max: perAddress(5) },
        "/phone-number/verify": { window: 60, max: perAddress(10) },
        // Better Auth deletes rate_limits rows older than its longest window, ours too. This rule,
        // for a path nobody calls, makes that window as long as our longest limit's (an hour), so
        // our hourly limits are not cut short when its own 15 minutes have passed.
        "/maktab/rate-limit-rows-kept": { window: rateLimitRowsKeptMs / 1000, max: 300 },
      },
    },
    advanced: {
      cookiePrefix: "maktab",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      // Checked in tests as in production (Better Auth skips it when NODE_ENV is test): redirect
      // and callback addresses must be on our origin or a TRUSTED_ORIGINS app's.
      disableOriginCheck: false,
      // Whether a request may change state is decided before Better Auth, for every call, by our
      // cross-site guard (server/middleware/same-origin.ts): a browser's request from another
      // origin is refused, a cookie never rides in from one. Better Auth's own check also refuses
      // programs, which send no Origin (Node's fetch: MISSING_OR_NULL_ORIGIN), even with a bearer
      // token; it is off so that they can sign in and work.
      disableCSRFCheck: true,
    },
    telemetry: { enabled: false },
    logger: {
      // Better Auth logs some failures with an empty message and the error after it
      // (logger.error("", error) when a provider's token call fails), others with a raw error
      // message or a record: each goes through what a log may show (server/log-safety.ts).
      log: (level, message, ...args) => {
        const [first, ...rest] = args;
        const extra = rest.length > 0 ? { args: rest.map(valueForLog) } : {};
        if (first instanceof Error) {
          // The line's message says why (a provider's error names its call and what to fix), as
          // errorForLog shows it: scrubbed, a database error by its kind.
          const { message: why } = errorForLog(first);
          logger[level]({ err: first, ...extra }, message ? `${message}: ${why}` : why);
          return;
        }
        logger[level](args.length > 0 ? { args: args.map(valueForLog) } : {}, message);
      },
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
