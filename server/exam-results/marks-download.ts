// GET /results/exams/{id}/marks.csv and .xlsx: the exam's marks sheet as entered so far, for
// admins, in the layout the import reads (so the office can fill it in a spreadsheet and send it
// back). With no student enrolled yet it is the empty sheet with its columns.

import type { Context } from "hono";
import { examTitle } from "../../common/exam-title";
import { errorBody } from "../api/errors";
import type { Services } from "../container";
import { DomainError, statusOf } from "../domain/errors";
import { marksGrid } from "../domain/marks";
import { writeMarksSheet } from "./marks-sheet";

export const marksDownloadPath = "/results/exams/:id/:file{marks\\.(csv|xlsx)}";

const contentTypes = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export function marksDownload(services: Services) {
  return async (c: Context) => {
    const format = c.req.param("file")?.endsWith(".xlsx") ? "xlsx" : "csv";
    try {
      const grid = await marksGrid(services.db, c.get("actor"), c.req.param("id") ?? "");
      const rows = grid.students.map((student) => ({
        roll: student.roll,
        registration: student.registration,
        name: student.name,
        scores: Object.fromEntries(
          grid.exam.subjects.map((subject) => [
            subject.code,
            subject.components.map((component) => student.scores[subject.code]?.[component.kind]),
          ]),
        ),
      }));
      const bytes = await writeMarksSheet(format, grid.exam.subjects, rows);
      const name = `${examTitle(grid.exam)} ${grid.exam.class}`.replace(/[^\p{L}\p{N}]+/gu, "-");
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": contentTypes[format],
        "Content-Disposition": `attachment; filename="marks.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}.${format}`)}`,
      });
    } catch (error) {
      if (error instanceof DomainError) {
        return c.json(
          errorBody(error.code, error.problem, error.fieldProblems, error.message),
          statusOf[error.code] as 401,
        );
      }
      throw error;
    }
  };
}
