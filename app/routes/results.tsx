// /resultAll: every published result, newest first.
import { href } from "react-router";
import { excerpt } from "../../i18n/format";
import { resultCollection } from "../../server/domain/results";
import { ListPage, listInfo, listPath } from "../components/lists/list-page";
import { ResultCard } from "../components/lists/result-card";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/results";

const pageSize = 12;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const list = await loadListPage(context, request, resultCollection, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((result) => ({
      id: result.id,
      title: result.title,
      information: excerpt(result.information, 120),
      createdAt: result.createdAt.toISOString(),
      image: result.image,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.results" },
    description: textOf(matches, "lists.results.description"),
    path: listPath(href("/resultAll"), loaderData),
  });

export default function Results({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.results")}
      lead={t("lists.results.lead")}
      tools={
        <p>
          <a href={href("/results")}>{t("lists.results.find")}</a>
        </p>
      }
      info={loaderData}
      count={loaderData.items.length}
    >
      {loaderData.items.map((result, index) => (
        <ResultCard key={result.id} result={result} priority={index === 0} />
      ))}
    </ListPage>
  );
}
