// The service container: what the domain needs from the outside world (the database, auth, files,
// mail, payments, caches), built once at start (container-factory.ts) and handed to both adapters.
import type { Logger } from "pino";
import type { Auth } from "./auth/auth";
import type { PageCache } from "./cache/page-cache";
import type { PageTemplates } from "./cache/page-templates";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import type { DocumentStore, ImageStore } from "./domain/content/collection";
import type { FileStorage } from "./files/storage";
import type { Mailer } from "./mail/mailer";
import type { Metrics } from "./metrics/metrics";
import type { Payments } from "./payments/payments";
import type { SmsGateway } from "./sms/gateway";
import type { SmsSender } from "./sms/sender";

export type Services = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  /** Uploaded and sample images: DATA_DIR/files, or S3 when S3_BUCKET is set. */
  files: FileStorage;
  /** The image pipeline: store an upload in every width, remove one, show one. */
  images: ImageStore;
  /** The downloads' documents (PDF, DOCX, XLSX, ODT), in the same file storage. */
  documents: DocumentStore;
  logger: Logger;
  /** The payment providers: those configured (Stripe, SSLCommerz, bKash), or the test stand-ins. */
  payments: Payments;
  /** Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox/mail. */
  mail: Mailer;
  /** Text messages: the SMS_URL gateway, otherwise .json files in DATA_DIR/outbox/sms. */
  sms: SmsSender;
  /** The message queue's gateway: sms.net.bd, the SMS_URL gateway, or the outbox (server/sms/gateways.ts). */
  smsGateway: SmsGateway;
  /** Anonymous page views and public API answers, until content changes (shared through REDIS_URL). */
  pageCache: PageCache;
  /** Counters and histograms for GET /metrics (METRICS_TOKEN; server/metrics/). */
  metrics: Metrics;
  /** Signed-in people's pages as templates with placeholders for their details (decision 0037). */
  pageTemplates: PageTemplates;
  /** The count of stored changes, of content or not: a person's own pages are kept by it (0038). */
  recordsGeneration: () => Promise<string | null>;
};
