// The dashboard's side menu: a column of fixed width beside the screens on wide windows, and on
// phones a panel that slides out from a "Dashboard menu" button (the site's own menu keeps the
// header's burger). Each role sees the screens it may use; an admin all of them.
import { NavLink as MantineNavLink } from "@mantine/core";
import { href, NavLink, useLocation } from "react-router";
import { formKindNames, kinds } from "../../../common/kinds";
import type { Role } from "../../../common/people";
import type { TextRef } from "../../../i18n";
import { useI18n } from "../../lib/i18n";
import { useSlideOut } from "../../lib/use-slide-out";
import { listKinds, listMenuLabels } from "./content-kinds";
import { formKindTexts } from "./kind-texts";

const home = href("/DeashBoard/Home");
type Item = { to: string; label: TextRef; roles?: Role[] };
/** Without roles: admins only. */
const items: Item[] = [
  { to: home, label: "dashboard.home", roles: ["admin", "teacher", "accountant"] },
  // Each kind's add form, then each kind's list (common/kinds).
  // Teachers add notices and blogs, which wait for an admin's approval.
  ...formKindNames.map(
    (kind): Item => ({
      to: href(`/DeashBoard/${kinds[kind].addPath}`),
      label: formKindTexts(kind).add,
      roles: kinds[kind].access.create === "admin" ? undefined : ["teacher"],
    }),
  ),
  // Teachers list their own notices and blogs, marked while they wait for approval.
  ...listKinds.map(
    (kind): Item => ({
      to: href("/DeashBoard/list/:kind", { kind }),
      label: listMenuLabels[kind],
      roles: kinds[kind].access.create === "admin" ? undefined : ["teacher"],
    }),
  ),
  { to: href("/DeashBoard/exams"), label: "results.exams.heading", roles: ["teacher"] },
  { to: href("/DeashBoard/register"), label: "registerPage.menu" },
  { to: href("/DeashBoard/my-teaching"), label: "teaching.menu.mine", roles: ["teacher"] },
  { to: href("/DeashBoard/attendance"), label: "attendance.menu", roles: ["teacher"] },
  { to: href("/DeashBoard/messages"), label: "messages.title", roles: ["teacher"] },
  { to: href("/DeashBoard/routines"), label: "routines.menu" },
  { to: href("/DeashBoard/comments"), label: "moderation.menu" },
  { to: href("/DeashBoard/orders"), label: "cart.admin.menu", roles: ["accountant"] },
  { to: href("/DeashBoard/fees"), label: "fees.menu", roles: ["accountant"] },
  { to: href("/DeashBoard/users"), label: "dashboard.menu.users" },
  { to: href("/DeashBoard/subscribers"), label: "dashboard.menu.subscribers" },
  { to: href("/DeashBoard/AddAdmin"), label: "dashboard.addAdmin" },
  { to: href("/DeashBoard/audit"), label: "audit.menu" },
  { to: href("/DeashBoard/exports"), label: "exports.menu" },
  { to: href("/DeashBoard/settings"), label: "settings.menu" },
];

export function DashboardMenu({ roles }: { roles: readonly Role[] }) {
  const { t } = useI18n();
  const { open, toggle, panel, button } = useSlideOut<HTMLElement>();
  // /DeashBoard itself is the home screen: there Home links to it and is marked as the current page.
  const onIndex = useLocation().pathname.replace(/\/+$/, "").toLowerCase() === "/deashboard";
  return (
    <>
      <button
        ref={button}
        type="button"
        className="dashboard__menu-button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls="dashboard-menu"
      >
        <span className="burger" data-open={open} aria-hidden="true">
          <span />
        </span>
        {t("dashboard.menu")}
      </button>
      <nav
        id="dashboard-menu"
        ref={panel}
        aria-label={t("dashboard.menu")}
        className="dashboard__menu"
        data-open={open}
        data-testid="dashboard-menu"
      >
        {items
          .filter((item) => (item.roles ?? ["admin"]).some((role) => roles.includes(role)))
          .map((item) => (
            <NavLink
              key={item.to}
              to={onIndex && item.to === home ? href("/DeashBoard") : item.to}
              prefetch="intent"
            >
              {({ isActive }) => (
                <MantineNavLink component="span" label={t(item.label)} active={isActive} variant="filled" />
              )}
            </NavLink>
          ))}
      </nav>
    </>
  );
}
