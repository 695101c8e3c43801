// Builds the service container (container.ts) from a config: opens and migrates the database,
// sets up auth, makes sure the configured admin exists. Shared by the server, the scripts and the
// tests.

import path from "node:path";
import type { Logger } from "pino";
import { createAuth } from "./auth/auth";
import { backupBeforeUpgrade } from "./backup/before-upgrade";
import { createPageCache } from "./cache/page-cache";
import { createPageTemplates } from "./cache/page-templates";
import { createRecordsGeneration } from "./cache/records-generation";
import type { Config } from "./config";
import type { Services } from "./container";
import { type Database, type DatabaseHandle, openDatabase } from "./db/client";
import { ensureAdminAccount } from "./domain/users";
import { createDocumentStore } from "./files/documents";
import { createImageStore } from "./files/image-store";
import { createFileStorage } from "./files/storage";
import { createMailer } from "./mail/mailer";
import { countedMailer, countedSms } from "./metrics/counted-messages";
import { createMetrics } from "./metrics/metrics";
import { scrapeSources } from "./metrics/scraped";
import { paymentsOf } from "./payments/payments";
import type { PaymentProvider } from "./payments/provider";
import { createTestGatewayProvider } from "./payments/test-gateway";
import { createTestModeProvider } from "./payments/test-mode";
import { databaseTokenStore } from "./payments/token-store";
import { createSmsGateway } from "./sms/gateways";
import { createSmsSender } from "./sms/sender";

export async function createServices(
  config: Config,
  logger: Logger,
  database: DatabaseHandle = openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
    timeouts: config.databaseTimeouts,
  }),
): Promise<Services> {
  const metrics = createMetrics();
  const mail = countedMailer(createMailer(config, logger), metrics);
  const sms = countedSms(createSmsSender(config, logger), metrics);
  const auth = createAuth({ db: database.db, config, logger, mail, sms });
  const { admin } = config;
  // Several processes may start together on one PostgreSQL database: one at a time here.
  const files = createFileStorage(config);
  await database.exclusive(async () => {
    await backupBeforeUpgrade({ config, database, files, logger });
    await database.migrate();
    if (!admin) return;
    const outcome = await ensureAdminAccount(
      database.db,
      async (account) => {
        await auth.api.signUpEmail({ body: account });
      },
      admin,
    );
    logger.info({ outcome }, "admin account checked");
  });
  const images = createImageStore({ db: database.db, files, config, logger });
  const documents = createDocumentStore({ files, maxBytes: config.downloadMaxBytes, logger });
  const payments = paymentsOf(await configuredProviders(config, database.db), [
    createTestModeProvider(database.db),
    createTestGatewayProvider(database.db, "sslcommerz", config.publicUrl),
    createTestGatewayProvider(database.db, "bkash", config.publicUrl),
  ]);
  if (payments.testMode && config.env === "production") {
    logger.warn(
      "payments run in test mode: no money moves; configure Stripe, SSLCommerz or bKash (see docs/payments.md)",
    );
  }
  if (sms.outboxDir && config.env === "production") {
    logger.warn(
      { outbox: sms.outboxDir },
      "text messages go to the outbox only: phone codes reach no phone; set SMS_URL and SMS_TOKEN (see docs/sign-in.md)",
    );
  }
  if (config.stripe && !config.stripe.webhookSecret) {
    logger.info("STRIPE_WEBHOOK_SECRET is not set: orders are marked paid when the page reports the payment");
  }
  const pageCache = createPageCache({ redisUrl: config.redisUrl, database, logger });
  // What is read at each scrape, and Node's own metrics: only when someone may scrape them.
  if (config.metricsToken) metrics.watch(scrapeSources({ config, database, pageCache, mail, sms }));
  return {
    config,
    database,
    db: database.db,
    auth,
    files,
    images,
    documents,
    logger,
    payments,
    mail,
    sms,
    smsGateway: createSmsGateway(config, logger),
    pageCache,
    metrics,
    pageTemplates: createPageTemplates(),
    recordsGeneration: createRecordsGeneration(database.db, database.timeouts.checkSeconds * 1000),
  };
}

/** The providers with keys in the config; each SDK or client is loaded only when configured. */
async function configuredProviders(config: Config, db: Database): Promise<PaymentProvider[]> {
  const providers: PaymentProvider[] = [];
  // Stripe's SDK is about 20 MB of memory.
  if (config.stripe) providers.push((await import("./payments/stripe")).createStripeProvider(config.stripe));
  if (config.sslcommerz) {
    const { createSslcommerzProvider } = await import("./payments/sslcommerz");
    providers.push(createSslcommerzProvider(config.sslcommerz, { publicUrl: config.publicUrl }));
  }
  if (config.bkash) {
    const { createBkashProvider } = await import("./payments/bkash");
    providers.push(
      createBkashProvider(config.bkash, { publicUrl: config.publicUrl, tokens: databaseTokenStore(db) }),
    );
  }
  return providers;
}
