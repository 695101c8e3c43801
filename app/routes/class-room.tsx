import { Container, Title } from "@mantine/core";
import { useI18n } from "../lib/i18n";

/** The specification's class room page: a heading only. */
export default function ClassRoom() {
  const { t } = useI18n();
  return (
    <Container size="lg">
      <Title order={1}>{t("page.classRoom")}</Title>
    </Container>
  );
}
