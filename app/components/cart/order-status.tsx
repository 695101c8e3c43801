// An order's status as a coloured badge, and its short number for people (the id's start).
import { channelNameOf } from "../../../common/payment-channels";
import type { MessageKey } from "../../../i18n/translate";
import { useI18n } from "../../lib/i18n";
import type { OrderStatus } from "./types";

const labels: Record<OrderStatus, MessageKey> = {
  pending: "cart.status.pending",
  paid: "cart.status.paid",
  failed: "cart.status.failed",
  cancelled: "cart.status.cancelled",
  expired: "cart.status.expired",
  paid_after_expiry: "cart.status.paidAfterExpiry",
  on_hold: "cart.status.onHold",
  refunded: "cart.status.refunded",
};

export const statusLabel = (status: OrderStatus): MessageKey => labels[status] ?? labels.pending;

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return (
    <span className={`badge order-status order-status--${status}`} data-testid="order-status">
      {t(statusLabel(status))}
    </span>
  );
}

/** How it was paid, as people say it: SSLCommerz's "BKASH-BKash" as bKash, "VISA-Dutch Bangla" as a Visa card. */
export const channelName = (
  channel: string,
  t: (key: MessageKey, vars: Record<string, string>) => string,
) => {
  const name = channelNameOf(channel);
  return "card" in name ? t("cart.channel.card", { network: name.card }) : name.wallet;
};

/** The first eight characters of the id, in capitals: enough to tell orders apart on paper. */
export const orderNumber = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();
