// /services/{ID}: one service (sign-in required).
import { href } from "react-router";
import { excerpt, formatDate } from "../../i18n/format";
import { serviceCollection } from "../../server/domain/services";
import { DetailLayout } from "../components/details/detail-layout";
import { loadDetail } from "../components/details/load-detail.server";
import { TextBlock } from "../components/details/text-block";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import type { Route } from "./+types/service";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { ...readingPage, texts: ["details"], problems: ["content"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const service = await loadDetail(context, request, serviceCollection, params.ID);
  return {
    id: service.id,
    name: service.name,
    about: service.about,
    createdAt: service.createdAt.toISOString(),
    image: service.image,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seo(matches, {
    title: loaderData?.name ?? { key: "page.service" },
    description: loaderData ? excerpt(loaderData.about, 160) : undefined,
    path: href("/services/:ID", { ID: params.ID }),
    image: loaderData?.image?.url,
  });

export default function Service({ loaderData: service }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  return (
    <DetailLayout
      title={service.name}
      image={service.image}
      back={{ to: href("/services"), label: t("details.service.back") }}
    >
      <p className="muted">
        <time dateTime={service.createdAt}>
          {t("details.added", { date: formatDate(service.createdAt, intl) })}
        </time>
      </p>
      <TextBlock text={service.about} />
    </DetailLayout>
  );
}
