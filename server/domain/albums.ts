// The photo gallery's albums, the server's part (common/kinds/albums.ts is the definition). The
// photos are server/domain/album-photos.ts; deleting an album deletes them and their files.

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { albumPhotos, albums } from "../db/schema";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";

export const albumKind = serverKind({
  kind: "albums",
  table: albums,
  // The photos' images are in use while their rows are (the file-in-use check).
  imageTables: [albumPhotos],
  // Its REST calls are the gallery's (server/api/gallery.ts): the reads carry the photos.
  rest: "own",
  // An album without a date is dated the day it is added.
  onCreate: (input) => ({ heldOn: input.heldOn ?? new Date() }),
  // The cover is one of the album's own photos (a new album has none yet).
  async check(ctx, input, _actor, before) {
    if (!input.coverPhotoId) return;
    const [photo] = before
      ? await ctx.db
          .select({ id: albumPhotos.id })
          .from(albumPhotos)
          .where(and(eq(albumPhotos.id, input.coverPhotoId), eq(albumPhotos.albumId, before.id)))
          .limit(1)
      : [];
    if (!photo) {
      throw new DomainError("invalid", problem("record.invalid", { what: "album" }), {
        coverPhotoId: problem("content.coverPhoto"),
      });
    }
  },
  imagesOwnedBy: async (db, ids) => {
    const rows = await db
      .select({ file: albumPhotos.imageFileId })
      .from(albumPhotos)
      .where(and(inArray(albumPhotos.albumId, ids), isNotNull(albumPhotos.imageFileId)));
    return rows.flatMap(({ file }) => (file ? [file] : []));
  },
});

export const albumCollection = albumKind.collection;

export type Album = typeof albums.$inferSelect;
