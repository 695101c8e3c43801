// What the domain needs from the outside world, built once at start and handed to both adapters.
import type { Logger } from "pino";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import type { ImageStore } from "./domain/content/collection";
import type { FileStorage } from "./files/storage";
import type { PaymentProvider } from "./payments/provider";

export type Services = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  /** Uploaded and sample images: DATA_DIR/files, or S3 when S3_BUCKET is set. */
  files: FileStorage;
  /** The image pipeline: store an upload in every width, remove one, show one. */
  images: ImageStore;
  logger: Logger;
  /** Card payments: Stripe when STRIPE_* is set, otherwise the built-in test mode. */
  payments: PaymentProvider;
};
