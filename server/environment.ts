// The environment variables and their rules (zod), with the checks between them. server/config.ts
// reads the environment through this once at start and turns it into the app's settings.
import { Cron } from "croner";
import { z } from "zod";
import { databaseTimeoutVariables } from "./db/timeouts";

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

export const envSchema = z
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
    // Messages to guardians through sms.net.bd (Alpha SMS), a Bangladeshi bulk SMS gateway, in
    // place of SMS_URL for the message queue (docs/messages.md).
    SMS_NET_BD_API_KEY: z.string().trim().min(1).optional(),
    SMS_NET_BD_SENDER_ID: z.string().trim().min(1).max(20).optional(),
    SMS_NET_BD_API_URL: httpUrl("https://api.sms.net.bd").optional(),
    // The message queue sends at most this many texts a second (the gateway's limit).
    SMS_RATE_PER_SECOND: z.coerce
      .number({ message: "must be a whole number of texts a second from 1 to 1000" })
      .int("must be a whole number of texts a second from 1 to 1000")
      .min(1, "must be a whole number of texts a second from 1 to 1000")
      .max(1000, "must be a whole number of texts a second from 1 to 1000")
      .default(10),
    // The secret the gateway sends with each incoming text (results by text); off when unset.
    SMS_INBOUND_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
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

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}
