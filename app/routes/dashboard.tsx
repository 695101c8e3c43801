// /DeashBoard: any signed-in user may open it; only admins get the menu and the screens.
import { Container, NavLink as MantineNavLink, MantineProvider, Stack, Title } from "@mantine/core";
import { NavLink, Outlet } from "react-router";
import { listKinds, listMenuLabels } from "../components/dashboard/content-kinds";
import type { MessageKey } from "../i18n";
import { useI18n } from "../lib/i18n";
import { useNonce } from "../lib/nonce";
import "../styles/mantine.css";
import { pageTitle } from "../lib/meta";
import { requireUserPage } from "../lib/page.server";
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
];

export function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  return { isAdmin: actor.isAdmin, name: actor.name };
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
        <Title order={1} mb="md">
          {t("dashboard.title")}
        </Title>
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
