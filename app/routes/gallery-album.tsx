// /gallery/<album>: the album's photos as a grid of links, each to the photo's own page (which
// works without script). With script, a link opens the photo viewer instead, and the address
// follows the photo shown.

import { useState } from "react";
import { href } from "react-router";
import { formatNumber } from "../../i18n/format";
import { formatAlbumDate } from "../components/gallery/album-date";
import { PhotoViewer, type ViewerPhoto } from "../components/gallery/photo-viewer";
import { useI18n } from "../lib/i18n";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/gallery-album";
import { loadAlbum } from "./gallery.server";

// The same for every reader of a view (decision 0037).
export const handle = sharedPage;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAlbum(context, params.album);
}

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
  const [shown, setShown] = useState<number | null>(null);
  const albumPath = href("/gallery/:album", { album: album.id });
  const photos: ViewerPhoto[] = album.photos.map((photo) => ({
    ...photo,
    href: href("/gallery/:album/:photo", { album: album.id, photo: photo.id }),
  }));

  // The address follows the photo shown (replaced, so Back leaves the album as before).
  const show = (index: number) => {
    setShown(index);
    const photo = photos[index];
    if (photo) window.history.replaceState(window.history.state, "", photo.href);
  };

  const close = () => {
    const photo = shown === null ? undefined : photos[shown];
    setShown(null);
    window.history.replaceState(window.history.state, "", albumPath);
    if (photo) document.querySelector<HTMLAnchorElement>(`a[data-photo="${photo.id}"]`)?.focus();
  };

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
              <a
                href={photo.href}
                data-photo={photo.id}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  show(index);
                }}
              >
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
      <PhotoViewer
        photos={photos}
        index={shown}
        onMove={show}
        onClose={close}
        texts={{
          label: t("gallery.viewer"),
          close: t("gallery.close"),
          previous: t("gallery.previous"),
          next: t("gallery.next"),
          position: (number) =>
            t("gallery.position", {
              number: formatNumber(number, intl),
              count: formatNumber(photos.length, intl),
            }),
          untitled: (number) => t("gallery.untitled", { number: formatNumber(number, intl) }),
        }}
      />
    </div>
  );
}
