import { useI18n } from "../lib/i18n";
import { seo } from "../lib/seo";
import type { Route } from "./+types/class-room";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "page.classRoom" }, path: "/classRoome" });

/** The specification's class room page: a heading only. */
export default function ClassRoom() {
  const { t } = useI18n();
  return (
    <div className="container">
      <h1>{t("page.classRoom")}</h1>
    </div>
  );
}
