// /about/{about}: one teacher (sign-in required): position, category, about, and how to reach
// them (e-mail and phone as links; the home address for admins only: teacherSeenBy).
import { href } from "react-router";
import { excerpt } from "../../i18n/format";
import type { MessageKey } from "../../i18n/translate";
import { teacherCollection, teacherSeenBy } from "../../server/domain/teachers";
import { DetailLayout } from "../components/details/detail-layout";
import { loadDetail } from "../components/details/load-detail.server";
import { TextBlock } from "../components/details/text-block";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import type { Route } from "./+types/teacher";

const positions: Record<string, MessageKey> = {
  principal: "details.teacher.principal",
  "vice-principal": "details.teacher.vicePrincipal",
  Teacher: "details.teacher.teacher",
};

// Its texts beyond every page's (app/lib/page-texts.ts).
export const handle = { ...readingPage, texts: ["details"], problems: ["content"] } satisfies TextsHandle &
  HydrationHandle;

export const loader = withTexts(handle, async ({ request, params, context }: Route.LoaderArgs) => {
  const teacher = teacherSeenBy(
    requireUserPage(context, request),
    await loadDetail(context, request, teacherCollection, params.about),
  );
  return {
    id: teacher.id,
    name: teacher.name,
    position: teacher.position,
    category: teacher.category,
    about: teacher.about,
    email: teacher.email ?? null,
    phone: teacher.phone ?? null,
    address: teacher.address ?? null,
    image: teacher.image,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seo(matches, {
    title: loaderData?.name ?? { key: "page.teacher" },
    description: loaderData ? excerpt(loaderData.about, 160) : undefined,
    path: href("/about/:about", { about: params.about }),
    image: loaderData?.image?.url,
  });

/** A phone number as a tel: link: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function Teacher({ loaderData: teacher }: Route.ComponentProps) {
  const { t } = useI18n();
  const position = teacher.position ? positions[teacher.position] : undefined;
  return (
    <DetailLayout
      title={teacher.name}
      image={teacher.image}
      back={{ to: href("/ALLteacher"), label: t("details.teacher.back") }}
    >
      {position || teacher.category ? (
        <dl className="detail__facts">
          {position ? (
            <>
              <dt>{t("details.teacher.position")}</dt>
              <dd>{t(position)}</dd>
            </>
          ) : null}
          {teacher.category ? (
            <>
              <dt>{t("details.teacher.category")}</dt>
              <dd>{teacher.category}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <TextBlock text={teacher.about} />
      <section aria-labelledby="teacher-contact">
        <h2 id="teacher-contact" className="detail__subheading">
          {t("details.teacher.contact")}
        </h2>
        <dl className="detail__facts">
          {teacher.email ? (
            <>
              <dt>{t("details.teacher.email")}</dt>
              <dd>
                <a href={`mailto:${teacher.email}`}>{teacher.email}</a>
              </dd>
            </>
          ) : null}
          {teacher.phone ? (
            <>
              <dt>{t("details.teacher.phone")}</dt>
              <dd>
                <a href={telHref(teacher.phone)}>{teacher.phone}</a>
              </dd>
            </>
          ) : null}
          {teacher.address ? (
            <>
              <dt>{t("details.teacher.address")}</dt>
              <dd>{teacher.address}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </DetailLayout>
  );
}
