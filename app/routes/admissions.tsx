// /admitionAll: every admission, newest first, with a search by title and Delete for admins.
import { href } from "react-router";
import { excerpt } from "../../i18n/format";
import { admissionCollection } from "../../server/domain/admissions";
import { AdmissionCard } from "../components/lists/admission-card";
import { ListPage, listInfo, listPath } from "../components/lists/list-page";
import { SearchForm } from "../components/lists/search-form";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/admissions";

const pageSize = 12;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const { actor } = pageOf(context);
  const list = await loadListPage(context, request, admissionCollection, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((admission) => ({
      id: admission.id,
      title: admission.title,
      about: excerpt(admission.about, 100),
      priceMinor: admission.priceMinor,
      image: admission.image,
    })),
    canDelete: actor.kind === "user" && actor.isAdmin,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.admissions" },
    description: textOf(matches, "lists.admissions.description"),
    path: listPath(href("/admitionAll"), loaderData),
  });

export default function Admissions({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.admissions")}
      lead={t("lists.admissions.lead")}
      tools={
        <SearchForm q={loaderData.q} label={t("list.search")} placeholder={t("lists.searchPlaceholder")} />
      }
      info={loaderData}
      count={loaderData.items.length}
    >
      {loaderData.items.map((admission, index) => (
        <AdmissionCard
          key={admission.id}
          admission={admission}
          priority={index === 0}
          canDelete={loaderData.canDelete}
        />
      ))}
    </ListPage>
  );
}
