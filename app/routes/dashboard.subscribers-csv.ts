// /DeashBoard/subscribers.csv (admins): every subscriber as a CSV download.
import { subscribersCsv } from "../../server/domain/subscribers";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.subscribers-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const csv = await subscribersCsv(services.db, actor);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="maktab-subscribers.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
