// Builds the services from a config: opens and migrates the database, sets up auth, makes sure
// the configured admin exists. Shared by the server, the scripts and the tests.

import path from "node:path";
import type { Logger } from "pino";
import { createAuth } from "./auth/auth";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { ensureAdminAccount } from "./domain/users";
import { createImageStore } from "./files/image-store";
import { createFileStorage } from "./files/storage";
import { createStripeProvider } from "./payments/stripe";
import { createTestModeProvider } from "./payments/test-mode";
import type { Services } from "./services";

export async function createServices(
  config: Config,
  logger: Logger,
  database: DatabaseHandle = openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
  }),
): Promise<Services> {
  await database.migrate();
  const auth = createAuth({ db: database.db, config, logger });
  if (config.admin) {
    const outcome = await ensureAdminAccount(
      database.db,
      async (account) => {
        await auth.api.signUpEmail({ body: account });
      },
      config.admin,
    );
    logger.info({ email: config.admin.email, outcome }, "admin account checked");
  }
  const files = createFileStorage(config);
  const images = createImageStore({ db: database.db, files, config, logger });
  const payments = config.stripe ? createStripeProvider(config.stripe) : createTestModeProvider(database.db);
  if (payments.kind === "test" && config.env === "production") {
    logger.warn(
      "payments run in test mode: no money moves; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY",
    );
  }
  if (config.stripe && !config.stripe.webhookSecret) {
    logger.info("STRIPE_WEBHOOK_SECRET is not set: orders are marked paid when the page reports the payment");
  }
  return { config, database, db: database.db, auth, files, images, logger, payments };
}
