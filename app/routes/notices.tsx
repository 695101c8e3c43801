// /notices: the notice board in full, newest first.
import { href } from "react-router";
import { type NoticeDownload, noticeCollection } from "../../server/domain/notices";
import { ListPage, listInfo, listPath } from "../components/lists/list-page";
import { NoticeItem } from "../components/lists/notice-item";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/notices";

const pageSize = 12;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const list = await loadListPage(context, request, noticeCollection, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((notice) => ({
      id: notice.id,
      title: notice.title,
      about: notice.about,
      createdAt: notice.createdAt.toISOString(),
      image: notice.image,
      download: (notice as { download?: NoticeDownload | null }).download ?? null,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.notices" },
    description: textOf(matches, "lists.notices.description"),
    path: listPath(href("/notices"), loaderData),
  });

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.notices")}
      lead={t("lists.notices.lead")}
      info={loaderData}
      count={loaderData.items.length}
      layout="rows"
    >
      {loaderData.items.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ListPage>
  );
}
