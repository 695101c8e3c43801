// /DeashBoard: any signed-in user may open it; each role gets the menu of the screens it may use
// (teacher: exams and marks, their teaching and routine; accountant: orders and refunds; admin:
// everything). Each screen's loader and action checks again, through the domain.
import { Container, Group, MantineProvider, Title } from "@mantine/core";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { roles } from "../../common/people";
import { holdsRole } from "../../server/domain/actor";
import { headerNotices } from "../../server/domain/notifications";
import { DashboardMenu } from "../components/dashboard/dashboard-menu";
import { HeaderNotices } from "../components/dashboard/header-notices";
import { useI18n } from "../lib/i18n";
import { useNonce } from "../lib/nonce";
import "../styles/mantine.css";
import "../styles/dashboard.css";
import { pageTitle } from "../lib/meta";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { personalPage } from "../lib/shared-page";
import { theme } from "../theme";
import type { Route } from "./+types/dashboard";

// The reader's own page, kept until something stored changes (decision 0038). Its pages show the
// dashboard's texts, and those of every kind of record it edits (a blog's comments, an order, an
// exam, an event, a download, a routine, an album), and every problem an admin can meet.
export const handle = {
  ...personalPage,
  texts: ["dashboard", "details", "cart", "results", "events", "downloads", "routines", "gallery"],
  problems: ["payment", "content", "account", "dashboard"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  // The header's message and notification counts (admins only).
  const notices = actor.isAdmin ? await headerNotices(pageOf(context).services.db, actor) : null;
  return {
    isAdmin: actor.isAdmin,
    // An admin holds every role.
    roles: roles.filter((role) => holdsRole(actor, role)),
    name: actor.name,
    notices,
  };
});

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
  const menu = loaderData.roles.some(
    (role) => role === "admin" || role === "teacher" || role === "accountant",
  );
  return (
    <MantineProvider theme={theme} forceColorScheme="light" getStyleNonce={() => nonce}>
      <Container size="xl">
        <Group justify="space-between" align="center" mb="md" gap="xs">
          <Title order={1}>{t("dashboard.title")}</Title>
          {loaderData.notices ? <HeaderNotices data={loaderData.notices} /> : null}
        </Group>
        <div className={menu ? "dashboard dashboard--admin" : "dashboard"}>
          {menu ? <DashboardMenu roles={loaderData.roles} /> : null}
          <div className="dashboard__screen">
            <Outlet />
          </div>
        </div>
      </Container>
    </MantineProvider>
  );
}
