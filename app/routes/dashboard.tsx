// /DeashBoard: any signed-in user may open it; only admins get the menu and the screens.
import { Container, Group, MantineProvider, Title } from "@mantine/core";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { dashboardErrorTexts, sectionDictionaries } from "../../i18n";
import { localeOf } from "../../server/cookies";
import { headerNotices } from "../../server/domain/notifications";
import { DashboardMenu } from "../components/dashboard/dashboard-menu";
import { HeaderNotices } from "../components/dashboard/header-notices";
import { useI18n } from "../lib/i18n";
import { useNonce } from "../lib/nonce";
import "../styles/mantine.css";
import "../styles/dashboard.css";
import { pageTitle } from "../lib/meta";
import { pageOf, requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { theme } from "../theme";
import type { Route } from "./+types/dashboard";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  // The header's message and notification counts (admins only).
  const notices = actor.isAdmin ? await headerNotices(pageOf(context).services.db, actor) : null;
  return {
    isAdmin: actor.isAdmin,
    name: actor.name,
    notices,
    sectionMessages: sectionDictionaries.dashboard[localeOf(request)],
    sectionErrorTexts: dashboardErrorTexts[localeOf(request)],
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
          {loaderData.isAdmin ? <DashboardMenu /> : null}
          <div className="dashboard__screen">
            <Outlet />
          </div>
        </div>
      </Container>
    </MantineProvider>
  );
}
