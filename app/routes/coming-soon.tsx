// Sections whose pages come with later work: each shows its heading and, where the
// specification asks for it, requires sign-in already.
import { data, Link } from "react-router";
import type { MessageKey } from "../i18n/translate";
import { useI18n } from "../lib/i18n";
import { requireUserPage } from "../lib/page.server";
import type { Route } from "./+types/coming-soon";

const sections: Record<string, { heading: MessageKey; loginRequired: boolean }> = {
  services: { heading: "page.services", loginRequired: false },
  resultall: { heading: "page.results", loginRequired: false },
  blogs: { heading: "page.blogs", loginRequired: false },
  allstudent: { heading: "page.students", loginRequired: false },
  admitionall: { heading: "page.admissions", loginRequired: false },
  teacher: { heading: "page.teachers", loginRequired: false },
  notices: { heading: "page.notices", loginRequired: false },
  allteacher: { heading: "page.teachers", loginRequired: true },
  allorder: { heading: "page.orders", loginRequired: true },
  "blog/": { heading: "page.blogs", loginRequired: false },
  "services/": { heading: "page.service", loginRequired: true },
  "admition/": { heading: "page.admission", loginRequired: true },
  "result/": { heading: "page.result", loginRequired: true },
  "about/": { heading: "page.teacher", loginRequired: true },
  profile: { heading: "page.profile", loginRequired: true },
};

function sectionOf(pathname: string) {
  const [first = "", second] = pathname.toLowerCase().split("/").filter(Boolean);
  const section = sections[second === undefined ? first : `${first}/`];
  if (!section) throw data(null, { status: 404 });
  return section;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const section = sectionOf(new URL(request.url).pathname);
  if (section.loginRequired) requireUserPage(context, request);
  // The profile opens later; meanwhile it leads to the user's bookings.
  return { heading: section.heading, bookings: section.heading === "page.profile" };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container">
      <h1>{t(loaderData.heading)}</h1>
      <p>{t("page.comingSoon")}</p>
      {loaderData.bookings ? (
        <p>
          <Link to="/bookings">{t("cart.bookings.title")}</Link>
        </p>
      ) : null}
    </div>
  );
}
