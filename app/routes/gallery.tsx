// /gallery: the photo albums, newest first, each with its cover, title, date and photo count;
// page links work without script.
import { href } from "react-router";
import { formatNumber } from "../../i18n/format";
import { albumCovers } from "../../server/domain/album-photos";
import { albumCollection } from "../../server/domain/albums";
import { formatAlbumDate } from "../components/gallery/album-date";
import { cardImageSizes, ListPage, listInfo, listPath } from "../components/lists/list-page";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { contentContext, loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Picture } from "../ui/picture";
import type { Route } from "./+types/gallery";

const pageSize = 12;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists", "gallery"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const list = await loadListPage(context, request, albumCollection, { pageSize });
  const shown = await albumCovers(contentContext(context), list.items, pageOf(context).actor);
  return {
    ...listInfo(list),
    items: list.items.map((album) => {
      const { photoCount = 0, cover = null } = shown.get(album.id) ?? {};
      return {
        id: album.id,
        title: album.title,
        heldOn: album.heldOn.toISOString(),
        photoCount,
        cover: cover?.image ?? null,
      };
    }),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "gallery.heading" },
    description: textOf(matches, "gallery.description"),
    path: listPath(href("/gallery"), loaderData),
  });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  return (
    <ListPage
      heading={t("gallery.heading")}
      lead={t("gallery.lead")}
      info={loaderData}
      count={loaderData.items.length}
    >
      {loaderData.items.map((album, index) => (
        <li key={album.id} className="album-card">
          <a href={href("/gallery/:album", { album: album.id })} className="album-card__link">
            <Picture
              image={album.cover}
              alt=""
              sizes={cardImageSizes}
              className="album-card__cover"
              priority={index === 0}
              width={640}
              height={360}
            />
            <span className="album-card__title">{album.title}</span>
          </a>
          <p className="muted album-card__meta">
            <time dateTime={album.heldOn}>{formatAlbumDate(album.heldOn, intl)}</time>
            {" · "}
            {album.photoCount === 1
              ? t("gallery.photoCountOne")
              : t("gallery.photoCount", { count: formatNumber(album.photoCount, intl) })}
          </p>
        </li>
      ))}
    </ListPage>
  );
}
