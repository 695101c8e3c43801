// The environment, read once at start and validated, so a bad variable stops the process with a
// message naming it instead of failing later in some request.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type DatabaseTimeouts, databaseTimeoutsOf } from "./db/timeouts";
import { envSchema } from "./environment";

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
  /** Messages to guardians through sms.net.bd when present (server/sms/sms-net-bd.ts). */
  smsNetBd?: { apiKey: string; senderId?: string; apiUrl: string };
  /** The message queue's texts a second at most. */
  smsRatePerSecond: number;
  /** The shared secret of the incoming texts' webhook (results by text); off when absent. */
  smsInboundSecret?: string;
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
    smsNetBd: e.SMS_NET_BD_API_KEY
      ? {
          apiKey: e.SMS_NET_BD_API_KEY,
          senderId: e.SMS_NET_BD_SENDER_ID,
          apiUrl: (e.SMS_NET_BD_API_URL ?? "https://api.sms.net.bd").replace(/\/+$/, ""),
        }
      : undefined,
    smsRatePerSecond: e.SMS_RATE_PER_SECOND,
    smsInboundSecret: e.SMS_INBOUND_SECRET,
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
