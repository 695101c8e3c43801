// The admit card of an application with a test roll: its applicant and the staff download it as
// one A4 PDF page (server/admissions/admit-card-pdf.ts); anyone else gets the same 404 as for none.
import { eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { admitCardPdf } from "../../admissions/admit-card-pdf";
import { admissionRounds, admissions } from "../../db/schema";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import { applicationFor } from "./applications";
import { type DocumentContext, readDocument } from "./documents";

export async function admitCard(
  ctx: DocumentContext & { school: string },
  actor: Actor,
  id: string,
): Promise<{ bytes: Uint8Array; name: string }> {
  const { application } = await applicationFor(ctx.db, actor, id);
  if (application.testRoll === null || !application.testAt || !application.number) {
    throw new DomainError("not_found", problem("admission.noCard"));
  }
  const [round] = await ctx.db
    .select({ title: admissions.title, instructions: admissionRounds.instructions })
    .from(admissionRounds)
    .innerJoin(admissions, eq(admissions.id, admissionRounds.admissionId))
    .where(eq(admissionRounds.id, application.roundId));
  const photo = await readDocument(ctx, actor, id, "photo").then(
    (found) => (found.contentType === "image/jpeg" ? found.bytes : null),
    () => null,
  );
  const bytes = await admitCardPdf({
    school: ctx.school,
    admission: round?.title ?? "",
    number: application.number,
    roll: application.testRoll,
    className: application.className,
    childName: application.childName,
    childNameBn: application.childNameBn,
    testAt: application.testAt,
    room: application.testRoom ?? "",
    instructions: round?.instructions ?? "",
    photo,
  });
  return { bytes, name: `admit-card-${application.number}.pdf` };
}
