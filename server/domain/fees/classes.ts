// The class a fee call names, by name (any case), refused on the field "class" when unknown.
import { sql } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { schoolClasses } from "../../db/schema";
import type { DatabaseOrTransaction } from "../../db/transaction";
import { DomainError } from "../errors";

export type FeeClass = { id: string; name: string; sections: string[] };

export async function feeClassNamed(db: DatabaseOrTransaction, name: string): Promise<FeeClass> {
  const [row] = await db
    .select({ id: schoolClasses.id, name: schoolClasses.name, sections: schoolClasses.sections })
    .from(schoolClasses)
    .where(sql`lower(${schoolClasses.name}) = lower(${name})`);
  if (!row) throw DomainError.ofField("invalid", "class", problem("exam.classOfList"));
  return row;
}
