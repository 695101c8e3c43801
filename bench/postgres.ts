// A throwaway PostgreSQL database for the bench: made on a server that answers, dropped at the end.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { onCleanup } from "./cleanup";

/** Answers whether the server takes a connection within a few seconds. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 }).catch(() => undefined);
  }
}

export async function createThrowawayDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `maktab_bench_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = onCleanup(`drop database ${name}`, async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  });
  return { url: url.toString(), drop };
}

/** A connection address as it may be printed: its password replaced. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the BENCH_POSTGRES_URL address";
  }
}
