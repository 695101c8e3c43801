// Better Auth: e-mail and password accounts, roles (admin plugin), bearer tokens for API
// clients. Its tables are ours (server/db/schema.ts), mapped here by model name.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, bearer } from "better-auth/plugins";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "../db/client";
import * as schema from "../db/schema";

/** Set by our HTTP layer from the socket (or a trusted proxy), never taken from the client. */
export const clientIpHeader = "x-maktab-client-ip";

export function createAuth({ db, config, logger }: { db: Database; config: Config; logger: Logger }) {
  return betterAuth({
    appName: "Maktab",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
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
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), bearer()],
    rateLimit: {
      enabled: config.env !== "test",
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: "maktab",
      useSecureCookies: config.publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
