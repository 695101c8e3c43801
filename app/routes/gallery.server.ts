// The gallery pages' reads: an album with its photos in order, as the pages show them (404 when
// the album or the photo is not there).
import { data, type RouterContextProvider } from "react-router";
import { photosOf } from "../../server/domain/album-photos";
import { albumCollection } from "../../server/domain/albums";
import { DomainError } from "../../server/domain/errors";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";

export async function loadAlbum(context: Readonly<RouterContextProvider>, id: string) {
  const { actor } = pageOf(context);
  const ctx = contentContext(context);
  const album = await albumCollection.get(ctx, actor, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const photos = await photosOf(ctx, album.id, actor);
  return {
    id: album.id,
    title: album.title,
    description: album.description,
    heldOn: album.heldOn.toISOString(),
    photos: photos.map((photo) => ({ id: photo.id, caption: photo.caption, image: photo.image })),
  };
}

export type GalleryAlbum = Awaited<ReturnType<typeof loadAlbum>>;
