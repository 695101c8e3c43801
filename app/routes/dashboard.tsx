// /DeashBoard: any signed-in user may open it; only admins get the menu and the screens.
import { Container, Group, NavLink as MantineNavLink, MantineProvider, Stack, Title } from "@mantine/core";
import { NavLink, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { headerNotices } from "../../server/domain/notifications";
import { listKinds, listMenuLabels } from "../components/dashboard/content-kinds";
import { HeaderNotices } from "../components/dashboard/header-notices";
import { type MessageKey, sectionDictionaries } from "../i18n";
import { localeOf } from "../lib/cookies.server";
import { useI18n } from "../lib/i18n";
import { useNonce } from "../lib/nonce";
import "../styles/mantine.css";
import { pageTitle } from "../lib/meta";
import { pageOf, requireUserPage } from "../lib/page.server";
import { theme } from "../theme";
import type { Route } from "./+types/dashboard";

const menu: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: "/DeashBoard/Home", label: "dashboard.home" },
  { to: "/DeashBoard/AddAdmition", label: "dashboard.menu.addAdmission" },
  { to: "/DeashBoard/AddResult", label: "dashboard.menu.addResult" },
  { to: "/DeashBoard/blogAdd", label: "dashboard.menu.addBlog" },
  { to: "/DeashBoard/noticeADD", label: "dashboard.menu.addNotice" },
  { to: "/DeashBoard/servicesAdd", label: "dashboard.menu.addService" },
  { to: "/DeashBoard/StudentAdd", label: "dashboard.menu.addStudent" },
  { to: "/DeashBoard/teacherADD", label: "dashboard.menu.addTeacher" },
  ...listKinds.map((kind) => ({ to: `/DeashBoard/list/${kind}`, label: listMenuLabels[kind] })),
  { to: "/DeashBoard/orders", label: "cart.admin.menu" },
  { to: "/DeashBoard/users", label: "dashboard.menu.users" },
  { to: "/DeashBoard/subscribers", label: "dashboard.menu.subscribers" },
  { to: "/DeashBoard/AddAdmin", label: "dashboard.addAdmin" },
  { to: "/DeashBoard/audit", label: "audit.menu" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  // The header's message and notification counts (admins only).
  const notices = actor.isAdmin ? await headerNotices(pageOf(context).services.db, actor) : null;
  return {
    isAdmin: actor.isAdmin,
    name: actor.name,
    notices,
    sectionMessages: sectionDictionaries.dashboard[localeOf(request)],
  };
}

// The header's counts follow the admin around: opening a message or approving a teacher on
// another screen changes them.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "dashboard.title");

// Mantine serves the dashboard only: its code and styles load with these routes, not with the
// public pages.
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const nonce = useNonce();
  return (
    <MantineProvider theme={theme} forceColorScheme="light" getStyleNonce={() => nonce}>
      <Container size="xl">
        <Group justify="space-between" align="center" mb="md" gap="xs">
          <Title order={1}>{t("dashboard.title")}</Title>
          {loaderData.notices ? <HeaderNotices data={loaderData.notices} /> : null}
        </Group>
        <div className={loaderData.isAdmin ? "dashboard dashboard--admin" : "dashboard"}>
          {loaderData.isAdmin ? (
            <nav aria-label={t("dashboard.menu")} className="dashboard__menu" data-testid="dashboard-menu">
              <Stack gap={2}>
                {menu.map((item) => (
                  <NavLink key={item.to} to={item.to} prefetch="intent">
                    {({ isActive }) => (
                      <MantineNavLink
                        component="span"
                        label={t(item.label)}
                        active={isActive}
                        variant="filled"
                      />
                    )}
                  </NavLink>
                ))}
              </Stack>
            </nav>
          ) : null}
          <div>
            <Outlet />
          </div>
        </div>
      </Container>
    </MantineProvider>
  );
}
