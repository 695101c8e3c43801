// /DeashBoard/orders.csv (accountants and admins): every order, or those with one status (?status=), as a CSV
// download for a spreadsheet.
import { orderStatusOf } from "../../common/schemas/orders";
import { ordersCsv } from "../../server/domain/orders/export";
import { pageOf, requireRolePage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.orders-csv";

/** The query parameters the page reads (server/tracking-parameters.ts). */
export const handle = { query: ["status"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireRolePage(context, request, "accountant");
  const { services } = pageOf(context);
  const status = orderStatusOf(new URL(request.url).searchParams.get("status"));
  const csv = await ordersCsv(services, actor, { status });
  const name = status ? `maktab-orders-${status}.csv` : "maktab-orders.csv";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
