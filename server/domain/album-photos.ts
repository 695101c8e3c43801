// An album's photos: each an upload through the image pipeline, with a caption and a place in
// the album's order. Admins add (one file a request, so one bad file does not sink the rest),
// change and delete them; each change is recorded in the audit trail as a change of the album.

import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { type AlbumPhotoInput, albumPhotoInput } from "../../common/schemas/content";
import { fieldProblemsOf } from "../../common/schemas/field-errors";
import type { Database } from "../db/client";
import { albumPhotos, albums, uploadedFiles } from "../db/schema";
import { ImageError } from "../files/images";
import { type Actor, anonymous, requireAdmin, type SignedInActor } from "./actor";
import { type Album, albumCollection } from "./albums";
import { recordAudit } from "./audit/record";
import type { ContentContext, ImageView } from "./content/collection";
import { DomainError, notFound } from "./errors";

export type AlbumPhoto = {
  id: string;
  albumId: string;
  caption: string;
  position: number;
  image: ImageView | null;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function selectPhotos(ctx: ContentContext, albumIds: string[]): Promise<AlbumPhoto[]> {
  if (albumIds.length === 0) return [];
  const rows = await ctx.db
    .select({ photo: albumPhotos, file: uploadedFiles })
    .from(albumPhotos)
    .leftJoin(uploadedFiles, eq(albumPhotos.imageFileId, uploadedFiles.id))
    .where(inArray(albumPhotos.albumId, albumIds))
    .orderBy(asc(albumPhotos.position), asc(albumPhotos.createdAt), asc(albumPhotos.id));
  return rows.map(({ photo, file }) => ({
    id: photo.id,
    albumId: photo.albumId,
    caption: photo.caption,
    position: photo.position,
    image: file ? ctx.images.view(file) : photo.imageUrl ? { url: photo.imageUrl } : null,
  }));
}

/** An album's photos, in order. Kept for the content generation like the albums' own reads. */
export function photosOf(
  ctx: ContentContext,
  albumId: string,
  actor: Actor = anonymous,
): Promise<AlbumPhoto[]> {
  return albumCollection.remembered(ctx, actor, `photos ${albumId}`, () => selectPhotos(ctx, [albumId]));
}

/** For a list of albums: each one's photo count and cover (the chosen photo, or the first). */
export function albumCovers(
  ctx: ContentContext,
  list: Album[],
  actor: Actor = anonymous,
): Promise<Map<string, { photoCount: number; cover: AlbumPhoto | null }>> {
  const ids = list.map((album) => album.id);
  return albumCollection.remembered(ctx, actor, `covers ${ids.join(",")}`, async () => {
    const counts = ids.length
      ? await ctx.db
          .select({ albumId: albumPhotos.albumId, n: count() })
          .from(albumPhotos)
          .where(inArray(albumPhotos.albumId, ids))
          .groupBy(albumPhotos.albumId)
      : [];
    // The first photo of each album, or its chosen cover.
    const wanted = list.map((album) => album.coverPhotoId).filter((id): id is string => Boolean(id));
    const firsts = ids.length
      ? await ctx.db
          .selectDistinctOn([albumPhotos.albumId], { id: albumPhotos.id })
          .from(albumPhotos)
          .where(inArray(albumPhotos.albumId, ids))
          .orderBy(
            albumPhotos.albumId,
            asc(albumPhotos.position),
            asc(albumPhotos.createdAt),
            asc(albumPhotos.id),
          )
      : [];
    const photoIds = [...wanted, ...firsts.map(({ id }) => id)];
    const photos = photoIds.length ? await selectPhotosById(ctx, photoIds) : [];
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    const firstOf = new Map(
      photos.filter((p) => firsts.some((f) => f.id === p.id)).map((p) => [p.albumId, p]),
    );
    return new Map(
      list.map((album) => [
        album.id,
        {
          photoCount: counts.find((row) => row.albumId === album.id)?.n ?? 0,
          cover: (album.coverPhotoId && byId.get(album.coverPhotoId)) || firstOf.get(album.id) || null,
        },
      ]),
    );
  });
}

async function selectPhotosById(ctx: ContentContext, ids: string[]): Promise<AlbumPhoto[]> {
  const rows = await ctx.db
    .select({ photo: albumPhotos, file: uploadedFiles })
    .from(albumPhotos)
    .leftJoin(uploadedFiles, eq(albumPhotos.imageFileId, uploadedFiles.id))
    .where(inArray(albumPhotos.id, ids));
  return rows.map(({ photo, file }) => ({
    id: photo.id,
    albumId: photo.albumId,
    caption: photo.caption,
    position: photo.position,
    image: file ? ctx.images.view(file) : photo.imageUrl ? { url: photo.imageUrl } : null,
  }));
}

function parse(input: unknown): AlbumPhotoInput {
  const result = albumPhotoInput.safeParse(input);
  if (!result.success)
    throw new DomainError(
      "invalid",
      problem("record.invalid", { what: "photo" }),
      fieldProblemsOf(result.error),
    );
  return result.data;
}

async function findPhoto(db: Database, id: string) {
  if (!uuidPattern.test(id)) throw notFound("photo");
  const [photo] = await db.select().from(albumPhotos).where(eq(albumPhotos.id, id)).limit(1);
  if (!photo) throw notFound("photo");
  return photo;
}

/** A photo's change is its album's: an "update" of the album in the audit trail. */
async function recordAlbumChange(db: Database, admin: SignedInActor, album: Album) {
  await recordAudit(db, admin, {
    action: "update",
    subject: "album",
    subjectId: album.id,
    label: album.title,
  });
}

/**
 * Adds one photo at the end of the album. A file that is not an image (or too large) is refused
 * naming `image` (413, 415 or 400, as the pipeline says); nothing is kept of it.
 */
export async function addPhoto(
  ctx: ContentContext,
  actor: Actor,
  albumId: string,
  input: unknown,
  file: { bytes: Uint8Array; name: string } | undefined,
): Promise<{ acknowledged: true; insertedId: string }> {
  const admin = requireAdmin(actor);
  const album = await albumCollection.get(ctx, actor, albumId);
  const values = parse(input);
  if (!file)
    throw new DomainError("invalid", problem("upload.choosePhoto"), { image: problem("upload.choosePhoto") });
  let stored: { id: string };
  try {
    stored = await ctx.images.store({ ...file, uploadedBy: admin.id });
  } catch (error) {
    // Its status stays (413 too large, 415 not an image), naming the field.
    if (error instanceof ImageError) throw new ImageError(error.code, error.problem, "image");
    throw error;
  }
  try {
    const inserted = await ctx.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ position: max(albumPhotos.position) })
        .from(albumPhotos)
        .where(eq(albumPhotos.albumId, album.id));
      const [row] = await tx
        .insert(albumPhotos)
        .values({
          albumId: album.id,
          imageFileId: stored.id,
          caption: values.caption ?? "",
          position: values.position ?? (last?.position ?? -1) + 1,
        })
        .returning({ id: albumPhotos.id });
      await recordAlbumChange(tx, admin, album);
      return row;
    });
    if (!inserted) throw new Error("photo not inserted");
    return { acknowledged: true, insertedId: inserted.id };
  } catch (error) {
    await ctx.images.remove(stored.id);
    throw error;
  }
}

/** Changes a photo's caption or place. */
export async function updatePhoto(
  ctx: ContentContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<{ acknowledged: true; matchedCount: number; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  const photo = await findPhoto(ctx.db, id);
  const values = parse(input);
  const changes = Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => value !== undefined && photo[key as keyof typeof photo] !== value,
    ),
  );
  if (Object.keys(changes).length === 0) return { acknowledged: true, matchedCount: 1, modifiedCount: 0 };
  const album = await albumCollection.get(ctx, actor, photo.albumId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(albumPhotos)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(albumPhotos.id, id));
    await recordAlbumChange(tx, admin, album);
  });
  return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
}

/** Where a photo goes: one place either way, either end, or a place in the order (0 is the first). */
export type PhotoMove = "earlier" | "later" | "first" | "last" | number;

/**
 * Moves a photo in its album (the dashboard's buttons and its choice of a place): the album's
 * photos are numbered 0, 1, 2... in their order with the photo taken out and put back at its new
 * place, the others keeping theirs in turn. A place past either end is that end; at it, it stays.
 */
export async function movePhoto(
  ctx: ContentContext,
  actor: Actor,
  id: string,
  move: PhotoMove,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  const photo = await findPhoto(ctx.db, id);
  const album = await albumCollection.get(ctx, actor, photo.albumId);
  return ctx.db.transaction(async (tx) => {
    const order = await tx
      .select({ id: albumPhotos.id, position: albumPhotos.position })
      .from(albumPhotos)
      .where(eq(albumPhotos.albumId, album.id))
      .orderBy(asc(albumPhotos.position), asc(albumPhotos.createdAt), asc(albumPhotos.id))
      .for("update");
    const at = order.findIndex((row) => row.id === id);
    const last = order.length - 1;
    const wanted =
      move === "earlier"
        ? at - 1
        : move === "later"
          ? at + 1
          : move === "first"
            ? 0
            : move === "last"
              ? last
              : move;
    const to = Math.min(Math.max(wanted, 0), last);
    if (at === -1 || to === at) return { acknowledged: true, modifiedCount: 0 };
    const ids = order.map((row) => row.id).filter((photoId) => photoId !== id);
    ids.splice(to, 0, id);
    let modifiedCount = 0;
    for (const [position, photoId] of ids.entries()) {
      if (order.find((row) => row.id === photoId)?.position === position) continue;
      await tx
        .update(albumPhotos)
        .set({ position, updatedAt: sql`now()` })
        .where(eq(albumPhotos.id, photoId));
      modifiedCount++;
    }
    await recordAlbumChange(tx, admin, album);
    return { acknowledged: true, modifiedCount };
  });
}

/** Deletes a photo and its stored file; the album's cover, if it was, goes back to the first. */
export async function removePhoto(
  ctx: ContentContext,
  actor: Actor,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const admin = requireAdmin(actor);
  const photo = await findPhoto(ctx.db, id);
  const album = await albumCollection.get(ctx, actor, photo.albumId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(albumPhotos).where(eq(albumPhotos.id, id));
    await tx
      .update(albums)
      .set({ coverPhotoId: null })
      .where(and(eq(albums.id, album.id), eq(albums.coverPhotoId, id)));
    await recordAlbumChange(tx, admin, album);
  });
  // Only after the commit: a rolled-back delete keeps its file.
  if (photo.imageFileId) await ctx.images.remove(photo.imageFileId);
  return { acknowledged: true, deletedCount: 1 };
}
