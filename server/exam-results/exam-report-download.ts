// GET /results/exams/{id}/tabulation.xlsx, tabulation.pdf and merit-list.pdf (?lang=en|bn): the
// office's files of an exam, for admins only. A refusal is the API's JSON error (401 signed out,
// 403 not an admin, 404 no such exam), thrown to the app's error handler.
import type { Context } from "hono";
import { examTitle } from "../../common/exam-title";
import type { Services } from "../container";
import { meritList, tabulation } from "../domain/exam-reports";
import { meritListPdf, tabulationPdf, tabulationXlsx } from "./tabulation-files";

export const examReportPath = "/results/exams/:id/:file{(?:tabulation\\.(?:xlsx|pdf)|merit-list\\.pdf)}";

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A file name in plain letters: the exam's name may be Bangla, which old browsers mangle here. */
function fileName(kind: string, exam: { name: string; session: string; class: string }, extension: string) {
  const words = `${examTitle(exam)} ${exam.class}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${kind}${words ? `-${words}` : ""}.${extension}`;
}

export function examReportDownload(services: Services) {
  return async (c: Context) => {
    const file = c.req.param("file") ?? "";
    const id = c.req.param("id") ?? "";
    const language = c.req.query("lang") === "bn" ? "bn" : "en";
    const actor = c.get("actor");
    const institute = services.config.instituteName;
    const send = (bytes: Uint8Array, type: string, name: string) =>
      c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": type,
        "Content-Disposition": `attachment; filename="${name}"`,
      });
    if (file === "merit-list.pdf") {
      const list = await meritList(services.db, actor, id);
      return send(
        await meritListPdf(list, language, institute),
        "application/pdf",
        fileName("merit-list", list.exam, "pdf"),
      );
    }
    const sheet = await tabulation(services.db, actor, id);
    if (file === "tabulation.xlsx") {
      return send(
        await tabulationXlsx(sheet, language, institute),
        xlsxType,
        fileName("tabulation", sheet.exam, "xlsx"),
      );
    }
    return send(
      await tabulationPdf(sheet, language, institute),
      "application/pdf",
      fileName("tabulation", sheet.exam, "pdf"),
    );
  };
}
