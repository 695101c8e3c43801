import { Button, Container, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useI18n } from "../lib/i18n";

// The home page's frame: its content sections come with the public site.
export default function Home() {
  const { t } = useI18n();
  const counters = ["home.counters.branches", "home.counters.classes", "home.counters.students"] as const;
  return (
    <Container size="lg">
      <Stack gap="md" py="lg">
        <Title order={1}>{t("home.title")}</Title>
        <Text size="lg">{t("home.lead")}</Text>
        <div>
          <Button component={Link} to="/admitionAll" size="md">
            {t("home.seeAdmissions")}
          </Button>
        </div>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="lg">
        {counters.map((key) => (
          <Paper key={key} withBorder p="md" ta="center">
            <Text fw={700} size="xl">
              {t(key)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
