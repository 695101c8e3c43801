// Publishing an exam's results: visitors see them from the publish time on (now, or a time set
// ahead for results day); the marksheets carry that date.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { exams } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";
import { recordAudit } from "./audit/record";
import { regrade } from "./exam-grading";
import { type Exam, getExam } from "./exams";

export async function publishExam(db: Database, actor: Actor, examId: string, at?: string): Promise<Exam> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  const publishAt = at ? new Date(at) : new Date();
  await db.transaction(async (tx) => {
    await tx.update(exams).set({ publishAt }).where(eq(exams.id, exam.id));
    // The marksheets carry the publishing date.
    await regrade(tx, { ...exam, publishAt: publishAt.toISOString() });
    await recordAudit(tx, admin, {
      action: "publish",
      subject: "exam",
      subjectId: exam.id,
      label: exam.name,
    });
  });
  return await getExam(db, admin, exam.id);
}

export async function unpublishExam(db: Database, actor: Actor, examId: string): Promise<Exam> {
  const admin = requireAdmin(actor);
  const exam = await getExam(db, admin, examId);
  await db.transaction(async (tx) => {
    await tx.update(exams).set({ publishAt: null }).where(eq(exams.id, exam.id));
    await recordAudit(tx, admin, {
      action: "unpublish",
      subject: "exam",
      subjectId: exam.id,
      label: exam.name,
    });
  });
  return await getExam(db, admin, exam.id);
}
