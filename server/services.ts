// What the domain needs from the outside world, built once at start and handed to both adapters.
import type { Logger } from "pino";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";

export type Services = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  logger: Logger;
};
