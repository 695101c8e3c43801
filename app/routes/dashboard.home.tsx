import { Text, Title } from "@mantine/core";
import { useRouteLoaderData } from "react-router";
import { useI18n } from "../lib/i18n";
import type { loader as dashboardLoader } from "./dashboard";

export default function DashboardHome() {
  const { t } = useI18n();
  const dashboard = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  if (!dashboard?.isAdmin) {
    return (
      <Text data-testid="not-admin" maw={640}>
        {t("dashboard.notAdmin")}
      </Text>
    );
  }
  return (
    <>
      <Title order={2}>{t("dashboard.welcome", { name: dashboard.name })}</Title>
      <Text mt="sm">{t("dashboard.welcomeLead")}</Text>
    </>
  );
}
