// The photo gallery's albums, the server's part (common/kinds/albums.ts is the definition). The
// photos are server/domain/album-photos.ts; deleting an album deletes them and their files.

import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { problem } from "../../common/errors/problem";
import { kindLabel } from "../../common/kinds";
import { albumPhotos, albums } from "../db/schema";
import type { KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";
import { DomainError } from "./errors";

const dayMs = 24 * 60 * 60 * 1000;
const minuteMs = 60 * 1000;

/** A fresh installation's gallery: each album a few days apart, its photos in order with their captions. */
const samples: KindSamples = {
  pictures: {
    hue: 96,
    label: "Photo",
    place: 7,
    name: "photos",
    titles: () => sampleAlbums.flatMap((album) => album.captions),
  },
  insert: async ({ db, now, picture }) => {
    const rows = [];
    let photoIndex = 0;
    for (const [index, sample] of sampleAlbums.entries()) {
      const at = new Date(now - (index * 17 + 3) * dayMs);
      const [album] = await db
        .insert(albums)
        .values({
          title: sample.title,
          description: sample.description,
          heldOn: at,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: albums.id, title: albums.title, createdAt: albums.createdAt });
      rows.push(album!);
      await db.insert(albumPhotos).values(
        sample.captions.map((caption, position) => ({
          albumId: album!.id,
          imageFileId: picture(photoIndex++),
          caption,
          position,
          // Added a minute apart, in their order.
          createdAt: new Date(at.getTime() + position * minuteMs),
          updatedAt: new Date(at.getTime() + position * minuteMs),
        })),
      );
    }
    return { rows, others: { albumPhotos: photoIndex } };
  },
};

export const albumKind = serverKind({
  samples,
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
      throw new DomainError("invalid", problem("record.invalid", { what: kindLabel("albums") }), {
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

export type SampleAlbum = { title: string; description: string; captions: string[] };

/** The photo gallery's samples: two albums of a few photos, drawn at start like the other images. */
export const sampleAlbums: SampleAlbum[] = [
  {
    title: "Annual sports day",
    description: "Races, games and the prize-giving on the school field.",
    captions: ["The hundred-metre race", "Tug of war, Class Nine against Class Ten", "The prize-giving"],
  },
  {
    title: "Science fair",
    description: "Projects by the students of Classes Six to Ten.",
    captions: ["A water filter made of sand and charcoal", "The solar oven"],
  },
];
