// /downloads: the institute's files to download (forms, syllabuses, routines, notices), newest
// first. The categories are links (?category=form) and the search a GET form, so both work
// without script; each item says its type and size in the reader's language and links to the file.
import { href } from "react-router";
import { type DownloadCategory, downloadCategories } from "../../common/kinds/downloads";
import type { MessageKey } from "../../i18n";
import { formatDate } from "../../i18n/format";
import { downloadCollection } from "../../server/domain/downloads";
import { ListPage, listInfo } from "../components/lists/list-page";
import { SearchForm } from "../components/lists/search-form";
import { formatFileSize } from "../lib/file-size";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/downloads";

const pageSize = 20;

const categoryLabel = (category: DownloadCategory): MessageKey => `downloads.category.${category}`;

/** The category the address names, or none (an unknown one shows every download). */
function categoryOf(request: Request): DownloadCategory | undefined {
  const given = new URL(request.url).searchParams.get("category");
  return downloadCategories.find((category) => category === given);
}

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists", "downloads"],
  query: ["category", "page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const category = categoryOf(request);
  const list = await loadListPage(context, request, downloadCollection, {
    pageSize,
    filters: category ? { category } : undefined,
  });
  return {
    ...listInfo(list),
    category: category ?? null,
    // From the loader: the rules' module (zod) stays out of the page's script.
    categories: downloadCategories,
    items: list.items.map((download) => ({
      id: download.id,
      title: download.title,
      category: download.category,
      description: download.description,
      fileType: download.fileType,
      fileSize: download.fileSize,
      createdAt: download.createdAt.toISOString(),
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const base = loaderData?.category
    ? `${href("/downloads")}?category=${loaderData.category}`
    : href("/downloads");
  const page = loaderData && loaderData.page > 1 ? loaderData.page : null;
  return seo(matches, {
    title: { key: "downloads.heading" },
    description: textOf(matches, "downloads.description"),
    path: page ? `${base}${base.includes("?") ? "&" : "?"}page=${page}` : base,
  });
};

/** The address of a category's list, keeping the search. */
function categoryHref(category: DownloadCategory | null, q: string): string {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (q) params.set("q", q);
  const search = params.toString();
  return search ? `${href("/downloads")}?${search}` : href("/downloads");
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { category, categories, q } = loaderData;
  const tools = (
    <>
      <nav aria-label={t("downloads.categories")} className="downloads-categories">
        <ul>
          {[null, ...categories].map((item) => (
            <li key={item ?? "all"}>
              <a href={categoryHref(item, q)} aria-current={item === category ? "page" : undefined}>
                {item ? t(categoryLabel(item)) : t("downloads.all")}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm q={q} label={t("downloads.search")} keep={category ? { category } : {}} />
    </>
  );
  return (
    <ListPage
      heading={t("downloads.heading")}
      lead={t("downloads.lead")}
      tools={tools}
      info={loaderData}
      count={loaderData.items.length}
      layout="rows"
    >
      {loaderData.items.map((download) => {
        const info = t("downloads.fileInfo", {
          type: download.fileType.toUpperCase(),
          size: formatFileSize(download.fileSize, intl),
        });
        return (
          <li key={download.id} className="download-item" data-testid="download">
            <div className="download-item__body">
              <h2 className="list-card__title">{download.title}</h2>
              <p className="muted list-card__meta">
                <span className="download-item__category">{t(categoryLabel(download.category))}</span>
                {" · "}
                <time dateTime={download.createdAt}>{formatDate(download.createdAt, intl)}</time>
              </p>
              {download.description ? <p className="download-item__text">{download.description}</p> : null}
            </div>
            <a className="button download-item__link" href={`/api/downloads/${download.id}/file`} download>
              {t("downloads.download")}
              <span className="visually-hidden"> {download.title}</span> ({info})
            </a>
          </li>
        );
      })}
    </ListPage>
  );
}
