// /services: every service, newest first.
import { href } from "react-router";
import { excerpt } from "../../i18n/format";
import { serviceCollection } from "../../server/domain/services";
import { ListPage, listInfo, listPath } from "../components/lists/list-page";
import { ServiceCard } from "../components/lists/service-card";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import type { Route } from "./+types/services";

const pageSize = 12;

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  ...sharedPage,
  texts: ["lists"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const list = await loadListPage(context, request, serviceCollection, { pageSize });
  return {
    ...listInfo(list),
    items: list.items.map((service) => ({
      id: service.id,
      name: service.name,
      about: excerpt(service.about, 120),
      image: service.image,
    })),
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: { key: "page.services" },
    description: textOf(matches, "lists.services.description"),
    path: listPath(href("/services"), loaderData),
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ListPage
      heading={t("page.services")}
      lead={t("lists.services.lead")}
      info={loaderData}
      count={loaderData.items.length}
    >
      {loaderData.items.map((service, index) => (
        <ServiceCard key={service.id} service={service} priority={index === 0} />
      ))}
    </ListPage>
  );
}
