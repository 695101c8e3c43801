// An order's status as a coloured badge, and its short number for people (the id's start).
import type { MessageKey } from "../../i18n/translate";
import { useI18n } from "../../lib/i18n";
import type { OrderStatus } from "./types";

const labels: Record<OrderStatus, MessageKey> = {
  pending: "cart.status.pending",
  paid: "cart.status.paid",
  failed: "cart.status.failed",
  cancelled: "cart.status.cancelled",
};

export const statusLabel = (status: OrderStatus): MessageKey => labels[status] ?? labels.pending;

/**
 * The dashboard's badge colour per status (the badge's text says the status too), for Mantine's
 * outline badge: text and border in shades dark enough to keep their contrast on white. (Its
 * light badge paints a given shade as the background, under text of the same colour.)
 */
export const statusColours: Record<OrderStatus, string> = {
  paid: "teal.9",
  pending: "gray.7",
  failed: "red.9",
  cancelled: "dark",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge order-status order-status--${status}`} data-testid="order-status">
      {t(statusLabel(status))}
    </span>
  );
}

/** The first eight characters of the id, in capitals: enough to tell orders apart on paper. */
export const orderNumber = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();
