// The office's spreadsheet of orders (CSV).
import { eq } from "drizzle-orm";
import { csvLine, csvText } from "../../csv";
import type { OrderStatus } from "../../db/schema";
import { orders } from "../../db/schema";
import { type Actor, requireRole } from "../actor";
import { recordAudit } from "../audit/record";
import { expireStaleOrders } from "./expiry";
import type { OrderContext } from "./order";
import { selectOrders } from "./queries";

/** Minor units as a plain decimal a spreadsheet reads as a number: 1234505 -> "12345.05". */
const decimalOf = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

const csvColumns = [
  "order",
  "status",
  "buyer_name",
  "buyer_email",
  "items",
  "currency",
  "subtotal",
  "shipping",
  "tax",
  "total",
  "created_at",
  "paid_at",
  "provider",
  "test_mode",
  "payment_id",
  "transaction_id",
  "paid_with",
  "card_last4",
  "refunded",
] as const;

/** Rows read per query: a long history is exported a page at a time. */
const csvPageSize = 500;

/**
 * Every order (or those with one status), newest first, as CSV for a spreadsheet: admins only.
 * Starts with a byte order mark so that Excel reads the UTF-8 (Bangla names); every cell goes
 * through csvField (server/csv.ts), so a name such as "=HYPERLINK(...)" stays text.
 */
export async function ordersCsv(
  ctx: OrderContext,
  actor: Actor,
  options: { status?: OrderStatus } = {},
): Promise<string> {
  const admin = requireRole(actor, "accountant");
  await recordAudit(ctx.db, admin, {
    action: "export",
    subject: "export",
    subjectId: "orders",
    label: options.status ? `maktab-orders-${options.status}.csv` : "maktab-orders.csv",
  });
  await expireStaleOrders(ctx);
  const where = options.status ? eq(orders.status, options.status) : undefined;
  const lines: string[] = [csvColumns.join(",")];
  for (let offset = 0; ; offset += csvPageSize) {
    const { items } = await selectOrders(ctx, where, { limit: csvPageSize, offset }, true);
    for (const order of items) {
      const cells = [
        order.id,
        order.status,
        order.buyer?.name ?? "",
        order.buyer?.email ?? "",
        order.items.map((item) => `${item.title} x ${item.quantity}`).join("; "),
        order.currency,
        decimalOf(order.subtotalMinor),
        decimalOf(order.shippingMinor),
        decimalOf(order.taxMinor),
        decimalOf(order.totalMinor),
        order.createdAt.toISOString(),
        order.paidAt?.toISOString() ?? "",
        order.provider,
        order.testMode ? "yes" : "no",
        order.providerPaymentId ?? "",
        order.transactionId ?? "",
        order.paymentChannel ?? "",
        order.cardLast4 ?? "",
        decimalOf(order.refundedMinor),
      ];
      lines.push(csvLine(cells));
    }
    if (items.length < csvPageSize) break;
  }
  return csvText(lines, { byteOrderMark: true });
}
