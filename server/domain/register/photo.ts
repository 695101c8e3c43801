// A child's photo, through the same image pipeline as every other picture (checked, re-encoded,
// stored in variants); the one it replaces is removed once the change is stored.
import { eq } from "drizzle-orm";
import { problem } from "../../../common/errors/problem";
import { uuidPattern } from "../../../common/ids";
import type { Database } from "../../db/client";
import { registerStudents } from "../../db/schema";
import { ImageError } from "../../files/images";
import { type Actor, requireAdmin } from "../actor";
import { recordAudit } from "../audit/record";
import type { ImageStore } from "../content/collection";
import { DomainError, notFound } from "../errors";
import { type Child, childById } from "./read";

export type PhotoContext = { db: Database; images: ImageStore };

/** Sets the child's photo from an uploaded image, or removes it (file null). */
export async function setChildPhoto(
  ctx: PhotoContext,
  actor: Actor,
  id: string,
  file: { bytes: Uint8Array; name: string } | null | undefined,
  options: { remove?: boolean } = {},
): Promise<Child> {
  const admin = requireAdmin(actor);
  if (!uuidPattern.test(id)) throw notFound("child");
  const [child] = await ctx.db
    .select({ name: registerStudents.name, file: registerStudents.imageFileId })
    .from(registerStudents)
    .where(eq(registerStudents.id, id));
  if (!child) throw notFound("child");
  if (!file && !options.remove)
    throw new DomainError("invalid", problem("register.photoRequired"), {
      photo: problem("register.photoRequired"),
    });
  let stored: { id: string } | null = null;
  if (file) {
    try {
      stored = await ctx.images.store({ ...file, uploadedBy: admin.id });
    } catch (error) {
      // Its status stays (413 too large, 415 not an image), naming the field.
      if (error instanceof ImageError) throw new ImageError(error.code, error.problem, "photo");
      throw error;
    }
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(registerStudents)
        .set({ imageFileId: stored?.id ?? null, imageUrl: null, updatedAt: new Date() })
        .where(eq(registerStudents.id, id));
      await recordAudit(tx, admin, {
        action: "update",
        subject: "child",
        subjectId: id,
        label: `${child.name}: photo ${stored ? "set" : "removed"}`,
      });
    });
  } catch (error) {
    if (stored) await ctx.images.remove(stored.id);
    throw error;
  }
  if (child.file && child.file !== stored?.id) await ctx.images.remove(child.file);
  return childById(ctx, id);
}
