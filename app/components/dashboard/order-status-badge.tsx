// An order's status in the dashboard's tables (the orders page and the overview's recent orders).
// Mantine's outline badge: its light badge paints a shade given as "teal.9" as the background,
// under text of the same colour. The colours are shades dark enough for text and border to keep
// their contrast on white, and the badge is never cut short ("PENDI...") by a narrow column.
import { Badge } from "@mantine/core";
import { useI18n } from "../../lib/i18n";
import { statusLabel } from "../cart/order-status";
import type { OrderStatus } from "../cart/types";

const statusColours: Record<OrderStatus, string> = {
  paid: "teal.9",
  pending: "gray.7",
  failed: "red.9",
  cancelled: "dark",
  expired: "dark",
  // Money taken for an expired order: the office must act on it.
  paid_after_expiry: "orange.9",
  // Taken but flagged as risky by the provider: an admin decides.
  on_hold: "orange.9",
  refunded: "violet.9",
};

export function OrderStatusBadge({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useI18n();
  return (
    <Badge variant="outline" color={statusColours[status] ?? "gray"} miw="max-content" data-testid={testId}>
      {t(statusLabel(status))}
    </Badge>
  );
}
