// Builds the services from a config: opens and migrates the database, sets up auth, makes sure
// the configured admin exists. Shared by the server, the scripts and the tests.

import path from "node:path";
import type { Logger } from "pino";
import { createAuth } from "./auth/auth";
import { createPageCache } from "./cache/page-cache";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { ensureAdminAccount } from "./domain/users";
import { createImageStore } from "./files/image-store";
import { createFileStorage } from "./files/storage";
import { createMailer } from "./mail/mailer";
import { createTestModeProvider } from "./payments/test-mode";
import type { Services } from "./services";
import { createSmsSender } from "./sms/sender";

export async function createServices(
  config: Config,
  logger: Logger,
  database: DatabaseHandle = openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  }),
): Promise<Services> {
  const mail = createMailer(config, logger);
  const sms = createSmsSender(config, logger);
  const auth = createAuth({ db: database.db, config, logger, mail, sms });
  const { admin } = config;
  // Several processes may start together on one PostgreSQL database: one at a time here.
  await database.exclusive(async () => {
    await database.migrate();
    if (!admin) return;
    const outcome = await ensureAdminAccount(
      database.db,
      async (account) => {
        await auth.api.signUpEmail({ body: account });
      },
      admin,
    );
    logger.info({ email: admin.email, outcome }, "admin account checked");
  });
  const files = createFileStorage(config);
  const images = createImageStore({ db: database.db, files, config, logger });
  // Stripe's SDK (about 20 MB of memory) is loaded only when card payments go to Stripe.
  const payments = config.stripe
    ? (await import("./payments/stripe")).createStripeProvider(config.stripe)
    : createTestModeProvider(database.db);
  if (payments.kind === "test" && config.env === "production") {
    logger.warn(
      "payments run in test mode: no money moves; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY",
    );
  }
  if (config.stripe && !config.stripe.webhookSecret) {
    logger.info("STRIPE_WEBHOOK_SECRET is not set: orders are marked paid when the page reports the payment");
  }
  const pageCache = createPageCache({ redisUrl: config.redisUrl, database, logger });
  return { config, database, db: database.db, auth, files, images, logger, payments, mail, sms, pageCache };
}
