// The environment, read once at start and validated, so a bad variable stops the process with a
// message naming it instead of failing later in some request.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { type DatabaseTimeouts, databaseTimeoutsOf, databaseTimeoutVariables } from "./db/timeouts";

const off = new Set(["0", "false", "off", "no"]);
const on = new Set(["1", "true", "on", "yes"]);

/** An optional on/off switch; undefined when unset so a default can depend on other variables. */
const onOff = z
  .string()
  .optional()
  .refine(
    (value) =>
      value === undefined || on.has(value.trim().toLowerCase()) || off.has(value.trim().toLowerCase()),
    {
      message: "must be on or off (1, true, on, yes or 0, false, off, no)",
    },
  )
  .transform((value) => (value === undefined ? undefined : on.has(value.trim().toLowerCase())));

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, message: `must be an http or https URL, such as ${example}` });

const s3Keys = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const stripeKeys = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY"] as const;
const sslcommerzKeys = ["SSLCOMMERZ_STORE_ID", "SSLCOMMERZ_STORE_PASSWORD"] as const;
const bkashKeys = ["BKASH_APP_KEY", "BKASH_APP_SECRET", "BKASH_USERNAME", "BKASH_PASSWORD"] as const;

// Prices are kept in hundredths (cents, paisa), so only currencies with two decimal places fit.
const notTwoDecimalCurrencies = new Set(
  "BIF CLP DJF GNF ISK JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF BHD IQD JOD KWD LYD OMR TND".split(
    " ",
  ),
);

const stripeKey = (prefixes: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => prefixes.some((prefix) => value.startsWith(prefix)), {
      message: `must be a Stripe key starting with ${prefixes.join(" or ")} (such as ${example})`,
    });

/** An http(s) origin as browsers send it (no path, query or credentials), or null. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    if (!/^https?:$/.test(url.protocol) || !bare || !/^https?:\/\/[^/]+\/?$/i.test(entry)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** "test" or "live", from a key such as sk_test_... or pk_live_... */
const stripeMode = (key: string) => (/^[a-z]{2}_live_/.test(key) ? "live" : "test");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: "must be an http or https URL, such as https://school.example" })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    // The institute's name as marksheets print it.
    INSTITUTE_NAME: z.string().trim().min(1).max(120, "must be at most 120 characters").default("Maktab"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, message: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    // How long to wait for PostgreSQL: connecting, a statement, an idle connection, a quick check.
    ...databaseTimeoutVariables,
    SAMPLE_CONTENT: z
      .string()
      .optional()
      .transform((value) => value === undefined || !off.has(value.trim().toLowerCase())),
    ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(8, { message: "must be at least 8 characters" })
      .max(128, { message: "must be at most 128 characters" })
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // The bench's counters: queries per request in a Server-Timing header, renders per page.
    BENCH_COUNTERS: onOff,
    // GET /metrics for Prometheus, for a scraper sending `Authorization: Bearer METRICS_TOKEN`;
    // without it there is no /metrics. Long and random: it guards what the site earns.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]*$/, {
        message: "must be printable ASCII without spaces (it travels in an Authorization header)",
      })
      .min(16, { message: "must be at least 16 characters (openssl rand -hex 32 makes one)" })
      .max(512, { message: "must be at most 512 characters" })
      .optional(),
    // How long a stop (SIGTERM) waits for the requests in flight before it cuts them off.
    STOP_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a whole number of seconds from 1 to 600" })
      .int("must be a whole number of seconds from 1 to 600")
      .min(1, "must be a whole number of seconds from 1 to 600")
      .max(600, "must be a whole number of seconds from 1 to 600")
      .default(10),
    // Trust X-Forwarded-For for the client address (only behind a proxy that sets it).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value) => value !== undefined && !off.has(value.trim().toLowerCase())),
    // A school whose pupils all reach the site from one address (one network, one proxy) needs
    // more than one person's worth of every limit kept per address.
    ADDRESS_LIMIT_MULTIPLIER: z.coerce
      .number({ message: "must be a whole number from 1 to 100" })
      .int("must be a whole number from 1 to 100")
      .min(1, "must be a whole number from 1 to 100")
      .max(100, "must be a whole number from 1 to 100")
      .default(1),
    // The largest image upload accepted, in bytes (5 MB by default).
    UPLOAD_MAX_BYTES: z.coerce
      .number({ message: "must be a whole number of bytes" })
      .int({ message: "must be a whole number of bytes" })
      .min(1024, { message: "must be at least 1024 bytes" })
      .default(5 * 1024 * 1024),
    // The largest file a download may be, in bytes (20 MB by default).
    DOWNLOAD_MAX_BYTES: z.coerce
      .number({ message: "must be a whole number of bytes" })
      .int({ message: "must be a whole number of bytes" })
      .min(1024, { message: "must be at least 1024 bytes" })
      .default(20 * 1024 * 1024),
    // S3 or an S3-compatible service for uploads instead of the local disk.
    S3_BUCKET: z.string().min(3, { message: "must be a bucket name" }).optional(),
    S3_ENDPOINT: httpUrl("https://s3.eu-central-1.wasabisys.com").optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: httpUrl("https://images.school.example").optional(),
    S3_FORCE_PATH_STYLE: onOff,
    // The currency orders are charged in (ISO 4217).
    CURRENCY: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, {
        message: "must be a three-letter ISO 4217 currency code, such as USD or BDT",
      })
      .transform((value) => value.toUpperCase())
      .refine((value) => !notTwoDecimalCurrencies.has(value), {
        message: "must be a currency with two decimal places (prices are kept in hundredths)",
      })
      .default("USD"),
    // Stripe for card payments; without the keys a built-in test mode takes payments.
    STRIPE_SECRET_KEY: stripeKey(["sk_", "rk_"], "sk_live_..., sk_test_... or rk_live_...").optional(),
    STRIPE_PUBLISHABLE_KEY: stripeKey(["pk_"], "pk_live_... or pk_test_...").optional(),
    STRIPE_WEBHOOK_SECRET: stripeKey(["whsec_"], "whsec_...").optional(),
    STRIPE_API_URL: httpUrl("http://127.0.0.1:12111").optional(),
    // SSLCommerz (bKash, Nagad, Rocket and cards on its hosted page): the sandbox unless LIVE is on.
    SSLCOMMERZ_STORE_ID: z.string().trim().min(1).optional(),
    SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).optional(),
    SSLCOMMERZ_LIVE: onOff,
    SSLCOMMERZ_API_URL: httpUrl("https://sandbox.sslcommerz.com").optional(),
    // bKash's Tokenized Checkout: the sandbox unless LIVE is on.
    BKASH_APP_KEY: z.string().trim().min(1).optional(),
    BKASH_APP_SECRET: z.string().min(1).optional(),
    BKASH_USERNAME: z.string().trim().min(1).optional(),
    BKASH_PASSWORD: z.string().min(1).optional(),
    BKASH_LIVE: onOff,
    BKASH_API_URL: httpUrl("https://tokenized.sandbox.bka.sh/v1.2.0-beta").optional(),
    // Outgoing e-mail (replies from the inbox, password resets): SMTP when set, otherwise files
    // in DATA_DIR/outbox/mail.
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        message: "must be an smtp:// or smtps:// URL, such as smtps://user:pass@smtp.example",
      })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default("Maktab <no-reply@localhost>"),
    // Text messages (phone codes): an HTTP gateway when set, otherwise files in DATA_DIR/outbox/sms.
    SMS_URL: httpUrl("https://sms.example/send").optional(),
    SMS_TOKEN: z.string().min(1).optional(),
    // Sign-in through identity providers; each one is offered when its variables are set.
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: httpUrl("https://accounts.example").optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).max(40).default("OpenID Connect"),
    // Each call to the OpenID Connect provider (discovery, token, user info) waits this long at most.
    OIDC_TIMEOUT_SECONDS: z.coerce
      .number({ message: "must be a whole number of seconds from 1 to 120" })
      .int("must be a whole number of seconds from 1 to 120")
      .min(1, "must be a whole number of seconds from 1 to 120")
      .max(120, "must be a whole number of seconds from 1 to 120")
      .default(10),
    // Browser apps on other origins that may call /api (CORS), comma-separated; off when unset.
    TRUSTED_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const entry of (value ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)) {
          const origin = originOf(entry);
          if (origin === null) {
            ctx.addIssue({
              code: "custom",
              message: `must be a comma-separated list of origins (scheme, host and port only), such as https://app.school.example,http://localhost:5173; "${entry}" is not one`,
            });
            return z.NEVER;
          }
          origins.push(origin);
        }
        return origins;
      }),
    // Backups the running app takes itself, at the times of a cron pattern (server's time zone).
    BACKUP_SCHEDULE: z
      .string()
      .trim()
      .optional()
      .refine((value) => value === undefined || isCronPattern(value), {
        message: 'must be a cron pattern, such as "30 2 * * *" (every day at 02:30)',
      }),
    BACKUP_KEEP: z.coerce
      .number({ message: "must be a whole number of backups" })
      .int({ message: "must be a whole number of backups" })
      .min(1, { message: "must be at least 1" })
      .default(7),
    // Where backups go: a folder, or "s3" for the bucket's backups/ prefix.
    BACKUP_DIR: z.string().min(1).optional(),
    // A backup before migrations change a database that holds data.
    BACKUP_BEFORE_UPGRADE: onOff,
    // Shared state for several app processes (the page cache); without it each process keeps its own.
    REDIS_URL: z
      .url({
        protocol: /^rediss?$/,
        message: "must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379",
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.BACKUP_DIR?.trim().toLowerCase() === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["BACKUP_DIR"], message: "BACKUP_DIR=s3 needs S3_BUCKET" });
    }
    if (env.S3_BUCKET) {
      for (const key of s3Keys) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: `${key} must be set when S3_BUCKET is set` });
      }
    }
    const stripeSet = stripeKeys.filter((key) => env[key]);
    if (stripeSet.length === 1) {
      const missing = stripeKeys.find((key) => !env[key]) as string;
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `${missing} must be set too: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together`,
      });
    }
    if (
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_PUBLISHABLE_KEY &&
      stripeMode(env.STRIPE_SECRET_KEY) !== stripeMode(env.STRIPE_PUBLISHABLE_KEY)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: "STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be test keys or both live keys",
      });
    }
    // Without the keys these would be silently ignored, and payments would run in test mode.
    for (const key of ["STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const) {
      if (env[key] && stripeSet.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY`,
        });
      }
    }
    for (const [group, extras] of [
      [sslcommerzKeys, ["SSLCOMMERZ_LIVE", "SSLCOMMERZ_API_URL"]],
      [bkashKeys, ["BKASH_LIVE", "BKASH_API_URL"]],
    ] as const) {
      if (group.some((key) => env[key])) continue;
      for (const key of extras) {
        if (env[key] !== undefined) {
          ctx.addIssue({ code: "custom", path: [key], message: `${key} needs ${group.join(", ")}` });
        }
      }
    }
    // Both take taka only: a price in dollars would be charged as the same number of taka.
    const takaOnly = [
      sslcommerzKeys.some((key) => env[key]) ? "SSLCommerz" : null,
      bkashKeys.some((key) => env[key]) ? "bKash" : null,
    ].filter(Boolean);
    if (takaOnly.length > 0 && env.CURRENCY !== "BDT") {
      ctx.addIssue({
        code: "custom",
        path: ["CURRENCY"],
        message: `CURRENCY must be BDT when ${takaOnly.join(" or ")} is configured: ${takaOnly.join(" and ")} ${takaOnly.length > 1 ? "take" : "takes"} taka only`,
      });
    }
    const together = [
      ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
      sslcommerzKeys,
      bkashKeys,
      ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
    ] as const;
    for (const group of together) {
      const set = group.filter((key) => env[key]);
      if (set.length === 0 || set.length === group.length) continue;
      for (const key of group.filter((key) => !env[key])) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} must be set too: ${group.join(", ")} go together`,
        });
      }
    }
    if (env.SMS_URL && !env.SMS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_TOKEN"],
        message: "SMS_TOKEN must be set when SMS_URL is set",
      });
    }
    // Without the gateway's address the token would be ignored and codes left in the outbox.
    if (env.SMS_TOKEN && !env.SMS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_URL"],
        message: "SMS_URL must be set when SMS_TOKEN is set",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
  });

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  /** The institute's name on marksheets (INSTITUTE_NAME). */
  instituteName: string;
  dataDir: string;
  databaseUrl?: string;
  /** How long the app waits for PostgreSQL (DATABASE_*_TIMEOUT). */
  databaseTimeouts: DatabaseTimeouts;
  sampleContent: boolean;
  admin?: { email: string; password: string };
  authSecret: string;
  logLevel: string;
  /**
   * BENCH_COUNTERS: every answer says how many database queries it made (Server-Timing), and
   * GET /__bench/renders lists the pages rendered per page-cache key. For the bench; off by
   * default, and not for a public site (it tells anyone what each page costs).
   */
  benchCounters: boolean;
  /** METRICS_TOKEN: GET /metrics answers a scraper that sends it as a bearer token; undefined: no /metrics. */
  metricsToken?: string;
  trustProxy: boolean;
  /** How long a stop waits for the requests in flight (STOP_TIMEOUT_SECONDS), in milliseconds. */
  stopTimeoutMs: number;
  /** The largest image upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** The largest file a download (a form, a syllabus...) may be, in bytes. */
  downloadMaxBytes: number;
  /** Present when uploads go to S3 (S3_BUCKET is set); otherwise they stay in DATA_DIR/files. */
  s3?: S3Config;
  /** ISO 4217 code, upper case ("USD"): the currency orders are charged in. */
  currency: string;
  /** Present when card payments go to Stripe; otherwise the built-in test mode takes them. */
  stripe?: StripeConfig;
  /** Present when SSLCommerz takes payments (its hosted page: bKash, Nagad, Rocket, cards). */
  sslcommerz?: SslcommerzConfig;
  /** Present when bKash's Tokenized Checkout takes payments. */
  bkash?: BkashConfig;
  /** Outgoing e-mail: SMTP when smtpUrl is set, otherwise files in DATA_DIR/outbox/mail. */
  mail: { from: string; smtpUrl?: string };
  /** Text messages: an HTTP gateway when present, otherwise files in DATA_DIR/outbox/sms. */
  sms?: { url: string; token: string };
  /** Identity providers offered on /login and /register (empty: e-mail and password only). */
  google?: { clientId: string; clientSecret: string };
  oidc?: OidcConfig;
  /** Every rate limit kept per client address is this many times higher (a school behind one address). */
  addressLimitMultiplier: number;
  /** Shared state for several app processes (the page cache). */
  redisUrl?: string;
  backups: {
    /** A cron pattern (BACKUP_SCHEDULE): the app backs itself up at these times. */
    schedule?: string;
    /** How many scheduled backups stay (BACKUP_KEEP); older ones are deleted. */
    keep: number;
    /** A folder, or "s3" for the bucket (BACKUP_DIR; DATA_DIR/backups by default). */
    to: string;
    /** Back up before migrating a database that holds data (BACKUP_BEFORE_UPGRADE). */
    beforeUpgrade: boolean;
  };
  /** Origins of browser apps allowed to call /api across origins (CORS); empty: none. */
  trustedOrigins: string[];
};

export type OidcConfig = {
  /** The issuer, without a trailing slash or the discovery document's path. */
  issuer: string;
  /** Where its discovery document is read: <issuer>/.well-known/openid-configuration. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** The name on the 'Continue with ...' button. */
  name: string;
  /** How long one call to the provider may take, in milliseconds. */
  timeoutMs: number;
};

/** The path of an OpenID Connect discovery document under its issuer. */
export const discoveryPath = "/.well-known/openid-configuration";

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  /** Checks the signature of /api/payments/stripe/webhook; without it the webhook is off. */
  webhookSecret?: string;
  /** Another address for Stripe's API (a fake Stripe in tests), without a trailing slash. */
  apiUrl?: string;
};

export type SslcommerzConfig = {
  storeId: string;
  storePassword: string;
  /** Off: the sandbox (sandbox.sslcommerz.com); on: securepay.sslcommerz.com. */
  live: boolean;
  /** Another address for the API (a fake SSLCommerz in tests), without a trailing slash. */
  apiUrl?: string;
};

export type BkashConfig = {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** Off: the sandbox (tokenized.sandbox.bka.sh); on: tokenized.pay.bka.sh. */
  live: boolean;
  /** Another address for the API (a fake bKash in tests), without a trailing slash. */
  apiUrl?: string;
};

export type S3Config = {
  bucket: string;
  /** For S3-compatible services; unset means AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch the objects (a CDN or the bucket's public address), without a trailing slash. */
  publicUrl?: string;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        const got = typeof present[name] === "string" ? ` (got "${present[name]}")` : "";
        const message = issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
        const hidden = ["PASSWORD", "SECRET", "KEY", "TOKEN"].some((word) => name.includes(word));
        return `${message}${hidden ? "" : got}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    instituteName: e.INSTITUTE_NAME,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: databaseTimeoutsOf(e),
    sampleContent: e.SAMPLE_CONTENT,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    authSecret: e.BETTER_AUTH_SECRET ?? generatedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    benchCounters: e.BENCH_COUNTERS ?? false,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    stopTimeoutMs: e.STOP_TIMEOUT_SECONDS * 1000,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    downloadMaxBytes: e.DOWNLOAD_MAX_BYTES,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
            // S3-compatible services mostly want /bucket/key addresses; AWS wants bucket.host.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : undefined,
    currency: e.CURRENCY,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL?.replace(/\/+$/, ""),
          }
        : undefined,
    sslcommerz:
      e.SSLCOMMERZ_STORE_ID && e.SSLCOMMERZ_STORE_PASSWORD
        ? {
            storeId: e.SSLCOMMERZ_STORE_ID,
            storePassword: e.SSLCOMMERZ_STORE_PASSWORD,
            live: e.SSLCOMMERZ_LIVE ?? false,
            apiUrl: e.SSLCOMMERZ_API_URL?.replace(/\/+$/, ""),
          }
        : undefined,
    bkash:
      e.BKASH_APP_KEY && e.BKASH_APP_SECRET && e.BKASH_USERNAME && e.BKASH_PASSWORD
        ? {
            appKey: e.BKASH_APP_KEY,
            appSecret: e.BKASH_APP_SECRET,
            username: e.BKASH_USERNAME,
            password: e.BKASH_PASSWORD,
            live: e.BKASH_LIVE ?? false,
            apiUrl: e.BKASH_API_URL?.replace(/\/+$/, ""),
          }
        : undefined,
    mail: { from: e.MAIL_FROM, smtpUrl: e.SMTP_URL },
    sms: e.SMS_URL && e.SMS_TOKEN ? { url: e.SMS_URL, token: e.SMS_TOKEN } : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            // The issuer or its discovery document's address: both are taken.
            issuer: issuerOf(e.OIDC_ISSUER),
            discoveryUrl: `${issuerOf(e.OIDC_ISSUER)}${discoveryPath}`,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            timeoutMs: e.OIDC_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    addressLimitMultiplier: e.ADDRESS_LIMIT_MULTIPLIER,
    redisUrl: e.REDIS_URL,
    trustedOrigins: e.TRUSTED_ORIGINS,
    backups: {
      schedule: e.BACKUP_SCHEDULE,
      keep: e.BACKUP_KEEP,
      to:
        e.BACKUP_DIR === undefined
          ? path.join(dataDir, "backups")
          : e.BACKUP_DIR.trim().toLowerCase() === "s3"
            ? "s3"
            : path.resolve(e.BACKUP_DIR),
      beforeUpgrade: e.BACKUP_BEFORE_UPGRADE ?? true,
    },
  };
}

/** OIDC_ISSUER without a trailing slash, and without the discovery document's path if given. */
function issuerOf(setting: string): string {
  const trimmed = setting.replace(/\/+$/, "");
  return trimmed.endsWith(discoveryPath) ? trimmed.slice(0, -discoveryPath.length) : trimmed;
}

/** The embedded default: a secret made on first start and kept in the data folder. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets", "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}
