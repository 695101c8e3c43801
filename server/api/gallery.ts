// The photo gallery on the wire: albums (list with cover and photo count, one with its photos;
// admins add, change and delete them) and their photos (admins add one image a request as
// multipart `image` with a `caption`, change a caption or position, delete one).
import { z } from "zod";
import type { Services } from "../container";
import type { Actor } from "../domain/actor";
import {
  type AlbumPhoto,
  addPhoto,
  albumCovers,
  photosOf,
  removePhoto,
  updatePhoto,
} from "../domain/album-photos";
import { type Album, albumCollection } from "../domain/albums";
import { listQuery } from "../domain/content/collection";
import { contentEndpoints } from "./content-endpoints";
import { Answer, endpoint } from "./endpoint";
import { wireDate } from "./kind-rest";
import { albumWire, albumWithPhotosWire, changed, deleted, inserted } from "./wire-schemas";

const context = (services: Services) => ({ db: services.db, images: services.images });
const idParams = z.object({ id: z.string() });

function photoToWire(photo: AlbumPhoto) {
  return {
    _id: photo.id,
    caption: photo.caption,
    position: photo.position,
    image: photo.image?.url ?? null,
    imageSet: photo.image,
    page: `/gallery/${photo.albumId}/${photo.id}`,
  };
}

function albumToWire(album: Album, shown: { photoCount: number; cover: AlbumPhoto | null }) {
  return {
    _id: album.id,
    title: album.title,
    description: album.description,
    heldOn: album.heldOn.toISOString(),
    coverPhotoId: album.coverPhotoId,
    cover: shown.cover ? photoToWire(shown.cover) : null,
    photoCount: shown.photoCount,
    date: wireDate(album),
  };
}

async function albumWithPhotos(services: Services, actor: Actor, id: string) {
  const ctx = context(services);
  const album = await albumCollection.get(ctx, actor, id);
  const photos = await photosOf(ctx, album.id, actor);
  const cover = photos.find((photo) => photo.id === album.coverPhotoId) ?? photos[0] ?? null;
  return { ...albumToWire(album, { photoCount: photos.length, cover }), photos: photos.map(photoToWire) };
}

// Add, change and delete come from the engine; the reads carry the photos, so they are ours.
const albumChanges = contentEndpoints(albumCollection, {
  tag: "Gallery",
  paths: { list: ["/gallery"], one: ["/gallery/:id"], create: ["/gallery"] },
  fields: { title: "title", description: "description", heldOn: "heldOn", coverPhotoId: "coverPhotoId" },
  fieldDocs: {
    heldOn: {
      type: "string",
      description:
        "The album's date: an ISO date and time, or a date (2026-12-16); left out, the day it is added",
    },
    coverPhotoId: {
      type: "string",
      description: "One of the album's photos' _id, or an empty string: its first photo is the cover",
    },
  },
  wire: albumWire,
  toWire: (album) => albumToWire(album, { photoCount: 0, cover: null }),
}).filter((one) => one.method !== "GET");

const photoBody = z.strictObject({
  caption: z.string({ error: "Caption must be text" }).optional(),
  // A multipart field is text: photos sent together name their places, so the album keeps the
  // order they were chosen in, whichever upload ends first.
  position: z
    .string({ error: "Position must be a whole number" })
    .regex(/^\d{1,6}$/, { error: "Position must be a whole number" })
    .optional(),
});

const photoChange = z.strictObject({
  caption: z.string({ error: "Caption must be text" }).optional(),
  position: z.number({ error: "Position must be a number" }).optional(),
});

export const galleryEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/gallery"],
    summary: "List the albums, newest first (limit, offset, q), each with its cover and photo count",
    tag: "Gallery",
    access: "anyone",
    sharedView: albumCollection.viewOf,
    query: listQuery,
    response: z.array(albumWire),
    responseHeaders: ["X-Total-Count"],
    handle: async ({ services, actor, query }) => {
      const ctx = context(services);
      const { items, total } = await albumCollection.list(ctx, actor, query);
      const shown = await albumCovers(ctx, items, actor);
      return new Answer(
        items.map((album) => albumToWire(album, shown.get(album.id) ?? { photoCount: 0, cover: null })),
        { "X-Total-Count": String(total) },
      );
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/gallery/:id"],
    summary: "One album, with its photos in order",
    tag: "Gallery",
    access: "anyone",
    sharedView: albumCollection.viewOf,
    params: idParams,
    response: albumWithPhotosWire,
    handle: ({ services, actor, params }) => albumWithPhotos(services, actor, params.id),
  }),
  ...albumChanges,
  endpoint({
    method: "POST",
    paths: ["/gallery/:id/photos"],
    summary:
      "Add one photo to the album: an image file `image` (multipart, JPEG, PNG, WebP or AVIF), a `caption`, and its `position` (at the end when left out)",
    tag: "Gallery",
    access: "admin",
    params: idParams,
    body: photoBody,
    acceptsFiles: true,
    fileFields: ["image"],
    status: 201,
    response: inserted,
    responseHeaders: ["Location"],
    handle: async ({ services, actor, params, body, files }) => {
      const { position, ...rest } = body;
      const input = position === undefined ? rest : { ...rest, position: Number(position) };
      const answer = await addPhoto(context(services), actor, params.id, input, files.image);
      return new Answer(answer, { Location: `/api/gallery/${params.id}` });
    },
  }),
  ...(["PUT", "PATCH"] as const).map((method) =>
    endpoint({
      method,
      paths: ["/gallery/photos/:id"],
      summary: "Change a photo's caption or position (only the fields sent)",
      tag: "Gallery",
      access: "admin",
      params: idParams,
      body: photoChange,
      response: changed,
      handle: ({ services, actor, params, body }) => updatePhoto(context(services), actor, params.id, body),
    }),
  ),
  endpoint({
    method: "DELETE",
    paths: ["/gallery/photos/:id"],
    summary: "Delete a photo and its stored image",
    tag: "Gallery",
    access: "admin",
    params: idParams,
    response: deleted,
    handle: ({ services, actor, params }) => removePhoto(context(services), actor, params.id),
  }),
];
