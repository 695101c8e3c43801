// /admition/{booking}: one admission (sign-in required) with its price and the Booking button,
// which puts it in the cart kept in the browser.
import { href, Link } from "react-router";
import { toMajorUnits } from "../../common/money";
import { excerpt, formatPrice } from "../../i18n/format";
import { admissionRoundState } from "../../server/domain/admission-applications/rounds";
import { admissionCollection } from "../../server/domain/admissions";
import { BookingButton } from "../components/details/booking-button";
import { DetailLayout } from "../components/details/detail-layout";
import { loadDetail } from "../components/details/load-detail.server";
import { TextBlock } from "../components/details/text-block";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import type { Route } from "./+types/admission";

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = {
  ...readingPage,
  modules: ["booking"],
  texts: ["details"],
  problems: ["content"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const admission = await loadDetail(context, request, admissionCollection, params.booking);
  const round = await admissionRoundState(pageOf(context).services.db, admission.id);
  return {
    round,
    id: admission.id,
    title: admission.title,
    about: admission.about,
    priceMinor: admission.priceMinor,
    image: admission.image,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seo(matches, {
    title: loaderData?.title ?? { key: "page.admission" },
    description: loaderData ? excerpt(loaderData.about, 160) : undefined,
    path: href("/admition/:booking", { booking: params.booking }),
    image: loaderData?.image?.url,
  });

export default function Admission({ loaderData: admission }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  return (
    <DetailLayout
      title={admission.title}
      image={admission.image}
      back={{ to: href("/admitionAll"), label: t("details.admission.back") }}
    >
      <p className="detail__price">
        <span className="muted">{t("details.admission.price")}: </span>
        <strong data-testid="price">{formatPrice(toMajorUnits(admission.priceMinor), intl)}</strong>
      </p>
      <TextBlock text={admission.about} />
      {admission.round === "open" ? (
        <p>
          <Link to={href("/admition/:booking/apply", { booking: admission.id })} data-testid="apply-online">
            {t("details.admission.applyOnline")}
          </Link>
        </p>
      ) : null}
      <div className="row detail__actions">
        <BookingButton id={admission.id} title={admission.title} />
        <Link to={href("/allOrder")}>{t("details.admission.orderSummary")}</Link>
      </div>
    </DetailLayout>
  );
}
