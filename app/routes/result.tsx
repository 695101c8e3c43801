// /result/{ID}: one result (sign-in required).
import { href } from "react-router";
import { excerpt, formatDate } from "../../i18n/format";
import { resultCollection } from "../../server/domain/results";
import { DetailLayout } from "../components/details/detail-layout";
import { loadDetail } from "../components/details/load-detail.server";
import { TextBlock } from "../components/details/text-block";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import type { Route } from "./+types/result";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { ...readingPage, texts: ["details"], problems: ["content"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const result = await loadDetail(context, request, resultCollection, params.ID);
  return {
    id: result.id,
    title: result.title,
    information: result.information,
    createdAt: result.createdAt.toISOString(),
    image: result.image,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seo(matches, {
    title: loaderData?.title ?? { key: "page.result" },
    description: loaderData ? excerpt(loaderData.information, 160) : undefined,
    path: href("/result/:ID", { ID: params.ID }),
    image: loaderData?.image?.url,
  });

export default function Result({ loaderData: result }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  return (
    <DetailLayout
      title={result.title}
      image={result.image}
      back={{ to: href("/resultAll"), label: t("details.result.back") }}
    >
      <p className="muted">
        <time dateTime={result.createdAt}>
          {t("details.added", { date: formatDate(result.createdAt, intl) })}
        </time>
      </p>
      <TextBlock text={result.information} />
    </DetailLayout>
  );
}
