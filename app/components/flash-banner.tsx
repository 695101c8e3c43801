import { Alert, Container } from "@mantine/core";
import { useState } from "react";
import { useLocation } from "react-router";
import type { MessageKey } from "../i18n";
import { useI18n } from "../lib/i18n";

/** A one-time success banner ("Login successfully!"), gone once the visitor moves on. */
export function FlashBanner({ messageKey }: { messageKey: MessageKey }) {
  const { t } = useI18n();
  const location = useLocation();
  const [shownAt] = useState(location.key);
  const [closed, setClosed] = useState(false);
  if (closed || location.key !== shownAt) return null;
  return (
    <Container size="lg" mb="md">
      <Alert
        role="status"
        color="teal"
        variant="light"
        withCloseButton
        closeButtonLabel={t("a11y.close")}
        onClose={() => setClosed(true)}
        data-testid="flash"
      >
        {t(messageKey)}
      </Alert>
    </Container>
  );
}
