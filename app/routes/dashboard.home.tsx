// The dashboard home (/DeashBoard and /DeashBoard/Home): the overview's numbers, then the inbox.
// An accountant lands on the orders, a teacher on their exams; any other signed-in user who is
// not an admin sees a short explanation instead.
import { Box, Text } from "@mantine/core";
import { href, redirect } from "react-router";
import { holdsRole } from "../../server/domain/actor";
import { loadOverview } from "../../server/domain/overview";
import { Inbox } from "../components/dashboard/inbox";
import { inboxAction, loadInbox } from "../components/dashboard/inbox.server";
import { Overview } from "../components/dashboard/overview";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/dashboard.home";

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["folder", "notice", "page", "q"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  if (!actor.isAdmin) {
    if (holdsRole(actor, "accountant")) throw redirect(href("/DeashBoard/orders"));
    if (holdsRole(actor, "teacher")) throw redirect(href("/DeashBoard/exams"));
    return { admin: false as const };
  }
  const { services } = pageOf(context);
  const [overview, inbox] = await Promise.all([
    loadOverview(services.db, services),
    loadInbox(request, context),
  ]);
  return { admin: true as const, overview, inbox };
}

export const action = ({ request, context }: Route.ActionArgs) => inboxAction(request, context);

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData.admin) {
    return (
      <Text data-testid="not-admin" maw={640}>
        {t("dashboard.notAdmin")}
      </Text>
    );
  }
  return (
    <>
      <Overview data={loaderData.overview} />
      <Box mt="lg">
        <Inbox data={loaderData.inbox} />
      </Box>
    </>
  );
}
