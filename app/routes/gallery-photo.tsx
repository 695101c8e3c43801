// /gallery/<album>/<photo>: one photo large with its caption, links to the previous and next
// photos and back to the album. A plain page: it works without script, and is the address the
// album's viewer shows, so a shared link opens the same photo.
import { data, href } from "react-router";
import { formatNumber } from "../../i18n/format";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/gallery-photo";
import { loadAlbum } from "./gallery.server";

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  modules: ["photoSwipe"],
  ...sharedPage,
  texts: ["gallery"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ params, context }: Route.LoaderArgs) => {
  const album = await loadAlbum(context, params.album);
  const index = album.photos.findIndex((photo) => photo.id === params.photo);
  const photo = album.photos[index];
  if (!photo) throw data(null, { status: 404 });
  return {
    album: { id: album.id, title: album.title },
    photo,
    index,
    count: album.photos.length,
    previous: album.photos[index - 1]?.id ?? null,
    next: album.photos[index + 1]?.id ?? null,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: loaderData
      ? `${loaderData.photo.caption || loaderData.album.title} | ${loaderData.album.title}`
      : { key: "gallery.heading" },
    description: loaderData?.photo.caption,
    path: href("/gallery/:album/:photo", {
      album: loaderData?.album.id ?? "",
      photo: loaderData?.photo.id ?? "",
    }),
    image: loaderData?.photo.image?.url,
  });

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { album, photo, index, count, previous, next } = loaderData;
  const albumPath = href("/gallery/:album", { album: album.id });
  const number = formatNumber(index + 1, intl);
  const caption = photo.caption || t("gallery.untitled", { number });
  return (
    <div className="container gallery-photo">
      <p>
        <a href={albumPath}>{t("gallery.back")}</a>
      </p>
      <h1>{album.title}</h1>
      <figure className="gallery-photo__figure">
        <Picture
          image={photo.image}
          alt={caption}
          sizes="(min-width: 1000px) 960px, 100vw"
          className="gallery-photo__image"
          priority
        />
        <figcaption>
          {caption}{" "}
          <span className="muted">{t("gallery.position", { number, count: formatNumber(count, intl) })}</span>
        </figcaption>
      </figure>
      <nav className="gallery-photo__nav" aria-label={t("gallery.photos")}>
        {previous ? (
          <a href={href("/gallery/:album/:photo", { album: album.id, photo: previous })} rel="prev">
            <span aria-hidden="true">←</span> {t("gallery.previous")}
          </a>
        ) : null}
        {next ? (
          <a href={href("/gallery/:album/:photo", { album: album.id, photo: next })} rel="next">
            {t("gallery.next")} <span aria-hidden="true">→</span>
          </a>
        ) : null}
      </nav>
    </div>
  );
}
