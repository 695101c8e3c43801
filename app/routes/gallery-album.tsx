// /gallery/<album>: the album's photos as a grid of links, each to the photo's own page (which
// works without script). With script, a link opens the photo viewer instead, and the address
// follows the photo shown: a plain module (app/scripts/photo-viewer.js), the page runs no React
// (decision 0059).

import { href } from "react-router";
import { formatNumber } from "../../i18n/format";
import { formatAlbumDate } from "../components/gallery/album-date";
import { PhotoViewer } from "../components/gallery/photo-viewer";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/gallery-album";
import { loadAlbum } from "./gallery.server";

// The same for every reader of a view (decision 0037).
export const handle = {
  ...sharedPage,
  ...readingPage,
  modules: ["photoViewer"],
  texts: ["gallery"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ params, context }: Route.LoaderArgs) => {
  return loadAlbum(context, params.album);
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData?.title ?? { key: "gallery.heading" },
    description: loaderData?.description,
    path: href("/gallery/:album", { album: loaderData?.id ?? "" }),
    image: loaderData?.photos[0]?.image?.url,
  });

const thumbnailSizes = "(min-width: 1200px) 280px, (min-width: 900px) 30vw, (min-width: 600px) 45vw, 50vw";

export default function GalleryAlbum({ loaderData: album }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const photos = album.photos.map((photo) => ({
    ...photo,
    href: href("/gallery/:album/:photo", { album: album.id, photo: photo.id }),
  }));

  return (
    <div className="container gallery-album">
      <p>
        <a href={href("/gallery")}>{t("gallery.allAlbums")}</a>
      </p>
      <h1>{album.title}</h1>
      <p className="muted">
        <time dateTime={album.heldOn}>{formatAlbumDate(album.heldOn, intl)}</time>
      </p>
      {album.description ? <p>{album.description}</p> : null}
      {photos.length === 0 ? (
        <p>{t("gallery.noPhotos")}</p>
      ) : (
        <ul className="gallery-grid" aria-label={t("gallery.photos")}>
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.href} data-photo={photo.id}>
                <Picture
                  image={photo.image}
                  alt={photo.caption || t("gallery.untitled", { number: formatNumber(index + 1, intl) })}
                  sizes={thumbnailSizes}
                  className="gallery-grid__image"
                  priority={index < 2}
                  width={320}
                  height={240}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {photos.length > 0 ? (
        <PhotoViewer
          label={t("gallery.viewer")}
          close={t("gallery.close")}
          previous={t("gallery.previous")}
          next={t("gallery.next")}
          position={t("gallery.position", { number: "{number}", count: formatNumber(photos.length, intl) })}
        />
      ) : null}
    </div>
  );
}
