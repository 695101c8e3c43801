// /DeashBoard/export/KIND.FORMAT (admins): one kind of record as CSV, XLSX or JSON, as
// `npm run export` writes it (server/backup/export.ts).
import { exportFile } from "../../server/backup/export";
import { pageOf, requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.export-file";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = requireAdminPage(context, request);
  const { services } = pageOf(context);
  const file = await exportFile(services.db, actor, params.file);
  if (!file) throw new Response("No such export", { status: 404 });
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
