// One store for the short-lived codes people type from a text message: a phone number's code
// (its verification, a sign-in) and a guardian's link codes. A set of codes is kept under one
// identifier in Better Auth's verifications table (a newer set replaces it), each code only as
// a hash keyed by the server's secret, with what it is for (`data`, stored as sent: a number, a
// registration), an expiry, and a count of wrong tries shared by the set. A right code is used
// once; past the allowed tries the set is void (docs/decisions/0065-short-lived-codes.md).
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, like } from "drizzle-orm";
import type { Database } from "../db/client";
import { verifications } from "../db/schema";

/** Digits, life and wrong tries allowed of a kind of code. */
export type CodeRules = { length: number; expiresInSeconds: number; allowedAttempts: number };

type Kept<Data> = { data: Data; codes: { name: string; hash: string }[]; attempts: number };

/** A new code of the rules' length, digits only. */
export const newCode = (rules: Pick<CodeRules, "length">): string =>
  String(randomInt(0, 10 ** rules.length)).padStart(rules.length, "0");

const hashOf = (secret: string, identifier: string, name: string, code: string) =>
  createHmac("sha256", secret).update(`${identifier}\n${name}\n${code}`).digest("hex");

function readKept<Data>(value: string): Kept<Data> | null {
  try {
    const kept = JSON.parse(value) as Partial<Kept<Data>>;
    if (!Array.isArray(kept.codes) || kept.data === undefined) return null;
    return { data: kept.data, codes: kept.codes, attempts: Number(kept.attempts) || 0 };
  } catch {
    return null;
  }
}

/**
 * Keeps a set of codes under the identifier, replacing the set kept there before: each code has
 * a name (the guardian row it went to; "" for a lone code) and is stored only as its hash.
 */
export async function keepCodes<Data>(
  db: Database,
  input: {
    identifier: string;
    secret: string;
    rules: Pick<CodeRules, "expiresInSeconds">;
    data: Data;
    codes: { name: string; code: string }[];
  },
): Promise<void> {
  const { identifier, secret } = input;
  const kept: Kept<Data> = {
    data: input.data,
    codes: input.codes.map(({ name, code }) => ({ name, hash: hashOf(secret, identifier, name, code) })),
    attempts: 0,
  };
  const expiresAt = new Date(Date.now() + input.rules.expiresInSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx
      .insert(verifications)
      .values({ id: randomUUID(), identifier, value: JSON.stringify(kept), expiresAt });
  });
}

/**
 * What a check found: the right code (its name and the set's data), or why not: no set (or not
 * one `accepts` takes), expired, void (the tries were spent), or a wrong code.
 */
export type CodeCheck<Data> =
  | { found: "right"; name: string; data: Data }
  | { found: "none" | "expired" | "void" | "wrong" };

/**
 * Checks a code against the set kept under the identifier; the row is locked meanwhile, so two
 * checks at once cannot both use one code. An expired or spent set is deleted. A wrong code
 * counts a try; with `voidOnLastTry` the try that spends them voids the set at once, else the
 * next check does. A right code uses the set up unless `spend` is false (it stays for a next call).
 */
export function checkCode<Data>(
  db: Database,
  input: {
    identifier: string;
    secret: string;
    rules: Pick<CodeRules, "allowedAttempts">;
    code: string;
    accepts?: (data: Data) => boolean;
    spend?: boolean;
    voidOnLastTry?: boolean;
  },
): Promise<CodeCheck<Data>> {
  const { identifier, secret, rules, code, spend = true } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: verifications.id, value: verifications.value, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, identifier))
      .for("update");
    const kept = row ? readKept<Data>(row.value) : null;
    if (!row || !kept || (input.accepts && !input.accepts(kept.data))) return { found: "none" };
    const voidSet = () => tx.delete(verifications).where(eq(verifications.id, row.id));
    if (row.expiresAt.getTime() <= Date.now()) {
      await voidSet();
      return { found: "expired" };
    }
    if (kept.attempts >= rules.allowedAttempts) {
      await voidSet();
      return { found: "void" };
    }
    const match = kept.codes.find(({ name, hash }) => {
      const expected = Buffer.from(hash);
      const given = Buffer.from(hashOf(secret, identifier, name, code));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!match) {
      const attempts = kept.attempts + 1;
      if (input.voidOnLastTry && attempts >= rules.allowedAttempts) {
        await voidSet();
        return { found: "void" };
      }
      await tx
        .update(verifications)
        .set({ value: JSON.stringify({ ...kept, attempts }) })
        .where(eq(verifications.id, row.id));
      return { found: "wrong" };
    }
    if (spend) await voidSet();
    return { found: "right", name: match.name, data: kept.data };
  });
}

/** A set that can still be used: what it is for and the seconds it has left. */
export type PendingCodes<Data> = { data: Data; expiresInSeconds: number };

/**
 * The sets that can still be used under this identifier, or under every identifier that starts
 * with `prefix`, newest first.
 */
export async function pendingCodes<Data>(
  db: Database,
  where: { identifier: string } | { prefix: string },
  rules: Pick<CodeRules, "allowedAttempts">,
): Promise<PendingCodes<Data>[]> {
  const rows = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(
      and(
        "identifier" in where
          ? eq(verifications.identifier, where.identifier)
          : like(
              verifications.identifier,
              `${where.prefix.replaceAll("\\", "\\\\").replaceAll("_", "\\_").replaceAll("%", "\\%")}%`,
            ),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verifications.expiresAt));
  return rows.flatMap((row) => {
    const kept = readKept<Data>(row.value);
    if (!kept || kept.attempts >= rules.allowedAttempts) return [];
    const expiresInSeconds = Math.floor((row.expiresAt.getTime() - Date.now()) / 1000);
    return expiresInSeconds > 0 ? [{ data: kept.data, expiresInSeconds }] : [];
  });
}
