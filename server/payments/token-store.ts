// Providers' access tokens in the database, so that every app process uses the same one and a
// payment never asks for its own (bKash grants tokens for an hour, and counts the grants).
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { providerTokens } from "../db/schema";
import type { TokenStore } from "./provider";

export function databaseTokenStore(db: Database): TokenStore {
  return {
    async read(provider) {
      const [row] = await db.select().from(providerTokens).where(eq(providerTokens.provider, provider));
      if (!row) return null;
      return {
        accessToken: row.accessToken,
        refreshToken: row.refreshToken,
        expiresAt: row.expiresAt,
        refreshExpiresAt: row.refreshExpiresAt,
      };
    },
    async write(provider, token) {
      const values = { ...token, updatedAt: new Date() };
      await db
        .insert(providerTokens)
        .values({ provider, ...values })
        .onConflictDoUpdate({ target: providerTokens.provider, set: values });
    },
  };
}
