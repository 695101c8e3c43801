import { Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useI18n } from "../lib/i18n";

export function SiteFooter() {
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={8}>
            <Text fw={700} size="lg">
              {t("brand.name")}
            </Text>
            <Text size="sm">{t("footer.about")}</Text>
          </Stack>
          <Stack gap={8}>
            <Text fw={700}>{t("footer.links")}</Text>
            <Link to="/admitionAll">{t("nav.admissions")}</Link>
            <Link to="/blogs">{t("nav.blogs")}</Link>
            <Link to="/resultAll">{t("nav.results")}</Link>
          </Stack>
          <Stack gap={8}>
            <Text fw={700}>{t("footer.contact")}</Text>
            <Text size="sm">{t("footer.address")}</Text>
          </Stack>
        </SimpleGrid>
        <Text size="sm" mt="lg" ta="center">
          {t("footer.rights", { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
