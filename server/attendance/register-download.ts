// GET /attendance/register.pdf?class=&section=&month=YYYY-MM&lang=en|bn: a class's monthly
// register as a PDF (./register-pdf.ts), for an admin or a teacher of the class, linked from the
// register's page. A refusal is the API's JSON error (400 naming the field, 401, 403, 404),
// thrown to the app's error handler.
import type { Context } from "hono";
import { registerFileQuery } from "../../common/schemas/attendance";
import { invalidInput } from "../api/errors";
import type { Services } from "../container";
import { classRegister } from "../domain/attendance/class-register";
import { registerPdf } from "./register-pdf";

export const registerPdfPath = "/attendance/register.pdf";

/** A file name in plain letters: a class's name may be Bangla, which old browsers mangle here. */
const fileName = (grid: { class: string; section: string; month: string }) =>
  `register-${`${grid.class} ${grid.section}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")}-${grid.month}.pdf`.replace("--", "-");

export function registerDownload(services: Services) {
  return async (c: Context) => {
    const parsed = registerFileQuery.safeParse(c.req.query());
    if (!parsed.success) throw invalidInput(parsed.error, "query");
    const { lang, ...query } = parsed.data;
    const grid = await classRegister(services.db, c.get("actor"), query);
    const pdf = await registerPdf(grid, lang, services.config.instituteName);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName(grid)}"`,
      "Cache-Control": "private, no-store",
    });
  };
}
