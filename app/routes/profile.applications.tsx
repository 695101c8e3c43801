// /profile-route/applications: the signed-in account's admission applications, newest first, with
// their statuses and numbers; each opens its own page.
import { data, href } from "react-router";
import type { MessageKey } from "../../i18n/translate";
import { ownApplications } from "../../server/domain/admission-applications/applications";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import type { Route } from "./+types/profile.applications";

export const handle = { texts: ["applications"] } satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const applications = await ownApplications(pageOf(context).services.db, actor);
  return data({ applications }, { headers: { "Cache-Control": "private, no-store" } });
});

export default function ProfileApplications({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { applications } = loaderData;
  return (
    <article className="stack" data-testid="my-applications">
      <h2>{t("applications.mine")}</h2>
      {applications.length === 0 ? <p>{t("applications.none")}</p> : null}
      <ul className="stack">
        {applications.map((a) => (
          <li key={a.id}>
            <a href={href("/admission-applications/:id", { id: a.id })}>
              {a.admissionTitle}: {a.childName || "…"} ({a.class})
            </a>{" "}
            — {t(`applications.status.${a.status}` as MessageKey)}
            {a.number ? `, ${a.number}` : ""}
          </li>
        ))}
      </ul>
    </article>
  );
}
